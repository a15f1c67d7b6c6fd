import path from "node:path";
import type { Config } from "./config/env.ts";
import { createAuth } from "./auth/auth.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { createApp } from "./create-app.ts";
import { createJobRegistry } from "./jobs/job-kind.ts";
import { createJobWorker, type JobWorker } from "./jobs/job-worker.ts";
import type { Logger } from "./lib/logger.ts";
import { createMailSendJob, queueMail } from "./mail/mail-job.ts";
import { createMailer } from "./mail/mailer.ts";
import { setPoolStatsSource } from "./metrics/metrics-registry.ts";
import { createFileStorage } from "./files/create-file-storage.ts";
import { createStatementSendJob } from "./features/statement-documents/statement-send-job.ts";
import { createLetterBatchJob } from "./features/statement-documents/letter-batch-job.ts";
import { createLetterBatchPruningJob } from "./features/statement-documents/letter-batch-pruning-job.ts";
import { createLetterRenderPool } from "./features/statement-documents/letter-render-pool.ts";
import { createStatementCalculationPool } from "./features/statements/statement-calculation-pool.ts";
import { createDeadlineReminderJob } from "./features/deadlines/deadline-reminder-job.ts";
import { createMonthlyInformationSendJob } from "./features/monthly-information/monthly-information-send-job.ts";
import { createMonthlyInformationAutoJob } from "./features/monthly-information/monthly-information-auto-job.ts";

/**
 * The application's parts on an open database: mailer, job queue worker (with every job kind
 * that does real work), auth and the HTTP app. The server (bootstrap.ts) and the integration
 * test harness build the same thing here.
 */
export function composeApp({
  config,
  database,
  logger,
  serveWeb,
}: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  serveWeb?: boolean;
}) {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
    logger,
  });
  const files = createFileStorage(config);
  // Worker threads for the letters of whole runs; started on first use, closed with the server.
  const letterRenderer = createLetterRenderPool({ size: config.letterRenderWorkers, logger });
  // The thread that calculates and serializes a save's run (decision 1780); closed with the server.
  const statementCalculator = createStatementCalculationPool({ logger });
  const jobWorker: JobWorker = createJobWorker({
    db: database.db,
    registry: createJobRegistry([
      createMailSendJob(mailer),
      createStatementSendJob({ mailer, files }),
      // Issue 30: the daily deadline reminders (scheduled in bootstrap.ts, decision 1500).
      createDeadlineReminderJob({ publicUrl: config.publicUrl }),
      // Issue 30, item 2: the § 6a HeizkV monthly information by e-mail (decision 1630).
      createMonthlyInformationSendJob({ mailer }),
      // Issue 30: last month's information by itself once a day (bootstrap.ts, decision 1690).
      createMonthlyInformationAutoJob({ sendDay: config.monthlyInformationSendDay }),
      createLetterBatchJob({ db: database.db, files, letterRenderer }),
      // Issue 32: old letter batches removed once a day (scheduled in bootstrap.ts, decision 1610).
      createLetterBatchPruningJob({ files }),
    ]),
    logger,
    concurrency: config.jobConcurrency,
    pollIntervalMs: config.jobPollIntervalMs,
  });
  const auth = createAuth({
    config,
    authDb: database.authDb,
    logger,
    async queueMail(message) {
      await queueMail(database.db, message);
      jobWorker.wake();
    },
  });
  const app = createApp({
    config,
    database,
    auth,
    mailer,
    logger,
    serveWeb,
    files,
    letterRenderer,
    statementCalculator,
    wakeJobs: () => jobWorker.wake(),
  });
  setPoolStatsSource(() => database.readPoolStats());
  return { app, auth, mailer, jobWorker, letterRenderer, statementCalculator };
}
