import { createRoute, z } from "@hono/zod-openapi";
import {
  billingPeriodCostsBodySchema,
  billingPeriodCostsSchema,
  quickSetupTemplatesResponseSchema,
  statementConsumptionSchema,
  statementPreviewBodySchema,
  statementPreviewSchema,
  statementRunSchema,
  statementSaveBodySchema,
  statementSaveResultSchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  limitReachedResponse,
  notFoundResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { getBillingPeriodCosts, putBillingPeriodCosts } from "./costs-service.ts";
import { deriveConsumption } from "./statement-calculation-service.ts";
import { getStatementRun, previewStatement, saveStatement } from "./statement-run-service.ts";
import type { StatementCalculator } from "./statement-calculation-pool.ts";
import { listQuickSetupTemplates } from "./template-service.ts";

const TAGS = ["Abrechnungen"];
const periodNotFound = errorResponse(
  "Abrechnungsperiode nicht gefunden (auch für Perioden anderer Konten)",
);
const calculationInvalid = errorResponse(
  "Ungültige Eingaben (error.fields), fehlende Zählerstände (MISSING_READINGS) oder Berechnungsfehler (CALCULATION_FAILED): alle Meldungen in error.details",
);

const getCostsRoute = createRoute({
  method: "get",
  path: "/billing-periods/{id}/costs",
  tags: TAGS,
  summary: "Kostenpositionen, CO₂-Angaben und manuelle Verbrauchswerte einer Abrechnungsperiode",
  request: { params: idParams },
  responses: {
    200: jsonResponse(billingPeriodCostsSchema, "Gespeicherte Eingaben"),
    401: unauthorizedResponse,
    404: periodNotFound,
  },
});

const putCostsRoute = createRoute({
  method: "put",
  path: "/billing-periods/{id}/costs",
  tags: TAGS,
  summary: "Eingaben der Periode speichern, während der Nutzer tippt (ersetzt die bisherigen)",
  request: { params: idParams, ...jsonBody(billingPeriodCostsBodySchema) },
  responses: {
    200: jsonResponse(billingPeriodCostsSchema, "Gespeichert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: periodNotFound,
    409: errorResponse("Die Abrechnung der Periode ist finalisiert"),
  },
});

const consumptionRoute = createRoute({
  method: "get",
  path: "/billing-periods/{id}/consumption",
  tags: TAGS,
  summary:
    "Verbrauch je Wohneinheit und Zählerart aus den Zählerständen, mit den fehlenden Ständen",
  request: { params: idParams },
  responses: {
    200: jsonResponse(statementConsumptionSchema, "Verbrauchswerte"),
    401: unauthorizedResponse,
    404: periodNotFound,
  },
});

const templatesRoute = createRoute({
  method: "get",
  path: "/statements/templates",
  tags: TAGS,
  summary:
    "Quick-Setup-Vorlagen (Planfunktion quickSetupTemplates); ?propertyId= nennt die empfohlene",
  request: { query: z.object({ propertyId: z.string().optional() }) },
  responses: {
    200: jsonResponse(quickSetupTemplatesResponseSchema, "Vorlagen"),
    401: unauthorizedResponse,
    403: errorResponse("Upgrade erforderlich (FEATURE_NOT_IN_PLAN)"),
    404: notFoundResponse,
  },
});

const previewRoute = createRoute({
  method: "post",
  path: "/statements/preview",
  tags: TAGS,
  summary:
    "Vorschau: Eingabe (Berechnungsvertrag v1.1) aus den gespeicherten Daten, Ergebnis, Warnungen, Verbrauch",
  request: jsonBody(statementPreviewBodySchema),
  responses: {
    200: jsonResponse(statementPreviewSchema, "Vorschau"),
    400: calculationInvalid,
    401: unauthorizedResponse,
    404: periodNotFound,
  },
});

const saveRoute = createRoute({
  method: "post",
  path: "/statements",
  tags: TAGS,
  summary: "Abrechnung speichern (Entwurf ersetzt den bisherigen) oder finalisieren",
  request: jsonBody(statementSaveBodySchema),
  responses: {
    201: jsonResponse(statementSaveResultSchema, "Gespeichert"),
    400: calculationInvalid,
    401: unauthorizedResponse,
    403: limitReachedResponse,
    404: periodNotFound,
    409: errorResponse("Die Abrechnung ist bereits finalisiert; eine Änderung ist eine Korrektur"),
  },
});

const getRunRoute = createRoute({
  method: "get",
  path: "/statements/{id}",
  tags: TAGS,
  summary: "Eine gespeicherte Abrechnung mit ihrem Snapshot (nach dem Finalisieren unveränderlich)",
  request: { params: idParams },
  responses: {
    200: jsonResponse(statementRunSchema, "Abrechnung"),
    401: unauthorizedResponse,
    404: errorResponse("Abrechnung nicht gefunden (auch für Abrechnungen anderer Konten)"),
  },
});

export function createStatementRoutes(db: Db, calculator: StatementCalculator) {
  return createRouter()
    .openapi(getCostsRoute, async (c) =>
      c.json(await getBillingPeriodCosts(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(putCostsRoute, async (c) =>
      c.json(
        await putBillingPeriodCosts(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
    )
    .openapi(consumptionRoute, async (c) =>
      c.json(await deriveConsumption(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(templatesRoute, async (c) =>
      c.json(
        await listQuickSetupTemplates(db, c.var.accountId, c.req.valid("query").propertyId),
        200,
      ),
    )
    .openapi(previewRoute, async (c) =>
      c.json((await previewStatement(db, c.var.accountId, c.req.valid("json"))) as never, 200),
    )
    .openapi(saveRoute, async (c) =>
      c.json(
        await saveStatement(
          db,
          c.var.accountId,
          c.var.role,
          c.req.valid("json"),
          calculator,
          c.var.logger,
        ),
        201,
      ),
    )
    .openapi(getRunRoute, async (c) =>
      c.json((await getStatementRun(db, c.var.accountId, c.req.valid("param").id)) as never, 200),
    );
}
