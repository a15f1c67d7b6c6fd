import { createRoute, z } from "@hono/zod-openapi";
import {
  createMeterBodySchema,
  listMetersQuerySchema,
  meterSchema,
  updateMeterBodySchema,
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
import {
  createMeter,
  deleteMeter,
  getMeter,
  listMetersOfAccount,
  updateMeter,
} from "./meter-service.ts";

const TAGS = ["Zähler"];
const meterNotFound = errorResponse("Zähler nicht gefunden (auch für Zähler anderer Konten)");
const locationNotFound = errorResponse("Zähler, Wohneinheit oder Immobilie nicht gefunden");

const listMetersRoute = createRoute({
  method: "get",
  path: "/meters",
  tags: TAGS,
  summary:
    "Zähler nach Zählernummer; ?propertyId= schließt die Zähler der Wohneinheiten der Immobilie ein",
  request: { query: listMetersQuerySchema },
  responses: {
    200: jsonResponse(z.array(meterSchema), "Zähler"),
    401: unauthorizedResponse,
    404: errorResponse("Immobilie nicht gefunden"),
  },
});

const createMeterRoute = createRoute({
  method: "post",
  path: "/meters",
  tags: TAGS,
  summary: "Zähler anlegen (Wohneinheit oder, im Gemeinschaftsbereich, Immobilie)",
  request: jsonBody(createMeterBodySchema),
  responses: {
    201: jsonResponse(meterSchema, "Angelegt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: locationNotFound,
  },
});

const getMeterRoute = createRoute({
  method: "get",
  path: "/meters/{id}",
  tags: TAGS,
  summary: "Ein Zähler mit Standort und letztem Zählerstand",
  request: { params: idParams },
  responses: {
    200: jsonResponse(meterSchema, "Zähler"),
    401: unauthorizedResponse,
    404: meterNotFound,
  },
});

const updateMeterRoute = createRoute({
  method: "patch",
  path: "/meters/{id}",
  tags: TAGS,
  summary: "Zähler ändern; eine Wohneinheit leert die Immobilie",
  request: { params: idParams, ...jsonBody(updateMeterBodySchema) },
  responses: {
    200: jsonResponse(meterSchema, "Geändert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: locationNotFound,
  },
});

const deleteMeterRoute = createRoute({
  method: "delete",
  path: "/meters/{id}",
  tags: TAGS,
  summary: "Zähler mit seinen Zählerständen löschen",
  request: { params: idParams },
  responses: { 204: deletedResponse, 401: unauthorizedResponse, 404: meterNotFound },
});

export function createMeterRoutes(db: Db) {
  return createRouter()
    .openapi(listMetersRoute, async (c) =>
      c.json(await listMetersOfAccount(db, c.var.accountId, c.req.valid("query").propertyId), 200),
    )
    .openapi(createMeterRoute, async (c) =>
      c.json(await createMeter(db, c.var.accountId, c.req.valid("json")), 201),
    )
    .openapi(getMeterRoute, async (c) =>
      c.json(await getMeter(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(updateMeterRoute, async (c) =>
      c.json(
        await updateMeter(db, c.var.accountId, c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    )
    .openapi(deleteMeterRoute, async (c) => {
      await deleteMeter(db, c.var.accountId, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
