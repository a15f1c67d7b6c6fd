import type { Db } from "../../db/database.ts";
import { unpackJson } from "../../db/packed-json.ts";
import { sql } from "kysely";

// Saved statement runs (statement_runs) and their tenancy statements (docs/rules/statements.md#saved-runs);
// a run's lines are its stored result's allocations (decision 1740).

export interface SnapshotValues {
  engineVersion: string;
  /** The run's documents, written before the save's transaction (decision 1880). */
  documentsId: string;
  rateCosts: unknown;
  totalCosts: string;
  isFinal: boolean;
  calculatedAt: Date;
}

/** The run's columns, its JSON made once (before the account is locked, decisions 1741, 1780). */
export type SnapshotColumns = ReturnType<typeof toSnapshotColumns>;

export function toSnapshotColumns(values: SnapshotValues) {
  return {
    engineVersion: values.engineVersion,
    documentsId: values.documentsId,
    rateCosts: JSON.stringify(values.rateCosts),
    totalCosts: values.totalCosts,
    isFinal: values.isFinal,
    calculatedAt: values.calculatedAt,
    finalizedAt: values.isFinal ? values.calculatedAt : null,
  };
}

/** A run's large documents, serialized and packed by the calculator (the calculation thread, decisions 1780, 1860). */
export interface PackedRunDocuments {
  engineInput: string;
  result: string;
  consumption: string;
  analysis: string;
}

/**
 * Writes a run's documents before the save's transaction (decision 1880), one document per
 * statement: at 5,000 units each holds the embedded database's one connection for a part of
 * the several megabytes, and no reader sees the row until a run names it.
 */
export async function insertRunDocuments(
  db: Db,
  userId: string,
  documents: PackedRunDocuments,
): Promise<string> {
  const row = await db
    .insertInto("statementRunDocuments")
    .values({ userId, engineInput: documents.engineInput })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const column of ["result", "consumption", "analysis"] as const)
    await db
      .updateTable("statementRunDocuments")
      .set({ [column]: documents[column] })
      .where("id", "=", row.id)
      .where("userId", "=", userId)
      .execute();
  return row.id;
}

/**
 * Removes documents of the account that no run names (any more), in one of two ways: the row a
 * save replaced or wrote for a transaction that did not commit (`id`; a correction's draft may
 * still name it, then it stays), or every such row older than an hour (`abandoned`: a save's
 * process ended between writing them and its transaction; younger rows may be a save in
 * progress). Decision 1880.
 */
export async function deleteUnnamedRunDocuments(
  db: Db,
  userId: string,
  which: { id: string } | "abandoned",
): Promise<void> {
  await db
    .deleteFrom("statementRunDocuments")
    .where("userId", "=", userId)
    .where((eb) =>
      which === "abandoned"
        ? eb("createdAt", "<", sql<Date>`now() - interval '1 hour'`)
        : eb("id", "=", which.id),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("statementRuns")
            .select("statementRuns.id")
            .whereRef("statementRuns.documentsId", "=", "statementRunDocuments.id"),
        ),
      ),
    )
    .execute();
}

/** The latest run of a billing period. */
export async function findLatestSnapshotOfPeriod(db: Db, userId: string, billingPeriodId: string) {
  return db
    .selectFrom("statementRuns")
    .select(["id", "version", "isFinal", "documentsId"])
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .orderBy("version", "desc")
    .executeTakeFirst();
}

