import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Env, Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

export const WEB_DIST_DIR = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/** Serves the built React app; every non-API path that is not a file gets index.html (client routing). */
export function mountStaticWeb<E extends Env>(app: Hono<E>, distDir = WEB_DIST_DIR): boolean {
  const indexFile = path.join(distDir, "index.html");
  if (!fs.existsSync(indexFile)) return false;
  const root = path.relative(process.cwd(), distDir) || ".";
  app.use(
    "/assets/*",
    serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  app.use("*", serveStatic({ root }));
  const indexHtml = fs.readFileSync(indexFile, "utf8");
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
  return true;
}
