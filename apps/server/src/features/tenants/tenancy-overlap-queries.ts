import { PREPAYMENT_OPEN_END } from "@nk/contract";
import type { Db } from "../../db/database.ts";

// SQL of the one-tenancy-per-unit rule (decision 0980), scoped to the account.

/** Locks the unit row until the transaction ends, so two tenancies of one unit are checked one after the other. */
export async function lockUnitRow(db: Db, userId: string, unitId: string): Promise<void> {
  await db
    .selectFrom("units")
    .select("id")
    .where("userId", "=", userId)
    .where("id", "=", unitId)
    .forUpdate()
    .execute();
}

/**
 * The first other tenancy of the unit that shares a day with moveInDate..moveOutDate (open end:
 * 2099-12-31). A tenant marked inactive without a move-out date occupies nothing.
 */
export function findOverlappingTenancy(
  db: Db,
  userId: string,
  range: {
    unitId: string;
    moveInDate: string;
    moveOutDate: string | null;
    excludeTenantId: string | null;
  },
) {
  let query = db
    .selectFrom("tenants")
    .select(["id", "name", "moveInDate", "moveOutDate"])
    .where("userId", "=", userId)
    .where("unitId", "=", range.unitId)
    .where("moveInDate", "<=", range.moveOutDate ?? PREPAYMENT_OPEN_END)
    .where((eb) =>
      eb.or([
        eb("moveOutDate", ">=", range.moveInDate),
        eb.and([eb("moveOutDate", "is", null), eb("isActive", "=", true)]),
      ]),
    );
  if (range.excludeTenantId) query = query.where("id", "<>", range.excludeTenantId);
  return query.orderBy("moveInDate").orderBy("id").limit(1).executeTakeFirst();
}
