import { createRoute, z } from "@hono/zod-openapi";
import {
  CONTACT_MESSAGES,
  contactRequestBodySchema,
  operatorInfoSchema,
  type OperatorInfo,
} from "@nk/contract";
import { getClientAddress } from "../../auth/client-address.ts";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  invalidResponse,
  jsonBody,
  jsonResponse,
} from "../../http/openapi-builders.ts";
import { submitContactRequest } from "./contact-service.ts";

const contactRoute = createRoute({
  method: "post",
  path: "/contact",
  tags: ["Öffentlich"],
  summary: "Kontaktformular der Startseite: speichert die Anfrage und sendet sie an den Betreiber",
  request: jsonBody(contactRequestBodySchema),
  responses: {
    202: jsonResponse(z.object({ message: z.string() }), "Angenommen"),
    400: invalidResponse,
    429: errorResponse("Zu viele Anfragen von dieser Adresse"),
  },
});

const operatorRoute = createRoute({
  method: "get",
  path: "/operator",
  tags: ["Öffentlich"],
  summary: "Angaben zum Betreiber für Impressum und Datenschutzerklärung (OPERATOR_*)",
  responses: { 200: jsonResponse(operatorInfoSchema, "Betreiberangaben") },
});

function describeOperator(config: Config): OperatorInfo {
  const o = config.operator;
  return { ...o, isConfigured: Boolean(o.name && o.street && o.postalCode && o.city) };
}

/** Public: the landing page's contact form and the operator's details for the legal pages. */
export function createContactRoutes({ db, config }: { db: Db; config: Config }) {
  return createRouter()
    .openapi(contactRoute, async (c) => {
      await submitContactRequest(
        db,
        config,
        c.req.valid("json"),
        getClientAddress(c, config.trustProxy),
      );
      return c.json({ message: CONTACT_MESSAGES.success }, 202);
    })
    .openapi(operatorRoute, (c) => c.json(describeOperator(config), 200));
}
