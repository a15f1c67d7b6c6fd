import type { Db } from "../../db/database.ts";
import { unpackJson } from "../../db/packed-json.ts";

// SQL of the run results export: the saved run (snapshot) of the account, its tenancy
// statements, and their lines from the stored result, as the run stored them (docs/rules/statements.md#saved-runs).

export async function findRunOfAccount(db: Db, userId: string, statementRunId: string) {
  return db
    .selectFrom("statementRuns as s")
    .innerJoin("billingPeriods as g", "g.id", "s.billingPeriodId")
    .innerJoin("properties as p", "p.id", "s.propertyId")
    .select([
      "s.id",
      "s.version",
      "s.isFinal",
      "g.billingPeriodStart",
      "g.billingPeriodEnd",
      "p.name as propertyName",
    ])
    .where("s.id", "=", statementRunId)
    .where("s.userId", "=", userId)
    .executeTakeFirst();
}

/** The run's tenancy statements in the engine's order (units by name, then by date). */
export async function listRunStatementRows(db: Db, userId: string, statementRunId: string) {
  return db
    .selectFrom("tenancyStatements as st")
    .select([
      "st.id as statementId",
      "st.tenantId",
      "st.unitId",
      "st.unitName",
      "st.tenantName",
      "st.periodFrom",
      "st.periodTo",
      "st.totalCostsShare",
      "st.prepaymentAmount",
      "st.finalBalance",
    ])
    .where("st.statementRunId", "=", statementRunId)
    .where("st.userId", "=", userId)
    .orderBy("st.unitName")
    .orderBy("st.periodFrom")
    .orderBy("st.id")
    .execute();
}

/** The run's stored result: each tenancy's lines (decision 1740: they are not copied into rows). */
export async function findRunResult(db: Db, userId: string, statementRunId: string) {
  const row = await db
    .selectFrom("statementRuns as s")
    .innerJoin("statementRunDocuments as d", "d.id", "s.documentsId")
    .select("d.result")
    .where("s.id", "=", statementRunId)
    .where("s.userId", "=", userId)
    .executeTakeFirst();
  return row ? unpackJson(row.result) : undefined;
}
