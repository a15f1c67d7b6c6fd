import type { Db } from "../../db/database.ts";

// SQL of the run results export: the saved run (snapshot) of the account, its tenancy
// statements and their lines, as the run stored them (docs/rules/statements.md#saved-runs).

export async function findRunOfAccount(db: Db, userId: string, snapshotId: string) {
  return db
    .selectFrom("statementSnapshots as s")
    .innerJoin("costGroups as g", "g.id", "s.costGroupId")
    .innerJoin("properties as p", "p.id", "s.propertyId")
    .select([
      "s.id",
      "s.version",
      "s.isFinal",
      "g.billingPeriodStart",
      "g.billingPeriodEnd",
      "p.name as propertyName",
    ])
    .where("s.id", "=", snapshotId)
    .where("s.userId", "=", userId)
    .executeTakeFirst();
}

export async function listRunResultRows(db: Db, userId: string, snapshotId: string) {
  return db
    .selectFrom("statements as st")
    .leftJoin("statementItems as i", "i.statementId", "st.id")
    .select([
      "st.id as statementId",
      "st.unitName",
      "st.tenantName",
      "st.periodFrom",
      "st.periodTo",
      "st.totalCostsShare",
      "st.prepaymentAmount",
      "st.finalBalance",
      "i.position",
      "i.costType",
      "i.distributionKey",
      "i.amount",
    ])
    .where("st.snapshotId", "=", snapshotId)
    .where("st.userId", "=", userId)
    .orderBy("st.unitName")
    .orderBy("st.periodFrom")
    .orderBy("st.id")
    .orderBy("i.position")
    .execute();
}
