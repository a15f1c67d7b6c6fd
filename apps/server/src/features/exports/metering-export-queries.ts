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
