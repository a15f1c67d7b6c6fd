import type { Db } from "../db/database.ts";
import type { JobDescriptor } from "./job-kind.ts";
import { insertJob, insertJobOnce } from "./job-queries.ts";

const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Queues background work. Pass the transaction of the change that needs it: the job exists
 * exactly when that change is committed, and a rolled-back transaction leaves no job behind.
 * The payload is checked against the kind's schema here, so a bad job fails its caller, not a
 * worker later.
 */
export async function enqueueJob<P>(
  db: Db,
  kind: JobDescriptor<P>,
  payload: P,
  options: { runAt?: Date } = {},
): Promise<number> {
  const checked = kind.payload.parse(payload);
  return insertJob(db, {
    kind: kind.kind,
    payload: checked,
    maxAttempts: kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: options.runAt,
  });
}

/** Queues a job unless the same kind with the same payload is already there (see insertJobOnce); null when it was. */
export async function enqueueJobOnce<P>(
  db: Db,
  kind: JobDescriptor<P>,
  payload: P,
): Promise<number | null> {
  const checked = kind.payload.parse(payload);
  return insertJobOnce(db, {
    kind: kind.kind,
    payload: checked,
    maxAttempts: kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  });
}
