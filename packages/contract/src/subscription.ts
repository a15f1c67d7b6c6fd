import { z } from "zod";
import { FEATURE_KEYS, PLANS, type PlanKey } from "./plans.ts";
import { subscriptionSchema, usageSchema } from "./me.ts";

// Subscription (docs/rules/accounts-and-plans.md#subscription, docs/rules/accounts-and-plans.md#subscription-texts, docs/rules/accounts-and-plans.md#plans-and-prices; docs/rules/accounts-and-plans.md#account-data).

/** The plans a user can choose: not the trial, not Enterprise+ (on request only). */
export const SELECTABLE_PLAN_KEYS = ["starter", "professional", "enterprise"] as const;
export type SelectablePlanKey = (typeof SELECTABLE_PLAN_KEYS)[number];

export const PLAN_NOT_SELECTABLE_MESSAGE =
  "Bitte wählen Sie Starter, Professional oder Enterprise. Enterprise+ gibt es nur auf Anfrage.";

export const changePlanBodySchema = z.object({
  plan: z.enum(SELECTABLE_PLAN_KEYS, { error: PLAN_NOT_SELECTABLE_MESSAGE }),
});
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSchema,
  limits: z.object({
    maxProperties: z.number(),
    maxUnits: z.number(),
    maxTenants: z.number(),
    maxBillingStatements: z.number(),
  }),
  usage: usageSchema,
  features: z.record(z.enum(FEATURE_KEYS), z.boolean()),
  /** Where a plan change goes: 'none' applies it at once (docs/rules/accounts-and-plans.md#account-data). */
  paymentProvider: z.enum(["none", "stripe"]),
  /** With Stripe: the Checkout page to pay on; the plan changes after the payment. */
  checkoutUrl: z.string().optional(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** docs/rules/accounts-and-plans.md#subscription-texts: the texts of the subscription actions. */
export const SUBSCRIPTION_MESSAGES = {
  planChanged: (planName: string) => `Plan erfolgreich auf ${planName} aktualisiert`,
  cancelled: "Abonnement wird am Ende der Laufzeit beendet",
  reactivated: "Abonnement erfolgreich reaktiviert",
  upgradeFailed: "Fehler beim Upgraden des Plans",
  cancelFailed: "Fehler beim Kündigen des Abonnements",
  reactivateFailed: "Fehler beim Reaktivieren des Abonnements",
  cancelConfirmation: "Möchten Sie Ihr Abonnement wirklich kündigen?",
  trialCannotBeCancelled: "Die Testphase kann nicht gekündigt werden. Sie endet automatisch.",
  alreadyCancelled: "Das Abonnement ist bereits gekündigt.",
  notCancelled: "Das Abonnement ist nicht gekündigt.",
  alreadyEnded: "Das Abonnement ist bereits beendet. Bitte wählen Sie einen Plan.",
  samePlan: "Sie nutzen diesen Plan bereits.",
  checkoutStarted: "Sie werden zur Zahlung weitergeleitet…",
  checkoutSucceeded: "Vielen Dank! Ihr Plan wird aktualisiert, sobald die Zahlung bestätigt ist.",
  checkoutCancelled: "Die Zahlung wurde abgebrochen. Ihr Plan bleibt unverändert.",
  paymentProviderFailed:
    "Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.",
} as const;

/** docs/rules/accounts-and-plans.md#usage-display: 'Kostenlos' for the trial, euro per month above 0, else 'Individuell'. */
export function formatPlanPrice(plan: PlanKey): string {
  const price = PLANS[plan].priceEurPerMonth;
  if (plan === "trial") return "Kostenlos";
  if (price > 0) return `${price} € / Monat`;
  return "Individuell";
}

/** The German status text of a subscription. */
export function describeSubscriptionStatus(
  subscription: z.infer<typeof subscriptionSchema>,
): string {
  if (subscription.plan === "trial")
    return subscription.isTrialExpired ? "Testphase abgelaufen" : "Testphase aktiv";
  if (subscription.status === "canceled") return "Beendet";
  if (subscription.cancelAtPeriodEnd) return "Gekündigt zum Ende der Laufzeit";
  return "Aktiv";
}
