import { createRoute } from "@hono/zod-openapi";
import { letterBatchSchema } from "@nk/contract";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  idParams,
  jsonResponse,
  notFoundResponse,
  pdfResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import {
  getLetterBatch,
  getLetterBatchPdf,
  startLetterBatch,
  type LetterBatchDeps,
} from "./letter-batch-service.ts";
import { pdfStreamAnswer } from "./statement-document-routes.ts";

// Issue 32 (decision 1084): the letters of a whole run as a background job with progress.

const TAGS = ["Abrechnungen"];

const startRoute = createRoute({
  method: "post",
  path: "/statements/{id}/letter-batches",
  tags: TAGS,
  summary:
    "Alle Briefe einer gespeicherten Abrechnung im Hintergrund als ein PDF erstellen (Fortschritt unter /api/letter-batches/{id})",
  request: { params: idParams },
  responses: {
    202: jsonResponse(letterBatchSchema, "Erstellung eingereiht"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse("Abrechnungsdaten fehlen (BILLING_DATA_MISSING)"),
  },
});

const statusRoute = createRoute({
  method: "get",
  path: "/letter-batches/{id}",
  tags: TAGS,
  summary: "Stand der Erstellung: Status, erstellte Briefe von allen, Fehlermeldung",
  request: { params: idParams },
  responses: {
    200: jsonResponse(letterBatchSchema, "Der Stand"),
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const pdfRoute = createRoute({
  method: "get",
  path: "/letter-batches/{id}/pdf",
  tags: TAGS,
  summary: "Das PDF aller Briefe, sobald die Erstellung fertig ist",
  request: { params: idParams },
  responses: {
    200: pdfResponse("Alle Briefe"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse(
      "Noch nicht fertig (LETTER_BATCH_NOT_READY) oder fehlgeschlagen (LETTER_BATCH_FAILED)",
    ),
  },
});

export function createLetterBatchRoutes(deps: LetterBatchDeps) {
  return createRouter()
    .openapi(startRoute, async (c) =>
      c.json(await startLetterBatch(deps, c.var.accountId, c.req.valid("param").id), 202),
    )
    .openapi(statusRoute, async (c) =>
      c.json(await getLetterBatch(deps, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(pdfRoute, async (c) =>
      pdfStreamAnswer(c, await getLetterBatchPdf(deps, c.var.accountId, c.req.valid("param").id)),
    );
}
