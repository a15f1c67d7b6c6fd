import { ACTIVITY_TEXTS, type ActivityKey } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { findActingMemberId } from "../../domain/acting-member.ts";
import { insertActivity } from "./activity-queries.ts";

export interface ActivityEntry {
  /** The account (its owner's user id). */
  userId: string;
  /** The member who acted; defaults to the member of the request (domain/acting-member.ts). */
  actorUserId?: string | null;
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
 * Writes one activity entry (docs/rules/master-data.md#activity). Pass the transaction of the
 * change it describes, so the entry exists exactly when the change does.
 */
export async function logActivity(db: Db, entry: ActivityEntry): Promise<void> {
  const [entityType, action] = entry.key.split(".") as [string, string];
  const text = ACTIVITY_TEXTS[entry.key];
  await insertActivity(db, {
    userId: entry.userId,
    actorUserId: entry.actorUserId !== undefined ? entry.actorUserId : findActingMemberId(),
    action,
    entityType,
    entityId: entry.entityId ?? null,
    entityName: entry.entityName ?? null,
    description: entry.description ?? (entry.entityName ? `${text}: ${entry.entityName}` : text),
    metadata: entry.metadata ?? null,
    userAgent: entry.userAgent?.slice(0, 500) ?? null,
  });
}
