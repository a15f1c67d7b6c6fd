import { createRoute } from "@hono/zod-openapi";
import { DASHBOARD_RECENT_ACTIVITIES, dashboardResponseSchema } from "@nk/contract";
import { jsonResponse, unauthorizedResponse } from "../../http/openapi-builders.ts";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { listRecentActivities } from "../activity/activity-log.ts";
import { countDashboard } from "./dashboard-queries.ts";

const getDashboardRoute = createRoute({
  method: "get",
  path: "/dashboard",
  tags: ["Übersicht"],
  summary: "Zähler der Übersicht und die letzten Aktivitäten",
  responses: {
    200: jsonResponse(dashboardResponseSchema, "Übersicht"),
    401: unauthorizedResponse,
  },
});

export function createDashboardRoutes(db: Db) {
  return createRouter().openapi(getDashboardRoute, async (c) => {
    const userId = c.var.user.id;
    const [counters, recentActivities] = await Promise.all([
      countDashboard(db, userId),
      listRecentActivities(db, userId, DASHBOARD_RECENT_ACTIVITIES),
    ]);
    return c.json({ counters, recentActivities }, 200);
  });
}
