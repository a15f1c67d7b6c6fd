import { createRoute, z } from "@hono/zod-openapi";
import {
  bulkReadingsBodySchema,
  bulkReadingsResponseSchema,
  createReadingBodySchema,
  readingSchema,
} from "@nk/contract";
import type { Db } from "../../../db/database.ts";
import { createRouter } from "../../../http/create-router.ts";
import {
  deletedResponse,
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  unauthorizedResponse,
} from "../../../http/openapi-builders.ts";
import { saveBulkReadings } from "./bulk-reading-service.ts";
import { addReading, deleteReading, listReadings } from "./reading-service.ts";

const TAGS = ["Zählerstände"];
const meterNotFound = errorResponse("Zähler nicht gefunden (auch für Zähler anderer Konten)");
const decreaseResponse = errorResponse(
  "READING_DECREASE mit requiresConfirmation: der Stand ist niedriger als der vorherige (oder höher als ein späterer); mit confirmDecrease: true erneut senden",
);

const listRoute = createRoute({
  method: "get",
  path: "/meters/{id}/readings",
  tags: TAGS,
  summary: "Zählerstände eines Zählers, neuestes Ablesedatum zuerst",
  request: { params: idParams },
  responses: {
    200: jsonResponse(z.array(readingSchema), "Zählerstände"),
    401: unauthorizedResponse,
    404: meterNotFound,
  },
});

const addRoute = createRoute({
  method: "post",
  path: "/meters/{id}/readings",
  tags: TAGS,
  summary: "Zählerstand erfassen (manuell, Prüfstatus 'pending')",
  request: { params: idParams, ...jsonBody(createReadingBodySchema) },
  responses: {
    201: jsonResponse(readingSchema, "Erfasst"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: meterNotFound,
    409: decreaseResponse,
  },
});

const deleteRouteDef = createRoute({
  method: "delete",
  path: "/readings/{id}",
  tags: TAGS,
  summary: "Zählerstand löschen",
  request: { params: idParams },
  responses: {
    204: deletedResponse,
    401: unauthorizedResponse,
    404: errorResponse("Zählerstand nicht gefunden"),
  },
});

const bulkRoute = createRoute({
  method: "post",
  path: "/readings/bulk",
  tags: TAGS,
  summary:
    "Zählerstände einer Abrechnungsperiode gesammelt speichern (je Zähler ändern oder neu anlegen, alles oder nichts)",
  request: jsonBody(bulkReadingsBodySchema),
  responses: {
    200: jsonResponse(bulkReadingsResponseSchema, "Gespeichert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: errorResponse("Abrechnungsperiode oder Zähler nicht gefunden"),
    409: decreaseResponse,
  },
});

export function createReadingRoutes(db: Db) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listReadings(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(addRoute, async (c) =>
      c.json(
        await addReading(db, c.var.accountId, c.req.valid("param").id, c.req.valid("json")),
        201,
      ),
    )
    .openapi(bulkRoute, async (c) =>
      c.json(await saveBulkReadings(db, c.var.accountId, c.req.valid("json")), 200),
    )
    .openapi(deleteRouteDef, async (c) => {
      await deleteReading(db, c.var.accountId, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
