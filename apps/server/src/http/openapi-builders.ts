import { z } from "@hono/zod-openapi";
import {
  errorBodySchema,
  IMPORT_PROGRESS_CONTENT_TYPE,
  importStreamLineSchema,
} from "@nk/contract";

// The one set of builders for route definitions (createRoute): responses, bodies, id params.

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/**
 * The 200 answer of an import route (decision 1700): JSON, or with `Accept: application/x-ndjson`
 * lines of progress and then the result or the error (importStreamLineSchema).
 */
export const importResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: {
    "application/json": { schema },
    [IMPORT_PROGRESS_CONTENT_TYPE]: { schema: importStreamLineSchema },
  },
  description: `${description}; mit Accept: ${IMPORT_PROGRESS_CONTENT_TYPE} als JSON-Zeilen: Fortschritt, dann Ergebnis oder Fehler`,
});

export const errorResponse = (description: string) => jsonResponse(errorBodySchema, description);

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

export const idParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

// The error answers every route shares. A route names its own 404 and 409 with errorResponse
// ("Zähler nicht gefunden (auch für Zähler anderer Konten)"), so the document says what is missing.
export const invalidResponse = errorResponse(
  "Ungültige Eingaben, mit Meldungen je Feld (error.fields)",
);
export const unauthorizedResponse = errorResponse("Nicht angemeldet");
export const limitReachedResponse = errorResponse(
  "Limit des Plans erreicht (LIMIT_REACHED, 'Limit erreicht')",
);
export const notFoundResponse = errorResponse("Nicht gefunden oder gehört zu einem anderen Konto");
export const forbiddenResponse = errorResponse(
  "Die Rolle des Mitglieds erlaubt das nicht (INSUFFICIENT_PERMISSIONS)",
);
export const deletedResponse = { description: "Gelöscht" };

/** A PDF file (statement letters, overviews): the bytes themselves. */
export const pdfResponse = (description: string) => ({
  content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
  description,
});
