import { MONITORING } from "@nk/contract";
import { createMonitor, type Monitor, type SendBatch } from "./monitor";
import { observePageMetrics } from "./page-metrics";

function openLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * POST; while the page is left, as a beacon (the browser sends it after the page is gone, and a
 * service worker never holds it up), falling back to a keepalive fetch.
 */
const sendWithFetch: SendBatch = async (url, body, { isUnloading }) => {
  if (isUnloading && typeof navigator.sendBeacon === "function") {
    const isQueued = navigator.sendBeacon(
      url,
      new Blob([JSON.stringify(body)], { type: "application/json" }),
    );
    if (isQueued) return true;
  }
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
    keepalive: isUnloading,
  });
  return response.ok;
};

/** The app's one monitor; `installMonitoring` starts capturing. */
export const monitor: Monitor = createMonitor({
  storage: openLocalStorage(),
  isProduction: import.meta.env.PROD,
  send: sendWithFetch,
  readPath: () => window.location.pathname,
});

/**
 * Captures uncaught errors and unhandled rejections, page-load metrics, and in production
 * flushes every 30 seconds and when the page is hidden or left.
 */
export function installMonitoring(): void {
  window.addEventListener("error", (event) =>
    monitor.reportError("error", event.error ?? event.message),
  );
  window.addEventListener("unhandledrejection", (event) =>
    monitor.reportError("unhandledrejection", event.reason),
  );
  observePageMetrics(monitor);
  if (!import.meta.env.PROD) return;
  window.setInterval(() => void monitor.flush(), MONITORING.flushIntervalMs);
  window.addEventListener("pagehide", () => void monitor.flush({ isUnloading: true }));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void monitor.flush({ isUnloading: true });
  });
}
