import type { Db } from "../db/database.ts";
import { RateLimited } from "../domain/domain-errors.ts";
import { countHit, deleteOldBuckets } from "./rate-limit-queries.ts";

export interface FixedWindowRule {
  windowSeconds: number;
  max: number;
  message: string;
}

export interface CountedHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** Counts a hit for `key` in the database: one upsert, so it holds under concurrency and across instances. */
export async function countWindowHit(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<CountedHit> {
  const { count, windowStart } = await countHit(db, key, windowSeconds);
  // A new window began: a good moment to drop the old ones (once per key and window).
  if (count === 1) await deleteOldBuckets(db);
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000),
  );
  return { count, retryAfterSeconds };
}

/**
 * Counts a hit for `key` and throws RateLimited (429, Retry-After until the window ends) when
 * the window already had `max` hits.
 */
export async function assertWithinRateLimit(
  db: Db,
  key: string,
  rule: FixedWindowRule,
): Promise<void> {
  const hit = await countWindowHit(db, key, rule.windowSeconds);
  if (hit.count > rule.max) throw new RateLimited(rule.message, hit.retryAfterSeconds);
}
