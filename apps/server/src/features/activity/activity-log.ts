import { sql } from "kysely";
import { ACTIVITY_TEXTS, type ActivityKey } from "@nk/contract";
import type { Db } from "../../db/database.ts";

export interface ActivityEntry {
  userId: string;
  /** '{entityType}.{action}', e.g. 'property.created'. */
  key: ActivityKey;
  entityId?: string | null;
  entityName?: string | null;
  /** German description; defaults to the action's text plus the entity name. */
  description?: string;
  metadata?: Record<string, unknown> | null;
  userAgent?: string | null;
}

/**
 * Writes one activity entry (specification part 1, 'Activity'). Pass the transaction of the
 * change it describes, so the entry exists exactly when the change does.
 */
export async function logActivity(db: Db, entry: ActivityEntry): Promise<void> {
  const [entityType, action] = entry.key.split(".") as [string, string];
  const text = ACTIVITY_TEXTS[entry.key];
  await db
    .insertInto("userActivities")
    .values({
      userId: entry.userId,
      action,
      entityType,
      entityId: entry.entityId ?? null,
      entityName: entry.entityName ?? null,
      description: entry.description ?? (entry.entityName ? `${text}: ${entry.entityName}` : text),
      metadata: entry.metadata ? JSON.stringify(entry.metadata) : null,
      userAgent: entry.userAgent?.slice(0, 500) ?? null,
      // The wall clock, not now() (the transaction's start): entries of one change keep their order;
      // ties within a millisecond fall to seq (migration 0100).
      createdAt: sql<Date>`clock_timestamp()`,
    })
    .execute();
}

export async function listRecentActivities(db: Db, userId: string, limit: number) {
  const rows = await db
    .selectFrom("userActivities")
    .select(["id", "action", "entityType", "entityId", "entityName", "description", "metadata", "createdAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("seq", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
