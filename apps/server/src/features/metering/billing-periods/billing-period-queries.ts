import type { BillingPeriod, BillingPeriodDetail } from "@nk/contract";
import type { Db } from "../../../db/database.ts";

function selectBillingPeriods(db: Db, userId: string) {
  return db
    .selectFrom("billingPeriods as g")
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
        .whereRef("r.billingPeriodId", "=", "g.id")
        .as("readingCount"),
      eb
        .exists(
          eb
            .selectFrom("statementRuns as s")
            .select("s.id")
            .whereRef("s.billingPeriodId", "=", "g.id"),
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
    .where("billingPeriodId", "=", id)
    .where("userId", "=", userId)
    .orderBy("readingDate", "asc")
    .orderBy("createdAt", "asc")
    .execute();
  return { ...toBillingPeriod(row), readings };
}

export async function findOwnedPeriodRow(db: Db, userId: string, id: string) {
  return db
    .selectFrom("billingPeriods")
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
    .selectFrom("billingPeriods")
    .select("id")
    .where("propertyId", "=", propertyId)
    .where("billingPeriodStart", "=", start)
    .where("billingPeriodEnd", "=", end)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertBillingPeriod(
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
    .insertInto("billingPeriods")
    .values({ ...values, updatedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Tenancy statements of the period, or saved runs of it (a run without letters counts too). */
export async function countStatementsOfBillingPeriod(
  db: Db,
  billingPeriodId: string,
): Promise<number> {
  const row = await db
    .selectFrom("tenancyStatements")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("billingPeriodId", "=", billingPeriodId)
    .executeTakeFirstOrThrow();
  const runs = await db
    .selectFrom("statementRuns")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("billingPeriodId", "=", billingPeriodId)
    .executeTakeFirstOrThrow();
  return Number(row.n) + Number(runs.n);
}

export async function deleteBillingPeriodRow(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom("billingPeriods").where("id", "=", id).where("userId", "=", userId).execute();
}
