import { z } from "zod";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { errorResponse, jsonResponse } from "./openapi-builders.ts";
import {
  authProvidersResponseSchema,
  changePasswordBodySchema,
  newPasswordBodySchema,
  resetRequestBodySchema,
  signInBodySchema,
  signUpBodySchema,
  updateUserBodySchema,
} from "@nk/contract";

const okBody = z.object({ status: z.boolean() });
const sessionUser = z.object({
  token: z.string().nullable(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});

/** better-auth's routes as this product exposes them, so /api/openapi.json lists every route. */
export function registerAuthPaths<E extends Env>(app: OpenAPIHono<E>) {
  const r = app.openAPIRegistry;
  r.registerPath({
    method: "post",
    path: "/api/auth/sign-up/email",
    tags: ["Anmeldung"],
    summary: "Registrieren (E-Mail und Passwort)",
    request: {
      body: { content: { "application/json": { schema: signUpBodySchema } }, required: true },
    },
    responses: {
      200: jsonResponse(sessionUser, "Konto angelegt, Sitzung gesetzt"),
      400: errorResponse("Ungültige Eingaben"),
      422: errorResponse("E-Mail bereits registriert"),
    },
  });
  r.registerPath({
    method: "post",
    path: "/api/auth/sign-in/email",
    tags: ["Anmeldung"],
    summary: "Anmelden (rememberMe: 30 Tage, sonst Browsersitzung bis 12 h)",
    request: {
      body: { content: { "application/json": { schema: signInBodySchema } }, required: true },
    },
    responses: {
      200: jsonResponse(sessionUser, "Angemeldet"),
      401: errorResponse("Falsche Zugangsdaten"),
      429: errorResponse("Zu viele Fehlversuche"),
    },
  });
  r.registerPath({
    method: "post",
    path: "/api/auth/sign-out",
    tags: ["Anmeldung"],
    summary: "Abmelden",
    responses: { 200: jsonResponse(z.object({ success: z.boolean() }), "Abgemeldet") },
  });
  r.registerPath({
    method: "post",
    path: "/api/auth/request-password-reset",
    tags: ["Anmeldung"],
    summary: "Link zum Zurücksetzen des Passworts anfordern",
    request: {
      body: { content: { "application/json": { schema: resetRequestBodySchema } }, required: true },
    },
    responses: {
      200: jsonResponse(okBody, "Angenommen (gleiche Antwort für unbekannte Adressen)"),
      429: errorResponse("Zu viele Anfragen"),
    },
  });
  r.registerPath({
    method: "post",
    path: "/api/auth/reset-password",
    tags: ["Anmeldung"],
    summary: "Neues Passwort mit dem Link-Token setzen",
    request: {
      body: { content: { "application/json": { schema: newPasswordBodySchema } }, required: true },
    },
    responses: {
      200: jsonResponse(okBody, "Passwort geändert, andere Sitzungen beendet"),
      400: errorResponse("Token ungültig, abgelaufen oder Passwort zu schwach"),
    },
  });
  r.registerPath({
    method: "post",
    path: "/api/auth/change-password",
    tags: ["Anmeldung"],
    summary: "Passwort ändern (beendet alle anderen Sitzungen, setzt eine neue)",
    request: {
      body: {
        content: { "application/json": { schema: changePasswordBodySchema } },
        required: true,
      },
    },
    responses: {
      200: jsonResponse(sessionUser, "Passwort geändert"),
      400: errorResponse("Aktuelles Passwort falsch oder neues zu schwach"),
      401: errorResponse("Nicht angemeldet"),
    },
  });
  r.registerPath({
    method: "post",
    path: "/api/auth/update-user",
    tags: ["Anmeldung"],
    summary: "Namen und Bild des Kontos ändern (die E-Mail nicht)",
    request: {
      body: { content: { "application/json": { schema: updateUserBodySchema } }, required: true },
    },
    responses: {
      200: jsonResponse(okBody, "Gespeichert"),
      400: errorResponse("Ungültige Eingaben"),
      401: errorResponse("Nicht angemeldet"),
    },
  });
  r.registerPath({
    method: "get",
    path: "/api/auth/get-session",
    tags: ["Anmeldung"],
    summary: "Aktuelle Sitzung",
    responses: {
      200: jsonResponse(
        z
          .object({
            session: z.record(z.string(), z.unknown()),
            user: z.record(z.string(), z.unknown()),
          })
          .nullable(),
        "Sitzung oder null",
      ),
    },
  });
  r.registerPath({
    method: "post",
    path: "/api/auth/sign-in/social",
    tags: ["Anmeldung"],
    summary: "Anmeldung mit Google, Facebook oder Apple starten",
    request: {
      body: {
        content: {
          "application/json": {
            schema: z.object({
              provider: z.enum(["google", "facebook", "apple"]),
              callbackURL: z.string().optional(),
            }),
          },
        },
        required: true,
      },
    },
    responses: {
      200: jsonResponse(
        z.object({ url: z.string(), redirect: z.boolean() }),
        "Weiterleitung zum Anbieter",
      ),
      400: errorResponse("Anbieter nicht konfiguriert"),
    },
  });
  r.registerPath({
    method: "get",
    path: "/api/auth/callback/{provider}",
    tags: ["Anmeldung"],
    summary: "Rückkehr vom Anmeldeanbieter (setzt die Sitzung, leitet zu /auth/callback)",
    request: { params: z.object({ provider: z.string() }) },
    responses: { 302: { description: "Weiterleitung" } },
  });
  r.registerPath({
    method: "post",
    path: "/api/auth/callback/{provider}",
    tags: ["Anmeldung"],
    summary:
      "Rückkehr vom Anmeldeanbieter als Formular (Apple, response_mode form_post); leitet zur GET-Adresse weiter",
    request: {
      params: z.object({ provider: z.string() }),
      body: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: z.object({
              code: z.string().optional(),
              state: z.string().optional(),
              error: z.string().optional(),
              user: z.string().optional(),
            }),
          },
        },
      },
    },
    responses: {
      302: { description: "Weiterleitung" },
      400: errorResponse("Ungültige Zeichen im Formular"),
    },
  });
  r.registerPath({
    method: "get",
    path: "/api/auth/error",
    tags: ["Anmeldung"],
    summary:
      "Fehlgeschlagene Anmeldung beim Anbieter: Weiterleitung zu /login?error=<Code> (deutsche Meldung dort)",
    request: { query: z.object({ error: z.string().optional() }) },
    responses: { 302: { description: "Weiterleitung zu /login" } },
  });
  r.registerPath({
    method: "get",
    path: "/api/auth-providers",
    tags: ["Anmeldung"],
    summary: "Welche Anmeldeanbieter konfiguriert sind",
    responses: { 200: jsonResponse(authProvidersResponseSchema, "Anbieter") },
  });
}
