import { createRoute, z } from "@hono/zod-openapi";
import {
  lateExcuseBodySchema,
  lateExcuseResponseSchema,
  markPostedBodySchema,
  markPostedResponseSchema,
  prepaymentAdjustmentBodySchema,
  prepaymentAdjustmentResponseSchema,
  prepaymentRoundingBodySchema,
  prepaymentRoundingResponseSchema,
  previewPdfBodySchema,
  runDispatchSchema,
  runSendResponseSchema,
  sendStatementResponseSchema,
} from "@nk/contract";
import type { Context } from "hono";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  notFoundResponse,
  pdfResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { getPreviewPdf } from "./preview-pdf-service.ts";
import { getRunLettersPdf } from "./run-letters-pdf.ts";
import { getRunLettersZip } from "./run-letters-zip.ts";
import {
  applyPrepaymentAdjustment,
  setPrepaymentRounding,
} from "./prepayment-adjustment-service.ts";
import {
  getRunDispatch,
  getRunOverviewPdf,
  getTenantStatementPdf,
  markTenantStatementPosted,
  sendRunStatements,
  sendTenantStatement,
  setLateExcuse,
  type DocumentDeps,
  type PdfFile,
} from "./statement-document-service.ts";

const TAGS = ["Abrechnungen"];
const missingBillingData = errorResponse(
  "Abrechnungsdaten fehlen (BILLING_DATA_MISSING, 'Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten in den Einstellungen.')",
);

