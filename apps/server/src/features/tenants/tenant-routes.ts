import { createRoute } from "@hono/zod-openapi";
import {
  buildCreateTenantBodySchema,
  buildUpdateTenantBodySchema,
  getTodayInGermany,
  moveOutBodySchema,
  tenantListQuerySchema,
  tenantListResponseSchema,
  tenantSchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { createOccupancyRoutes } from "./occupancy-routes.ts";
import { createPrepaymentRoutes } from "./prepayment-routes.ts";
import {
  deletedResponse,
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  limitReachedResponse,
  notFoundResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import {
  createTenant,
  deleteTenant,
  getTenant,
  listTenantsOfAccount,
  moveInTenant,
  moveOutTenant,
  updateTenant,
} from "./tenant-service.ts";

const TAGS = ["Mieter"];
const tenancyOverlap = errorResponse(
  "TENANCY_OVERLAP: der Mietzeitraum überschneidet sich mit dem eines anderen Mieters der Wohneinheit (Meldung nennt ihn)",
);
// The age rule (18 years) is checked against today's date in Germany at each request.
const createTenantBodySchema = buildCreateTenantBodySchema(() => getTodayInGermany());
const updateTenantBodySchema = buildUpdateTenantBodySchema(() => getTodayInGermany());

const listRoute = createRoute({
  method: "get",
  path: "/tenants",
  tags: TAGS,
  summary:
    "Mieter mit Wohneinheit und Immobilie, nach Name sortiert (optional nur einer Immobilie)",
  request: { query: tenantListQuerySchema },
  responses: {
    200: jsonResponse(tenantListResponseSchema, "Mieter"),
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/tenants/{id}",
  tags: TAGS,
  summary: "Ein Mieter",
  request: { params: idParams },
  responses: {
    200: jsonResponse(tenantSchema, "Mieter"),
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const createTenantRoute = createRoute({
  method: "post",
  path: "/tenants",
  tags: TAGS,
  summary: "Mieter anlegen (mit erster Belegung: persons, Standard die Personen der Wohneinheit)",
  request: { ...jsonBody(createTenantBodySchema) },
  responses: {
    201: jsonResponse(tenantSchema, "Angelegter Mieter"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: limitReachedResponse,
    404: notFoundResponse,
    409: tenancyOverlap,
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/tenants/{id}",
  tags: TAGS,
  summary: "Mieter ändern (Auszugsdatum gesetzt = inaktiv, geleert = aktiv)",
  request: { params: idParams, ...jsonBody(updateTenantBodySchema) },
  responses: {
    200: jsonResponse(tenantSchema, "Geänderter Mieter"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: limitReachedResponse,
    404: notFoundResponse,
    409: tenancyOverlap,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/tenants/{id}",
  tags: TAGS,
  summary: "Mieter löschen (mit Vorauszahlungen und Belegung)",
  request: { params: idParams },
  responses: { 204: deletedResponse, 401: unauthorizedResponse, 404: notFoundResponse },
});

const moveOutRoute = createRoute({
  method: "post",
  path: "/tenants/{id}/move-out",
  tags: TAGS,
  summary: "Als ausgezogen markieren: inaktiv, Auszugsdatum (Standard heute)",
  request: {
    params: idParams,
    body: { content: { "application/json": { schema: moveOutBodySchema } }, required: false },
  },
  responses: {
    200: jsonResponse(tenantSchema, "Mieter"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: tenancyOverlap,
  },
});

const moveInRoute = createRoute({
  method: "post",
  path: "/tenants/{id}/move-in",
  tags: TAGS,
  summary: "Als aktiv markieren: aktiv, Auszugsdatum geleert",
  request: { params: idParams },
  responses: {
    200: jsonResponse(tenantSchema, "Mieter"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    403: limitReachedResponse,
    409: tenancyOverlap,
  },
});

export function createTenantRoutes(db: Db) {
  const tenants = createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listTenantsOfAccount(db, c.var.accountId, c.req.valid("query").propertyId), 200),
    )
    .openapi(getRoute, async (c) =>
      c.json(await getTenant(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(createTenantRoute, async (c) =>
      c.json(await createTenant(db, c.var.accountId, c.req.valid("json")), 201),
    )
    .openapi(updateRoute, async (c) =>
      c.json(
        await updateTenant(db, c.var.accountId, c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteTenant(db, c.var.accountId, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(moveOutRoute, async (c) => {
      const body = c.req.header("content-type")?.includes("application/json")
        ? c.req.valid("json")
        : undefined;
      return c.json(
        await moveOutTenant(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          body?.moveOutDate ?? null,
          body?.forwardingAddress ?? null,
        ),
        200,
      );
    })
    .openapi(moveInRoute, async (c) =>
      c.json(await moveInTenant(db, c.var.accountId, c.req.valid("param").id), 200),
    );
  return tenants.route("/", createPrepaymentRoutes(db)).route("/", createOccupancyRoutes(db));
}
