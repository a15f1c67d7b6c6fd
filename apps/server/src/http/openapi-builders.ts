import { z } from "@hono/zod-openapi";
import { errorBodySchema } from "@nk/contract";

// The one set of builders for route definitions (createRoute): responses, bodies, id params.

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

export const errorResponse = (description: string) => jsonResponse(errorBodySchema, description);

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

export const idParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

export const unauthorizedResponse = errorResponse("Nicht angemeldet");
export const invalidResponse = errorResponse("Ungültige Eingaben, mit Meldungen je Feld");
export const deletedResponse = { description: "Gelöscht" };
