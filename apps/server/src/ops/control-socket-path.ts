import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";

// Unix socket paths are limited to about 100 bytes (104 on macOS, 108 on Linux).
const MAX_SOCKET_PATH = 100;

/**
 * Where the server that owns an embedded data folder listens for local commands (backups):
 * `DATA_DIR/control.sock`; for a very long folder path a socket in the temp folder named after
 * the data folder; on Windows a named pipe. Server and command compute the same path.
 */
export function getControlSocketPath(dataDir: string): string {
  const id = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  if (process.platform === "win32") return `\\\\.\\pipe\\nebenkosten-${id}`;
  const inDataDir = path.join(path.resolve(dataDir), "control.sock");
  return inDataDir.length <= MAX_SOCKET_PATH
    ? inDataDir
    : path.join(os.tmpdir(), `nebenkosten-${id}.sock`);
}
