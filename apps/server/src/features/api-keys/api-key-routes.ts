import { createRoute } from "@hono/zod-openapi";
import { apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from "@nk/contract";
import type { Context } from "hono";
import type { Db } from "../../db/database.ts";
import type { AppEnv } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  forbiddenResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  notFoundResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import type { Actor } from "../team/team-service.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-key-service.ts";

const tags = ["API-Schlüssel"];
const listAnswer = jsonResponse(
  apiKeyListSchema,
  "Die API-Schlüssel des Kontos (ohne Geheimnis) und ob der Plan sie erlaubt",
);
const browserOnly = errorResponse(
  "Die Rolle erlaubt das nicht (INSUFFICIENT_PERMISSIONS) oder die Anfrage kam mit einem API-Schlüssel (API_KEY_NOT_ALLOWED)",
);

const listRoute = createRoute({
  method: "get",
  path: "/api-keys",
  tags,
  summary: "Die API-Schlüssel des Kontos (Inhaber und Administratoren, nur in der Web-App)",
  responses: { 200: listAnswer, 401: unauthorizedResponse, 403: browserOnly },
});

const createKeyRoute = createRoute({
  method: "post",
  path: "/api-keys",
  tags,
  summary:
    "Einen API-Schlüssel erstellen (Enterprise, apiAccess): Name, Rolle (höchstens die eigene, nie Inhaber) und optional der letzte gültige Tag; das Geheimnis steht nur in dieser Antwort",
  request: jsonBody(createApiKeyBodySchema),
  responses: {
    201: jsonResponse(
      createdApiKeySchema,
      "Erstellt; token ist der Schlüssel für Authorization: Bearer",
    ),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse(
      "Nicht im Plan (FEATURE_NOT_IN_PLAN), die Rolle erlaubt es nicht oder Anfrage mit einem API-Schlüssel",
    ),
  },
});

const revokeRoute = createRoute({
  method: "delete",
  path: "/api-keys/{id}",
  tags,
  summary: "Einen API-Schlüssel widerrufen; Anfragen mit ihm werden ab sofort mit 401 abgelehnt",
  request: { params: idParams },
  responses: {
    200: listAnswer,
    401: unauthorizedResponse,
    403: forbiddenResponse,
    404: notFoundResponse,
  },
});

function actorOf(c: Context<AppEnv>): Actor {
  return { accountId: c.var.accountId, userId: c.var.user.id, role: c.var.role };
}

export function createApiKeyRoutes(db: Db) {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listApiKeys(db, actorOf(c)), 200))
    .openapi(createKeyRoute, async (c) =>
      c.json(await createApiKey(db, actorOf(c), c.req.valid("json")), 201),
    )
    .openapi(revokeRoute, async (c) =>
      c.json(await revokeApiKey(db, actorOf(c), c.req.valid("param").id), 200),
    );
}
