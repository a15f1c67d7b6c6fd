// The built web app's files after Vite: precompressed copies for the server to send (decision
// 1081) and the size of what a first visit loads, measured from the built files.
//   node scripts/web-bundle.mjs            prints the report of apps/web/dist
//   node scripts/web-bundle.mjs --json     the same as one JSON object per line
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

// Text formats worth compressing; images, fonts (woff2 is compressed) and PDFs are not.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;
// Below this a compressed copy saves less than the extra header costs.
const MIN_BYTES = 1024;

/** The routes whose first load is reported: the page chunk each loads besides the entry. */
export const FIRST_LOAD_ROUTES = [
  { route: "/", pageChunk: "landing-page" },
  { route: "/login", pageChunk: "login-page" },
  { route: "/dashboard", pageChunk: "overview-page" },
  { route: "/dashboard/statements/new", pageChunk: "new-statement-page" },
];
// What the report holds the first route to (issue 32).
export const FIRST_ROUTE_TARGET_KIB = 200;

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text
 * file of at least 1 KB, so the server sends them without compressing on each request.
 */
export function precompressWebDist(distDir) {
  let files = 0;
  for (const file of listFiles(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = fs.readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
    );
    files += 1;
  }
  return files;
}

const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g;

/** The chunk and every chunk it imports statically (what the browser must load before it runs). */
function collectStaticClosure(assetsDir, file, seen) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(assetsDir, file), "utf8");
  for (const match of code.matchAll(STATIC_IMPORT)) collectStaticClosure(assetsDir, match[1], seen);
}

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/**
 * JavaScript a first visit of each route loads before the page shows, gzipped: the entry of
 * index.html with its static imports, plus the route's page chunk with its static imports.
 * CSS is reported apart (one file for every route).
 */
export function measureFirstLoads(distDir) {
  const assetsDir = path.join(distDir, "assets");
  const html = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error("index.html names no entry script");
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map(
    (m) => m[1],
  );
  const cssGzip = css.reduce((sum, file) => sum + gzipSize(path.join(assetsDir, file)), 0);
  const assets = fs.readdirSync(assetsDir).filter((file) => file.endsWith(".js"));
  return FIRST_LOAD_ROUTES.map(({ route, pageChunk }) => {
    const page = assets.find(
      (file) => file.startsWith(`${pageChunk}-`) && /^[\w-]+-[\w-]{8}\.js$/.test(file),
    );
    const seen = new Set();
    collectStaticClosure(assetsDir, entry, seen);
    if (page) collectStaticClosure(assetsDir, page, seen);
    const files = [...seen];
    const raw = files.reduce((sum, file) => sum + fs.statSync(path.join(assetsDir, file)).size, 0);
    const gzip = files.reduce((sum, file) => sum + gzipSize(path.join(assetsDir, file)), 0);
    return {
      route,
      page: page ?? null,
      files: files.length,
      rawBytes: raw,
      gzipBytes: gzip,
      cssGzipBytes: cssGzip,
    };
  });
}

/** One line per route for the build's output. */
export function formatFirstLoads(loads) {
  return loads
    .map((load) => {
      const kib = (load.gzipBytes / 1024).toFixed(1);
      const mark = load.route === "/" ? ` (Ziel < ${FIRST_ROUTE_TARGET_KIB} KiB)` : "";
      return `  ${load.route}: ${kib} KiB JavaScript gzip in ${load.files} Dateien${mark}, CSS ${(load.cssGzipBytes / 1024).toFixed(1)} KiB`;
    })
    .join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.join(fileURLToPath(new URL("..", import.meta.url)), "apps/web/dist");
  const loads = measureFirstLoads(distDir);
  if (process.argv.includes("--json")) {
    for (const load of loads) {
      console.log(
        JSON.stringify({
          measure: `first-load-js-gzip ${load.route}`,
          value: Math.round((load.gzipBytes / 1024) * 10) / 10,
          unit: "KiB",
          target: load.route === "/" ? FIRST_ROUTE_TARGET_KIB : null,
        }),
      );
    }
  } else {
    console.log(
      `Erster Aufruf je Seite (aus ${path.relative(process.cwd(), distDir)}):\n${formatFirstLoads(loads)}`,
    );
  }
}
