import { createRoute } from "@hono/zod-openapi";
import {
  activityListQuerySchema,
  activityListResponseSchema,
  activityStatsResponseSchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  invalidResponse,
  jsonResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { loadActivities, loadActivityStats } from "./activity-feed-service.ts";

const tags = ["Aktivitäten"];

const listRoute = createRoute({
  method: "get",
  path: "/activities",
  tags,
  summary:
    "Aktivitäten des Kontos, neueste zuerst (Filter: from, to, areas, actions, q; Seiten: limit, offset)",
  request: { query: activityListQuerySchema },
  responses: {
    200: jsonResponse(activityListResponseSchema, "Aktivitäten und Gesamtzahl"),
    400: invalidResponse,
    401: unauthorizedResponse,
  },
});

const statsRoute = createRoute({
  method: "get",
  path: "/activities/stats",
  tags,
  summary: "Statistik: gesamt, heute, 7 Tage, Monat, häufigste Aktion und Bereich, die letzten 5",
  responses: {
    200: jsonResponse(activityStatsResponseSchema, "Statistik"),
    401: unauthorizedResponse,
  },
});

export function createActivityRoutes(db: Db) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await loadActivities(db, c.var.accountId, c.req.valid("query")), 200),
    )
    .openapi(statsRoute, async (c) => c.json(await loadActivityStats(db, c.var.accountId), 200));
}
