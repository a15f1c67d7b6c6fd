import { createRoute } from "@hono/zod-openapi";
import { completeProfileBodySchema, errorBodySchema, meResponseSchema } from "@nk/contract";
import { createRouter } from "../../http/create-router.ts";
import type { Db } from "../../db/database.ts";
import { completeProfile, loadMe } from "./me-service.ts";

const unauthorizedResponse = { content: { "application/json": { schema: errorBodySchema } }, description: "Nicht angemeldet" };

const getMeRoute = createRoute({
  method: "get",
  path: "/me",
  tags: ["Konto"],
  summary: "Der angemeldete Benutzer mit Profil, Abonnement, Limits, Nutzung und Funktionen",
  responses: {
    200: { content: { "application/json": { schema: meResponseSchema } }, description: "Kontodaten" },
    401: unauthorizedResponse,
  },
});

const patchProfileRoute = createRoute({
  method: "patch",
  path: "/profile",
  tags: ["Konto"],
  summary: "Profil vervollständigen oder ändern (Vor- und Nachname, Firma, Telefon)",
  request: { body: { content: { "application/json": { schema: completeProfileBodySchema } }, required: true } },
  responses: {
    200: { content: { "application/json": { schema: meResponseSchema } }, description: "Aktualisierte Kontodaten" },
    400: { content: { "application/json": { schema: errorBodySchema } }, description: "Ungültige Eingaben" },
    401: unauthorizedResponse,
  },
});

export function createAccountRoutes(db: Db) {
  return createRouter()
    .openapi(getMeRoute, async (c) => c.json(await loadMe(db, c.var.user, c.var.session), 200))
    .openapi(patchProfileRoute, async (c) => {
      await completeProfile(db, c.var.user.id, c.req.valid("json"));
      const user = await db.selectFrom("users").selectAll().where("id", "=", c.var.user.id).executeTakeFirstOrThrow();
      return c.json(await loadMe(db, user, c.var.session), 200);
    });
}
