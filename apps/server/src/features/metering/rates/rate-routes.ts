import { createRoute, z } from "@hono/zod-openapi";
import {
  getRegionalAverage,
  listRatesQuerySchema,
  rateBodySchema,
  rateSchema,
  regionalAverageSchema,
  regionalDefaultsQuerySchema,
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
import { createRate, deleteRate, getRate, listRates, updateRate } from "./rate-service.ts";

const TAGS = ["Versorgertarife"];
const rateNotFound = errorResponse(
  "Tarif nicht gefunden (auch gelöschte und Tarife anderer Konten)",
);
const priceWarning = errorResponse(
  "RATE_PRICE_WARNING mit requiresConfirmation: Preis unter 50 % oder über 200 % des regionalen Durchschnitts; mit confirmPriceWarning: true erneut senden",
);

const regionalDefaultsRoute = createRoute({
  method: "get",
  path: "/rates/regional-defaults",
  tags: TAGS,
  summary:
    "Regionale Durchschnittspreise (Teil 1, Abschnitt 9); andere Regionen fallen auf Deutschland zurück",
  request: { query: regionalDefaultsQuerySchema },
  responses: {
    200: jsonResponse(regionalAverageSchema, "Durchschnittswerte"),
    400: invalidResponse,
    401: unauthorizedResponse,
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/rates",
  tags: TAGS,
  summary:
    "Aktive Tarife nach Versorgungsart und Priorität; ?propertyId= liefert die Tarife der Immobilie und die globalen",
  request: { query: listRatesQuerySchema },
  responses: {
    200: jsonResponse(z.array(rateSchema), "Tarife"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: errorResponse("Immobilie nicht gefunden"),
  },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/rates",
  tags: TAGS,
  summary: "Tarif anlegen (mit Stufen bei HT/NT- und Staffeltarifen)",
  request: jsonBody(rateBodySchema),
  responses: {
    201: jsonResponse(rateSchema, "Angelegt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: errorResponse("Immobilie nicht gefunden"),
    409: priceWarning,
  },
});

const getRouteDef = createRoute({
  method: "get",
  path: "/rates/{id}",
  tags: TAGS,
  summary: "Ein aktiver Tarif mit Stufen",
  request: { params: idParams },
  responses: {
    200: jsonResponse(rateSchema, "Tarif"),
    401: unauthorizedResponse,
    404: rateNotFound,
  },
});

const updateRouteDef = createRoute({
  method: "patch",
  path: "/rates/{id}",
  tags: TAGS,
  summary: "Tarif ändern (der ganze Tarif mit seinen Stufen)",
  request: { params: idParams, ...jsonBody(rateBodySchema) },
  responses: {
    200: jsonResponse(rateSchema, "Geändert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: rateNotFound,
    409: priceWarning,
  },
});

const deleteRouteDef = createRoute({
  method: "delete",
  path: "/rates/{id}",
  tags: TAGS,
  summary: "Tarif löschen (deaktivieren: is_active false)",
  request: { params: idParams },
  responses: { 204: deletedResponse, 401: unauthorizedResponse, 404: rateNotFound },
});

export function createRateRoutes(db: Db) {
  return createRouter()
    .openapi(regionalDefaultsRoute, (c) => {
      const query = c.req.valid("query");
      return c.json(getRegionalAverage(query.utilityType, query.region), 200);
    })
    .openapi(listRoute, async (c) =>
      c.json(await listRates(db, c.var.accountId, c.req.valid("query")), 200),
    )
    .openapi(createRouteDef, async (c) =>
      c.json(await createRate(db, c.var.accountId, c.req.valid("json")), 201),
    )
    .openapi(getRouteDef, async (c) =>
      c.json(await getRate(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(updateRouteDef, async (c) =>
      c.json(
        await updateRate(db, c.var.accountId, c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    )
    .openapi(deleteRouteDef, async (c) => {
      await deleteRate(db, c.var.accountId, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
