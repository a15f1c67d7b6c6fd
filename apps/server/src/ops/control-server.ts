import fs from "node:fs";
import http from "node:http";
import type { DatabaseHandle } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";
import { getControlSocketPath } from "./control-socket-path.ts";

export const DATABASE_DUMP_PATH = "/database-dump";

/**
 * Local commands for the process that owns the embedded database (only it may open the data
 * folder). Served on a socket in the data folder, readable by its owner only: nothing is
 * reachable over the network. POST /database-dump answers with a consistent copy of the
 * database (a tar archive of PGlite's data folder).
 */
export async function startControlServer({
  dataDir,
  database,
  logger,
}: {
  dataDir: string;
  database: DatabaseHandle;
  logger: Logger;
}) {
  const socketPath = getControlSocketPath(dataDir);
  const dump = database.dumpEmbedded;
  if (!dump) throw new Error("control server needs the embedded database");
  const server = http.createServer((request, response) => {
    if (request.method !== "POST" || request.url !== DATABASE_DUMP_PATH) {
      response
        .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
        .end("Unbekannter Befehl.");
      return;
    }
    const started = performance.now();
    dump().then(
      (archive) => {
        response
          .writeHead(200, {
            "content-type": "application/x-tar",
            "content-length": archive.byteLength,
          })
          .end(archive);
        logger.info("backup.database_dumped", {
          bytes: archive.byteLength,
          durationMs: Math.round(performance.now() - started),
        });
      },
      (error: Error) => {
        logger.error("backup.database_dump_failed", { message: error.message });
        response
          .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
          .end(`Die Datenbank konnte nicht gesichert werden: ${error.message}`);
      },
    );
  });
  // This process holds the data-folder lock, so a socket file left here is from a dead process.
  if (process.platform !== "win32") fs.rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  if (process.platform !== "win32") fs.chmodSync(socketPath, 0o600);
  return {
    socketPath,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (process.platform !== "win32") fs.rmSync(socketPath, { force: true });
    },
  };
}
