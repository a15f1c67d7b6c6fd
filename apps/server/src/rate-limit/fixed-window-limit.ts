import type { Db } from "../db/database.ts";
import { RateLimited } from "../domain/domain-errors.ts";
import { countHit, deleteOldBuckets } from "./rate-limit-queries.ts";

export interface FixedWindowRule {
  windowSeconds: number;
  max: number;
  message: string;
}

/**
 * Counts a hit for `key` in the database (so the limit holds across instances) and throws
 * RateLimited (429, Retry-After until the window ends) when the window already had `max` hits.
 */
export async function assertWithinRateLimit(db: Db, key: string, rule: FixedWindowRule): Promise<void> {
  const { count, windowStart } = await countHit(db, key, rule.windowSeconds);
  // A new window began: a good moment to drop the old ones (once per key and window).
  if (count === 1) await deleteOldBuckets(db);
  if (count > rule.max) {
    const retryAfterSeconds = (windowStart.getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000;
    throw new RateLimited(rule.message, Math.max(1, retryAfterSeconds));
  }
}
