import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  clientErrorBatchSchema,
  clientErrorReportSchema,
  clientMetricBatchSchema,
  clientMetricSchema,
  MONITORING,
  monitoringAcceptedSchema,
} from "@nk/contract";
import type { Auth } from "../../auth/auth.ts";
import { getClientAddress } from "../../auth/client-address.ts";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/database.ts";
import type { AppEnv } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { limitBody } from "../../http/middleware/limit-body.ts";
import {
  errorResponse,
  invalidResponse,
  jsonBody,
  jsonResponse,
} from "../../http/openapi-builders.ts";
import { recordClientErrors, recordClientMetrics, type Reporter } from "./monitoring-service.ts";

const accepted = jsonResponse(monitoringAcceptedSchema, "Angenommen");
const responses = {
  202: accepted,
  400: invalidResponse,
  413: errorResponse("Zu groß (höchstens 64 KB)"),
  429: errorResponse("Zu viele Meldungen in kurzer Zeit"),
};

const tags = ["Monitoring"];
const errorRoute = createRoute({
  method: "post",
  path: "/monitoring/errors",
  tags,
  summary: "Ein Fehlerbericht der Web-App",
  request: jsonBody(clientErrorReportSchema),
  responses,
});
const errorBatchRoute = createRoute({
  method: "post",
  path: "/monitoring/errors/batch",
  tags,
  summary: "Mehrere Fehlerberichte der Web-App",
  request: jsonBody(clientErrorBatchSchema),
  responses,
});
const metricRoute = createRoute({
  method: "post",
  path: "/monitoring/metrics",
  tags,
  summary: "Ein Messwert der Web-App (Dauer, Web Vitals)",
  request: jsonBody(clientMetricSchema),
  responses,
});
const metricBatchRoute = createRoute({
  method: "post",
  path: "/monitoring/metrics/batch",
  tags,
  summary: "Mehrere Messwerte der Web-App",
  request: jsonBody(clientMetricBatchSchema),
  responses,
});

/**
 * Reports of the web app (docs/rules/master-data.md#monitoring). Public, because errors happen
 * before sign-in too; with a session the account id is stored, taken from the session alone.
 */
export function createMonitoringRoutes({
  db,
  auth,
  config,
}: {
  db: Db;
  auth: Auth;
  config: Config;
}) {
  const router = createRouter();
  router.use("/monitoring/*", limitBody(MONITORING.maxBodyBytes));

  async function identify(c: Context<AppEnv>): Promise<Reporter> {
    const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (session) return { userId: session.user.id, rateLimitKey: `session:${session.session.id}` };
    return { userId: null, rateLimitKey: `address:${getClientAddress(c, config.trustProxy)}` };
  }

  return router
    .openapi(errorRoute, async (c) => {
      const accepted = await recordClientErrors(db, c.var.logger, await identify(c), [
        c.req.valid("json"),
      ]);
      return c.json({ accepted }, 202);
    })
    .openapi(errorBatchRoute, async (c) => {
      const accepted = await recordClientErrors(
        db,
        c.var.logger,
        await identify(c),
        c.req.valid("json").errors,
      );
      return c.json({ accepted }, 202);
    })
    .openapi(metricRoute, async (c) => {
      const accepted = await recordClientMetrics(db, c.var.logger, await identify(c), [
        c.req.valid("json"),
      ]);
      return c.json({ accepted }, 202);
    })
    .openapi(metricBatchRoute, async (c) => {
      const accepted = await recordClientMetrics(
        db,
        c.var.logger,
        await identify(c),
        c.req.valid("json").metrics,
      );
      return c.json({ accepted }, 202);
    });
}
