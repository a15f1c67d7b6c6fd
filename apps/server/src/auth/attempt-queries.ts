import { sql } from "kysely";
import type { Db } from "../db/database.ts";

export type AttemptKind = "sign_in_failure" | "reset_request";

export async function countRecentAttempts(
  db: Db,
  kind: AttemptKind,
  by: { email?: string; ipAddress?: string },
  windowSeconds: number,
): Promise<number> {
  let query = db
    .selectFrom("authAttempts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("kind", "=", kind)
    .where("createdAt", ">", sql<Date>`now() - make_interval(secs => ${windowSeconds})`);
  if (by.email !== undefined) query = query.where("email", "=", by.email);
  if (by.ipAddress !== undefined) query = query.where("ipAddress", "=", by.ipAddress);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recordAttempt(db: Db, kind: AttemptKind, email: string, ipAddress: string): Promise<void> {
  await db.insertInto("authAttempts").values({ kind, email, ipAddress }).execute();
  // Nothing older than a day is ever read again.
  await db.deleteFrom("authAttempts").where("createdAt", "<", sql<Date>`now() - interval '1 day'`).execute();
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom("authAttempts").where("kind", "=", "sign_in_failure").where("email", "=", email).execute();
}
