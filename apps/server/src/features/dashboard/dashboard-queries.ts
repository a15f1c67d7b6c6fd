import type { Db } from "../../db/database.ts";

/** The four counters of the overview (section 7 'Counts for the overview'). */
export async function countDashboard(db: Db, userId: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("properties").where("userId", "=", userId).select(eb.fn.countAll<number>().as("n")).as("properties"),
      eb.selectFrom("units").where("userId", "=", userId).select(eb.fn.countAll<number>().as("n")).as("units"),
      eb
        .selectFrom("tenants")
        .where("userId", "=", userId)
        .where("isActive", "=", true)
        .select(eb.fn.countAll<number>().as("n"))
        .as("activeTenants"),
      eb
        .selectFrom("costGroups")
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
