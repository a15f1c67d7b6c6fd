import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { UserActivitiesTable } from "../../db/schema.ts";

/** The columns an entry is written with; metadata as an object, stored as JSON. */
export type ActivityRow = Omit<
  UserActivitiesTable,
  "id" | "metadata" | "sessionId" | "createdAt" | "seq"
> & { metadata: Record<string, unknown> | null };

export async function insertActivity(db: Db, row: ActivityRow): Promise<void> {
  await db
    .insertInto("userActivities")
    .values({
      ...row,
      metadata: row.metadata ? JSON.stringify(row.metadata) : null,
      // The wall clock, not now() (the transaction's start): entries of one change keep their order;
      // ties within a millisecond fall to seq (migration 0100).
      createdAt: sql<Date>`clock_timestamp()`,
    })
    .execute();
}

/** The account's newest entries first. */
export async function listRecentActivities(db: Db, userId: string, limit: number) {
  const rows = await db
    .selectFrom("userActivities")
    .leftJoin("users as actor", "actor.id", "userActivities.actorUserId")
    .select([...ACTIVITY_COLUMNS, "actor.name as actorName"])
    .where("userActivities.userId", "=", userId)
    .orderBy("userActivities.createdAt", "desc")
    .orderBy("userActivities.seq", "desc")
    .limit(limit)
    .execute();
  return rows.map(toActivity);
}

/** The columns of an entry as the feed answers it, with who acted (issue 29). */
export const ACTIVITY_COLUMNS = [
  "userActivities.id",
  "userActivities.action",
  "userActivities.entityType",
  "userActivities.entityId",
  "userActivities.entityName",
  "userActivities.description",
  "userActivities.metadata",
  "userActivities.createdAt",
  "userActivities.actorUserId",
] as const;

export function toActivity<
  T extends { createdAt: Date; actorUserId: string | null; actorName: string | null },
>(row: T) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    actorName: row.actorUserId ? row.actorName : null,
  };
}
