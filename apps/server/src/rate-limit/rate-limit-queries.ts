import { sql } from "kysely";
import type { Db } from "../db/database.ts";

/**
 * Counts one hit in the current fixed window of `key` and returns the window's count. One
 * upsert: concurrent hits through any number of instances are all counted.
 */
export async function countHit(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; windowStart: Date }> {
  const result = await sql<{ count: number; windowStart: Date }>`
    insert into rate_limit_buckets (key, window_start, count)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set count = rate_limit_buckets.count + 1
    returning count, window_start`.execute(db);
  const row = result.rows[0]!;
  return { count: Number(row.count), windowStart: row.windowStart };
}

/** Windows of the last day are all that is ever read. */
export async function deleteOldBuckets(db: Db): Promise<void> {
  await db
    .deleteFrom("rateLimitBuckets")
    .where("windowStart", "<", sql<Date>`now() - interval '1 day'`)
    .execute();
}

/** Takes one hit back from the current window of `key` (an attempt that turned out not to count). */
export async function uncountHit(db: Db, key: string, windowSeconds: number): Promise<void> {
  await sql`
    update rate_limit_buckets set count = greatest(count - 1, 0)
    where key = ${key} and window_start = to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`.execute(
    db,
  );
}

/** Forgets every window of `key` (the failures before a successful sign-in). */
export async function forgetKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom("rateLimitBuckets").where("key", "=", key).execute();
}
