import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import {
  makeDataDir,
  REPO_ROOT,
  startServerProcess,
} from "../../apps/server/test/support/server-process.ts";

export { REPO_ROOT } from "../../apps/server/test/support/server-process.ts";

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  /** Output of the server process so far (for failure messages). */
  readLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server the way `npm start` runs it (the compiled bundle, rebuilt first if its
 * sources changed) on a free port with a fresh data folder: embedded PGlite, or the database of
 * `env.DATABASE_URL` when given. The web app must have been built (`npm run build`).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  if (!fs.existsSync(path.join(REPO_ROOT, "apps/web/dist/index.html"))) {
    throw new Error("apps/web/dist fehlt: zuerst `npm run build` ausführen.");
  }
  const dataDir = makeDataDir("nk-e2e-");
  // The embedded database starts as a copy of the one the global setup migrated (global-setup.ts):
  // empty of accounts, like a fresh install, without each file running every migration again.
  const migratedDataDir = inject("migratedDataDir");
  if (migratedDataDir && !env.DATABASE_URL)
    fs.cpSync(path.join(migratedDataDir, "pgdata"), path.join(dataDir, "pgdata"), {
      recursive: true,
    });
  const server = await startServerProcess({
    dataDir,
    env: { LOG_LEVEL: "warn", ...env },
    timeoutMs: 180_000,
  });
  return {
    baseUrl: server.baseUrl,
    dataDir,
    readLog: server.readLog,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
