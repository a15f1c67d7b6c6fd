import { createRoute } from "@hono/zod-openapi";
import { completeProfileBodySchema, meResponseSchema } from "@nk/contract";
import {
  invalidResponse,
  jsonBody,
  jsonResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { createRouter } from "../../http/create-router.ts";
import type { Db } from "../../db/database.ts";
import { completeProfile, loadMe } from "./me-service.ts";

const getMeRoute = createRoute({
  method: "get",
  path: "/me",
  tags: ["Konto"],
  summary: "Der angemeldete Benutzer mit Profil, Abonnement, Limits, Nutzung und Funktionen",
  responses: {
    200: jsonResponse(meResponseSchema, "Kontodaten"),
    401: unauthorizedResponse,
  },
});

const patchProfileRoute = createRoute({
  method: "patch",
  path: "/profile",
  tags: ["Konto"],
  summary: "Profil vervollständigen oder ändern (Vor- und Nachname, Firma, Telefon)",
  request: jsonBody(completeProfileBodySchema),
  responses: {
    200: jsonResponse(meResponseSchema, "Aktualisierte Kontodaten"),
    400: invalidResponse,
    401: unauthorizedResponse,
  },
});

export function createAccountRoutes(db: Db) {
  return createRouter()
    .openapi(getMeRoute, async (c) =>
      c.json(
        await loadMe(db, c.var.user, c.var.session, {
          accountId: c.var.accountId,
          role: c.var.role,
        }),
        200,
      ),
    )
    .openapi(patchProfileRoute, async (c) => {
      return c.json(
        await completeProfile(db, c.var.user.id, c.req.valid("json"), c.var.session, {
          accountId: c.var.accountId,
          role: c.var.role,
        }),
        200,
      );
    });
}
