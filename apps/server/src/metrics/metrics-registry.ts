import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/database.ts";

// Prometheus metrics of this process (served at GET /metrics). Each instance has its own: a
// Prometheus server scrapes every instance and adds them up. Nothing here is shared state of the
// application; it only describes this process.

export const metricsRegistry = new Registry();
metricsRegistry.setDefaultLabels({ service: "nebenkosten" });
collectDefaultMetrics({ register: metricsRegistry, prefix: "nk_" });

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestsTotal = new Counter({
  name: "nk_http_requests_total",
  help: "HTTP requests by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: "nk_http_request_duration_seconds",
  help: "HTTP request durations by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

export const statementCalculationDuration = new Histogram({
  name: "nk_statement_calculation_duration_seconds",
  help: "Durations of statement calculations (engine runs on the server).",
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

export const pdfGenerationDuration = new Histogram({
  name: "nk_pdf_generation_duration_seconds",
  help: "Durations of PDF generation (one document).",
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

export const jobsProcessedTotal = new Counter({
  name: "nk_jobs_processed_total",
  help: "Background jobs run by this instance, by kind and outcome (succeeded, retried, failed, released).",
  labelNames: ["kind", "outcome"] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: "nk_job_duration_seconds",
  help: "Durations of background job runs by kind.",
  labelNames: ["kind"] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

export const clientReportsTotal = new Counter({
  name: "nk_client_reports_total",
  help: "Error reports and metrics received from web browsers.",
  labelNames: ["type"] as const,
  registers: [metricsRegistry],
});

/** The database pool gauges read the pool of the running server when scraped. */
let readPoolStats: (() => PoolStats) | null = null;

/** The server registers its pool once at start-up (bootstrap). */
export function setPoolStatsSource(source: (() => PoolStats) | null): void {
  readPoolStats = source;
}

function definePoolGauge(name: string, help: string, pick: (stats: PoolStats) => number) {
  return new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      if (readPoolStats) this.set(pick(readPoolStats()));
    },
  });
}

definePoolGauge(
  "nk_db_pool_connections",
  "Open database connections of this instance's pool.",
  (s) => s.total,
);
definePoolGauge(
  "nk_db_pool_idle_connections",
  "Idle database connections of this instance's pool.",
  (s) => s.idle,
);
definePoolGauge(
  "nk_db_pool_waiting_clients",
  "Queries waiting for a free database connection.",
  (s) => s.waiting,
);
