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
      console.error(`Port ${config.port} ist bereits belegt. Wählen Sie mit PORT einen anderen Port.`);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") {
      console.error(`Die Datenbank unter DATABASE_URL ist nicht erreichbar: ${(error as Error).message}`);
      process.exit(1);
    }
    throw error;
  }
  console.log(`Nebenkosten läuft auf http://localhost:${server.port}`);
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
}

await main();
