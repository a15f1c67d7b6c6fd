import type { Plugin } from "vite";

// Builds /sw.js (service-worker/sw.ts, an entry of its own) and writes the build's manifest
// into it: the list of files under /assets to cache, and a build id made from their hashed
// names, so every build with any change gets a new cache name and the worker updates itself.

export const SERVICE_WORKER_ENTRY = "sw";
const PLACEHOLDER = "__NK_SW_MANIFEST__";

/** FNV-1a, 32 bit: short, stable, and enough to tell builds apart. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

export function serviceWorkerManifest(): Plugin {
  return {
    name: "nk-service-worker-manifest",
    apply: "build",
    generateBundle(_options, bundle) {
      const worker = Object.values(bundle).find(
        (item) => item.type === "chunk" && item.name === SERVICE_WORKER_ENTRY,
      );
      if (!worker || worker.type !== "chunk")
        throw new Error("service worker entry missing from the build");
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith("assets/"))
        .sort()
        .map((file) => `/${file}`);
      const html = Object.values(bundle).find((item) => item.fileName === "index.html");
      const htmlSource = html && html.type === "asset" ? String(html.source) : "";
      const manifest = { buildId: hashText(`${assets.join("\n")}\n${htmlSource}`), assets };
      if (!worker.code.includes(PLACEHOLDER))
        throw new Error("service worker manifest placeholder missing");
      worker.code = worker.code.replaceAll(PLACEHOLDER, JSON.stringify(manifest));
    },
  };
}
