import { createRoute, z } from "@hono/zod-openapi";
import {
  monthlyInformationLettersSchema,
  monthlyInformationMarkPostedBodySchema,
  monthlyInformationMarkPostedResultSchema,
  monthlyInformationQuerySchema,
  monthlyInformationSettingsBodySchema,
  monthlyInformationSettingsSchema,
  monthlyInformationSchema,
  monthlyInformationSendBodySchema,
  monthlyInformationSendResultSchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  forbiddenResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  notFoundResponse,
  pdfResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { pdfAnswer } from "../statement-documents/statement-document-routes.ts";
import {
  getMonthlyInformationPdf,
  getMonthlyInformationPrintPdf,
  listMonthlyInformationLetters,
  loadMonthlyInformation,
  loadMonthlyInformationSettings,
  markMonthlyInformationPosted,
  saveMonthlyInformationSettings,
  sendMonthlyInformation,
} from "./monthly-information-service.ts";

// Issue 30, item 2 (decision 1630): the § 6a (1), (2) HeizkV monthly consumption information.

const TAGS = ["Verbrauchsinformation"];

const getInformationRoute = createRoute({
  method: "get",
  path: "/properties/{id}/monthly-information",
  tags: TAGS,
  summary:
    "Monatliche Verbrauchsinformation (§ 6a HeizkV) je Mietverhältnis einer Immobilie für einen Monat",
  request: { params: idParams, query: monthlyInformationQuerySchema },
  responses: {
    200: jsonResponse(monthlyInformationSchema, "Die Werte je Mietverhältnis"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const tenantParams = idParams.extend({
  tenantId: z.string().openapi({ param: { name: "tenantId", in: "path" } }),
});

const getLetterRoute = createRoute({
  method: "get",
  path: "/properties/{id}/monthly-information/{tenantId}/pdf",
  tags: TAGS,
  summary: "Brief mit der monatlichen Verbrauchsinformation eines Mieters als PDF",
  request: { params: tenantParams, query: monthlyInformationQuerySchema },
  responses: {
    200: pdfResponse("Der Brief"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const sendRoute = createRoute({
  method: "post",
  path: "/properties/{id}/monthly-information/send",
  tags: TAGS,
  summary:
    "Monatliche Verbrauchsinformation eines Monats per E-Mail an alle Mieter mit Adresse senden (je Mieter und Monat einmal)",
  request: { params: idParams, ...jsonBody(monthlyInformationSendBodySchema) },
  responses: {
    202: jsonResponse(monthlyInformationSendResultSchema, "Versand eingeplant"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: forbiddenResponse,
    404: notFoundResponse,
  },
});

const lettersRoute = createRoute({
  method: "get",
  path: "/properties/{id}/monthly-information/letters",
  tags: TAGS,
  summary: "Versandte monatliche Verbrauchsinformationen der Immobilie, der neueste Monat zuerst",
  request: { params: idParams },
  responses: {
    200: jsonResponse(monthlyInformationLettersSchema, "Die Briefe je Monat"),
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

const printRoute = createRoute({
  method: "get",
  path: "/properties/{id}/monthly-information/print",
  tags: TAGS,
  summary:
    "Briefe eines Monats für alle Mieter ohne E-Mail-Adresse, die noch nicht informiert wurden, in einem PDF zum Drucken",
  request: { params: idParams, query: monthlyInformationQuerySchema },
  responses: {
    200: pdfResponse("Die Briefe, je Mieter ab einer neuen Seite"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse("Kein Brief zu drucken"),
  },
});

const markPostedRoute = createRoute({
  method: "post",
  path: "/properties/{id}/monthly-information/mark-posted",
  tags: TAGS,
  summary:
    "Bestätigen, dass die gedruckten Verbrauchsinformationen eines Monats an diese Mieter per Post versendet wurden",
  request: { params: idParams, ...jsonBody(monthlyInformationMarkPostedBodySchema) },
  responses: {
    200: jsonResponse(monthlyInformationMarkPostedResultSchema, "Vermerkt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: forbiddenResponse,
    404: notFoundResponse,
  },
});

const getSettingsRoute = createRoute({
  method: "get",
  path: "/monthly-information/settings",
  tags: TAGS,
  summary: "Ob die Verbrauchsinformation jeden Monat automatisch per E-Mail versendet wird",
  responses: {
    200: jsonResponse(monthlyInformationSettingsSchema, "Die Einstellung"),
    401: unauthorizedResponse,
  },
});

const putSettingsRoute = createRoute({
  method: "put",
  path: "/monthly-information/settings",
  tags: TAGS,
  summary: "Automatischen monatlichen Versand der Verbrauchsinformation an- oder ausschalten",
  request: jsonBody(monthlyInformationSettingsBodySchema),
  responses: {
    200: jsonResponse(monthlyInformationSettingsSchema, "Die gespeicherte Einstellung"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: forbiddenResponse,
  },
});

export function createMonthlyInformationRoutes(db: Db, options: { sendDay: number }) {
  return createRouter()
    .openapi(getSettingsRoute, async (c) =>
      c.json(await loadMonthlyInformationSettings(db, c.var.accountId, options.sendDay), 200),
    )
    .openapi(putSettingsRoute, async (c) =>
      c.json(
        await saveMonthlyInformationSettings(
          db,
          c.var.accountId,
          c.req.valid("json").autoSend,
          options.sendDay,
        ),
        200,
      ),
    )
    .openapi(printRoute, async (c) =>
      pdfAnswer(
        c,
        await getMonthlyInformationPrintPdf(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("query").month,
        ),
      ),
    )
    .openapi(markPostedRoute, async (c) =>
      c.json(
        await markMonthlyInformationPosted(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
    )
    .openapi(sendRoute, async (c) =>
      c.json(
        await sendMonthlyInformation(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json").month,
        ),
        202,
      ),
    )
    .openapi(lettersRoute, async (c) =>
      c.json(
        await listMonthlyInformationLetters(db, c.var.accountId, c.req.valid("param").id),
        200,
      ),
    )
    .openapi(getInformationRoute, async (c) =>
      c.json(
        await loadMonthlyInformation(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("query").month,
        ),
        200,
      ),
    )
    .openapi(getLetterRoute, async (c) => {
      const { id, tenantId } = c.req.valid("param");
      return pdfAnswer(
        c,
        await getMonthlyInformationPdf(
          db,
          c.var.accountId,
          id,
          tenantId,
          c.req.valid("query").month,
        ),
      );
    });
}
