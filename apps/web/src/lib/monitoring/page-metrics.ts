import type { Monitor } from "./monitor";

// Performance metrics of the specification's monitoring constants: page load time, DOM content
// loaded, first contentful paint, largest contentful paint, cumulative layout shift and first
// input delay, each recorded once per page load.

function observe(type: string, onEntries: (entries: PerformanceEntry[]) => void): void {
  try {
    new PerformanceObserver((list) => onEntries(list.getEntries())).observe({
      type,
      buffered: true,
    });
  } catch {
    // This browser does not know the entry type.
  }
}

export function observePageMetrics(monitor: Monitor): void {
  const path = window.location.pathname;
  window.addEventListener("load", () => {
    // loadEventEnd is set once the load handlers have run.
    window.setTimeout(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      if (!navigation) return;
      monitor.recordDuration("page.load", navigation.loadEventEnd, path);
      monitor.recordMetric(
        "page.dom_content_loaded",
        navigation.domContentLoadedEventEnd,
        "ms",
        path,
      );
    }, 0);
  });
  observe("paint", (entries) => {
    const fcp = entries.find((e) => e.name === "first-contentful-paint");
    if (fcp) monitor.recordMetric("web_vitals.fcp", fcp.startTime, "ms", path);
  });
  let largestPaint = 0;
  observe("largest-contentful-paint", (entries) => {
    for (const entry of entries) largestPaint = Math.max(largestPaint, entry.startTime);
  });
  let layoutShift = 0;
  observe("layout-shift", (entries) => {
    for (const entry of entries as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) layoutShift += entry.value;
    }
  });
  observe("first-input", (entries) => {
    const first = entries[0] as (PerformanceEntry & { processingStart: number }) | undefined;
    if (first)
      monitor.recordMetric("web_vitals.fid", first.processingStart - first.startTime, "ms", path);
  });
  // LCP and CLS are final when the page is first hidden.
  let isReported = false;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden" || isReported) return;
    isReported = true;
    if (largestPaint > 0) monitor.recordMetric("web_vitals.lcp", largestPaint, "ms", path);
    monitor.recordMetric("web_vitals.cls", layoutShift, "score", path);
  });
}
