import { sql } from "kysely";
import { PREPAYMENT_OPEN_END, type Prepayment } from "@nk/contract";
import type { Db } from "../../db/database.ts";

// SQL of tenant_prepayments. Rows are scoped to the account through their tenant.

const PREPAYMENT_COLUMNS = [
  "id",
  "tenantId",
  "monthlyAmount",
  "validFrom",
  "validUntil",
  "isActive",
  "createdAt",
  "updatedAt",
] as const;

type PrepaymentRow = Omit<Prepayment, "createdAt" | "updatedAt"> & {
  createdAt: Date;
  updatedAt: Date;
};

function toPrepayment(row: PrepaymentRow): Prepayment {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** docs/rules/prepayments.md#prepayment-panel: the tenant's prepayments ordered by valid_from ascending (active and inactive). */
export async function listPrepayments(db: Db, tenantId: string): Promise<Prepayment[]> {
  const rows = await db
    .selectFrom("tenantPrepayments")
    .select(PREPAYMENT_COLUMNS)
    .where("tenantId", "=", tenantId)
    .orderBy("validFrom")
    .orderBy("createdAt")
    .execute();
  return rows.map(toPrepayment);
}

export async function findPrepayment(db: Db, prepaymentId: string): Promise<Prepayment> {
  const row = await db
    .selectFrom("tenantPrepayments")
    .select(PREPAYMENT_COLUMNS)
    .where("id", "=", prepaymentId)
    .executeTakeFirstOrThrow();
  return toPrepayment(row);
}

/** One prepayment of the account with its tenant's name, or undefined. */
export function findPrepaymentOfAccount(db: Db, userId: string, prepaymentId: string) {
  return db
    .selectFrom("tenantPrepayments as pp")
    .innerJoin("tenants as t", "t.id", "pp.tenantId")
    .select([
      "pp.id",
      "pp.tenantId",
      "pp.monthlyAmount",
      "pp.validFrom",
      "pp.validUntil",
      "pp.isActive",
      "t.name as tenantName",
    ])
    .where("t.userId", "=", userId)
    .where("pp.id", "=", prepaymentId)
    .executeTakeFirst();
}

/**
 * Is there an active prepayment of the tenant whose validity meets [validFrom, validUntil]?
 * Both ends inclusive; an open end counts as 2099-12-31 (docs/rules/prepayments.md#prepayment-rules).
 */
export async function hasOverlappingPrepayment(
  db: Db,
  tenantId: string,
  range: { validFrom: string; validUntil: string | null },
  excludeId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom("tenantPrepayments")
    .select("id")
    .where("tenantId", "=", tenantId)
    .where("isActive", "=", true)
    .where("validFrom", "<=", range.validUntil ?? PREPAYMENT_OPEN_END)
    .where(sql<string>`coalesce(valid_until, ${PREPAYMENT_OPEN_END}::date)`, ">=", range.validFrom);
  if (excludeId) query = query.where("id", "!=", excludeId);
  const row = await query.limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertPrepayment(
  db: Db,
  values: { tenantId: string; monthlyAmount: string; validFrom: string; validUntil: string | null },
): Promise<string> {
  const row = await db
    .insertInto("tenantPrepayments")
    .values({ ...values, isActive: true, updatedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePrepaymentRow(
  db: Db,
  prepaymentId: string,
  values: Partial<{
    monthlyAmount: string;
    validFrom: string;
    validUntil: string | null;
    isActive: boolean;
  }>,
): Promise<void> {
  await db
    .updateTable("tenantPrepayments")
    .set({ ...values, updatedAt: new Date() })
    .where("id", "=", prepaymentId)
    .execute();
}
