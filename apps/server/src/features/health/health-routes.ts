import { createRoute } from "@hono/zod-openapi";
import { sql } from "kysely";
import { healthResponseSchema } from "@nk/contract";
import type { DatabaseHandle } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { APP_VERSION } from "../../lib/app-version.ts";

const getHealthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["System"],
  summary: "Betriebszustand und Erreichbarkeit der Datenbank",
  responses: {
    200: { content: { "application/json": { schema: healthResponseSchema } }, description: "Alles in Ordnung" },
    503: { content: { "application/json": { schema: healthResponseSchema } }, description: "Datenbank nicht erreichbar" },
  },
});

export function createHealthRoutes(database: DatabaseHandle) {
  return createRouter().openapi(getHealthRoute, async (c) => {
    let reachable = true;
    try {
      await sql`select 1`.execute(database.db);
    } catch {
      reachable = false;
    }
    const body = { status: reachable ? ("ok" as const) : ("degraded" as const), database: { reachable, driver: database.driver }, version: APP_VERSION };
    return reachable ? c.json(body, 200) : c.json(body, 503);
  });
}
