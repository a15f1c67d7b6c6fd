import { createRoute } from "@hono/zod-openapi";
import { billingDataBodySchema, billingDataResponseSchema } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  invalidResponse,
  jsonBody,
  jsonResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { loadBillingData, saveBillingData } from "./billing-data-service.ts";

const TAGS = ["Abrechnungsdaten"];

const getRoute = createRoute({
  method: "get",
  path: "/billing-data",
  tags: TAGS,
  summary:
    "Abrechnungsdaten (Absender aller Abrechnungen); billingData null, solange nichts gespeichert ist",
  responses: {
    200: jsonResponse(billingDataResponseSchema, "Abrechnungsdaten"),
    401: unauthorizedResponse,
  },
});

const putRoute = createRoute({
  method: "put",
  path: "/billing-data",
  tags: TAGS,
  summary:
    "Abrechnungsdaten speichern (Firma oder Name, Telefon, Anschrift, IBAN mit Prüfsumme; BIC und Bank optional)",
  request: jsonBody(billingDataBodySchema),
  responses: {
    200: jsonResponse(billingDataResponseSchema, "Gespeicherte Abrechnungsdaten"),
    400: invalidResponse,
    401: unauthorizedResponse,
  },
});

export function createBillingDataRoutes(db: Db) {
  return createRouter()
    .openapi(getRoute, async (c) => c.json(await loadBillingData(db, c.var.accountId), 200))
    .openapi(putRoute, async (c) =>
      c.json(await saveBillingData(db, c.var.accountId, c.req.valid("json")), 200),
    );
}
