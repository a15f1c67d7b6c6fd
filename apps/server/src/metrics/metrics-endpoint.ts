import { timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { metricsRegistry } from "./metrics-registry.ts";

function isSameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format, for `Authorization: Bearer <METRICS_TOKEN>`. Without
 * METRICS_TOKEN the endpoint does not exist (404, like any unknown address); a missing or wrong
 * token answers 401.
 */
export function mountMetricsEndpoint(app: Hono<AppEnv>, metricsToken: string | undefined): void {
  app.get("/metrics", async (c) => {
    // Not configured: answered here, or the web app's page fallback would answer 200.
    if (!metricsToken) return c.text("Nicht gefunden.", 404);
    const header = c.req.header("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
    if (!given || !isSameToken(given, metricsToken)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Zugriff nur mit gültigem Token (METRICS_TOKEN).", 401);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await metricsRegistry.metrics(), 200, {
      "Content-Type": metricsRegistry.contentType,
    });
  });
}
