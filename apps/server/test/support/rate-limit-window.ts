import { sql } from "kysely";
import type { Db } from "../../src/db/database.ts";

/**
 * Runs `attempt` so that it falls into one fixed rate-limit window (rate-limit-queries.ts counts
 * per window of the database clock): a test that fills a window and expects the next hit to be
 * refused would see a fresh window if the minute turned in between. When the window changed
 * during an attempt, the attempt runs again (at most three times; the next window is a whole
 * window away). The attempt must undo what an earlier attempt counted (or use its own key).
 */
export async function runWithinOneWindow<T>(
  db: Db,
  windowSeconds: number,
  attempt: () => Promise<T>,
): Promise<T> {
  const windowStart = async () =>
    (
      await sql<{
        start: string;
      }>`select to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})::text as start`.execute(
        db,
      )
    ).rows[0]!.start;
  let outcome: T | undefined;
  for (let tries = 0; tries < 3; tries++) {
    const before = await windowStart();
    outcome = await attempt();
    if ((await windowStart()) === before) return outcome;
  }
  return outcome as T;
}
