import { createRoute } from "@hono/zod-openapi";
import {
  bankImportCommitBodySchema,
  bankImportPreviewBodySchema,
  bankImportPreviewSchema,
  bankImportResultSchema,
  houseTableBodySchema,
  houseTableSchema,
  meteringImportBodySchema,
  meteringImportPreviewSchema,
  meteringImportResultSchema,
  readingImportCommitBodySchema,
  readingImportPreviewBodySchema,
  readingImportPreviewSchema,
  readingImportResultSchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { answerImport } from "../../http/import-stream.ts";
import {
  errorResponse,
  importResponse,
  invalidResponse,
  jsonBody,
  jsonResponse,
  notFoundResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { commitBankImport, previewBankImport } from "./bank-import-service.ts";
import { readHouseTableFile } from "./house-table-service.ts";
import { commitMeteringImport, previewMeteringImport } from "./metering-import-service.ts";
import { commitReadingImport, previewReadingImport } from "./reading-import-service.ts";

const TAGS = ["Import"];

const previewRoute = createRoute({
  method: "post",
  path: "/imports/bank-statements/preview",
  tags: TAGS,
  summary:
    "Kontoauszug (camt.053 oder CSV der Bank, base64) prüfen: jede Buchung mit Status, Meldung und Vorschlag; speichert nichts",
  request: jsonBody(bankImportPreviewBodySchema),
  responses: {
    200: importResponse(bankImportPreviewSchema, "Probelauf"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse("Abrechnungen des Zeitraums sind finalisiert"),
  },
});

const commitRoute = createRoute({
  method: "post",
  path: "/imports/bank-statements",
  tags: TAGS,
  summary:
    "Kontoauszug importieren: die zugeordneten Buchungen (auch aufgeteilt) werden in einer Transaktion zu Kosten des Zeitraums; bereits importierte werden übersprungen",
  request: jsonBody(bankImportCommitBodySchema),
  responses: {
    200: importResponse(bankImportResultSchema, "Importiert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
    409: errorResponse("Abrechnungen des Zeitraums sind finalisiert"),
  },
});

const readingPreviewRoute = createRoute({
  method: "post",
  path: "/imports/readings/preview",
  tags: TAGS,
  summary:
    "Zählerstände aus einer CSV-Datei (Zählernummer, Datum, Stand; base64) prüfen: je Zeile Zähler, Status und Meldung; speichert nichts (Plan-Funktion bulkImportExport)",
  request: jsonBody(readingImportPreviewBodySchema),
  responses: {
    200: importResponse(readingImportPreviewSchema, "Probelauf"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
  },
});

const readingCommitRoute = createRoute({
  method: "post",
  path: "/imports/readings",
  tags: TAGS,
  summary:
    "Zählerstände aus einer CSV-Datei in einer Transaktion speichern; bereits erfasste werden übersprungen, niedrigere Stände brauchen confirmDecreases (409 READING_DECREASE)",
  request: jsonBody(readingImportCommitBodySchema),
  responses: {
    200: importResponse(readingImportResultSchema, "Gespeichert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
    409: errorResponse("Niedrigere Zählerstände: Bestätigung nötig"),
  },
});

const meteringPreviewRoute = createRoute({
  method: "post",
  path: "/imports/metering-results/preview",
  tags: TAGS,
  summary:
    "Ergebnisse des Messdienstes (ARGE Heiwako: D-, E835- und A-Sätze, ISO-8859-15, base64) prüfen: Wohnungen zum Zuordnen, jeder Satz mit Status und Meldung, die Positionen der Abrechnung; speichert nichts (Plan-Funktion bulkImportExport)",
  request: jsonBody(meteringImportBodySchema),
  responses: {
    200: importResponse(meteringImportPreviewSchema, "Probelauf"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
    404: notFoundResponse,
    409: errorResponse("Abrechnungen des Zeitraums sind finalisiert"),
  },
});

const meteringCommitRoute = createRoute({
  method: "post",
  path: "/imports/metering-results",
  tags: TAGS,
  summary:
    "Ergebnisse des Messdienstes übernehmen: Zuordnung merken, Ergebnisse speichern, Heiz- und Wasserkosten als Positionen „Direkt je Mietverhältnis“ mit den Anteilen nach § 35a EStG, in einer Transaktion",
  request: jsonBody(meteringImportBodySchema),
  responses: {
    200: importResponse(meteringImportResultSchema, "Übernommen"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
    404: notFoundResponse,
    409: errorResponse("Abrechnungen des Zeitraums sind finalisiert"),
  },
});

const houseTableRoute = createRoute({
  method: "post",
  path: "/imports/house-table",
  tags: TAGS,
  summary:
    "Stammdaten aus einer Tabelle (CSV oder XLSX, base64) lesen: die Zeilen als Text für das Haus-Raster (Probelauf); speichert nichts, gespeichert wird mit dem Raster (Plan-Funktion bulkImportExport)",
  request: jsonBody(houseTableBodySchema),
  responses: {
    200: jsonResponse(houseTableSchema, "Zeilen der Datei"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
  },
});

export function createImportRoutes(db: Db, importFileLimitBytes: number) {
  return createRouter()
    .openapi(previewRoute, async (c) =>
      answerImport(
        c,
        (report) =>
          previewBankImport(db, c.var.accountId, c.req.valid("json"), importFileLimitBytes, report),
        (result) => c.json(result, 200),
      ),
    )
    .openapi(commitRoute, async (c) =>
      answerImport(
        c,
        (report) =>
          commitBankImport(db, c.var.accountId, c.req.valid("json"), importFileLimitBytes, report),
        (result) => c.json(result, 200),
      ),
    )
    .openapi(readingPreviewRoute, async (c) =>
      answerImport(
        c,
        (report) =>
          previewReadingImport(
            db,
            c.var.accountId,
            c.req.valid("json"),
            importFileLimitBytes,
            report,
          ),
        (result) => c.json(result, 200),
      ),
    )
    .openapi(readingCommitRoute, async (c) =>
      answerImport(
        c,
        (report) =>
          commitReadingImport(
            db,
            c.var.accountId,
            c.req.valid("json"),
            importFileLimitBytes,
            report,
          ),
        (result) => c.json(result, 200),
      ),
    )
    .openapi(meteringPreviewRoute, async (c) =>
      answerImport(
        c,
        (report) =>
          previewMeteringImport(
            db,
            c.var.accountId,
            c.req.valid("json"),
            importFileLimitBytes,
            report,
          ),
        (result) => c.json(result, 200),
      ),
    )
    .openapi(meteringCommitRoute, async (c) =>
      answerImport(
        c,
        (report) =>
          commitMeteringImport(
            db,
            c.var.accountId,
            c.req.valid("json"),
            importFileLimitBytes,
            report,
          ),
        (result) => c.json(result, 200),
      ),
    )
    .openapi(houseTableRoute, async (c) =>
      c.json(
        await readHouseTableFile(db, c.var.accountId, c.req.valid("json"), importFileLimitBytes),
        200,
      ),
    );
}
