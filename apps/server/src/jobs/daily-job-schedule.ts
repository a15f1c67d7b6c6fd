import { getTodayInGermany } from "@nk/contract";
import type { Db } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";
import { enqueueJobOnce } from "./enqueue-job.ts";
import type { JobDescriptor } from "./job-kind.ts";

export interface DailyJobSchedule {
  /** Queues today's job now if it is not there yet (the timer does this every hour). */
  check(): Promise<void>;
  /** Stops the timer and waits for a check in flight (before the database closes). */
  stop(): Promise<void>;
}

const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * A job that runs once a day (decision 1500): at start and every hour, each instance queues the
 * job for today in Germany (`{ day }`) unless it is already queued or done (enqueueJobOnce:
 * instances take turns, so the day's job exists once); a worker of any instance runs it. A day the server was down is not caught up by this schedule: the job of the
 * next day does that itself (the reminders are due for a range of days, not one day).
 */
export function startDailyJobSchedule(options: {
  db: Db;
  logger: Logger;
  kind: JobDescriptor<{ day: string }>;
  now?: () => Date;
}): DailyJobSchedule {
  const now = options.now ?? (() => new Date());
  async function check(): Promise<void> {
    const day = getTodayInGermany(now());
    const id = await enqueueJobOnce(options.db, options.kind, { day });
    if (id !== null)
      options.logger.info("job.scheduled", { kind: options.kind.kind, day, jobId: id });
  }
  let inFlight: Promise<void> = Promise.resolve();
  const run = () => {
    inFlight = check().catch((error: unknown) =>
      options.logger.warn("job.schedule_failed", {
        kind: options.kind.kind,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
  };
  run();
  const timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  return {
    check,
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
