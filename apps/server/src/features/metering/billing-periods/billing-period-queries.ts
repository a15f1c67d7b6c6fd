import type { BillingPeriod, BillingPeriodDetail } from "@nk/contract";
import type { Db } from "../../../db/database.ts";

function selectBillingPeriods(db: Db, userId: string) {
  return db
    .selectFrom("costGroups as g")
    .innerJoin("properties as p", "p.id", "g.propertyId")
    .select((eb) => [
      "g.id",
      "g.propertyId",
      "p.name as propertyName",
      "g.name",
      "g.billingPeriodStart",
      "g.billingPeriodEnd",
      "g.status",
      "g.isFinal",
      "g.createdAt",
      eb
        .selectFrom("meterReadings as r")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("r.costGroupId", "=", "g.id")
        .as("readingCount"),
      eb
        .exists(
          eb
            .selectFrom("statementSnapshots as s")
            .select("s.id")
            .whereRef("s.costGroupId", "=", "g.id"),
        )
        .as("hasStatementRun"),
    ])
    .where("g.userId", "=", userId);
}

type BillingPeriodRow = Awaited<
  ReturnType<ReturnType<typeof selectBillingPeriods>["executeTakeFirstOrThrow"]>
>;

function toBillingPeriod(row: BillingPeriodRow): BillingPeriod {
  return {
    ...row,
    readingCount: Number(row.readingCount ?? 0),
    hasStatementRun: Boolean(row.hasStatementRun),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest period first (docs/rules/master-data.md#queries: the first one is preselected in bulk entry). */
export async function listBillingPeriods(
  db: Db,
  userId: string,
  propertyId?: string,
): Promise<BillingPeriod[]> {
  let query = selectBillingPeriods(db, userId);
  if (propertyId) query = query.where("g.propertyId", "=", propertyId);
  const rows = await query
    .orderBy("g.billingPeriodStart", "desc")
    .orderBy("p.name")
    .orderBy("g.createdAt", "desc")
    .execute();
  return rows.map(toBillingPeriod);
}

export async function findBillingPeriodDetail(
  db: Db,
  userId: string,
  id: string,
): Promise<BillingPeriodDetail | undefined> {
  const row = await selectBillingPeriods(db, userId).where("g.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const readings = await db
    .selectFrom("meterReadings")
    .select(["id", "meterId", "readingValue", "readingDate"])
    .where("costGroupId", "=", id)
    .where("userId", "=", userId)
    .orderBy("readingDate", "asc")
    .orderBy("createdAt", "asc")
    .execute();
  return { ...toBillingPeriod(row), readings };
}

export async function findOwnedCostGroup(db: Db, userId: string, id: string) {
  return db
    .selectFrom("costGroups")
    .select(["id", "propertyId", "name", "billingPeriodStart", "billingPeriodEnd"])
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export async function hasSamePeriod(
  db: Db,
  propertyId: string,
  start: string,
  end: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("costGroups")
    .select("id")
    .where("propertyId", "=", propertyId)
    .where("billingPeriodStart", "=", start)
    .where("billingPeriodEnd", "=", end)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertCostGroup(
  db: Db,
  values: {
    userId: string;
    propertyId: string;
    name: string;
    billingPeriodStart: string;
    billingPeriodEnd: string;
  },
) {
  const row = await db
    .insertInto("costGroups")
    .values({ ...values, updatedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Tenancy statements of the period, or saved runs of it (a run without letters counts too). */
export async function countStatementsOfCostGroup(db: Db, costGroupId: string): Promise<number> {
  const row = await db
    .selectFrom("statements")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("costGroupId", "=", costGroupId)
    .executeTakeFirstOrThrow();
  const runs = await db
    .selectFrom("statementSnapshots")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("costGroupId", "=", costGroupId)
    .executeTakeFirstOrThrow();
  return Number(row.n) + Number(runs.n);
}

export async function deleteCostGroupRow(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom("costGroups").where("id", "=", id).where("userId", "=", userId).execute();
}
