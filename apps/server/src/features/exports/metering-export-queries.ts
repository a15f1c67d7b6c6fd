import type { Db } from "../../db/database.ts";

// SQL of the export for the metering company (decision 1600): the property's address for the
// L record and the users' address blocks.

export async function findPropertyAddress(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("properties")
    .select(["street", "houseNumber", "postalCode", "city", "country"])
    .where("id", "=", propertyId)
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Decision 1701: the metering company's numbers remembered for a property, or undefined. */
export async function findMeteringFirmNumbers(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("meteringFirmNumbers")
    .select(["customerNumber", "propertyNumber"])
    .where("userId", "=", userId)
    .where("propertyId", "=", propertyId)
    .executeTakeFirst();
}

export async function upsertMeteringFirmNumbers(
  db: Db,
  userId: string,
  propertyId: string,
  numbers: { customerNumber: string; propertyNumber: string | null },
): Promise<void> {
  await db
    .insertInto("meteringFirmNumbers")
    .values({ userId, propertyId, ...numbers, updatedAt: new Date() })
    .onConflict((conflict) =>
      conflict.columns(["userId", "propertyId"]).doUpdateSet({ ...numbers, updatedAt: new Date() }),
    )
    .execute();
}
