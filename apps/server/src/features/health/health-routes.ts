import { createRoute } from "@hono/zod-openapi";
import { healthResponseSchema } from "@nk/contract";
import type { DatabaseHandle } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { jsonResponse } from "../../http/openapi-builders.ts";
import { checkHealth } from "./health-service.ts";

const getHealthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["System"],
  summary: "Betriebszustand und Erreichbarkeit der Datenbank",
  responses: {
    200: jsonResponse(healthResponseSchema, "Alles in Ordnung"),
    503: jsonResponse(healthResponseSchema, "Datenbank nicht erreichbar"),
  },
});

export function createHealthRoutes(database: DatabaseHandle) {
  return createRouter().openapi(getHealthRoute, async (c) => {
    const health = await checkHealth(database);
    return health.database.reachable ? c.json(health, 200) : c.json(health, 503);
  });
}
