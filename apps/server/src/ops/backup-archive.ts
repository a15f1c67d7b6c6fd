import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { LOCK_FILE } from "../db/data-dir-lock.ts";
import { APP_VERSION } from "../lib/app-version.ts";
import { getControlSocketPath } from "./control-socket-path.ts";

// A backup of an embedded data folder is one .tar.gz file:
//   nebenkosten-backup.json   what it is (format, time, app version)
//   database.tar              PGlite's data folder, copied consistently (PGlitePool.dumpDataDir)
//   data/...                  everything else in DATA_DIR: mail outbox, files, the generated
//                             development secret (so sessions stay valid after a restore)

const MANIFEST = "nebenkosten-backup.json";
const DATABASE_ARCHIVE = "database.tar";
const DATA_FOLDER = "data";
const BACKUP_FORMAT = 1;
/** PGlite's folder inside DATA_DIR (db/database.ts). */
export const PGDATA_FOLDER = "pgdata";

export interface BackupManifest {
  format: number;
  createdAt: string;
  appVersion: string;
  database: "pglite";
}

export class BackupError extends Error {}

/** The entries of DATA_DIR a backup copies as files: all but the database and runtime files. */
function listDataDirFiles(dataDir: string): string[] {
  const runtime = new Set([PGDATA_FOLDER, LOCK_FILE, path.basename(getControlSocketPath(dataDir))]);
  return fs.readdirSync(dataDir).filter((name) => !runtime.has(name) && !name.endsWith(".tmp"));
}

function makeStagingDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "nk-backup-"));
}

/**
 * Writes the backup file: the database copy first (taken by the caller), then the files, so
 * every file a database row points to is in it. Written under a temporary name and renamed.
 */
export async function writeBackupArchive({
  dataDir,
  databaseDump,
  target,
}: {
  dataDir: string;
  databaseDump: Uint8Array;
  target: string;
}): Promise<void> {
  const staging = makeStagingDir();
  const partial = `${target}.partial`;
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: APP_VERSION,
      database: "pglite",
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.writeFileSync(path.join(staging, DATABASE_ARCHIVE), databaseDump);
    fs.mkdirSync(path.join(staging, DATA_FOLDER));
    for (const name of listDataDirFiles(dataDir)) {
      fs.cpSync(path.join(dataDir, name), path.join(staging, DATA_FOLDER, name), {
        recursive: true,
        filter: (source) => !source.endsWith(".tmp"),
      });
    }
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST,
      DATABASE_ARCHIVE,
      DATA_FOLDER,
    ]);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export interface ExtractedBackup {
  manifest: BackupManifest;
  databaseDump: Uint8Array<ArrayBuffer>;
  /** The folder holding the other files of DATA_DIR; remove it with `dispose`. */
  filesDir: string;
  dispose(): void;
}

/** Unpacks a backup file into a temporary folder and checks that it is one of ours. */
export async function extractBackupArchive(file: string): Promise<ExtractedBackup> {
  const staging = makeStagingDir();
  const dispose = () => fs.rmSync(staging, { recursive: true, force: true });
  const notABackup = () => new BackupError(`Die Datei ${file} ist keine Nebenkosten-Sicherung.`);
  try {
    try {
      await tar.extract({ file, cwd: staging, strict: true });
    } catch {
      throw notABackup();
    }
    const manifestFile = path.join(staging, MANIFEST);
    const databaseFile = path.join(staging, DATABASE_ARCHIVE);
    if (!fs.existsSync(manifestFile) || !fs.existsSync(databaseFile)) throw notABackup();
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) {
      throw new BackupError(
        `Die Sicherung hat das Format ${String(manifest.format)}; diese Version liest Format ${BACKUP_FORMAT}.`,
      );
    }
    const filesDir = path.join(staging, DATA_FOLDER);
    fs.mkdirSync(filesDir, { recursive: true });
    return {
      manifest,
      databaseDump: new Uint8Array(fs.readFileSync(databaseFile)),
      filesDir,
      dispose,
    };
  } catch (error) {
    dispose();
    throw error;
  }
}
