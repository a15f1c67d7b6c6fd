import type { OpenAPIHono } from "@hono/zod-openapi";
import { API_KEY_REQUESTS_PER_MINUTE } from "@nk/contract";
import type { Env } from "hono";

// How a client signs its requests, as the OpenAPI document says it (issue 29, decision 1171):
// the web app's session cookie, or an Enterprise API key as `Authorization: Bearer`.

export const SESSION_SCHEME = "sitzung";
export const API_KEY_SCHEME = "apiSchluessel";

export const API_DESCRIPTION = [
  "REST über JSON; Fehler als { error: { code, message, fields? } } mit deutschen Meldungen.",
  "Anmeldung: die Sitzung der Web-App (Cookie) oder im Enterprise-Plan ein API-Schlüssel als `Authorization: Bearer nk_…` (Einstellungen → API-Schlüssel).",
  `Ein Schlüssel hat die Rechte seiner Rolle (höchstens die seines Mitglieds), gilt für dieselben Routen wie die Web-App außer den persönlichen (Profil, Kontowechsel, Einladung annehmen, Schlüsselverwaltung: 403 API_KEY_NOT_ALLOWED) und erlaubt ${API_KEY_REQUESTS_PER_MINUTE} Anfragen je Minute (danach 429 mit Retry-After).`,
  "Widerrufene, abgelaufene Schlüssel und Schlüssel entfernter Mitglieder: 401; ohne API-Zugang im Plan: 403 FEATURE_NOT_IN_PLAN.",
].join("\n\n");

type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

export function registerSecuritySchemes<E extends Env>(app: OpenAPIHono<E>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", SESSION_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "Die Sitzung nach der Anmeldung in der Web-App (POST /api/auth/sign-in/email).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "nk_…",
    description: `API-Schlüssel des Enterprise-Plans (apiAccess), erstellt von Inhaber oder Administrator in den Einstellungen; ${API_KEY_REQUESTS_PER_MINUTE} Anfragen je Minute und Schlüssel.`,
  });
}

/**
 * The document's security applies to every operation (session or key); the public routes
 * (health, sign-in, contact, …) take neither, so they say `security: []`.
 */
export function markPublicOperations(
  document: OpenApiDocument,
  isPublicPath: (path: string) => boolean,
): OpenApiDocument {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!isPublicPath(path)) continue;
    for (const method of ["get", "put", "post", "delete", "patch"] as const) {
      const operation = item[method];
      if (operation) operation.security = [];
    }
  }
  return document;
}
