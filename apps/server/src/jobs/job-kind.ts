import type { ZodType } from "zod";
import type { Db } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";

interface JobContext {
  db: Db;
  logger: Logger;
  jobId: number;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

/** What enqueueing needs to know about a kind: its name, its payload and how often to try. */
export interface JobDescriptor<P> {
  kind: string;
  payload: ZodType<P>;
  /** Runs in total before the job is marked failed (default 5). */
  maxAttempts?: number;
}

/**
 * One kind of background work. `run` may be called more than once for one job (a retry after a
 * failure, or a second instance taking over the job of a crashed one), so it must be safe to
 * repeat: check what is already done before doing it again.
 */
export interface JobKind<P> extends JobDescriptor<P> {
  run(payload: P, context: JobContext): Promise<void>;
}

/** The kinds a worker runs, by name. A worker claims only jobs of kinds it knows. */
export type JobRegistry = ReadonlyMap<string, JobKind<unknown>>;

export function createJobRegistry(kinds: JobKind<unknown>[]): JobRegistry {
  const registry = new Map<string, JobKind<unknown>>();
  for (const kind of kinds) {
    if (registry.has(kind.kind)) throw new Error(`job kind registered twice: ${kind.kind}`);
    registry.set(kind.kind, kind);
  }
  return registry;
}