const tenantPdfRoute = createRoute({
  method: "get",
  path: "/tenant-statements/{id}/pdf",
  tags: TAGS,
  summary:
    "Abrechnungsbrief eines Mietverhältnisses als PDF (Entwurf mit ENTWURF; finalisiert einmal erzeugt und gespeichert)",
  request: { params: idParams },
  responses: {
    200: pdfResponse("Der Brief"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: missingBillingData,
  },
});

const runPdfRoute = createRoute({
  method: "get",
  path: "/statements/{id}/pdf",
  tags: TAGS,
  summary: "Alle Briefe einer gespeicherten Abrechnung in einem PDF (Seiten je Brief nummeriert)",
  request: { params: idParams },
  responses: {
    200: pdfResponse("Alle Briefe"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: missingBillingData,
  },
});

const runZipRoute = createRoute({
  method: "get",
  path: "/statements/{id}/letters.zip",
  tags: TAGS,
  summary:
    "Alle Briefe einer gespeicherten Abrechnung als ZIP, je Mietverhältnis ein PDF (benannt nach Wohneinheit und Mieter); Plan-Funktion bulkImportExport",
  request: { params: idParams },
  responses: {
    200: { content: { "application/zip": { schema: z.string() } }, description: "ZIP-Datei" },
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
    404: notFoundResponse,
    409: missingBillingData,
  },
});

const overviewPdfRoute = createRoute({
  method: "get",
  path: "/statements/{id}/overview-pdf",
  tags: TAGS,
  summary:
    "Gesamtabrechnung für den Vermieter: Kostenpositionen, Schlüssel, Anteile aller Mietverhältnisse und des Leerstands, CO₂-Aufteilung",
  request: { params: idParams },
  responses: {
    200: pdfResponse("Die Übersicht"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: missingBillingData,
  },
});

const previewPdfRoute = createRoute({
  method: "post",
  path: "/statements/preview/pdf",
  tags: TAGS,
  summary:
    "Brief eines Mietverhältnisses oder Gesamtabrechnung aus der noch nicht gespeicherten Vorschau (ENTWURF, nicht gespeichert)",
  request: jsonBody(previewPdfBodySchema),
  responses: {
    200: pdfResponse("Der Entwurf"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: missingBillingData,
  },
});

const sendRoute = createRoute({
  method: "post",
  path: "/tenant-statements/{id}/send",
  tags: TAGS,
  summary:
    "Finalisierten Brief per E-Mail mit PDF-Anhang versenden (Warteschlange; sent_at und 'sent', sobald die Mail angenommen ist)",
  request: { params: idParams },
  responses: {
    202: jsonResponse(sendStatementResponseSchema, "Versand eingereiht"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse(
      "Nicht finalisiert (STATEMENT_NOT_FINAL), keine E-Mail-Adresse (TENANT_EMAIL_MISSING) oder Abrechnungsdaten fehlen",
    ),
  },
});

const runSendRoute = createRoute({
  method: "post",
  path: "/statements/{id}/send",
  tags: TAGS,
  summary:
    "Alle per E-Mail senden: je finalisiertem, noch nicht versendetem Brief mit E-Mail-Adresse eine Mail mit PDF; Mieter ohne E-Mail-Adresse werden genannt",
  request: { params: idParams },
  responses: {
    202: jsonResponse(runSendResponseSchema, "Versand eingereiht"),
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse(
      "Nicht finalisiert (STATEMENT_NOT_FINAL) oder Abrechnungsdaten fehlen (BILLING_DATA_MISSING)",
    ),
  },
});

const markPostedRoute = createRoute({
  method: "post",
  path: "/tenant-statements/{id}/mark-posted",
  tags: TAGS,
  summary:
    "Als 'per Post versendet' markieren (nach dem Ausdrucken; der Brief wird mit dem Versanddatum gespeichert, setzt sent_at und 'sent')",
  // The body is optional: without one the letter is posted today.
  request: {
    params: idParams,
    body: { content: { "application/json": { schema: markPostedBodySchema } }, required: false },
  },
  responses: {
    200: jsonResponse(markPostedResponseSchema, "Markiert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse(
      "Nicht finalisiert (STATEMENT_NOT_FINAL), Abrechnungsdaten fehlen, oder der Mieter ist ausgezogen und der Brief ginge an die alte Wohnung (RECIPIENT_OLD_FLAT, requiresConfirmation: confirmOldAddress)",
    ),
  },
});

const runDispatchRoute = createRoute({
  method: "get",
  path: "/statements/{id}/dispatch",
  tags: TAGS,
  summary:
    "Abrechnungsfrist (§ 556 Abs. 3 BGB), Begründung einer Verspätung und je Brief: Anschrift, Warnung bei alter Wohnung, Versanddatum und was der Brief fordert oder auszahlt",
  request: { params: idParams },
  responses: {
    200: jsonResponse(runDispatchSchema, "Versandübersicht"),
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const lateExcuseRoute = createRoute({
  method: "put",
  path: "/statements/{id}/late-excuse",
  tags: TAGS,
  summary:
    "Begründung, warum die verspätete Abrechnung nicht zu vertreten ist (§ 556 Abs. 3 Satz 3 BGB); null entfernt sie",
  request: { params: idParams, ...jsonBody(lateExcuseBodySchema) },
  responses: {
    200: jsonResponse(lateExcuseResponseSchema, "Gespeichert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

// Issue 30, item 2: § 560 (4) BGB, the proposed prepayment of the letters and applying it.
const prepaymentRoundingRoute = createRoute({
  method: "put",
  path: "/statements/{id}/prepayment-rounding",
  tags: TAGS,
  summary:
    "Ob und wie die Briefe die neue monatliche Vorauszahlung vorschlagen (§ 560 Abs. 4 BGB): auf volle Euro, auf volle 5 Euro oder null (kein Vorschlag)",
  request: { params: idParams, ...jsonBody(prepaymentRoundingBodySchema) },
  responses: {
    200: jsonResponse(prepaymentRoundingResponseSchema, "Gespeichert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const prepaymentAdjustmentRoute = createRoute({
  method: "post",
  path: "/statements/{id}/prepayment-adjustment",
  tags: TAGS,
  summary:
    "Legt für jedes Mietverhältnis der Abrechnung die vorgeschlagene Vorauszahlung ab dem gewählten Monat an (§ 560 Abs. 4 BGB), in einem Schritt",
  request: { params: idParams, ...jsonBody(prepaymentAdjustmentBodySchema) },
  responses: {
    200: jsonResponse(prepaymentAdjustmentResponseSchema, "Angelegt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse(
      "Nicht finalisiert, kein Vorschlag gewählt, eine spätere Vorauszahlung ist schon erfasst, oder kein Mieter wohnt dann noch dort",
    ),
  },
});

function pdfHeaders(fileName: string): Record<string, string> {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_");
  return {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    "Cache-Control": "private, no-store",
  };
}

export function pdfAnswer(c: Context, file: PdfFile) {
  return c.body(new Uint8Array(file.bytes), 200, pdfHeaders(file.fileName));
}

/** A stored PDF streamed to the client with its length (issue 32: a run's joined letters). */
export function pdfStreamAnswer(
  c: Context,
  file: { body: ReadableStream<Uint8Array>; byteLength: number; fileName: string },
) {
  return c.body(file.body, 200, {
    ...pdfHeaders(file.fileName),
    "Content-Length": String(file.byteLength),
  });
}

export function createStatementDocumentRoutes(deps: DocumentDeps) {
  return createRouter()
    .openapi(tenantPdfRoute, async (c) =>
      pdfAnswer(c, await getTenantStatementPdf(deps, c.var.accountId, c.req.valid("param").id)),
    )
    .openapi(runPdfRoute, async (c) =>
      pdfAnswer(c, await getRunLettersPdf(deps, c.var.accountId, c.req.valid("param").id)),
    )
    .openapi(runZipRoute, async (c) => {
      const file = await getRunLettersZip(deps, c.var.accountId, c.req.valid("param").id);
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      });
    })
    .openapi(overviewPdfRoute, async (c) =>
      pdfAnswer(c, await getRunOverviewPdf(deps, c.var.accountId, c.req.valid("param").id)),
    )
    .openapi(previewPdfRoute, async (c) =>
      pdfAnswer(c, await getPreviewPdf(deps.db, c.var.accountId, c.req.valid("json"))),
    )
    .openapi(sendRoute, async (c) =>
      c.json(await sendTenantStatement(deps, c.var.accountId, c.req.valid("param").id), 202),
    )
    .openapi(runSendRoute, async (c) =>
      c.json(await sendRunStatements(deps, c.var.accountId, c.req.valid("param").id), 202),
    )
    .openapi(markPostedRoute, async (c) =>
      c.json(
        await markTenantStatementPosted(
          deps,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json") ?? {},
        ),
        200,
      ),
    )
    .openapi(runDispatchRoute, async (c) =>
      c.json(await getRunDispatch(deps, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(lateExcuseRoute, async (c) =>
      c.json(
        await setLateExcuse(
          deps.db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json").reason,
        ),
        200,
      ),
    )
    .openapi(prepaymentRoundingRoute, async (c) =>
      c.json(
        await setPrepaymentRounding(
          deps.db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json").rounding,
        ),
        200,
      ),
    )
    .openapi(prepaymentAdjustmentRoute, async (c) =>
      c.json(
        await applyPrepaymentAdjustment(
          deps.db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
    );
}
