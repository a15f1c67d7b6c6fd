import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { makeDataDir, startServerProcess } from "../../apps/server/test/support/server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder whose embedded database holds every migration (see below). */
    migratedDataDir: string;
  }
}

/**
 * Runs once before the end-to-end files: starts the compiled server on an empty data folder —
 * the first start of `npm start`, every migration from nothing — and stops it. Each file's server
 * then starts on a copy of that database (app-server.ts) instead of migrating its own: seconds
 * per file on two cores. The first start is what this setup itself exercises; a failing
 * migration fails the whole run here.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = makeDataDir("nk-e2e-template-");
  const server = await startServerProcess({
    dataDir,
    env: { LOG_LEVEL: "warn" },
    timeoutMs: 180_000,
  });
  const exitCode = await server.stop();
  if (exitCode !== 0)
    throw new Error(
      `Der Server endete beim ersten Start mit Code ${exitCode}:\n${server.readLog()}`,
    );
  project.provide("migratedDataDir", dataDir);
  return () => fs.rmSync(path.resolve(dataDir), { recursive: true, force: true });
}
