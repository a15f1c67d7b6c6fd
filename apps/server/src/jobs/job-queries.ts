import { sql } from "kysely";
import type { Db } from "../db/database.ts";

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/** The lease a run is claimed under; the running worker renews it. */
export interface JobLease {
  id: number;
  workerId: string;
  attempts: number;
}

export async function insertJob(
  db: Db,
  values: { kind: string; payload: unknown; maxAttempts: number; runAt?: Date },
): Promise<number> {
  const row = await db
    .insertInto("jobs")
    .values({
      kind: values.kind,
      payload: JSON.stringify(values.payload),
      maxAttempts: values.maxAttempts,
      runAt: values.runAt ?? new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Queues a job unless one of the same kind with the same payload exists (queued, running or
 * finished and not pruned yet): the daily schedule's job of a day is queued once by whichever
 * instance looks first. A transaction-level advisory lock on the kind and payload makes
 * instances that look at the same moment take turns, so the second finds the first's job.
 * Returns the new id, or null. Pass the database, not a transaction.
 */
export async function insertJobOnce(
  db: Db,
  values: { kind: string; payload: unknown; maxAttempts: number },
): Promise<number | null> {
  const payload = JSON.stringify(values.payload);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`job-once:${values.kind}:${payload}`}, 0))`.execute(
      trx,
    );
    const result = await sql<{ id: number | string }>`
      insert into jobs (kind, payload, max_attempts)
      select ${values.kind}, ${payload}::jsonb, ${values.maxAttempts}
       where not exists (select 1 from jobs where kind = ${values.kind} and payload = ${payload}::jsonb)
      returning id`.execute(trx);
    const row = result.rows[0];
    return row ? Number(row.id) : null;
  });
}

/**
 * Takes the next due job of the given kinds: a queued one whose time has come, or a running one
 * whose lease ran out (its worker died). FOR UPDATE SKIP LOCKED lets workers of every instance
 * claim at the same time without ever taking the same job.
 */
export async function claimNextJob(
  db: Db,
  kinds: string[],
  workerId: string,
  leaseSeconds: number,
): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const result = await sql<{
    id: number | string;
    kind: string;
    payload: unknown;
    attempts: number;
    maxAttempts: number;
  }>`
    update jobs
       set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
           lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
     where id = (
       select id from jobs
        where kind in (${sql.join(kinds)})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and lease_until < now()))
        order by run_at, id
        limit 1
        for update skip locked)
    returning id, kind, payload, attempts, max_attempts`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
  };
}

function whereLeaseHeld(lease: JobLease) {
  return sql`id = ${lease.id} and status = 'running' and locked_by = ${lease.workerId} and attempts = ${lease.attempts}`;
}

export async function renewJobLease(
  db: Db,
  lease: JobLease,
  leaseSeconds: number,
): Promise<boolean> {
  const result =
    await sql`update jobs set lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    where ${whereLeaseHeld(lease)}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function markJobSucceeded(db: Db, lease: JobLease): Promise<void> {
  await sql`update jobs set status = 'succeeded', finished_at = now(), updated_at = now(), locked_by = null, lease_until = null, last_error = null
    where ${whereLeaseHeld(lease)}`.execute(db);
}

export async function scheduleJobRetry(
  db: Db,
  lease: JobLease,
  delayMs: number,
  error: string,
): Promise<void> {
  await sql`update jobs set status = 'queued', run_at = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${error},
      updated_at = now(), locked_by = null, lease_until = null
    where ${whereLeaseHeld(lease)}`.execute(db);
}

export async function markJobFailed(db: Db, lease: JobLease, error: string): Promise<void> {
  await sql`update jobs set status = 'failed', finished_at = now(), last_error = ${error}, updated_at = now(), locked_by = null, lease_until = null
    where ${whereLeaseHeld(lease)}`.execute(db);
}

/** Gives a job back without counting the run (shutdown): any instance may take it at once. */
export async function releaseJob(db: Db, lease: JobLease): Promise<void> {
  await sql`update jobs set status = 'queued', attempts = attempts - 1, run_at = now(), updated_at = now(), locked_by = null, lease_until = null
    where ${whereLeaseHeld(lease)}`.execute(db);
}

/** Finished jobs are kept for a while to look into, then deleted (docs/operations.md). */
export async function deleteFinishedJobs(
  db: Db,
  retention: { succeededDays: number; failedDays: number },
): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb.and([
          eb("status", "=", "succeeded"),
          eb(
            "finishedAt",
            "<",
            sql<Date>`now() - make_interval(days => ${retention.succeededDays})`,
          ),
        ]),
        eb.and([
          eb("status", "=", "failed"),
          eb("finishedAt", "<", sql<Date>`now() - make_interval(days => ${retention.failedDays})`),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
