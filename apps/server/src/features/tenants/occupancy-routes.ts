import { createRoute } from "@hono/zod-openapi";
import {
  occupancyChangeBodySchema,
  occupancyListResponseSchema,
  occupancyUpdateBodySchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  listTenantOccupancy,
  recordOccupancyChange,
  removeOccupancyPeriod,
  updateOccupancyPersons,
} from "./occupancy-service.ts";
import {
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  notFoundResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";

const TAGS = ["Mieter"];

const listRoute = createRoute({
  method: "get",
  path: "/tenants/{id}/occupants",
  tags: TAGS,
  summary: "Belegung (Personen) eines Mieters über die Zeit, ohne Überschneidungen",
  request: { params: idParams },
  responses: {
    200: jsonResponse(occupancyListResponseSchema, "Zeiträume"),
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const changeRoute = createRoute({
  method: "post",
  path: "/tenants/{id}/occupants",
  tags: TAGS,
  summary: "Personenzahl ab einem Datum ändern (der laufende Zeitraum endet am Vortag)",
  request: { params: idParams, ...jsonBody(occupancyChangeBodySchema) },
  responses: {
    201: jsonResponse(occupancyListResponseSchema, "Alle Zeiträume danach"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/occupants/{id}",
  tags: TAGS,
  summary: "Personenzahl eines Zeitraums korrigieren",
  request: { params: idParams, ...jsonBody(occupancyUpdateBodySchema) },
  responses: {
    200: jsonResponse(occupancyListResponseSchema, "Alle Zeiträume danach"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/occupants/{id}",
  tags: TAGS,
  summary: "Zeitraum entfernen (der vorige, sonst der folgende übernimmt seine Tage)",
  request: { params: idParams },
  responses: {
    200: jsonResponse(occupancyListResponseSchema, "Alle Zeiträume danach"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse("Der einzige Zeitraum kann nicht entfernt werden"),
  },
});

export function createOccupancyRoutes(db: Db) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listTenantOccupancy(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(changeRoute, async (c) =>
      c.json(
        await recordOccupancyChange(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        201,
      ),
    )
    .openapi(updateRoute, async (c) =>
      c.json(
        await updateOccupancyPersons(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
    )
    .openapi(deleteRoute, async (c) =>
      c.json(await removeOccupancyPeriod(db, c.var.accountId, c.req.valid("param").id), 200),
    );
}
