import { getTodayInGermany } from "@nk/contract";
import type { Db } from "../../db/database.ts";

/**
 * The four counters of the overview (docs/rules/master-data.md#queries 'Counts for the overview'). Active tenants are
 * counted as the plan usage counts them (current or still to come, decision 0952), so the
 * overview and the usage bars never disagree (issue 23).
 */
export async function countDashboard(db: Db, userId: string, today: string = getTodayInGermany()) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("properties")
        .where("userId", "=", userId)
        .select(eb.fn.countAll<number>().as("n"))
        .as("properties"),
      eb
        .selectFrom("units")
        .where("userId", "=", userId)
        .select(eb.fn.countAll<number>().as("n"))
        .as("units"),
      eb
        .selectFrom("tenants")
        .where("userId", "=", userId)
        .where((w) => w.or([w("moveOutDate", "is", null), w("moveOutDate", ">", today)]))
        .select(eb.fn.countAll<number>().as("n"))
        .as("activeTenants"),
      eb
        .selectFrom("billingPeriods")
        .where("userId", "=", userId)
        .where("status", "=", "In Bearbeitung")
        .select(eb.fn.countAll<number>().as("n"))
        .as("pendingStatements"),
    ])
    .executeTakeFirstOrThrow();
  return {
    properties: Number(row.properties ?? 0),
    units: Number(row.units ?? 0),
    activeTenants: Number(row.activeTenants ?? 0),
    pendingStatements: Number(row.pendingStatements ?? 0),
  };
}
