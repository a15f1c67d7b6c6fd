/// <reference lib="webworker" />
// The service worker at /sw.js (docs/rules/master-data.md: registered after page load). It makes
// repeat visits fast and never touches the API:
// - the built files under /assets (hashed names, never changing) are cached at install and
//   served from the cache;
// - pages (index.html) come from the network first, the cached copy only when offline;
// - /api and /metrics are never cached, not even looked at.
// Each build gets a new cache name (the build's file names are hashed into it), so a new build
// installs itself at once (skipWaiting, clients.claim) and removes the old cache.

const worker = self as unknown as ServiceWorkerGlobalScope;
/** Replaced at build time by apps/web/service-worker-plugin.ts. */
declare const __NK_SW_MANIFEST__: { buildId: string; assets: string[] };

const CACHE_PREFIX = "nk-static-";
const CACHE_NAME = `${CACHE_PREFIX}${__NK_SW_MANIFEST__.buildId}`;
const PAGE_KEY = "/index.html";

function isNeverCached(url: URL): boolean {
  return (
    url.pathname.startsWith("/api/") || url.pathname === "/metrics" || url.pathname === "/sw.js"
  );
}

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.addAll(__NK_SW_MANIFEST__.assets))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

async function serveAsset(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE_NAME });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE_NAME);
    await cache.put(request, response.clone());
  }
  return response;
}

async function servePage(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get("content-type") ?? "").includes("text/html")) {
      const cache = await caches.open(CACHE_NAME);
      await cache.put(PAGE_KEY, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(PAGE_KEY, { cacheName: CACHE_NAME });
    if (cached) return cached;
    throw error;
  }
}

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || isNeverCached(url)) return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(serveAsset(request));
  else if (request.mode === "navigate") event.respondWith(servePage(request));
});
