/**
 * Exponential backoff: the first retry after `baseMs`, then twice as long each time, at most
 * `maxMs`. With the defaults (10 s, 15 min) a job with 5 runs is retried after 10 s, 20 s, 40 s
 * and 80 s.
 */
export function computeRetryDelayMs(failedAttempt: number, baseMs: number, maxMs: number): number {
  const exponent = Math.max(0, failedAttempt - 1);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}
