import { sql } from "kysely";
import type { StatementListSort, StatementListStatusFilter } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { splitIntoInsertBatches } from "../../db/write-batches.ts";
import { deleteUnnamedRunDocuments } from "./statement-run-queries.ts";

// The statement history (issue 12): saved runs page by page, and the rows the status machine
// changes. Every query is scoped to the account.

export interface StatementListFilter {
  propertyId: string | null;
  status: StatementListStatusFilter;
  q: string | undefined;
  sort: StatementListSort;
  offset: number;
  limit: number;
}

/** '%' and '_' in the user's text are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filteredRuns(db: Db, userId: string, filter: StatementListFilter) {
  let query = db
    .selectFrom("statementRuns as s")
    .innerJoin("billingPeriods as g", "g.id", "s.billingPeriodId")
    .innerJoin("properties as p", "p.id", "s.propertyId")
    .where("s.userId", "=", userId);
  if (filter.propertyId) query = query.where("s.propertyId", "=", filter.propertyId);
  if (filter.status === "draft") query = query.where("s.isFinal", "=", false);
  if (filter.status === "final") query = query.where("s.isFinal", "=", true);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb("g.name", "ilike", pattern),
        eb("p.name", "ilike", pattern),
        eb.exists(
          eb
            .selectFrom("tenancyStatements as t")
            .select("t.id")
            .whereRef("t.statementRunId", "=", "s.id")
            .where((inner) =>
              inner.or([
                inner("t.tenantName", "ilike", pattern),
                inner("t.unitName", "ilike", pattern),
              ]),
            ),
        ),
      ]),
    );
  }
  return query;
}

export async function countRuns(
  db: Db,
  userId: string,
  filter: StatementListFilter,
): Promise<number> {
  const row = await filteredRuns(db, userId, filter)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listRuns(db: Db, userId: string, filter: StatementListFilter) {
  let query = filteredRuns(db, userId, filter).select([
    "s.id",
    "s.billingPeriodId",
    "s.propertyId",
    "p.name as propertyName",
    "g.name",
    "g.billingPeriodStart",
    "g.billingPeriodEnd",
    "s.version",
    "s.isFinal",
    "s.createdAt",
    "s.totalCosts",
    sql<boolean>`exists (select 1 from statement_runs r where r.replaces_id = s.id and r.is_final and r.user_id = s.user_id)`.as(
      "isReplaced",
    ),
    sql<string>`(select coalesce(sum(t.final_balance), 0)::numeric(14, 2) from tenancy_statements t where t.statement_run_id = s.id)`.as(
      "balanceSum",
    ),
    sql<string>`(select count(*) from tenancy_statements t where t.statement_run_id = s.id)`.as(
      "statementCount",
    ),
    sql<
      string | null
    >`(select string_agg(distinct t.status, ',') from tenancy_statements t where t.statement_run_id = s.id)`.as(
      "statuses",
    ),
  ]);
  switch (filter.sort) {
    case "oldest":
      query = query.orderBy("s.createdAt", "asc");
      break;
    case "status":
      // 'Entwurf' before 'Finalisiert' (A-Z of the badge), newest first within.
      query = query.orderBy("s.isFinal", "asc").orderBy("s.createdAt", "desc");
      break;
    case "highest_cost":
      query = query.orderBy("s.totalCosts", "desc").orderBy("s.createdAt", "desc");
      break;
    case "lowest_cost":
      query = query.orderBy("s.totalCosts", "asc").orderBy("s.createdAt", "desc");
      break;
    default:
      query = query.orderBy("s.createdAt", "desc");
  }
  // A stable order for paging when times or amounts tie.
  return query.orderBy("s.id", "asc").offset(filter.offset).limit(filter.limit).execute();
}

export async function findOwnedProperty(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("properties")
    .select("id")
    .where("id", "=", propertyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** The run a transition applies to, locked for the change. */
export async function findRunForTransition(db: Db, userId: string, statementRunId: string) {
  return db
    .selectFrom("statementRuns as s")
    .innerJoin("billingPeriods as g", "g.id", "s.billingPeriodId")
    .select(["s.id", "s.billingPeriodId", "s.isFinal", "s.version", "s.replacesId", "g.name"])
    .where("s.id", "=", statementRunId)
    .where("s.userId", "=", userId)
    .forUpdate("s")
    .executeTakeFirst();
}

export async function listRunStatements(db: Db, userId: string, statementRunId: string) {
  return db
    .selectFrom("tenancyStatements")
    .select([
      "id",
      "statementRunId",
      "tenantId",
      "status",
      "tenantName",
      "unitName",
      "pdfStoragePath",
    ])
    .where("statementRunId", "=", statementRunId)
    .where("userId", "=", userId)
    .orderBy("unitName")
    .orderBy("periodFrom")
    .execute();
}

