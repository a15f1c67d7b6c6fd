import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { enqueueJob } from "../../src/jobs/enqueue-job.ts";
import { createJobRegistry, type JobKind } from "../../src/jobs/job-kind.ts";
import { createJobWorker, type JobWorker } from "../../src/jobs/job-worker.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createSharedTestDatabase, TEST_DRIVERS } from "../support/test-database.ts";

// Job kinds of these tests only: they record what ran so the tests can count it.
const numberPayload = z.object({ n: z.number().int() });
const logger = createLogger("error");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function drain(worker: JobWorker): Promise<number> {
  let count = 0;
  while (await worker.runNext()) count += 1;
  return count;
}

describe.each(TEST_DRIVERS)("durable job queue (%s)", (driver) => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  beforeAll(async () => {
    [first, second] = (await createSharedTestDatabase(driver, 2)) as [
      DatabaseHandle,
      DatabaseHandle,
    ];
  });
  afterAll(async () => first?.close());

  async function jobRow(id: number) {
    return first.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }
  // Time passes explicitly: the backoff is a due time in the row (the database's now()), so the
  // tests move it instead of sleeping against it (a sleep races the clock on a loaded machine).
  async function makeDue(id: number) {
    await sql`update jobs set run_at = now() - interval '1 second' where id = ${id}`.execute(
      first.db,
    );
  }
  async function postponeDueTime(id: number, seconds: number) {
    await sql`update jobs set run_at = now() + make_interval(secs => ${seconds}) where id = ${id}`.execute(
      first.db,
    );
  }

  it("runs each job exactly once with two workers on two connections claiming at the same time", async () => {
    const runs: number[] = [];
    const kind: JobKind<{ n: number }> = {
      kind: "test.record-once",
      payload: numberPayload,
      async run({ n }) {
        await sleep(15);
        runs.push(n);
      },
    };
    const ids: number[] = [];
    for (let n = 0; n < 12; n++) ids.push(await enqueueJob(first.db, kind, { n }));
    const registry = createJobRegistry([kind]);
    const workerA = createJobWorker({ db: first.db, registry, logger, workerId: "worker-a" });
    const workerB = createJobWorker({ db: second.db, registry, logger, workerId: "worker-b" });
    const [byA, byB] = await Promise.all([drain(workerA), drain(workerB)]);

    expect(byA + byB).toBe(12);
    expect([...runs].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const rows = await first.db
      .selectFrom("jobs")
      .select(["status", "attempts", "lockedBy", "finishedAt"])
      .where("id", "in", ids)
      .execute();
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "succeeded", attempts: 1, lockedBy: null });
      expect(row.finishedAt).toBeInstanceOf(Date);
    }
  });

  it("retries a failing job with backoff and marks it failed after its last run, keeping the error", async () => {
    let calls = 0;
    const kind: JobKind<{ n: number }> = {
      kind: "test.always-fails",
      payload: numberPayload,
      maxAttempts: 3,
      async run() {
        calls += 1;
        throw new Error(`SMTP-Server antwortet nicht (Versuch ${calls})`);
      },
    };
    const worker = createJobWorker({
      db: first.db,
      registry: createJobRegistry([kind]),
      logger,
      retryBaseMs: 200,
    });
    const id = await enqueueJob(first.db, kind, { n: 1 });

    expect(await worker.runNext()).toBe(true);
    let row = await jobRow(id);
    expect(row).toMatchObject({
      status: "queued",
      attempts: 1,
      lockedBy: null,
      lastError: "Error: SMTP-Server antwortet nicht (Versuch 1)",
    });
    // Backoff: the failure set run_at and updated_at in one statement, 200 ms apart; not due yet.
    expect(row.runAt.getTime() - row.updatedAt.getTime()).toBe(200);
    await postponeDueTime(id, 60);
    expect(await worker.runNext()).toBe(false);

    await makeDue(id);
    expect(await worker.runNext()).toBe(true);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: "queued", attempts: 2 });
    // The second retry waits twice as long.
    expect(row.runAt.getTime() - row.updatedAt.getTime()).toBe(400);

    await makeDue(id);
    expect(await worker.runNext()).toBe(true);
    row = await jobRow(id);
    expect(row).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "Error: SMTP-Server antwortet nicht (Versuch 3)",
    });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(calls).toBe(3);
    // A failed job is never picked up again, however long ago it was due.
    await makeDue(id);
    expect(await worker.runNext()).toBe(false);
  });

  it("succeeds on a retry after one failure", async () => {
    let calls = 0;
    const kind: JobKind<{ n: number }> = {
      kind: "test.fails-once",
      payload: numberPayload,
      async run() {
        calls += 1;
        if (calls === 1) throw new Error("vorübergehend");
      },
    };
    const worker = createJobWorker({
      db: first.db,
      registry: createJobRegistry([kind]),
      logger,
      retryBaseMs: 1000,
    });
    const id = await enqueueJob(first.db, kind, { n: 1 });
    await worker.runNext();
    await makeDue(id);
    await worker.runNext();
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 2, lastError: null });
  });

  it("never runs a job enqueued in a transaction that rolls back, and runs one whose transaction commits", async () => {
    const runs: number[] = [];
    const kind: JobKind<{ n: number }> = {
      kind: "test.transactional",
      payload: numberPayload,
      run: async ({ n }) => void runs.push(n),
    };
    const worker = createJobWorker({ db: first.db, registry: createJobRegistry([kind]), logger });
    await expect(
      first.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, kind, { n: 1 });
        throw new Error("Änderung abgebrochen");
      }),
    ).rejects.toThrow("Änderung abgebrochen");
    await first.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, kind, { n: 2 });
    });
    expect(await drain(worker)).toBe(1);
    expect(runs).toEqual([2]);
    const rows = await first.db
      .selectFrom("jobs")
      .select("payload")
      .where("kind", "=", "test.transactional")
      .execute();
    expect(rows.map((r) => r.payload)).toEqual([{ n: 2 }]);
  });

  it("rejects a bad payload when enqueueing and writes nothing", async () => {
    const kind: JobKind<{ n: number }> = {
      kind: "test.strict",
      payload: numberPayload,
      run: async () => {},
    };
    await expect(enqueueJob(first.db, kind, { n: 1.5 })).rejects.toThrow();
    expect(
      await first.db.selectFrom("jobs").select("id").where("kind", "=", "test.strict").execute(),
    ).toEqual([]);
  });

  it("takes over the job of a worker whose lease ran out (its instance died)", async () => {
    const runs: number[] = [];
    const kind: JobKind<{ n: number }> = {
      kind: "test.orphaned",
      payload: numberPayload,
      run: async ({ n }) => void runs.push(n),
    };
    const id = await enqueueJob(first.db, kind, { n: 7 });
    // An instance claimed it and died: running, lease in the past.
    await first.db
      .updateTable("jobs")
      .set({
        status: "running",
        attempts: 1,
        lockedBy: "dead-instance",
        leaseUntil: new Date(Date.now() - 1000),
      })
      .where("id", "=", id)
      .execute();
    const worker = createJobWorker({
      db: second.db,
      registry: createJobRegistry([kind]),
      logger,
      workerId: "survivor",
    });
    expect(await worker.runNext()).toBe(true);
    expect(runs).toEqual([7]);
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("does not take a running job whose lease is still valid", async () => {
    const kind: JobKind<{ n: number }> = {
      kind: "test.leased",
      payload: numberPayload,
      run: async () => {},
    };
    const id = await enqueueJob(first.db, kind, { n: 1 });
    await first.db
      .updateTable("jobs")
      .set({
        status: "running",
        attempts: 1,
        lockedBy: "busy-instance",
        leaseUntil: new Date(Date.now() + 60_000),
      })
      .where("id", "=", id)
      .execute();
    const worker = createJobWorker({ db: second.db, registry: createJobRegistry([kind]), logger });
    expect(await worker.runNext()).toBe(false);
  });

  it("on shutdown gives back a job that does not finish in time, so another instance runs it", async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const runs: string[] = [];
    const slow: JobKind<{ n: number }> = {
      kind: "test.slow",
      payload: numberPayload,
      async run() {
        started = true;
        await blocked;
        runs.push("slow instance");
      },
    };
    const id = await enqueueJob(first.db, slow, { n: 1 });
    const stopping = createJobWorker({
      db: first.db,
      registry: createJobRegistry([slow]),
      logger,
      workerId: "stopping",
    });
    const running = stopping.runNext();
    while (!started) await sleep(5);
    await stopping.stop(100);
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });

    const other: JobKind<{ n: number }> = {
      ...slow,
      run: async () => void runs.push("other instance"),
    };
    const survivor = createJobWorker({
      db: second.db,
      registry: createJobRegistry([other]),
      logger,
    });
    expect(await survivor.runNext()).toBe(true);
    release();
    await running;
    // The released run's late end changes nothing: the job belongs to the other instance now.
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(runs).toEqual(["other instance", "slow instance"]);
  });

  it("on shutdown waits for a job that finishes within the time", async () => {
    const kind: JobKind<{ n: number }> = {
      kind: "test.quick",
      payload: numberPayload,
      run: async () => void (await sleep(50)),
    };
    const id = await enqueueJob(first.db, kind, { n: 1 });
    const worker = createJobWorker({
      db: first.db,
      registry: createJobRegistry([kind]),
      logger,
      pollIntervalMs: 100,
    });
    worker.start();
    while ((await jobRow(id)).status === "queued") await sleep(5);
    await worker.stop(5000);
    expect(await jobRow(id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("marks a job with a payload its kind no longer accepts as failed without retrying", async () => {
    const kind: JobKind<{ n: number }> = {
      kind: "test.changed-shape",
      payload: numberPayload,
      run: async () => {},
    };
    const row = await first.db
      .insertInto("jobs")
      .values({ kind: kind.kind, payload: JSON.stringify({ wrong: true }), maxAttempts: 5 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const worker = createJobWorker({ db: first.db, registry: createJobRegistry([kind]), logger });
    expect(await worker.runNext()).toBe(true);
    const job = await jobRow(Number(row.id));
    expect(job.status).toBe("failed");
    expect(job.lastError).toMatch(/^Ungültige Nutzdaten/);
  });
});
