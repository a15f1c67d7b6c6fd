import { createRoute } from "@hono/zod-openapi";
import { dashboardResponseSchema } from "@nk/contract";
import { jsonResponse, unauthorizedResponse } from "../../http/openapi-builders.ts";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { loadDashboard } from "./dashboard-service.ts";

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
  return createRouter().openapi(getDashboardRoute, async (c) =>
    c.json(await loadDashboard(db, c.var.accountId), 200),
  );
}
