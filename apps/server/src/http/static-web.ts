import fs from "node:fs";
import path from "node:path";
import type { Env, Hono, MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { SERVER_PACKAGE_DIR } from "../lib/server-package-dir.ts";

const WEB_DIST_DIR = path.join(SERVER_PACKAGE_DIR, "../web/dist");

// Hashed files under /assets never change under their name: cached for a year, never asked again.
const IMMUTABLE = "public, max-age=31536000, immutable";
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz|zst)$/;

/**
 * Serves the built React app; every non-API path that is not a file gets index.html (client
 * routing). Files come as the build compressed them (`.br`, `.gz` next to each, decision 1081)
 * when the browser accepts that; index.html is compressed by `compressAnswers`.
 */
/** Whether the answer for this file depends on Accept-Encoding (a compressed copy exists or was sent). */
function hasCompressedCopy(file: string): boolean {
  return PRECOMPRESSED_SUFFIX.test(file) || fs.existsSync(`${file}.gz`);
}

/**
 * serveStatic with the build's compressed copies and headers per file. The headers are set on
 * the answer serveStatic returns: its `onFound` runs after that answer was made, so headers it
 * sets through the context never reach the client.
 */
function serveBuiltFiles<E extends Env>(
  root: string,
  headersFor: (file: string) => Record<string, string>,
): MiddlewareHandler<E> {
  const found = new WeakMap<object, string>();
  const serve = serveStatic<E>({
    root,
    precompressed: true,
    onFound: (file, c) => void found.set(c, file),
  });
  return async (c, next) => {
    const answer = await serve(c, next);
    const file = found.get(c);
    if (!(answer instanceof Response) || file === undefined) return answer;
    for (const [name, value] of Object.entries(headersFor(file))) answer.headers.set(name, value);
    if (hasCompressedCopy(file)) answer.headers.set("Vary", "Accept-Encoding");
    return answer;
  };
}

export function mountStaticWeb<E extends Env>(app: Hono<E>, distDir = WEB_DIST_DIR): boolean {
  const indexFile = path.join(distDir, "index.html");
  if (!fs.existsSync(indexFile)) return false;
  const root = path.relative(process.cwd(), distDir) || ".";
  app.use(
    "/assets/*",
    serveBuiltFiles(root, () => ({ "Cache-Control": IMMUTABLE })),
  );
  // The service worker must be checked for a new version on every visit (it names the build).
  app.use(
    "*",
    serveBuiltFiles(root, (file): Record<string, string> =>
      file.replace(PRECOMPRESSED_SUFFIX, "").endsWith("sw.js")
        ? { "Cache-Control": "no-cache" }
        : {},
    ),
  );
  const indexHtml = fs.readFileSync(indexFile, "utf8");
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
  return true;
}
