import { gunzip, gzipSync } from "node:zlib";
import { promisify } from "node:util";

// A saved run's large documents (its engine input, result, consumption and analysis) are stored
// as packed JSON (decision 1860): the JSON text gzipped and written as base64 after a prefix, in a
// `text` column. At 5,000 units the four documents are about 41 MB of JSON and about 4 MB packed;
// the database no longer checks and compresses 41 MB inside the save's transaction (on the
// embedded database that held its only connection for most of a second), and a letter's read of
// the run moves a tenth of the bytes. Nothing queries inside these documents; they are written
// once and read whole, always through unpackJson.

const PACKED_PREFIX = "gzip-base64:";

const gunzipAsync = promisify(gunzip);

/**
 * The JSON text packed for storage. Synchronous: it runs in the statement calculation thread
 * (statement-calculation-task.ts) next to the JSON.stringify that made the text. Level 1: at 41 MB
 * about a tenth of level 6's time for a text about a tenth larger.
 */
export function packJson(jsonText: string): string {
  return PACKED_PREFIX + gzipSync(jsonText, { level: 1 }).toString("base64");
}

/**
 * A stored document as the value it holds: packed JSON is unpacked (gunzip on libuv's thread pool,
 * not on the event loop), plain JSON text (runs saved before decision 1860, the small rate costs)
 * is parsed, and null stays null.
 */
export async function unpackJson(stored: string | null): Promise<unknown> {
  if (stored === null) return null;
  if (!stored.startsWith(PACKED_PREFIX)) return JSON.parse(stored) as unknown;
  const bytes = await gunzipAsync(Buffer.from(stored.slice(PACKED_PREFIX.length), "base64"));
  return JSON.parse(bytes.toString("utf8")) as unknown;
}
