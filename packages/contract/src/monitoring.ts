import { z } from "zod";

// Monitoring of the web app (docs/rules/master-data.md#monitoring and 'Monitoring constants'):
// the browser keeps its last reports locally and, in production, sends them in batches to
// POST /api/monitoring/errors/batch and /api/monitoring/metrics/batch (single reports to
// /errors and /metrics). No personal data beyond the account id, which the server takes from
// the session: texts are scrubbed of e-mail addresses, IBANs, query strings and tokens, paths
// are reduced to their route pattern.

export const MONITORING = {
  /** Locally stored errors: the last 50. */
  storedErrors: 50,
  /** Locally stored metrics: the last 100. */
  storedMetrics: 100,
  /** Anything slower than this is logged as a warning. */
  slowOperationMs: 1000,
  /** The buffer is flushed every 30 seconds in production and on page unload. */
  flushIntervalMs: 30_000,
  maxBatchErrors: 50,
  maxBatchMetrics: 100,
  /** Largest accepted monitoring request body. */
  maxBodyBytes: 64 * 1024,
} as const;

/** Build version (docs/rules/master-data.md#monitoring). */
export const BUILD_VERSION = "1.0.0";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const IBAN = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/g;
const URL_QUERY = /(\b(?:https?:\/\/[^\s?#"']*|\/[^\s?#"']*))[?#][^\s"')]*/g;
const SECRET_PARAM = /\b(token|password|passwort|secret|code|key)=([^&\s"']+)/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** Removes what could identify a person from a report text (message, stack). */
export function scrubMonitoringText(text: string): string {
  return text
    .replace(URL_QUERY, "$1")
    .replace(SECRET_PARAM, "$1=[entfernt]")
    .replace(EMAIL, "[E-Mail]")
    .replace(IBAN, "[IBAN]");
}

/** A page or API path as its pattern: no query, no fragment, ids replaced by ':id'. */
export function toRoutePattern(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? "";
  return withoutQuery
    .replace(UUID, ":id")
    .split("/")
    .map((segment) => (/^\d+$/.test(segment) || segment.includes("@") ? ":id" : segment))
    .join("/")
    .slice(0, 300);
}

// The same years as a calendar date (calendar-dates.ts); year 0000 is no timestamp PostgreSQL stores.
const occurredAt = z.iso
  .datetime({ offset: true, error: "occurredAt muss ein ISO-Zeitpunkt sein" })
  .refine(
    (value) => value.slice(0, 4) >= "1900" && value.slice(0, 4) <= "2199",
    "occurredAt muss ein ISO-Zeitpunkt sein",
  );
const path = z.string().max(500).optional();
const release = z.string().max(50).optional();

export const clientErrorKinds = ["error", "unhandledrejection", "react", "console"] as const;

export const clientErrorReportSchema = z.object({
  kind: z.enum(clientErrorKinds),
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  path,
  release,
  occurredAt,
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

export const clientMetricUnits = ["ms", "score", "count"] as const;

export const clientMetricSchema = z.object({
  /** e.g. 'api.slow', 'route.load', 'page.load', 'web_vitals.lcp' */
  name: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/, "name: Kleinbuchstaben, Ziffern, . _ -"),
  value: z.number().finite().min(0).max(1e9),
  unit: z.enum(clientMetricUnits),
  path,
  release,
  occurredAt,
});
export type ClientMetric = z.infer<typeof clientMetricSchema>;

export const clientErrorBatchSchema = z.object({
  errors: z.array(clientErrorReportSchema).min(1).max(MONITORING.maxBatchErrors),
});
export const clientMetricBatchSchema = z.object({
  metrics: z.array(clientMetricSchema).min(1).max(MONITORING.maxBatchMetrics),
});

export const monitoringAcceptedSchema = z.object({ accepted: z.number().int() });

export const MONITORING_RATE_LIMITED_MESSAGE =
  "Zu viele Überwachungsdaten in kurzer Zeit. Bitte später erneut senden.";
