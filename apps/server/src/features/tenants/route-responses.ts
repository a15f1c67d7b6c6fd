import { errorBodySchema } from "@nk/contract";
import { jsonResponse } from "../../http/openapi-builders.ts";

// The error answers the tenants area's routes share.

export const errorResponses = {
  400: jsonResponse(errorBodySchema, "Ungültige Eingaben (Feldmeldungen in error.fields)"),
  401: jsonResponse(errorBodySchema, "Nicht angemeldet"),
  404: jsonResponse(errorBodySchema, "Nicht gefunden oder gehört zu einem anderen Konto"),
} as const;

export const limitResponse = { 403: jsonResponse(errorBodySchema, "Limit erreicht (LIMIT_REACHED)") } as const;
