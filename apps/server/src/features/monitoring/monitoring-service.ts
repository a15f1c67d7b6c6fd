import {
  MONITORING,
  MONITORING_RATE_LIMITED_MESSAGE,
  scrubMonitoringText,
  toRoutePattern,
  type ClientErrorReport,
  type ClientMetric,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { clientReportsTotal } from "../../metrics/metrics-registry.ts";
import { assertWithinRateLimit } from "../../rate-limit/fixed-window-limit.ts";
import { insertClientErrors, insertClientMetrics } from "./monitoring-queries.ts";

/** Who sends: the session when signed in, else the client address (for the rate limit only). */
export interface Reporter {
  userId: string | null;
  rateLimitKey: string;
}

// A tab flushes every 30 s and on unload (two requests each): 60 a minute leaves room for
// several tabs and refuses a flood.
const MONITORING_RULE = { windowSeconds: 60, max: 60, message: MONITORING_RATE_LIMITED_MESSAGE };

function scrubError(report: ClientErrorReport): ClientErrorReport {
  return {
    ...report,
    message: scrubMonitoringText(report.message),
    stack: report.stack === undefined ? undefined : scrubMonitoringText(report.stack),
    path: report.path === undefined ? undefined : toRoutePattern(report.path),
  };
}

function scrubMetric(metric: ClientMetric): ClientMetric {
  return { ...metric, path: metric.path === undefined ? undefined : toRoutePattern(metric.path) };
}

/** Stores the browser's error reports (scrubbed again: the server does not trust the client) and logs each. */
export async function recordClientErrors(
  db: Db,
  logger: Logger,
  reporter: Reporter,
  reports: ClientErrorReport[],
): Promise<number> {
  await assertWithinRateLimit(db, `monitoring:${reporter.rateLimitKey}`, MONITORING_RULE);
  const errors = reports.map(scrubError);
  await insertClientErrors(db, reporter.userId, errors);
  clientReportsTotal.inc({ type: "error" }, errors.length);
  for (const e of errors) {
    logger.warn("client.error", {
      userId: reporter.userId,
      kind: e.kind,
      message: e.message,
      path: e.path,
      release: e.release,
      occurredAt: e.occurredAt,
      stack: e.stack,
    });
  }
  return errors.length;
}

/** Stores the browser's metrics; slow operations (over 1,000 ms) are logged as warnings. */
export async function recordClientMetrics(
  db: Db,
  logger: Logger,
  reporter: Reporter,
  reports: ClientMetric[],
): Promise<number> {
  await assertWithinRateLimit(db, `monitoring:${reporter.rateLimitKey}`, MONITORING_RULE);
  const metrics = reports.map(scrubMetric);
  await insertClientMetrics(db, reporter.userId, metrics);
  clientReportsTotal.inc({ type: "metric" }, metrics.length);
  for (const m of metrics) {
    const isSlow = m.unit === "ms" && m.value > MONITORING.slowOperationMs;
    logger[isSlow ? "warn" : "debug"](isSlow ? "client.slow_operation" : "client.metric", {
      userId: reporter.userId,
      name: m.name,
      value: m.value,
      unit: m.unit,
      path: m.path,
      release: m.release,
    });
  }
  return metrics.length;
}
