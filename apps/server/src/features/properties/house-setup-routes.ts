import { createRoute } from "@hono/zod-openapi";
import {
  buildHouseSetupBodySchema,
  describeHouseSetupErrors,
  getTodayInGermany,
  houseSetupResponseSchema,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { ValidationFailed } from "../../domain/domain-errors.ts";
import { collectFieldErrors } from "../../domain/zod-field-errors.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  limitReachedResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { saveHouseSetup } from "./house-setup-service.ts";

const houseSetupRoute = createRoute({
  method: "post",
  path: "/properties/{id}/house-setup",
  tags: ["Immobilien"],
  summary:
    "Das Haus in einer Tabelle: Wohneinheiten, Mieter, Vorauszahlungen, Zähler und Zählerstände in einem Schritt (alles oder nichts)",
  request: { params: idParams, ...jsonBody(buildHouseSetupBodySchema(getTodayInGermany)) },
  responses: {
    201: jsonResponse(houseSetupResponseSchema, "Gespeichert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: limitReachedResponse,
    404: errorResponse("Immobilie nicht gefunden (auch für Immobilien anderer Konten)"),
  },
});

export function createHouseSetupRoutes(db: Db) {
  return createRouter().openapi(
    houseSetupRoute,
    async (c) => {
      const actor = { userId: c.var.accountId, userAgent: c.req.header("user-agent") ?? null };
      return c.json(
        await saveHouseSetup(db, actor, c.req.valid("param").id, c.req.valid("json")),
        201,
      );
    },
    // The message names the first wrong row and cell; the cells keep their own messages.
    (result) => {
      if (!result.success) {
        const fields = collectFieldErrors(result.error);
        throw new ValidationFailed(
          fields,
          result.target === "json" ? describeHouseSetupErrors(fields) : undefined,
        );
      }
      return undefined;
    },
  );
}
