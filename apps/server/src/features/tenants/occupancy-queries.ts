import type { OccupancyPeriod } from "@nk/contract";
import type { Db } from "../../db/database.ts";

// SQL of the occupancy periods (table tenant_attributes). Rows are scoped through their tenant.

const PERIOD_COLUMNS = ["id", "tenantId", "persons", "validFrom", "validUntil"] as const;

/** The tenant's periods, oldest first. The caller has checked that the tenant is the account's. */
export function listOccupancyPeriods(db: Db, tenantId: string): Promise<OccupancyPeriod[]> {
  return db
    .selectFrom("tenantAttributes")
    .select(PERIOD_COLUMNS)
    .where("tenantId", "=", tenantId)
    .where("isActive", "=", true)
    .orderBy("validFrom")
    .execute();
}

/** One period of the account with its tenant's dates and name, or undefined. */
export function findOccupancyPeriodOfAccount(db: Db, userId: string, periodId: string) {
  return db
    .selectFrom("tenantAttributes as a")
    .innerJoin("tenants as t", "t.id", "a.tenantId")
    .select([
      "a.id",
      "a.tenantId",
      "a.persons",
      "a.validFrom",
      "a.validUntil",
      "t.name as tenantName",
    ])
    .where("t.userId", "=", userId)
    .where("a.id", "=", periodId)
    .where("a.isActive", "=", true)
    .executeTakeFirst();
}

export async function insertOccupancyPeriod(
  db: Db,
  values: { tenantId: string; persons: number; validFrom: string; validUntil: string | null },
): Promise<string> {
  const row = await db
    .insertInto("tenantAttributes")
    .values({ ...values, updatedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOccupancyPeriod(
  db: Db,
  periodId: string,
  values: Partial<{ persons: number; validFrom: string; validUntil: string | null }>,
): Promise<void> {
  await db
    .updateTable("tenantAttributes")
    .set({ ...values, updatedAt: new Date() })
    .where("id", "=", periodId)
    .execute();
}

/** Periods are deleted, not deactivated, so every stored row is a valid, non-overlapping period. */
export async function deleteOccupancyPeriod(db: Db, periodId: string): Promise<void> {
  await db.deleteFrom("tenantAttributes").where("id", "=", periodId).execute();
}
