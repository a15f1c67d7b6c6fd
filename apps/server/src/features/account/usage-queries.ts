import { sql } from "kysely";
import { getTodayInGermany, type Usage } from "@nk/contract";
import type { Db } from "../../db/database.ts";

/**
 * The usage counters of docs/rules/accounts-and-plans.md#subscription. Tenants count while their tenancy is current
 * or still to come (isTenancyCurrentOrFuture): moved-out ones free their slot, a move-out date
 * in the future does not.
 */
export async function countUsage(
  db: Db,
  userId: string,
  today: string = getTodayInGermany(),
): Promise<Usage> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("properties")
        .where("userId", "=", userId)
        .select(eb.fn.countAll<number>().as("n"))
        .as("currentProperties"),
      eb
        .selectFrom("units")
        .where("userId", "=", userId)
        .select(eb.fn.countAll<number>().as("n"))
        .as("currentUnits"),
      eb
        .selectFrom("tenants")
        .where("userId", "=", userId)
        .where((w) => w.or([w("moveOutDate", "is", null), w("moveOutDate", ">", today)]))
        .select(eb.fn.countAll<number>().as("n"))
        .as("currentTenants"),
      // docs/rules/statements.md#saved-runs: one 'Abrechnung' is a saved billing period (drafts included); corrections
      // (version 2, 3, ...) do not count again.
      eb
        .selectFrom("statementRuns")
        .where("userId", "=", userId)
        .where("version", "=", 1)
        .select(eb.fn.countAll<number>().as("n"))
        .as("currentBillingStatements"),
      eb
        .selectFrom("statementRuns")
        .where("userId", "=", userId)
        .where("version", "=", 1)
        .where("createdAt", ">=", sql<Date>`date_trunc('month', now())`)
        .select(eb.fn.countAll<number>().as("n"))
        .as("billingStatementsThisMonth"),
    ])
    .executeTakeFirstOrThrow();
  return {
    currentProperties: Number(row.currentProperties ?? 0),
    currentUnits: Number(row.currentUnits ?? 0),
    currentTenants: Number(row.currentTenants ?? 0),
    currentBillingStatements: Number(row.currentBillingStatements ?? 0),
    billingStatementsThisMonth: Number(row.billingStatementsThisMonth ?? 0),
  };
}
