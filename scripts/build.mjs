// Builds the web app (Vite, apps/web/dist) and the server (esbuild, apps/server/dist).
//   node scripts/build.mjs                  both, always            (npm run build)
//   node scripts/build.mjs --if-changed     both, only what changed (npm start does this)
//   node scripts/build.mjs server|web [--if-changed]
// "Changed" means the content hash of the sources differs from the one of the last build
// (kept in node_modules/.cache/nebenkosten-build/), so a restart with nothing changed builds
// nothing. Several processes starting at once take turns (a lock file) and build only once.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { formatFirstLoads, measureFirstLoads, precompressWebDist } from "./web-bundle.mjs";

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const SERVER_DIST = path.join(REPO_ROOT, "apps/server/dist");
export const WEB_DIST = path.join(REPO_ROOT, "apps/web/dist");
const CACHE_DIR = path.join(REPO_ROOT, "node_modules/.cache/nebenkosten-build");
const SKIPPED_DIRS = new Set(["node_modules", "dist", "test", ".vite"]);

// What each build reads. The lock file and this script count for both: a new dependency or a
// changed build setting rebuilds.
const COMMON_INPUTS = [
  "package-lock.json",
  "tsconfig.base.json",
  "scripts/build.mjs",
  "packages/contract/src",
  "packages/engine/src",
  "packages/contract/package.json",
  "packages/engine/package.json",
];
const TARGETS = {
  web: {
    inputs: [...COMMON_INPUTS, "apps/web", "scripts/web-bundle.mjs"],
    output: path.join(WEB_DIST, "index.html"),
    build: buildWeb,
  },
  server: {
    inputs: [...COMMON_INPUTS, "apps/server/src", "apps/server/package.json"],
    output: path.join(SERVER_DIST, "main.js"),
    build: buildServer,
  },
};

function listFiles(entry) {
  const absolute = path.join(REPO_ROOT, entry);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [entry];
  const files = [];
  for (const child of fs.readdirSync(absolute, { withFileTypes: true })) {
    if (child.isDirectory() && SKIPPED_DIRS.has(child.name)) continue;
    files.push(...listFiles(path.join(entry, child.name)));
  }
  return files;
}

/** One hash over the paths and contents of every input file. */
export function hashInputs(inputs) {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap(listFiles).sort()) {
    hash.update(file.split(path.sep).join("/"));
    hash.update("\0");
    hash.update(fs.readFileSync(path.join(REPO_ROOT, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

function readStamp(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(CACHE_DIR, `${name}.json`), "utf8")).hash;
  } catch {
    return null;
  }
}

function writeStamp(name, hash) {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(CACHE_DIR, `${name}.json`),
    JSON.stringify({ hash, builtAt: new Date().toISOString() }),
  );
}

function isProcessAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Runs `work` holding the build lock: a second process waits, then finds the build done. */
async function withBuildLock(work) {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const lockFile = path.join(CACHE_DIR, "build.lock");
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8"));
      if (!Number.isInteger(owner) || owner <= 0 || !isProcessAlive(owner))
        fs.rmSync(lockFile, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

function buildWeb() {
  const vite = path.join(REPO_ROOT, "node_modules/vite/bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: path.join(REPO_ROOT, "apps/web"),
    stdio: "inherit",
  });
  if (result.status !== 0)
    throw new Error(`Der Build der Web-App ist fehlgeschlagen (Code ${result.status}).`);
  // Compressed once here, so the server sends .br/.gz files instead of compressing per request.
  precompressWebDist(WEB_DIST);
  console.log(
    `Erster Aufruf je Seite (JavaScript, gzip):\n${formatFirstLoads(measureFirstLoads(WEB_DIST))}`,
  );
}

/**
 * The server as plain JavaScript: our workspaces (which export TypeScript source) bundled in,
 * every third-party package left to node_modules. Built into a temporary folder and swapped in,
 * so a failed build keeps the previous one.
 */
async function buildServer() {
  const esbuild = await import("esbuild");
  const temporary = `${SERVER_DIST}.tmp-${process.pid}`;
  fs.rmSync(temporary, { recursive: true, force: true });
  const externalThirdParty = {
    name: "external-third-party",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith("@nk/") ? undefined : { path: args.path, external: true },
      );
    },
  };
  await esbuild.build({
    absWorkingDir: REPO_ROOT,
    entryPoints: {
      main: "apps/server/src/main.ts",
      backup: "apps/server/src/cli/backup-command.ts",
      restore: "apps/server/src/cli/restore-command.ts",
      // The letter threads' task (letter-render-pool.ts gives piscina dist/letter-render-worker.js).
      "letter-render-worker":
        "apps/server/src/features/statement-documents/letter-render-worker.ts",
      // The save's calculation thread (statement-calculation-pool.ts, decision 1780).
      "statement-calculation-worker":
        "apps/server/src/features/statements/statement-calculation-worker.ts",
      // The embedded database's thread (db/pglite-thread.ts starts dist/pglite-worker.js).
      "pglite-worker": "apps/server/src/db/pglite-worker.ts",
    },
    outdir: temporary,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    chunkNames: "chunks/[name]-[hash]",
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    plugins: [externalThirdParty],
  });
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  fs.renameSync(temporary, SERVER_DIST);
}

/** Builds `name` ("web" or "server") when forced or when its sources changed; true if it built. */
export async function ensureBuild(name, { force = false } = {}) {
  const target = TARGETS[name];
  const isCurrent = () =>
    fs.existsSync(target.output) && readStamp(name) === hashInputs(target.inputs);
  if (!force && isCurrent()) return false;
  return withBuildLock(async () => {
    const hash = hashInputs(target.inputs);
    if (!force && fs.existsSync(target.output) && readStamp(name) === hash) return false; // built meanwhile
    const started = Date.now();
    console.log(`Baue ${name === "web" ? "die Web-App" : "den Server"} ...`);
    await target.build();
    writeStamp(name, hash);
    console.log(
      `${name === "web" ? "Web-App" : "Server"} gebaut in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return true;
  });
}

async function main(args) {
  const force = !args.includes("--if-changed");
  const names = args.filter((a) => !a.startsWith("--"));
  for (const name of names.length > 0 ? names : ["web", "server"]) {
    if (!(name in TARGETS)) throw new Error(`Unbekanntes Build-Ziel: ${name} (web oder server)`);
    await ensureBuild(name, { force });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
