import fs from "node:fs";
import path from "node:path";
import type { Env, Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { SERVER_PACKAGE_DIR } from "../lib/server-package-dir.ts";

export const WEB_DIST_DIR = path.join(SERVER_PACKAGE_DIR, "../web/dist");

/** Serves the built React app; every non-API path that is not a file gets index.html (client routing). */
export function mountStaticWeb<E extends Env>(app: Hono<E>, distDir = WEB_DIST_DIR): boolean {
  const indexFile = path.join(distDir, "index.html");
  if (!fs.existsSync(indexFile)) return false;
  const root = path.relative(process.cwd(), distDir) || ".";
  app.use(
    "/assets/*",
    serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  // The service worker must be checked for a new version on every visit (it names the build).
  app.use("*", serveStatic({ root, onFound: (file, c) => (file.endsWith("sw.js") ? c.header("Cache-Control", "no-cache") : undefined) }));
  const indexHtml = fs.readFileSync(indexFile, "utf8");
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
  return true;
}
