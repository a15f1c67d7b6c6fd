import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  /** Output of the server process so far (for failure messages). */
  readLog(): string;
  stop(): Promise<void>;
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

/**
 * Starts the real server (the same entry point as `npm start`) on a free port with a fresh
 * data folder: embedded PGlite, or a fresh database on E2E_DATABASE_URL's server when set.
 * The web app must have been built (`npm run build`).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  if (!fs.existsSync(path.join(REPO_ROOT, "apps/web/dist/index.html"))) {
    throw new Error("apps/web/dist fehlt: zuerst `npm run build` ausführen.");
  }
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  let log = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet (Code ${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server nicht rechtzeitig bereit:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    readLog: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
