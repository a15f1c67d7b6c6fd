import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { findMatchedRoutePath } from "../matched-route.ts";

// Signed-in reads answered again from memory while the data cannot have changed (decision 0992,
// issue 19). Only for the embedded database: there this process is the only writer, and the
// database's write generation moves with every change, whoever made it (a request, a job, a
// webhook, another account). An answer is kept only when the generation stood still while it
// was computed, and given again only while it still stands, for at most `ttlMs` (answers that
// depend on the clock, such as the days left of a trial, follow within that time).

export interface AnswerCacheOptions {
  /** The database's write generation (DatabaseHandle.readWriteGeneration). */
  readGeneration: () => number;
  ttlMs: number;
  maxEntries?: number;
  maxEntryBytes?: number;
  maxTotalBytes?: number;
  now?: () => number;
}

interface CachedAnswer {
  generation: number;
  storedAt: number;
  body: string;
  contentType: string;
  route: string;
}

const DEFAULT_MAX_ENTRIES = 5_000;
const DEFAULT_MAX_ENTRY_BYTES = 256 * 1024;
const DEFAULT_MAX_TOTAL_BYTES = 32 * 1024 * 1024;

/** Only plain JSON answers: no file download, no cookie, nothing a later caller must not get. */
function isCacheableAnswer(response: Response, maxBytes: number): boolean {
  if (response.status !== 200) return false;
  if (!response.headers.get("content-type")?.startsWith("application/json")) return false;
  if (response.headers.has("set-cookie") || response.headers.has("content-disposition")) return false;
  const length = Number(response.headers.get("content-length") ?? "0");
  return length <= maxBytes;
}

/**
 * Runs after the session check: the key is the session and the full URL, so an answer is only
 * ever given to the session it was computed for.
 */
export function answerCache(options: AnswerCacheOptions): (c: Context<AppEnv>, next: () => Promise<void>) => Promise<void> {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedAnswer>();
  let totalBytes = 0;
  let entriesGeneration = -1;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.body.length;
    entries.delete(key);
  };

  return async (c, next) => {
    if (c.req.method !== "GET" || options.ttlMs <= 0) {
      await next();
      return;
    }
    const key = `${c.var.session.id} ${c.req.url}`;
    const generation = options.readGeneration();
    if (generation !== entriesGeneration) {
      // One change anywhere makes every kept answer doubtful: all go at once.
      entries.clear();
      totalBytes = 0;
      entriesGeneration = generation;
    }
    const cached = entries.get(key);
    if (cached) {
      if (cached.generation === generation && now() - cached.storedAt < options.ttlMs) {
        c.set("answeredRoute", cached.route);
        // Set, not returned: this handler also runs nested inside the session check.
        c.res = c.body(cached.body, 200, { "content-type": cached.contentType });
        return;
      }
      forget(key);
    }
    const startedAt = now();
    await next();
    if (options.readGeneration() !== generation || !isCacheableAnswer(c.res, maxEntryBytes)) return;
    const body = await c.res.clone().text();
    if (body.length > maxEntryBytes || options.readGeneration() !== entriesGeneration) return;
    forget(key);
    while (entries.size > 0 && (entries.size >= maxEntries || totalBytes + body.length > maxTotalBytes)) forget(entries.keys().next().value as string);
    totalBytes += body.length;
    entries.set(key, { generation, storedAt: startedAt, body, contentType: c.res.headers.get("content-type") ?? "application/json", route: findMatchedRoutePath(c) });
  };
}
