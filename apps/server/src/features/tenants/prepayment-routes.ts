import { createRoute } from "@hono/zod-openapi";
import {
  prepaymentBodySchema,
  prepaymentListResponseSchema,
  prepaymentSchema,
  prepaymentWriteResponseSchema,
  updatePrepaymentBodySchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  createPrepayment,
  deactivatePrepayment,
  listTenantPrepayments,
  updatePrepayment,
} from "./prepayment-service.ts";
import {
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  notFoundResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";

const TAGS = ["Vorauszahlungen"];

const listRoute = createRoute({
  method: "get",
  path: "/tenants/{id}/prepayments",
  tags: TAGS,
  summary: "Vorauszahlungen eines Mieters (aktive und inaktive, nach Gültig ab)",
  request: { params: idParams },
  responses: {
    200: jsonResponse(prepaymentListResponseSchema, "Vorauszahlungen"),
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const createPrepaymentRoute = createRoute({
  method: "post",
  path: "/tenants/{id}/prepayments",
  tags: TAGS,
  summary: "Vorauszahlung anlegen (monthlyAmount als Dezimaltext; Warnungen in warnings)",
  request: { params: idParams, ...jsonBody(prepaymentBodySchema) },
  responses: {
    201: jsonResponse(prepaymentWriteResponseSchema, "Angelegt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/prepayments/{id}",
  tags: TAGS,
  summary: "Vorauszahlung ändern",
  request: { params: idParams, ...jsonBody(updatePrepaymentBodySchema) },
  responses: {
    200: jsonResponse(prepaymentWriteResponseSchema, "Geändert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/prepayments/{id}",
  tags: TAGS,
  summary: "Vorauszahlung löschen (deaktivieren: is_active false)",
  request: { params: idParams },
  responses: {
    200: jsonResponse(prepaymentSchema, "Deaktiviert"),
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

export function createPrepaymentRoutes(db: Db) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listTenantPrepayments(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(createPrepaymentRoute, async (c) =>
      c.json(
        await createPrepayment(db, c.var.accountId, c.req.valid("param").id, c.req.valid("json")),
        201,
      ),
    )
    .openapi(updateRoute, async (c) =>
      c.json(
        await updatePrepayment(db, c.var.accountId, c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    )
    .openapi(deleteRoute, async (c) =>
      c.json(await deactivatePrepayment(db, c.var.accountId, c.req.valid("param").id), 200),
    );
}
