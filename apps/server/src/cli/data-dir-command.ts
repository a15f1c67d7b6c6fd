import path from "node:path";
import { ConfigError, parseEnv } from "../config/env.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { BackupError } from "../ops/backup-archive.ts";

/**
 * What `npm run backup` and `npm run restore` share: the file argument, DATA_DIR from the same
 * environment the server reads, a German message and exit code 1 for every expected failure.
 */
export async function runDataDirCommand(
  name: "backup" | "restore",
  work: (input: { dataDir: string; file: string }) => Promise<string>,
): Promise<void> {
  try {
    const file = process.argv[2];
    if (!file) throw new BackupError(`Aufruf: npm run ${name} -- <Datei>`);
    const env = parseEnv(process.env);
    if (env.DATABASE_URL) {
      throw new BackupError(
        `Mit DATABASE_URL liegen die Daten auf dem PostgreSQL-Server: ${name === "backup" ? "sichern Sie ihn mit pg_dump" : "stellen Sie sie mit pg_restore wieder her"} ` +
          "(siehe docs/operations.md).",
      );
    }
    console.log(await work({ dataDir: path.resolve(env.DATA_DIR), file: path.resolve(file) }));
  } catch (error) {
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
