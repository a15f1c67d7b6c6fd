import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

// Issue 30 (decision 1500): what the deadline overview and the reminders read; every query
// is scoped to the account, except the reminders' first look over all accounts' periods.

/** The account's billing periods with their property. */
export function listPeriodsOfAccount(db: Db, userId: string) {
  return db
    .selectFrom("billingPeriods as g")
    .innerJoin("properties as p", "p.id", "g.propertyId")
    .select([
      "g.id",
      "g.propertyId",
      "p.name as propertyName",
      "g.billingPeriodStart",
      "g.billingPeriodEnd",
    ])
    .where("g.userId", "=", userId)
    .execute();
}

/** The account's tenancies with their unit and property. */
export function listTenanciesOfAccount(db: Db, userId: string) {
  return db
    .selectFrom("tenants as t")
    .innerJoin("units as u", "u.id", "t.unitId")
    .select([
      "t.id",
      "t.name",
      "t.moveInDate",
      "t.moveOutDate",
      "u.name as unitName",
      "u.propertyId",
    ])
    .where("t.userId", "=", userId)
    .execute();
}

/**
 * The tenants' statements of the account's finalized runs (every version): the dispatch of the
 * first letter is the proof for the deadline, the latest run's statement is the one to send.
 */
export function listFinalStatementsOfAccount(db: Db, userId: string) {
  return db
    .selectFrom("tenancyStatements as st")
    .innerJoin("statementRuns as s", "s.id", "st.statementRunId")
    .select([
      "st.id",
      "st.billingPeriodId",
      "st.tenantId",
      "st.tenantName",
      "st.unitName",
      "st.dispatchedOn",
      "st.dispatchChannel",
      "st.sentAt",
      "s.id as runId",
      "s.version",
    ])
    .where("st.userId", "=", userId)
    .where("s.isFinal", "=", true)
    .where("st.tenantId", "is not", null)
    .execute();
}

export type FinalStatementRow = Awaited<ReturnType<typeof listFinalStatementsOfAccount>>[number];

/**
 * Every account's billing periods, with whether the account wants billing mails (no settings
 * row: the default, on) and its owner's address: the reminder job's first look, before it loads
 * the overview of the accounts with a reminder due.
 */
export function listPeriodEndsForReminders(db: Db) {
  return db
    .selectFrom("billingPeriods as g")
    .innerJoin("users as u", "u.id", "g.userId")
    .leftJoin("notificationSettings as n", "n.userId", "g.userId")
    .select([
      "g.id",
      "g.userId",
      "g.billingPeriodEnd",
      "u.email",
      sql<boolean>`coalesce(n.email_billing, true)`.as("isBillingMailOn"),
    ])
    .execute();
}

/**
 * Records a reminder; false when it was sent before (the unique key of migration 1500): on
 * PostgreSQL a second instance's insert waits for the first one's commit and then finds it.
 */
export async function insertDeadlineReminder(
  db: Db,
  values: {
    userId: string;
    billingPeriodId: string;
    deadline: string;
    daysBefore: number;
    sentOn: string;
  },
): Promise<boolean> {
  const row = await db
    .insertInto("deadlineReminders")
    .values(values)
    .onConflict((oc) => oc.columns(["billingPeriodId", "deadline", "daysBefore"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
