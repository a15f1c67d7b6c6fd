import { createRoute } from "@hono/zod-openapi";
import { deleteCookie } from "hono/cookie";
import {
  accountExportSchema,
  changePlanBodySchema,
  deleteAccountBodySchema,
  notificationSettingsSchema,
  subscriptionResponseSchema,
} from "@nk/contract";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../files/file-storage.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  invalidResponse,
  jsonBody,
  jsonResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { deleteAccount, exportAccount } from "./account-data-service.ts";
import {
  loadNotificationSettings,
  saveNotificationSettings,
} from "./notification-settings-service.ts";
import {
  cancelSubscription,
  changePlan,
  loadSubscription,
  reactivateSubscription,
  type PaymentSettings,
} from "./subscription-change-service.ts";

const tags = ["Einstellungen"];
const subscriptionAnswer = jsonResponse(
  subscriptionResponseSchema,
  "Abonnement mit Limits, Nutzung und Funktionen",
);

const getSubscriptionRoute = createRoute({
  method: "get",
  path: "/subscription",
  tags,
  summary: "Das Abonnement des Kontos (eine Testphase wird bei Bedarf angelegt)",
  responses: { 200: subscriptionAnswer, 401: unauthorizedResponse },
});

const changePlanRoute = createRoute({
  method: "post",
  path: "/subscription/plan",
  tags,
  summary:
    "Plan wechseln: ohne Zahlungsanbieter sofort wirksam; mit Stripe die Adresse der Zahlungsseite (checkoutUrl), der Plan wechselt nach der bestätigten Zahlung",
  request: jsonBody(changePlanBodySchema),
  responses: {
    200: subscriptionAnswer,
    400: invalidResponse,
    401: unauthorizedResponse,
    409: errorResponse(
      "Derselbe Plan (SAME_PLAN) oder der Bestand passt nicht in den Plan (PLAN_TOO_SMALL)",
    ),
    502: errorResponse("Der Zahlungsanbieter ist nicht erreichbar"),
  },
});

const cancelRoute = createRoute({
  method: "post",
  path: "/subscription/cancel",
  tags,
  summary: "Zum Ende der Laufzeit kündigen",
  responses: {
    200: subscriptionAnswer,
    401: unauthorizedResponse,
    409: errorResponse(
      "Testphase (TRIAL_NOT_CANCELLABLE) oder bereits gekündigt (ALREADY_CANCELLED)",
    ),
  },
});

const reactivateRoute = createRoute({
  method: "post",
  path: "/subscription/reactivate",
  tags,
  summary: "Kündigung zurücknehmen, solange die Laufzeit läuft",
  responses: {
    200: subscriptionAnswer,
    401: unauthorizedResponse,
    409: errorResponse("Nicht gekündigt (NOT_CANCELLED) oder bereits beendet (SUBSCRIPTION_ENDED)"),
  },
});

const getNotificationsRoute = createRoute({
  method: "get",
  path: "/notification-settings",
  tags,
  summary: "E-Mail-Benachrichtigungen (Voreinstellung: Abrechnung und System an, Marketing aus)",
  responses: {
    200: jsonResponse(notificationSettingsSchema, "Benachrichtigungen"),
    401: unauthorizedResponse,
  },
});

const putNotificationsRoute = createRoute({
  method: "put",
  path: "/notification-settings",
  tags,
  summary: "E-Mail-Benachrichtigungen speichern",
  request: jsonBody(notificationSettingsSchema),
  responses: {
    200: jsonResponse(notificationSettingsSchema, "Gespeicherte Benachrichtigungen"),
    400: invalidResponse,
    401: unauthorizedResponse,
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/export",
  tags,
  summary: "Alle Daten des Kontos als JSON (Art. 20 DSGVO)",
  responses: { 200: jsonResponse(accountExportSchema, "Export"), 401: unauthorizedResponse },
});

const deleteAccountRoute = createRoute({
  method: "delete",
  path: "/account",
  tags,
  summary: "Konto und alle Daten endgültig löschen (Bestätigung: LÖSCHEN)",
  request: jsonBody(deleteAccountBodySchema),
  responses: {
    204: { description: "Gelöscht; die Sitzung ist beendet" },
    400: invalidResponse,
    401: unauthorizedResponse,
  },
});

/** better-auth's cookies (default prefix 'better-auth'). */
const SESSION_COOKIES = [
  "better-auth.session_token",
  "better-auth.session_data",
  "better-auth.dont_remember",
];

export function createSettingsRoutes(
  db: Db,
  config: Pick<Config, "stripe" | "publicUrl">,
  files: FileStorage,
) {
  const payment: PaymentSettings = { stripe: config.stripe, publicUrl: config.publicUrl };
  return createRouter()
    .openapi(getSubscriptionRoute, async (c) =>
      c.json(await loadSubscription(db, c.var.accountId, payment), 200),
    )
    .openapi(changePlanRoute, async (c) =>
      c.json(await changePlan(db, c.var.user, c.req.valid("json"), payment), 200),
    )
    .openapi(cancelRoute, async (c) =>
      c.json(await cancelSubscription(db, c.var.accountId, payment), 200),
    )
    .openapi(reactivateRoute, async (c) =>
      c.json(await reactivateSubscription(db, c.var.accountId, payment), 200),
    )
    .openapi(getNotificationsRoute, async (c) =>
      c.json(await loadNotificationSettings(db, c.var.user.id), 200),
    )
    .openapi(putNotificationsRoute, async (c) =>
      c.json(await saveNotificationSettings(db, c.var.user.id, c.req.valid("json")), 200),
    )
    .openapi(exportRoute, async (c) => {
      const data = await exportAccount(db, c.var.accountId);
      c.header(
        "content-disposition",
        `attachment; filename="nebenkosten-export-${data.exportedAt.slice(0, 10)}.json"`,
      );
      return c.json(data, 200);
    })
    .openapi(deleteAccountRoute, async (c) => {
      await deleteAccount({ db, files, logger: c.var.logger }, c.var.accountId);
      // The session rows are gone with the account; the browser forgets its cookies too.
      for (const name of SESSION_COOKIES) deleteCookie(c, name, { path: "/" });
      for (const name of SESSION_COOKIES)
        deleteCookie(c, `__Secure-${name}`, { path: "/", secure: true });
      return c.body(null, 204);
    });
}
