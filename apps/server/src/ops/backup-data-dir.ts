import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError } from "../db/data-dir-lock.ts";
import { openDatabase } from "../db/database.ts";
import { createLogger } from "../lib/logger.ts";
import { BackupError, PGDATA_FOLDER, writeBackupArchive } from "./backup-archive.ts";
import { requestDatabaseDump } from "./request-database-dump.ts";

export interface BackupResult {
  /** "running": the server made the database copy; "offline": this command opened the folder. */
  mode: "running" | "offline";
  bytes: number;
}

/**
 * Backs up an embedded data folder into `target`. When no server runs on it, this command takes
 * the data-folder lock itself (no server can start meanwhile) and copies the database; when one
 * runs, only that process may open the database, so it is asked for the copy through its
 * control socket, and the app keeps serving.
 */
export async function backupDataDir({
  dataDir,
  target,
}: {
  dataDir: string;
  target: string;
}): Promise<BackupResult> {
  if (fs.existsSync(target))
    throw new BackupError(`Die Datei ${target} gibt es schon. Wählen Sie einen neuen Dateinamen.`);
  if (!fs.existsSync(path.join(dataDir, PGDATA_FOLDER)))
    throw new BackupError(`Im Datenordner ${dataDir} liegt keine Datenbank.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  let releaseLock: (() => void) | null = null;
  try {
    releaseLock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  if (!releaseLock) {
    const databaseDump = await requestDatabaseDump(dataDir);
    await writeBackupArchive({ dataDir, databaseDump, target });
    return { mode: "running", bytes: fs.statSync(target).size };
  }
  try {
    const database = await openDatabase({ kind: "pglite", dataDir }, createLogger("warn"));
    let databaseDump: Uint8Array;
    try {
      databaseDump = await database.dumpEmbedded!();
    } finally {
      await database.close();
    }
    await writeBackupArchive({ dataDir, databaseDump, target });
    return { mode: "offline", bytes: fs.statSync(target).size };
  } finally {
    releaseLock();
  }
}
