import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { Config } from "./config/env.ts";
import { composeApp } from "./compose-app.ts";
import { acquireDataDirLock } from "./db/data-dir-lock.ts";
import { openDatabase, type DatabaseHandle } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import type { Logger } from "./lib/logger.ts";
import { setPoolStatsSource } from "./metrics/metrics-registry.ts";
import { startControlServer } from "./ops/control-server.ts";
import { startDailyJobSchedule } from "./jobs/daily-job-schedule.ts";
import { DEADLINE_REMINDERS } from "./features/deadlines/deadline-reminder-job.ts";
import { MONTHLY_INFORMATION_AUTO } from "./features/monthly-information/monthly-information-auto-job.ts";
import { LETTER_BATCH_PRUNING } from "./features/statement-documents/letter-batch-pruning-job.ts";

/** Requests in flight (and a running background job) get this long after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  port: number;
  database: DatabaseHandle;
  /**
   * Graceful stop: no new connections; requests in flight and a running job get up to
   * SHUTDOWN_GRACE_MS; then the database closes and the data-folder lock is released.
   */
  close(): Promise<void>;
}

/** Stops accepting, lets requests in flight finish (at most `graceMs`), then cuts what is left. */
async function closeHttpServer(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections between requests would hold close() open: end each one as soon as
  // it is idle, so a client in the middle of a request still gets its answer.
  server.closeIdleConnections();
  const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  await Promise.race([closed, deadline]);
  clearTimeout(timer);
  clearInterval(idleSweep);
  server.closeAllConnections();
  await closed;
}

/** Opens the database (locking DATA_DIR for the embedded one), migrates, and listens. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl, poolMax: config.databasePoolMax }
        : { kind: "pglite", dataDir: config.dataDir },
      logger,
    );
    const applied = await migrateToLatest(database.db);
    logger.info("database.ready", { driver: database.driver, migrationsApplied: applied });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const { app, jobWorker, letterRenderer, statementCalculator } = composeApp({
    config,
    database,
    logger,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s as Server),
    );
    s.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  jobWorker.start();
  // Issue 30: the deadline reminders once a day; whichever instance looks first queues the day's job.
  const reminderSchedule = startDailyJobSchedule({
    db: database.db,
    logger,
    kind: DEADLINE_REMINDERS,
  });
  // Issue 30: last month's § 6a HeizkV information once a day from MONTHLY_INFORMATION_SEND_DAY (decision 1690).
  const monthlySchedule = startDailyJobSchedule({
    db: database.db,
    logger,
    kind: MONTHLY_INFORMATION_AUTO,
  });
  // Issue 32: finished letter batches past their retention removed once a day (decision 1610).
  const pruningSchedule = startDailyJobSchedule({
    db: database.db,
    logger,
    kind: LETTER_BATCH_PRUNING,
  });
  // The embedded database belongs to this process alone: `npm run backup` asks it for a copy
  // through a socket in the data folder (ops/control-server.ts).
  const control = database.dumpEmbedded
    ? await startControlServer({ dataDir: config.dataDir, database, logger })
    : null;
  logger.info("server.listening", { url: `http://localhost:${port}`, publicUrl: config.publicUrl });
  return {
    port,
    database,
    async close() {
      await Promise.all([
        closeHttpServer(server, SHUTDOWN_GRACE_MS),
        jobWorker.stop(SHUTDOWN_GRACE_MS),
        reminderSchedule.stop(),
        monthlySchedule.stop(),
        pruningSchedule.stop(),
      ]);
      // After the requests and jobs that could still be waiting for letters: none is left then.
      await letterRenderer.close(SHUTDOWN_GRACE_MS);
      await statementCalculator.close();
      await control?.close();
      setPoolStatsSource(null);
      await database.close();
      releaseLock();
    },
  };
}
