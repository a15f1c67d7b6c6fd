import os from "node:os";
import type { Db } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";
import { jobDuration, jobsProcessedTotal } from "../metrics/metrics-registry.ts";
import type { JobRegistry } from "./job-kind.ts";
import {
  claimNextJob,
  deleteFinishedJobs,
  markJobFailed,
  markJobSucceeded,
  releaseJob,
  renewJobLease,
  scheduleJobRetry,
  type ClaimedJob,
  type JobLease,
} from "./job-queries.ts";
import { computeRetryDelayMs } from "./retry-delay.ts";

export interface JobWorkerOptions {
  db: Db;
  registry: JobRegistry;
  logger: Logger;
  /** How many jobs this instance runs at once; 0 runs none (the instance only serves requests). */
  concurrency?: number;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs?: number;
  /** A claimed job belongs to this worker for this long; the worker renews it while it runs. */
  leaseSeconds?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  workerId?: string;
}

export interface JobWorker {
  readonly workerId: string;
  /** Starts the polling loops in the background. */
  start(): void;
  /** Looks for work now instead of at the next poll (after enqueueing outside a transaction). */
  wake(): void;
  /** Claims and runs one due job; false when there was none. Tests and `start` use it. */
  runNext(): Promise<boolean>;
  /**
   * Stops claiming. A running job may finish within `timeoutMs`; one that does not is given
   * back to the queue (any instance takes it at once) and its result is no longer recorded.
   */
  stop(timeoutMs: number): Promise<void>;
}

const MAX_ERROR_LENGTH = 2000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const RETENTION = { succeededDays: 1, failedDays: 30 };

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, registry, logger } = options;
  const concurrency = options.concurrency ?? 1;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const retryBaseMs = options.retryBaseMs ?? 10_000;
  const retryMaxMs = options.retryMaxMs ?? 15 * 60 * 1000;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const kinds = [...registry.keys()];
  const log = logger.child({ workerId });

  let isStopping = false;
  let lastPruneAt = 0;
  const loops: Promise<void>[] = [];
  const running = new Map<
    number,
    { lease: JobLease; kind: string; done: Promise<void>; isReleased: boolean }
  >();
  const sleepers = new Set<() => void>();

  function wake(): void {
    for (const resume of sleepers) resume();
    sleepers.clear();
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        sleepers.delete(done);
        resolve();
      }, ms);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      sleepers.add(done);
    });
  }

  async function execute(
    job: ClaimedJob,
    lease: JobLease,
    state: { isReleased: boolean },
  ): Promise<void> {
    const kind = registry.get(job.kind)!;
    const started = performance.now();
    const heartbeat = setInterval(
      () => {
        void renewJobLease(db, lease, leaseSeconds).catch((error) =>
          log.warn("job.lease_renewal_failed", { jobId: job.id, message: describeError(error) }),
        );
      },
      (leaseSeconds * 1000) / 3,
    );
    let outcome: "succeeded" | "retried" | "failed";
    try {
      if (job.attempts > job.maxAttempts)
        throw new Error(
          "Zu viele Versuche (der Prozess, der den Auftrag ausführte, wurde beendet).",
        );
      const parsed = kind.payload.safeParse(job.payload);
      if (!parsed.success) {
        outcome = "failed";
        await markJobFailed(
          db,
          lease,
          `Ungültige Nutzdaten: ${parsed.error.message}`.slice(0, MAX_ERROR_LENGTH),
        );
      } else {
        await kind.run(parsed.data, {
          db,
          logger: log.child({ jobId: job.id, kind: job.kind }),
          jobId: job.id,
          attempt: job.attempts,
        });
        outcome = "succeeded";
        if (!state.isReleased) await markJobSucceeded(db, lease);
      }
    } catch (error) {
      const message = describeError(error);
      if (state.isReleased) return;
      if (job.attempts < job.maxAttempts) {
        outcome = "retried";
        const delayMs = computeRetryDelayMs(job.attempts, retryBaseMs, retryMaxMs);
        await scheduleJobRetry(db, lease, delayMs, message);
        log.warn("job.retry_scheduled", {
          jobId: job.id,
          kind: job.kind,
          attempt: job.attempts,
          delayMs,
          error: message,
        });
      } else {
        outcome = "failed";
        await markJobFailed(db, lease, message);
        log.error("job.failed", {
          jobId: job.id,
          kind: job.kind,
          attempts: job.attempts,
          error: message,
        });
      }
    } finally {
      clearInterval(heartbeat);
    }
    if (state.isReleased) return;
    const seconds = (performance.now() - started) / 1000;
    jobsProcessedTotal.inc({ kind: job.kind, outcome });
    jobDuration.observe({ kind: job.kind }, seconds);
    if (outcome === "succeeded")
      log.info("job.succeeded", {
        jobId: job.id,
        kind: job.kind,
        attempt: job.attempts,
        durationMs: Math.round(seconds * 1000),
      });
  }

  async function runNext(): Promise<boolean> {
    if (isStopping) return false;
    const job = await claimNextJob(db, kinds, workerId, leaseSeconds);
    if (!job) return false;
    const lease: JobLease = { id: job.id, workerId, attempts: job.attempts };
    const state = { lease, kind: job.kind, isReleased: false, done: Promise.resolve() };
    state.done = execute(job, lease, state);
    running.set(job.id, state);
    try {
      await state.done;
    } finally {
      running.delete(job.id);
    }
    return true;
  }

  async function pruneNowAndThen(): Promise<void> {
    if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
    lastPruneAt = Date.now();
    const deleted = await deleteFinishedJobs(db, RETENTION);
    if (deleted > 0) log.info("job.pruned", { deleted });
  }

  async function loop(): Promise<void> {
    while (!isStopping) {
      let didWork = false;
      try {
        await pruneNowAndThen();
        didWork = await runNext();
      } catch (error) {
        // The database may be briefly unreachable (restart, failover): keep polling.
        log.warn("job.worker_error", { message: describeError(error) });
      }
      if (!didWork && !isStopping) await sleep(pollIntervalMs);
    }
  }

  return {
    workerId,
    start() {
      if (kinds.length === 0 || concurrency === 0) return;
      for (let i = 0; i < concurrency; i++) loops.push(loop());
      log.info("job.worker_started", { kinds, concurrency });
    },
    wake,
    runNext,
    async stop(timeoutMs) {
      isStopping = true;
      wake();
      const inFlight = [...running.values()];
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<"timeout">(
        (resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)),
      );
      const result = await Promise.race([
        Promise.all(inFlight.map((r) => r.done.catch(() => undefined))).then(() => "done" as const),
        timedOut,
      ]);
      clearTimeout(timer);
      if (result === "timeout") {
        for (const entry of running.values()) {
          entry.isReleased = true;
          await releaseJob(db, entry.lease).catch((error) =>
            log.warn("job.release_failed", {
              jobId: entry.lease.id,
              message: describeError(error),
            }),
          );
          jobsProcessedTotal.inc({ kind: entry.kind, outcome: "released" });
          log.warn("job.released", { jobId: entry.lease.id, kind: entry.kind });
        }
        return;
      }
      await Promise.all(loops);
    },
  };
}
