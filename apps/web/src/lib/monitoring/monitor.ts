import {
  BUILD_VERSION,
  MONITORING,
  scrubMonitoringText,
  toRoutePattern,
  type ClientErrorReport,
  type ClientMetric,
} from "@nk/contract";
import { createReportStore, type KeyValueStorage } from "./report-store";

// Monitoring of the web app (docs/rules/master-data.md#monitoring): uncaught errors and unhandled
// rejections are captured as high-severity reports and kept locally; anything slower than
// 1,000 ms is logged as a warning and kept as a metric. In production the reports are sent in
// batches every 30 seconds and when the page is left. Nothing personal is sent: texts are
// scrubbed, paths reduced to their pattern; the server adds the account id from the session.

type ErrorKind = ClientErrorReport["kind"];
type MetricUnit = ClientMetric["unit"];

/** Sends one batch; resolves true when the server took it. */
export type SendBatch = (
  url: string,
  body: unknown,
  options: { isUnloading: boolean },
) => Promise<boolean>;

export interface MonitorOptions {
  storage: KeyValueStorage | null;
  /** Sending happens in production only. */
  isProduction: boolean;
  send: SendBatch;
  /** The current page path (made a pattern before it is stored). */
  readPath: () => string;
  now?: () => Date;
}

export interface Monitor {
  reportError(kind: ErrorKind, error: unknown): void;
  recordMetric(name: string, value: number, unit: MetricUnit, path?: string): void;
  /** Records a duration; over 1,000 ms it is logged as a warning too. */
  recordDuration(name: string, ms: number, path?: string): void;
  /** Sends what has not been sent (production only). */
  flush(options?: { isUnloading?: boolean }): Promise<void>;
  readStoredErrors(): ClientErrorReport[];
  readStoredMetrics(): ClientMetric[];
}

function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error)
    return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (typeof error === "string") return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

export function createMonitor(options: MonitorOptions): Monitor {
  const now = options.now ?? (() => new Date());
  const errors = createReportStore<ClientErrorReport>(
    options.storage,
    "nk.monitoring.errors",
    MONITORING.storedErrors,
  );
  const metrics = createReportStore<ClientMetric>(
    options.storage,
    "nk.monitoring.metrics",
    MONITORING.storedMetrics,
  );
  let isFlushing = false;
  // Each distinct error is kept (and so sent) once per page load: a crash that repeats itself
  // (an error screen re-rendering, an effect failing on every change) is one report, not
  // hundreds (issue 23: 683 log lines for 69 errors).
  const reportedErrors = new Set<string>();

  const currentPath = (path?: string) => toRoutePattern(path ?? options.readPath());

  async function sendUnsent<T>(
    store: ReturnType<typeof createReportStore<T>>,
    url: string,
    field: string,
    max: number,
    isUnloading: boolean,
  ) {
    const batch = store.readUnsent(max);
    if (batch.length === 0) return;
    const isAccepted = await options
      .send(url, { [field]: batch }, { isUnloading })
      .catch(() => false);
    if (isAccepted) store.markSent(batch);
  }

  return {
    reportError(kind, error) {
      const { message, stack } = describeError(error);
      // The same message thrown at the same place is the same error, whoever reports it (React's
      // error hooks and the window's error event both see a render crash).
      const signature = `${message}\n${stack?.split("\n").find((line) => line.trim().startsWith("at ")) ?? ""}`;
      if (reportedErrors.has(signature)) return;
      reportedErrors.add(signature);
      const report: ClientErrorReport = {
        kind,
        message: scrubMonitoringText(message).slice(0, 2000) || "(ohne Meldung)",
        ...(stack ? { stack: scrubMonitoringText(stack).slice(0, 8000) } : {}),
        path: currentPath(),
        release: BUILD_VERSION,
        occurredAt: now().toISOString(),
      };
      errors.add(report);
    },
    recordMetric(name, value, unit, path) {
      if (!Number.isFinite(value) || value < 0) return;
      metrics.add({
        name,
        value: Math.round(value * 1000) / 1000,
        unit,
        path: currentPath(path),
        release: BUILD_VERSION,
        occurredAt: now().toISOString(),
      });
    },
    recordDuration(name, ms, path) {
      this.recordMetric(name, ms, "ms", path);
      if (ms > MONITORING.slowOperationMs)
        console.warn(`Langsamer Vorgang: ${name} dauerte ${Math.round(ms)} ms`, currentPath(path));
    },
    async flush({ isUnloading = false } = {}) {
      if (!options.isProduction) return;
      if (isUnloading) {
        // The page is going away: a periodic flush still in flight is aborted with it, so the
        // unload sends what is unsent regardless, both batches at once (nothing after the first
        // await runs once the page is gone). A report sent twice is better than one lost.
        await Promise.all([
          sendUnsent(
            errors,
            "/api/monitoring/errors/batch",
            "errors",
            MONITORING.maxBatchErrors,
            true,
          ),
          sendUnsent(
            metrics,
            "/api/monitoring/metrics/batch",
            "metrics",
            MONITORING.maxBatchMetrics,
            true,
          ),
        ]);
        return;
      }
      if (isFlushing) return;
      isFlushing = true;
      try {
        await sendUnsent(
          errors,
          "/api/monitoring/errors/batch",
          "errors",
          MONITORING.maxBatchErrors,
          false,
        );
        await sendUnsent(
          metrics,
          "/api/monitoring/metrics/batch",
          "metrics",
          MONITORING.maxBatchMetrics,
          false,
        );
      } finally {
        isFlushing = false;
      }
    },
    readStoredErrors: () => errors.readAll().map((e) => e.report),
    readStoredMetrics: () => metrics.readAll().map((e) => e.report),
  };
}
