import { createRoute, z } from "@hono/zod-openapi";
import {
  billingPeriodDetailSchema,
  billingPeriodSchema,
  createBillingPeriodBodySchema,
  listBillingPeriodsQuerySchema,
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
  createBillingPeriod,
  deleteBillingPeriod,
  getBillingPeriod,
  listBillingPeriodsOfAccount,
} from "./billing-period-service.ts";

const TAGS = ["Abrechnungsperioden"];
const periodNotFound = errorResponse(
  "Abrechnungsperiode nicht gefunden (auch für Perioden anderer Konten)",
);

const listRoute = createRoute({
  method: "get",
  path: "/billing-periods",
  tags: TAGS,
  summary: "Abrechnungsperioden (Kostengruppen), neueste zuerst; ?propertyId= für eine Immobilie",
  request: { query: listBillingPeriodsQuerySchema },
  responses: {
    200: jsonResponse(z.array(billingPeriodSchema), "Abrechnungsperioden"),
    401: unauthorizedResponse,
    404: errorResponse("Immobilie nicht gefunden"),
  },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/billing-periods",
  tags: TAGS,
  summary: "Abrechnungsperiode einer Immobilie anlegen (Name 'Abrechnung {Beginn} - {Ende}')",
  request: jsonBody(createBillingPeriodBodySchema),
  responses: {
    201: jsonResponse(billingPeriodDetailSchema, "Angelegt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: errorResponse("Immobilie nicht gefunden"),
    409: errorResponse("Diese Periode gibt es für die Immobilie bereits"),
  },
});

const getRouteDef = createRoute({
  method: "get",
  path: "/billing-periods/{id}",
  tags: TAGS,
  summary: "Eine Abrechnungsperiode mit den ihr zugeordneten Zählerständen",
  request: { params: idParams },
  responses: {
    200: jsonResponse(billingPeriodDetailSchema, "Abrechnungsperiode"),
    401: unauthorizedResponse,
    404: periodNotFound,
  },
});

const deleteRouteDef = createRoute({
  method: "delete",
  path: "/billing-periods/{id}",
  tags: TAGS,
  summary: "Abrechnungsperiode löschen (nicht, solange Abrechnungen zu ihr existieren)",
  request: { params: idParams },
  responses: {
    204: deletedResponse,
    401: unauthorizedResponse,
    404: periodNotFound,
    409: errorResponse(
      "Abrechnungsperiode kann nicht gelöscht werden: Es existieren bereits Abrechnungen",
    ),
  },
});

export function createBillingPeriodRoutes(db: Db) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(
        await listBillingPeriodsOfAccount(db, c.var.accountId, c.req.valid("query").propertyId),
        200,
      ),
    )
    .openapi(createRouteDef, async (c) =>
      c.json(await createBillingPeriod(db, c.var.accountId, c.req.valid("json")), 201),
    )
    .openapi(getRouteDef, async (c) =>
      c.json(await getBillingPeriod(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(deleteRouteDef, async (c) => {
      await deleteBillingPeriod(db, c.var.accountId, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
