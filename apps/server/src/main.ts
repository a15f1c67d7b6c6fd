import { ConfigError } from "./config/env.ts";
import { loadConfig } from "./config/load-config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { startServer } from "./bootstrap.ts";
import { createLogger } from "./lib/logger.ts";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, { service: "nebenkosten" });
  let server;
  try {
    server = await startServer(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      console.error(
        `Port ${config.port} ist bereits belegt. Wählen Sie mit PORT einen anderen Port.`,
      );
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") {
      console.error(
        `Die Datenbank unter DATABASE_URL ist nicht erreichbar: ${(error as Error).message}`,
      );
      process.exit(1);
    }
    throw error;
  }
  // For a person at a terminal; a log collector (stdout not a terminal) gets only JSON lines
  // (issue 26), the address is in the `server.listening` line.
  if (process.stdout.isTTY) console.log(`Nebenkosten läuft auf http://localhost:${server.port}`);
  let isClosing = false;
  // SIGTERM (an orchestrator, systemd) or SIGINT (Ctrl+C): stop accepting, let requests in
  // flight finish, close the database, release the data folder, exit 0. A second signal while
  // that runs ends the process at once.
  const shutdown = async (signal: string) => {
    if (isClosing) {
      logger.warn("server.forced_exit", { signal });
      process.exit(1);
    }
    isClosing = true;
    logger.info("server.stopping", { signal });
    try {
      await server.close();
    } catch (error) {
      logger.error("server.stop_failed", { message: (error as Error).message });
      process.exit(1);
    }
    logger.info("server.stopped", { signal });
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // A promise nobody awaited that failed is a bug, but not one that corrupts state: log it with
  // its stack and keep serving. An uncaught exception leaves the process in an unknown state:
  // log it, close down as on SIGTERM (the lock and the database are released), exit 1 so that
  // the supervisor restarts the app.
  process.on("unhandledRejection", (reason) => {
    logger.error("process.unhandled_rejection", describeFailure(reason));
  });
  process.on("uncaughtException", (error) => {
    logger.error("process.uncaught_exception", describeFailure(error));
    if (isClosing) process.exit(1);
    isClosing = true;
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    server.close().then(
      () => process.exit(1),
      () => process.exit(1),
    );
  });
}

function describeFailure(failure: unknown): Record<string, unknown> {
  if (failure instanceof Error) return { message: failure.message, stack: failure.stack };
  return { message: String(failure) };
}

await main();