export async function findTenantStatementForTransition(
  db: Db,
  userId: string,
  statementId: string,
) {
  return db
    .selectFrom("tenancyStatements")
    .select([
      "id",
      "statementRunId",
      "tenantId",
      "status",
      "tenantName",
      "unitName",
      "pdfStoragePath",
    ])
    .where("id", "=", statementId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/**
 * Whether a letter of the statement was made: stored (final) or generated as a draft, which
 * the PDF routes record in the activity log (per letter, or all letters of the run at once).
 */
export async function hasGeneratedPdf(
  db: Db,
  userId: string,
  statementId: string,
  statementRunId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("userActivities")
    .select("id")
    .where("userId", "=", userId)
    .where("entityType", "=", "statement")
    .where("action", "in", ["pdf_generated", "pdf_downloaded"])
    .where("entityId", "in", [statementId, statementRunId])
    .where(sql<boolean>`coalesce(metadata->>'overview', 'false') <> 'true'`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setStatementStatus(
  db: Db,
  userId: string,
  statementId: string,
  values: { status: string; finalizedAt?: Date | null; sentAt?: Date },
): Promise<void> {
  await db
    .updateTable("tenancyStatements")
    .set({ ...values, updatedAt: new Date() })
    .where("id", "=", statementId)
    .where("userId", "=", userId)
    .execute();
}

/** docs/rules/statements.md#saved-runs: the run is final once every tenancy statement is; its period too. */
export async function markRunFinal(
  db: Db,
  userId: string,
  statementRunId: string,
  billingPeriodId: string,
  finalizedAt: Date,
): Promise<void> {
  await db
    .updateTable("statementRuns")
    .set({ isFinal: true, finalizedAt, updatedAt: finalizedAt })
    .where("id", "=", statementRunId)
    .where("userId", "=", userId)
    .execute();
  await db
    .updateTable("billingPeriods")
    .set({ isFinal: true, status: "Finalisiert", updatedAt: finalizedAt })
    .where("id", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
}

/** Where the joined PDFs of a run's letter batches lie in the file store (decision 1610). */
export async function listRunLetterBatchFileKeys(
  db: Db,
  userId: string,
  statementRunId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("letterBatches")
    .select("fileKey")
    .where("statementRunId", "=", statementRunId)
    .where("userId", "=", userId)
    .where("fileKey", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
}

/** A draft run goes with its tenancy statements and lines; the period keeps its cost inputs. */
export async function deleteRun(db: Db, userId: string, statementRunId: string): Promise<void> {
  const run = await db
    .deleteFrom("statementRuns")
    .where("id", "=", statementRunId)
    .where("userId", "=", userId)
    .returning("documentsId")
    .executeTakeFirst();
  // Its documents too, unless the run it corrects names them still.
  if (run) await deleteUnnamedRunDocuments(db, userId, { id: run.documentsId });
}

/** The full row of a run, for copying it into its correction. */
export async function findRunSnapshotRow(db: Db, userId: string, statementRunId: string) {
  return db
    .selectFrom("statementRuns")
    .selectAll()
    .where("id", "=", statementRunId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

type SnapshotRow = NonNullable<Awaited<ReturnType<typeof findRunSnapshotRow>>>;

/**
 * Version n+1 of a billing period as a draft: the input and output of version n until it is
 * calculated again, its tenancy statements 'calculated' without PDFs, their lines copied.
 */
export async function insertCorrection(
  db: Db,
  userId: string,
  source: SnapshotRow,
): Promise<string> {
  const now = new Date();
  const created = await db
    .insertInto("statementRuns")
    .values({
      userId,
      billingPeriodId: source.billingPeriodId,
      propertyId: source.propertyId,
      version: source.version + 1,
      replacesId: source.id,
      isFinal: false,
      engineVersion: source.engineVersion,
      // The same documents until the draft is calculated again (decision 1880).
      documentsId: source.documentsId,
      rateCosts: source.rateCosts,
      totalCosts: source.totalCosts,
      pdfUrl: null,
      calculatedAt: source.calculatedAt,
      finalizedAt: null,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const statements = await db
    .selectFrom("tenancyStatements")
    .selectAll()
    .where("statementRunId", "=", source.id)
    .where("userId", "=", userId)
    .execute();
  // Multi-row inserts (decision 1082); the lines are in the copied result (decision 1740).
  const copies = statements.map((statement) => ({
    userId,
    billingPeriodId: statement.billingPeriodId,
    propertyId: statement.propertyId,
    statementRunId: created.id,
    unitId: statement.unitId,
    tenantId: statement.tenantId,
    tenantName: statement.tenantName,
    unitName: statement.unitName,
    periodFrom: statement.periodFrom,
    periodTo: statement.periodTo,
    status: "calculated",
    totalCostsShare: statement.totalCostsShare,
    prepaymentAmount: statement.prepaymentAmount,
    finalBalance: statement.finalBalance,
    pdfStoragePath: null,
    finalizedAt: null,
    sentAt: null,
    updatedAt: now,
  }));
  for (const batch of splitIntoInsertBatches(copies, 18))
    await db.insertInto("tenancyStatements").values(batch).execute();
  return created.id;
}

/** The period is open again for its correction (its cost inputs may change). */
export async function reopenPeriod(db: Db, userId: string, billingPeriodId: string): Promise<void> {
  await db
    .updateTable("billingPeriods")
    .set({ isFinal: false, status: "In Bearbeitung", updatedAt: new Date() })
    .where("id", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
}
