import type { Db } from "../../db/database.ts";
import { unpackJson } from "../../db/packed-json.ts";
import { splitIntoParts } from "../../db/write-batches.ts";
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
 * Removes a run's documents that no run names (any more): those a save replaced or wrote for a
 * transaction that did not commit. A correction's draft may still name them (decision 1880).
 */
export async function deleteUnusedRunDocuments(
  db: Db,
  userId: string,
  documentsId: string,
): Promise<void> {
  await db
    .deleteFrom("statementRunDocuments")
    .where("id", "=", documentsId)
    .where("userId", "=", userId)
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
    .select(["id", "version", "isFinal", "rowSetId", "documentsId"])
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .orderBy("version", "desc")
    .executeTakeFirst();
}

/** A first save's run, under the id its tenancy statements were written with (decision 1880). */
export async function insertSnapshot(
  db: Db,
  userId: string,
  run: { id: string; billingPeriodId: string; propertyId: string; rowSetId: string },
  columns: SnapshotColumns,
): Promise<void> {
  await db
    .insertInto("statementRuns")
    .values({
      id: run.id,
      userId,
      billingPeriodId: run.billingPeriodId,
      propertyId: run.propertyId,
      version: 1,
      rowSetId: run.rowSetId,
      ...columns,
      updatedAt: columns.calculatedAt,
    })
    .execute();
}

/**
 * A draft is replaced in place: new input and output under the same id, and the row set written
 * before (decision 1880) shown instead of the old one. Rows without a set (written before
 * decision 1880, or a correction's copies) would stay in view, so they go now.
 */
export async function updateDraftSnapshot(
  db: Db,
  userId: string,
  id: string,
  rowSetId: string,
  columns: SnapshotColumns,
): Promise<void> {
  await db
    .updateTable("statementRuns")
    .set({ ...columns, rowSetId, updatedAt: columns.calculatedAt })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .where("isFinal", "=", false)
    .execute();
  await db
    .deleteFrom("tenancyStatementRows")
    .where("statementRunId", "=", id)
    .where("userId", "=", userId)
    .where("rowSetId", "is", null)
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

/**
 * Rows per statement when a run's tenancy statements are written: each statement holds the
 * embedded database's one connection for itself, so a reader waits for one part at most
 * (at 6,000 tenancies about 40 ms each on this machine, decision 1880).
 */
const ROWS_PER_INSERT = 1_000;

/**
 * Writes a run's tenancy statements as one row set before the save's transaction (decision
 * 1880): no reader sees them until the run names the set (`updateDraftSnapshot`,
 * `insertSnapshot`). Each part is one statement with one array per column (decision 1861).
 */
export async function insertTenantStatementRows(
  db: Db,
  userId: string,
  run: {
    statementRunId: string;
    rowSetId: string;
    billingPeriodId: string;
    propertyId: string;
    status: string;
    finalizedAt: Date | null;
  },
  statements: NewTenantStatement[],
): Promise<void> {
  const updatedAt = new Date();
  for (const part of splitIntoParts(statements, ROWS_PER_INSERT)) {
    const column = <K extends keyof NewTenantStatement>(key: K) =>
      part.map((statement) => statement[key]);
    await sql`
      insert into tenancy_statement_rows (
        user_id, billing_period_id, property_id, statement_run_id, row_set_id, status,
        finalized_at, updated_at,
        unit_id, tenant_id, tenant_name, unit_name, period_from, period_to,
        total_costs_share, prepayment_amount, final_balance
      )
      select ${userId}, ${run.billingPeriodId}::uuid, ${run.propertyId}::uuid,
        ${run.statementRunId}::uuid, ${run.rowSetId}::uuid, ${run.status},
        ${run.finalizedAt}::timestamptz, ${updatedAt}::timestamptz, line.*
      from unnest(
        ${column("unitId")}::uuid[], ${column("tenantId")}::uuid[], ${column("tenantName")}::text[],
        ${column("unitName")}::text[], ${column("periodFrom")}::date[], ${column("periodTo")}::date[],
        ${column("total")}::numeric[], ${column("prepayments")}::numeric[],
        ${column("balance")}::numeric[]
      ) as line
    `.execute(db);
  }
}

/** Removes one row set of a run: the set it showed before a save, or a save's set that was not shown. */
export async function deleteRowSet(
  db: Db,
  userId: string,
  statementRunId: string,
  rowSetId: string,
): Promise<void> {
  await db
    .deleteFrom("tenancyStatementRows")
    .where("statementRunId", "=", statementRunId)
    .where("rowSetId", "=", rowSetId)
    .where("userId", "=", userId)
    .execute();
}

/**
 * Row sets of a period that no run shows and that are older than any save in progress: what a
 * save left when its process ended between writing the rows and its transaction.
 */
export async function deleteAbandonedRowSets(
  db: Db,
  userId: string,
  billingPeriodId: string,
): Promise<void> {
  await sql`
    delete from tenancy_statement_rows t
    where t.user_id = ${userId} and t.billing_period_id = ${billingPeriodId}::uuid
      and t.row_set_id is not null and t.created_at < now() - interval '1 hour'
      and not exists (
        select 1 from statement_runs r
        where r.id = t.statement_run_id and r.row_set_id = t.row_set_id
      )
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
