import http from "node:http";
import { DATABASE_DUMP_PATH } from "./control-server.ts";
import { getControlSocketPath } from "./control-socket-path.ts";
import { BackupError } from "./backup-archive.ts";

/** Asks the server that owns the data folder for a consistent copy of its database. */
export function requestDatabaseDump(dataDir: string): Promise<Uint8Array> {
  const socketPath = getControlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath, path: DATABASE_DUMP_PATH, method: "POST" },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode === 200) resolve(new Uint8Array(body));
          else
            reject(
              new BackupError(
                body.toString("utf8") ||
                  `Der laufende Server antwortete mit ${response.statusCode}.`,
              ),
            );
        });
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          `Der laufende Server ist über ${socketPath} nicht erreichbar (${error.code ?? error.message}). ` +
            "Läuft er mit demselben DATA_DIR und dieser Version?",
        ),
      );
    });
    request.end();
  });
}
