import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import type { Config } from "./config/env.ts";
import { createAuth } from "./auth/auth.ts";
import { acquireDataDirLock } from "./db/data-dir-lock.ts";
import { openDatabase, type DatabaseHandle } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createApp } from "./http/create-app.ts";
import type { Logger } from "./lib/logger.ts";
import { createMailer } from "./mail/mailer.ts";

export interface RunningServer {
  port: number;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Opens the database (locking DATA_DIR for the embedded one), migrates, and listens. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir });
    const applied = await migrateToLatest(database.db);
    logger.info("database.ready", { driver: database.driver, migrationsApplied: applied });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "outbox"), logger });
  const auth = createAuth({ config, authDb: database.authDb, mailer });
  const app = createApp({ config, database, auth, mailer, logger });
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info("server.listening", { url: `http://localhost:${port}`, publicUrl: config.publicUrl });
  return {
    port,
    database,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      releaseLock();
    },
  };
}
