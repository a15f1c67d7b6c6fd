import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { Logger } from "../../lib/logger.ts";
import { SERVER_PACKAGE_DIR } from "../../lib/server-package-dir.ts";
import type { CalculationReply, CalculationRequest } from "./statement-calculation-protocol.ts";
import { calculateRunForSave } from "./statement-calculation-task.ts";

// A statement save's CPU work off the event loop (issue 32, decision 1780): at 5,000 units the
// engine, the compact result and the run's JSON (about 25 MB) took the main thread for about half
// a second, and every other request of the server waited. The save hands the assembled input to
// a thread of its own (a piscina pool, as the letters, decision 1710) and waits for the JSON.

/** Calculates a run for the save and serializes it (statement-calculation-task.ts). */
export interface StatementCalculator {
  calculateForSave(request: CalculationRequest): Promise<CalculationReply>;
  /** Lets a running calculation finish, then ends the thread. */
  close(): Promise<void>;
}

/** On the calling thread: the app without a calculation thread (createApp's default). */
export const inProcessCalculator: StatementCalculator = {
  calculateForSave: async (request) => calculateRunForSave(request),
  close: async () => {},
};

/**
 * The task file of the thread: the server build's `dist/statement-calculation-worker.js`, or,
 * running from the TypeScript source, statement-calculation-worker-source.mjs (registers tsx).
 */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith(".ts"))
    return path.join(SERVER_PACKAGE_DIR, "dist", "statement-calculation-worker.js");
  return path.join(path.dirname(here), "statement-calculation-worker-source.mjs");
}

/** How long an idle thread is kept (its heap is given back after that). */
const IDLE_THREAD_MS = 5 * 60 * 1000;

/**
 * One thread, started with the first save and ended after five idle minutes: saves of large runs
 * are rare and each one needs hundreds of MiB while it is calculated, so two saves at once take
 * turns rather than double the memory. A thread that dies fails its save (a 500, logged by the
 * error handler) and piscina starts a new one for the next.
 */
export function createStatementCalculationPool({
  logger,
}: {
  logger: Logger;
}): StatementCalculator {
  const piscina = new Piscina<CalculationRequest, CalculationReply>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_THREAD_MS,
  });
  // A thread failing outside a task has no task to reject (the pool's 'error' event must have a
  // listener); the next save starts a new one.
  piscina.on("error", (error: Error) =>
    logger.error("statements.calculation_thread_failed", { message: error.message }),
  );
  return {
    calculateForSave: (request) => piscina.run(request),
    close: () => piscina.close(),
  };
}
