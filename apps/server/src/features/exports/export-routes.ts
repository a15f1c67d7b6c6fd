import { createRoute, z } from "@hono/zod-openapi";
import {
  getTodayInGermany,
  meteringExportQuerySchema,
  meteringFirmNumbersBodySchema,
  meteringFirmNumbersSchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  notFoundResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { exportAccountSpreadsheet } from "./account-sheet-service.ts";
import {
  exportMeteringFile,
  getMeteringFirmNumbers,
  saveMeteringFirmNumbers,
} from "./metering-export-service.ts";
import { exportRunResultsCsv } from "./run-results-service.ts";

const resultsCsvRoute = createRoute({
  method: "get",
  path: "/statements/{id}/results.csv",
  tags: ["Export"],
  summary:
    "Ergebnisse einer gespeicherten Abrechnung als CSV (je Mietverhältnis und Kostenart; ';', UTF-8 mit BOM, Dezimalkomma; Plan-Funktion bulkImportExport)",
  request: { params: idParams },
  responses: {
    200: { content: { "text/csv": { schema: z.string() } }, description: "CSV-Datei" },
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
    404: notFoundResponse,
  },
});

const meteringExportRoute = createRoute({
  method: "get",
  path: "/billing-periods/{id}/metering-export",
  tags: ["Export"],
  summary:
    "Datei für den Messdienst (ARGE Heiwako 3.05, ISO-8859-15, CR LF): part=users Liegenschaft und Nutzer (L/M, DTM305_….DAT), part=costs Brennstoff und Kosten (B/K, DTK305_….DAT); Plan-Funktion bulkImportExport",
  request: { params: idParams, query: meteringExportQuerySchema },
  responses: {
    200: {
      content: { "application/octet-stream": { schema: z.string() } },
      description: "Datei im Format des Standards, gesendet als text/plain; charset=ISO-8859-15",
    },
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
    404: notFoundResponse,
  },
});

const meteringNumbersRoute = createRoute({
  method: "get",
  path: "/billing-periods/{id}/metering-numbers",
  tags: ["Export"],
  summary:
    "Die Nummern des Messdienstes für die Immobilie des Zeitraums (Kundennummer, Liegenschaftsnummer; gemerkt, dazu die aus dem Import bekannte); Plan-Funktion bulkImportExport",
  request: { params: idParams },
  responses: {
    200: jsonResponse(meteringFirmNumbersSchema, "Nummern"),
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
    404: notFoundResponse,
  },
});

const saveMeteringNumbersRoute = createRoute({
  method: "put",
  path: "/billing-periods/{id}/metering-numbers",
  tags: ["Export"],
  summary:
    "Die Nummern des Messdienstes für die Immobilie des Zeitraums merken; der Export nimmt sie, wenn die Anfrage keine nennt",
  request: { params: idParams, ...jsonBody(meteringFirmNumbersBodySchema) },
  responses: {
    200: jsonResponse(meteringFirmNumbersSchema, "Gespeichert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich) oder keine Berechtigung"),
    404: notFoundResponse,
  },
});

const spreadsheetRoute = createRoute({
  method: "get",
  path: "/export/spreadsheet",
  tags: ["Export"],
  summary:
    "Stammdaten des Kontos als Excel-Datei (XLSX): je ein Blatt Immobilien, Wohneinheiten, Mieter, Vorauszahlungen, Zähler, Zählerstände; Plan-Funktion bulkImportExport",
  responses: {
    200: {
      content: {
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string() },
      },
      description: "XLSX-Datei",
    },
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
  },
});

export function createExportRoutes(db: Db) {
  return createRouter()
    .openapi(spreadsheetRoute, async (c) => {
      const file = await exportAccountSpreadsheet(db, c.var.accountId, getTodayInGermany());
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      });
    })
    .openapi(meteringExportRoute, async (c) => {
      const file = await exportMeteringFile(
        db,
        c.var.accountId,
        c.req.valid("param").id,
        c.req.valid("query"),
      );
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        // The standard's charset: one byte per character, positions are byte offsets.
        "Content-Type": "text/plain; charset=ISO-8859-15",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      });
    })
    .openapi(meteringNumbersRoute, async (c) =>
      c.json(await getMeteringFirmNumbers(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(saveMeteringNumbersRoute, async (c) =>
      c.json(
        await saveMeteringFirmNumbers(
          db,
          c.var.accountId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        200,
      ),
    )
    .openapi(resultsCsvRoute, async (c) => {
      const file = await exportRunResultsCsv(db, c.var.accountId, c.req.valid("param").id);
      const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "'");
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        "Cache-Control": "private, no-store",
      });
    });
}
