import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponse, idParams, notFoundResponse, unauthorizedResponse } from "../../http/openapi-builders.ts";
import { exportRunResultsCsv } from "./run-results-service.ts";

const resultsCsvRoute = createRoute({
  method: "get",
  path: "/statements/{id}/results.csv",
  tags: ["Export"],
  summary: "Ergebnisse einer gespeicherten Abrechnung als CSV (je Mietverhältnis und Kostenart; ';', UTF-8 mit BOM, Dezimalkomma; Plan-Funktion bulkImportExport)",
  request: { params: idParams },
  responses: {
    200: { content: { "text/csv": { schema: z.string() } }, description: "CSV-Datei" },
    401: unauthorizedResponse,
    403: errorResponse("Nicht im Plan (Upgrade erforderlich)"),
    404: notFoundResponse,
  },
});

export function createExportRoutes(db: Db) {
  return createRouter().openapi(resultsCsvRoute, async (c) => {
    const file = await exportRunResultsCsv(db, c.var.accountId, c.req.valid("param").id);
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "'");
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
    });
  });
}
