import fs from "node:fs";
import path from "node:path";

export const LOCK_FILE = "nebenkosten.lock";

export class DataDirLockedError extends Error {}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded database is a folder that only one process may open: a second process would
 * corrupt it. The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirLockedError(
          `Der Datenordner ${dataDir} wird bereits von einem anderen Prozess (PID ${owner}) verwendet. ` +
            "Beenden Sie diesen Prozess oder wählen Sie mit DATA_DIR einen anderen Ordner.",
        );
      }
      fs.unlinkSync(file); // stale lock of a process that no longer runs
    }
  }
  throw new DataDirLockedError(`Der Datenordner ${dataDir} konnte nicht gesperrt werden.`);
}
