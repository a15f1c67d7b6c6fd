import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock } from "../db/data-dir-lock.ts";
import {
  BackupError,
  extractBackupArchive,
  PGDATA_FOLDER,
  type BackupManifest,
} from "./backup-archive.ts";

/**
 * Restores a backup file into an empty (or not yet existing) data folder: the database into
 * DATA_DIR/pgdata, the other files beside it. A folder with anything in it is refused, so a
 * restore never mixes with or overwrites data. Migrations newer than the backup run at the next
 * start, as after any upgrade.
 */
export async function restoreDataDir({
  dataDir,
  file,
}: {
  dataDir: string;
  file: string;
}): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`Die Datei ${file} gibt es nicht.`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `Der Datenordner ${dataDir} ist nicht leer. Eine Sicherung wird nur in einen leeren Ordner wiederhergestellt: ` +
        "wählen Sie mit DATA_DIR einen neuen Ordner.",
    );
  }
  const backup = await extractBackupArchive(file);
  const existedBefore = fs.existsSync(dataDir);
  const releaseLock = acquireDataDirLock(dataDir);
  let isRestored = false;
  try {
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, PGDATA_FOLDER),
      loadDataDir: new Blob([backup.databaseDump]),
    });
    try {
      // Reading the bookkeeping table proves the copy opens as a database.
      await pglite.query("select count(*) from schema_migrations");
    } finally {
      await pglite.close();
    }
    for (const name of fs.readdirSync(backup.filesDir)) {
      fs.cpSync(path.join(backup.filesDir, name), path.join(dataDir, name), { recursive: true });
    }
    isRestored = true;
    return backup.manifest;
  } finally {
    backup.dispose();
    releaseLock();
    // A failed restore leaves the folder as it was: empty.
    if (!isRestored) {
      for (const name of fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [])
        fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
      if (!existedBefore) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
