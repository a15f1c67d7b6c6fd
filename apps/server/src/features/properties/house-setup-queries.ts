import type { Db } from "../../db/database.ts";

// SQL of the house grid (issue 27, decision 1101), scoped to the account.

/** The billing period of the property with exactly these dates (one per property and dates). */
export function findBillingPeriodByDates(
  db: Db,
  userId: string,
  propertyId: string,
  start: string,
  end: string,
) {
  return db
    .selectFrom("billingPeriods")
    .select(["id", "name"])
    .where("userId", "=", userId)
    .where("propertyId", "=", propertyId)
    .where("billingPeriodStart", "=", start)
    .where("billingPeriodEnd", "=", end)
    .executeTakeFirst();
}

/** The meters of the units, to reuse one whose number the grid names again. */
export function listMetersOfUnits(db: Db, userId: string, unitIds: readonly string[]) {
  if (unitIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("meters")
    .select(["id", "unitId", "meterNumber", "meterType"])
    .where("userId", "=", userId)
    .where("unitId", "in", [...unitIds])
    .execute();
}
