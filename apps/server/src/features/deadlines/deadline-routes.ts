import { createRoute } from "@hono/zod-openapi";
import { deadlineOverviewSchema } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { jsonResponse, unauthorizedResponse } from "../../http/openapi-builders.ts";
import { loadDeadlineOverview } from "./deadline-service.ts";

const getDeadlinesRoute = createRoute({
  method: "get",
  path: "/deadlines",
  tags: ["Fristen"],
  summary:
    "Abrechnungsfristen (§ 556 Abs. 3 BGB) je Immobilie und Abrechnungszeitraum, Versand je Mietverhältnis",
  responses: {
    200: jsonResponse(deadlineOverviewSchema, "Fristenübersicht"),
    401: unauthorizedResponse,
  },
});

export function createDeadlineRoutes(db: Db) {
  return createRouter().openapi(getDeadlinesRoute, async (c) =>
    c.json(await loadDeadlineOverview(db, c.var.accountId), 200),
  );
}
