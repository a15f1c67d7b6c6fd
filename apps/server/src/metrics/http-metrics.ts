import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { findMatchedRoutePath } from "../http/matched-route.ts";
import { httpRequestDuration, httpRequestsTotal } from "./metrics-registry.ts";

/**
 * The route label is the pattern that answered (`/api/properties/:id`), never the raw path, so
 * ids do not multiply the series. The web app's pages and files count as one route, `web`.
 */
function findRouteLabel(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  if (!c.req.path.startsWith("/api/") && c.req.path !== "/metrics") return "web";
  return findMatchedRoutePath(c);
}

/** Counts every request and observes its duration by method, route pattern and status. */
export function httpMetrics(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = {
        method: c.req.method,
        route: findRouteLabel(c),
        status: String(c.res.status),
      };
      httpRequestsTotal.inc(labels);
      httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
    }
  };
}
