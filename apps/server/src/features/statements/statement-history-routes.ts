import { createRoute } from "@hono/zod-openapi";
import {
  statementCorrectionSchema,
  statementListQuerySchema,
  statementListSchema,
  statementTransitionBodySchema,
  statementTransitionResultSchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../files/file-storage.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { createCorrection } from "./statement-correction-service.ts";
import { listStatementRuns } from "./statement-history-service.ts";
import {
  deleteStatementRun,
  transitionRun,
  transitionTenantStatement,
} from "./statement-transition-service.ts";

// The statement history and the status machine (issue 12; docs/rules/statements.md#history, docs/rules/statements.md#statuses).

const TAGS = ["Abrechnungen"];
const notFound = errorResponse("Abrechnung nicht gefunden (auch für Abrechnungen anderer Konten)");
const refused = errorResponse(
  "Statuswechsel nicht erlaubt, PDF fehlt, Abrechnung finalisiert (TRANSITION_REFUSED) oder Abrechnungsdaten fehlen",
);

const listRoute = createRoute({
  method: "get",
  path: "/statements",
  tags: TAGS,
  summary:
    "Gespeicherte Abrechnungen (Läufe) seitenweise: Filter nach Immobilie, Status und Suchtext, Sortierung, Gesamtzahl",
  request: { query: statementListQuerySchema },
  responses: {
    200: jsonResponse(statementListSchema, "Eine Seite der Abrechnungen"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: errorResponse("Immobilie nicht gefunden (auch für Immobilien anderer Konten)"),
  },
});

const runTransitionRoute = createRoute({
  method: "post",
  path: "/statements/{id}/transition",
  tags: TAGS,
  summary: "Statuswechsel aller Mieterabrechnungen eines Laufs (alle oder keine)",
  request: { params: idParams, ...jsonBody(statementTransitionBodySchema) },
  responses: {
    200: jsonResponse(statementTransitionResultSchema, "Neuer Status"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFound,
    409: refused,
  },
});

const tenantTransitionRoute = createRoute({
  method: "post",
  path: "/tenant-statements/{id}/transition",
  tags: TAGS,
  summary: "Statuswechsel einer Mieterabrechnung",
  request: { params: idParams, ...jsonBody(statementTransitionBodySchema) },
  responses: {
    200: jsonResponse(statementTransitionResultSchema, "Neuer Status"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFound,
    409: refused,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/statements/{id}",
  tags: TAGS,
  summary: "Entwurf einer Abrechnung löschen (finalisierte: 409, nur archivieren oder korrigieren)",
  request: { params: idParams },
  responses: {
    204: { description: "Gelöscht" },
    401: unauthorizedResponse,
    404: notFound,
    409: errorResponse("Die Abrechnung ist finalisiert (STATEMENT_FINAL)"),
  },
});

const correctionRoute = createRoute({
  method: "post",
  path: "/statements/{id}/corrections",
  tags: TAGS,
  summary:
    "Korrektur einer finalisierten Abrechnung: Version n+1 als Entwurf mit den Eingaben von Version n",
  request: { params: idParams },
  responses: {
    201: jsonResponse(statementCorrectionSchema, "Korrektur angelegt"),
    401: unauthorizedResponse,
    404: notFound,
    409: errorResponse(
      "Nicht finalisiert (STATEMENT_NOT_FINAL) oder bereits korrigiert (CORRECTION_EXISTS)",
    ),
  },
});

export function createStatementHistoryRoutes(db: Db, files: FileStorage) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listStatementRuns(db, c.var.accountId, c.req.valid("query")), 200),
    )
    .openapi(runTransitionRoute, async (c) =>
      c.json(
        await transitionRun(
          db,
          c.var.accountId,
          c.var.role,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
    )
    .openapi(correctionRoute, async (c) =>
      c.json(await createCorrection(db, c.var.accountId, c.req.valid("param").id), 201),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteStatementRun(db, files, c.var.accountId, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(tenantTransitionRoute, async (c) =>
      c.json(
        await transitionTenantStatement(
          db,
          c.var.accountId,
          c.var.role,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
    );
}
