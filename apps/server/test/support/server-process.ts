import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Real server processes for tests that need them (shutdown, several instances, backups, the
// end-to-end journeys): the compiled server, started the way `npm start` starts it
// (`node apps/server/dist/main.js`, built first when its sources changed). Every process
// started here is killed when the test process exits, whatever happened.

export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const SERVER_ENTRY = path.join(REPO_ROOT, "apps/server/dist/main.js");

const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

let isBuilt = false;

/** Builds the server bundle if its sources changed since the last build (scripts/build.mjs). */
export function ensureServerBuilt(): void {
  if (isBuilt) return;
  const result = spawnSync(process.execPath, ["scripts/build.mjs", "server", "--if-changed"], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`server build failed:\n${result.stdout}\n${result.stderr}`);
  isBuilt = true;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export function makeDataDir(prefix = "nk-proc-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Everything the process wrote so far (JSON log lines and messages). */
  readLog(): string;
  /** The JSON log lines with this event name. */
  readEvents(event: string): Record<string, unknown>[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`); returns the exit code. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  dataDir?: string;
  /** Wait until GET /api/health answers 200 (default true). */
  waitForHealth?: boolean;
  timeoutMs?: number;
}

/**
 * Starts the compiled server on a free port with its own data folder (fresh unless given) and
 * waits until it is healthy. Defaults: NODE_ENV=test, embedded database, LOG_LEVEL=info.
 */
export async function startServerProcess(options: StartOptions = {}): Promise<ServerProcess> {
  ensureServerBuilt();
  const port = await findFreePort();
  const dataDir = options.dataDir ?? makeDataDir();
  const baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "info",
    DATABASE_URL: "",
    ...options.env,
  };
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      started.delete(child);
      resolve(code);
    }),
  );

  const server: ServerProcess = {
    baseUrl,
    port,
    dataDir,
    pid: child.pid!,
    readLog: () => log,
    readEvents: (event) =>
      log
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.event === event),
    exited,
    async stop(signal = "SIGTERM", timeoutMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  if (options.waitForHealth === false) return server;

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`Server beendet (Code ${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server nicht rechtzeitig bereit:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
