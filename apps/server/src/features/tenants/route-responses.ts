import type { z } from "zod";
import { errorBodySchema } from "@nk/contract";

// Shared OpenAPI response entries of the tenants area's routes.

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

export const errorResponses = {
  400: jsonContent(errorBodySchema, "Ungültige Eingaben (Feldmeldungen in error.fields)"),
  401: jsonContent(errorBodySchema, "Nicht angemeldet"),
  404: jsonContent(errorBodySchema, "Nicht gefunden oder gehört zu einem anderen Konto"),
} as const;

export const limitResponse = { 403: jsonContent(errorBodySchema, "Limit erreicht (LIMIT_REACHED)") } as const;