export async function insertSnapshot(
  db: Db,
  userId: string,
  billingPeriodId: string,
  propertyId: string,
  columns: SnapshotColumns,
): Promise<string> {
  const row = await db
    .insertInto("statementRuns")
    .values({
      userId,
      billingPeriodId,
      propertyId,
      version: 1,
      ...columns,
      updatedAt: columns.calculatedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A draft is replaced in place: new input, output and statements under the same id. */
export async function updateDraftSnapshot(
  db: Db,
  userId: string,
  id: string,
  columns: SnapshotColumns,
): Promise<void> {
  await db
    .updateTable("statementRuns")
    .set({ ...columns, updatedAt: columns.calculatedAt })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .where("isFinal", "=", false)
    .execute();
  await db
    .deleteFrom("tenancyStatements")
    .where("statementRunId", "=", id)
    .where("userId", "=", userId)
    .execute();
}

export async function markPeriodFinal(
  db: Db,
  userId: string,
  billingPeriodId: string,
): Promise<void> {
  await db
    .updateTable("billingPeriods")
    .set({ isFinal: true, status: "Finalisiert", updatedAt: new Date() })
    .where("id", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
}

export interface NewTenantStatement {
  unitId: string;
  tenantId: string;
  tenantName: string;
  unitName: string;
  periodFrom: string;
  periodTo: string;
  total: string;
  prepayments: string;
  balance: string;
}

export async function insertTenantStatements(
  db: Db,
  userId: string,
  run: {
    statementRunId: string;
    billingPeriodId: string;
    propertyId: string;
    status: string;
    finalizedAt: Date | null;
  },
  statements: NewTenantStatement[],
): Promise<void> {
  if (statements.length === 0) return;
  // One statement with one array per column (issue 32): at 6,000 tenancies a third less of the
  // save's transaction than multi-row VALUES with 108,000 parameters (decision 1861); the lines
  // stay in the stored result (decision 1740).
  const column = <K extends keyof NewTenantStatement>(key: K) =>
    statements.map((statement) => statement[key]);
  await sql`
    insert into tenancy_statements (
      user_id, billing_period_id, property_id, statement_run_id, status, finalized_at, updated_at,
      unit_id, tenant_id, tenant_name, unit_name, period_from, period_to,
      total_costs_share, prepayment_amount, final_balance
    )
    select ${userId}, ${run.billingPeriodId}::uuid, ${run.propertyId}::uuid,
      ${run.statementRunId}::uuid, ${run.status}, ${run.finalizedAt}::timestamptz,
      ${new Date()}::timestamptz, line.*
    from unnest(
      ${column("unitId")}::uuid[], ${column("tenantId")}::uuid[], ${column("tenantName")}::text[],
      ${column("unitName")}::text[], ${column("periodFrom")}::date[], ${column("periodTo")}::date[],
      ${column("total")}::numeric[], ${column("prepayments")}::numeric[],
      ${column("balance")}::numeric[]
    ) as line
  `.execute(db);
}

export async function findSnapshot(db: Db, userId: string, id: string) {
  const row = await db
    .selectFrom("statementRuns as s")
    .innerJoin("statementRunDocuments as d", "d.id", "s.documentsId")
    .innerJoin("billingPeriods as g", "g.id", "s.billingPeriodId")
    .innerJoin("properties as p", "p.id", "s.propertyId")
    .select([
      "s.id",
      "s.billingPeriodId",
      "s.propertyId",
      "p.name as propertyName",
      "g.name",
      "g.billingPeriodStart",
      "g.billingPeriodEnd",
      "s.version",
      "s.isFinal",
      "s.engineVersion",
      "d.engineInput",
      "d.result",
      "d.consumption",
      "s.rateCosts",
      "d.analysis",
      "s.totalCosts",
      "s.calculatedAt",
      "s.finalizedAt",
      "s.createdAt",
      "s.updatedAt",
    ])
    .where("s.id", "=", id)
    .where("s.userId", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [engineInput, result, consumption, rateCosts, analysis] = await Promise.all(
    [row.engineInput, row.result, row.consumption, row.rateCosts, row.analysis].map(unpackJson),
  );
  return { ...row, engineInput, result, consumption, rateCosts, analysis };
}

export async function listStatementsOfSnapshot(db: Db, userId: string, statementRunId: string) {
  return (
    db
      .selectFrom("tenancyStatements")
      .select([
        "id",
        "tenantId",
        "unitId",
        "tenantName",
        "unitName",
        "periodFrom",
        "periodTo",
        "totalCostsShare",
        "prepaymentAmount",
        "finalBalance",
        "status",
        "sentAt",
      ])
      .where("statementRunId", "=", statementRunId)
      .where("userId", "=", userId)
      // The engine's order: units by name (the assembly's input order), then by date.
      .orderBy("unitName")
      .orderBy("periodFrom")
      .execute()
  );
}

export async function findTenantAndUnitNames(
  db: Db,
  userId: string,
  tenantIds: string[],
  unitIds: string[],
) {
  const tenants =
    tenantIds.length === 0
      ? []
      : await db
          .selectFrom("tenants")
          .select(["id", "name"])
          .where("id", "=", (eb) => eb.fn.any(eb.val(tenantIds)))
          .where("userId", "=", userId)
          .execute();
  const units =
    unitIds.length === 0
      ? []
      : await db
          .selectFrom("units")
          .select(["id", "name"])
          .where("id", "=", (eb) => eb.fn.any(eb.val(unitIds)))
          .where("userId", "=", userId)
          .execute();
  return {
    tenants: new Map(tenants.map((t) => [t.id, t.name])),
    units: new Map(units.map((u) => [u.id, u.name])),
  };
}

/**
 * Locks the billing period's row for the rest of the transaction, so two saves of one period
 * (through two instances, say) run one after the other: the second sees the first's run and,
 * when that was finalized, its final state.
 */
export async function lockBillingPeriod(
  db: Db,
  userId: string,
  billingPeriodId: string,
): Promise<void> {
  await db
    .selectFrom("billingPeriods")
    .select("id")
    .where("userId", "=", userId)
    .where("id", "=", billingPeriodId)
    .forUpdate()
    .execute();
}
