import {
  buildFeatureFlags,
  PLANS,
  SUBSCRIPTION_MESSAGES,
  type ChangePlanBody,
  type FeatureFlags,
  type FeatureKey,
  type PlanKey,
  type SubscriptionResponse,
  type Usage,
} from "@nk/contract";
import type { StripeConfig } from "../../config/env.ts";
import type { Db } from "../../db/database.ts";
import { Conflict, FeatureNotInPlan } from "../../domain/domain-errors.ts";
import { logActivity } from "../activity/activity-log.ts";
import { createCheckoutSession, setCancelAtPeriodEnd } from "./payment/stripe-client.ts";
import {
  lockSubscription,
  updateCancellation,
  updateSubscriptionPlan,
} from "./subscription-queries.ts";
import { addMonths, describeSubscription, ensureSubscription } from "./subscription-service.ts";
import { countUsage } from "./usage-queries.ts";
import { inAccountTransaction } from "./account-transaction.ts";

// Plan change, cancel and reactivate (docs/rules/accounts-and-plans.md#subscription; docs/rules/accounts-and-plans.md#account-data). Without a
// payment provider a change applies at once (self-hosted mode); with Stripe an upgrade goes
// through Checkout and the plan changes only when the verified webhook confirms the payment
// (payment/stripe-webhook-service.ts).

export interface PaymentSettings {
  stripe: StripeConfig | undefined;
  publicUrl: string;
}

const NO_PAYMENT_PROVIDER: PaymentSettings = { stripe: undefined, publicUrl: "" };

export async function loadSubscription(
  db: Db,
  userId: string,
  payment: PaymentSettings = NO_PAYMENT_PROVIDER,
): Promise<SubscriptionResponse> {
  const subscription = describeSubscription(await ensureSubscription(db, userId));
  return {
    subscription,
    limits: PLANS[subscription.plan].limits,
    usage: await countUsage(db, userId),
    features: buildFeatureFlags(subscription.plan),
    paymentProvider: payment.stripe ? "stripe" : "none",
  };
}

const USAGE_CHECKS: {
  limit: keyof (typeof PLANS)["trial"]["limits"];
  usage: keyof Usage;
  noun: string;
}[] = [
  { limit: "maxProperties", usage: "currentProperties", noun: "Immobilien" },
  { limit: "maxUnits", usage: "currentUnits", noun: "Wohneinheiten" },
  { limit: "maxTenants", usage: "currentTenants", noun: "aktive Mieter" },
  { limit: "maxBillingStatements", usage: "currentBillingStatements", noun: "Abrechnungen" },
];

/** A smaller plan must hold what the account already has; otherwise nothing changes (409). */
function assertUsageFits(plan: PlanKey, usage: Usage): void {
  const limits = PLANS[plan].limits;
  const over = USAGE_CHECKS.filter(
    (c) => limits[c.limit] !== -1 && usage[c.usage] > limits[c.limit],
  );
  if (over.length === 0) return;
  const parts = over.map((c) => `${usage[c.usage]} ${c.noun} (erlaubt: ${limits[c.limit]})`);
  throw new Conflict(
    `Der Plan ${PLANS[plan].name} reicht für Ihren Bestand nicht aus: ${parts.join(", ")}. Bitte verkleinern Sie zuerst Ihren Bestand oder wählen Sie einen größeren Plan.`,
    { code: "PLAN_TOO_SMALL" },
  );
}

export async function changePlan(
  db: Db,
  user: { id: string; email: string },
  body: ChangePlanBody,
  payment: PaymentSettings = NO_PAYMENT_PROVIDER,
  now = new Date(),
): Promise<SubscriptionResponse> {
  const userId = user.id;
  if (payment.stripe) return startCheckout(db, user, body, payment, payment.stripe);
  await inAccountTransaction(db, userId, async (trx) => {
    const current = describeSubscription(await ensureSubscription(trx, userId), now);
    await lockSubscription(trx, userId);
    const isRunning = current.status !== "canceled" && !current.cancelAtPeriodEnd;
    if (current.plan === body.plan && isRunning)
      throw new Conflict(SUBSCRIPTION_MESSAGES.samePlan, { code: "SAME_PLAN" });
    assertUsageFits(body.plan, await countUsage(trx, userId));
    await updateSubscriptionPlan(trx, userId, {
      plan: body.plan,
      start: now,
      end: addMonths(now, 1),
    });
    await logPlanChange(trx, userId, current.id, current.plan, body.plan, "none");
  });
  return loadSubscription(db, userId, payment);
}

/** subscription.upgraded or .downgraded, by price (from the trial always an upgrade). */
export async function logPlanChange(
  db: Db,
  userId: string,
  subscriptionId: string,
  from: PlanKey,
  to: PlanKey,
  provider: "none" | "stripe",
): Promise<void> {
  const isUpgrade = from === "trial" || PLANS[to].priceEurPerMonth > PLANS[from].priceEurPerMonth;
  await logActivity(db, {
    userId,
    key: isUpgrade ? "subscription.upgraded" : "subscription.downgraded",
    entityId: subscriptionId,
    entityName: PLANS[to].name,
    metadata: provider === "stripe" ? { from, to, provider } : { from, to },
  });
}

/** With Stripe: the same checks, then a Checkout Session; nothing changes until the webhook. */
async function startCheckout(
  db: Db,
  user: { id: string; email: string },
  body: ChangePlanBody,
  payment: PaymentSettings,
  stripe: StripeConfig,
): Promise<SubscriptionResponse> {
  const row = await ensureSubscription(db, user.id);
  const current = describeSubscription(row);
  const isRunning = current.status !== "canceled" && !current.cancelAtPeriodEnd;
  if (current.plan === body.plan && isRunning)
    throw new Conflict(SUBSCRIPTION_MESSAGES.samePlan, { code: "SAME_PLAN" });
  assertUsageFits(body.plan, await countUsage(db, user.id));
  const billingTab = `${payment.publicUrl}/dashboard/settings?tab=billing`;
  const session = await createCheckoutSession(stripe, {
    priceId: stripe.prices[body.plan],
    userId: user.id,
    email: user.email,
    plan: body.plan,
    successUrl: `${billingTab}&checkout=success`,
    cancelUrl: `${billingTab}&checkout=cancelled`,
    customerId: row.stripeCustomerId,
  });
  return { ...(await loadSubscription(db, user.id, payment)), checkoutUrl: session.url };
}

/** docs/rules/accounts-and-plans.md#subscription: cancelled to the end of the term; the trial cannot be cancelled. */
export async function cancelSubscription(
  db: Db,
  userId: string,
  payment: PaymentSettings = NO_PAYMENT_PROVIDER,
  now = new Date(),
): Promise<SubscriptionResponse> {
  await inAccountTransaction(db, userId, async (trx) => {
    const row = await ensureSubscription(trx, userId);
    const current = describeSubscription(row, now);
    await lockSubscription(trx, userId);
    if (current.plan === "trial")
      throw new Conflict(SUBSCRIPTION_MESSAGES.trialCannotBeCancelled, {
        code: "TRIAL_NOT_CANCELLABLE",
      });
    if (current.cancelAtPeriodEnd || current.status === "canceled")
      throw new Conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled, { code: "ALREADY_CANCELLED" });
    // Stripe first: if it refuses, nothing changes here either.
    if (payment.stripe && row.stripeSubscriptionId)
      await setCancelAtPeriodEnd(payment.stripe, row.stripeSubscriptionId, true);
    await updateCancellation(trx, userId, now);
    await logActivity(trx, {
      userId,
      key: "subscription.cancelled",
      entityId: current.id,
      entityName: PLANS[current.plan].name,
      metadata: { endsAt: current.currentPeriodEnd },
    });
  });
  return loadSubscription(db, userId, payment);
}

/** docs/rules/accounts-and-plans.md#subscription: reverses a cancellation while the term still runs. */
export async function reactivateSubscription(
  db: Db,
  userId: string,
  payment: PaymentSettings = NO_PAYMENT_PROVIDER,
  now = new Date(),
): Promise<SubscriptionResponse> {
  await inAccountTransaction(db, userId, async (trx) => {
    const row = await ensureSubscription(trx, userId);
    const current = describeSubscription(row, now);
    await lockSubscription(trx, userId);
    if (current.status === "canceled")
      throw new Conflict(SUBSCRIPTION_MESSAGES.alreadyEnded, { code: "SUBSCRIPTION_ENDED" });
    if (!current.cancelAtPeriodEnd)
      throw new Conflict(SUBSCRIPTION_MESSAGES.notCancelled, { code: "NOT_CANCELLED" });
    if (payment.stripe && row.stripeSubscriptionId)
      await setCancelAtPeriodEnd(payment.stripe, row.stripeSubscriptionId, false);
    await updateCancellation(trx, userId, null);
    await logActivity(trx, {
      userId,
      key: "subscription.reactivated",
      entityId: current.id,
      entityName: PLANS[current.plan].name,
    });
  });
  return loadSubscription(db, userId, payment);
}

const FEATURE_LABELS: Partial<Record<FeatureKey, string>> = {
  verbrauchsanalyse: "Die Verbrauchsanalyse",
  benchmarkVergleich: "Der Benchmark-Vergleich",
  quickSetupTemplates: "Quick-Setup-Vorlagen",
  apiAccess: "Der API-Zugang",
  bulkImportExport: "Massenimport und -export",
  prioritySupport: "Prioritäts-Support",
};

/** docs/rules/accounts-and-plans.md#roles-and-features on the server: a feature outside the plan answers 403 'Upgrade erforderlich'. */
export async function assertFeature(db: Db, userId: string, feature: FeatureKey): Promise<void> {
  if (!(await loadFeatureFlags(db, userId))[feature])
    throw new FeatureNotInPlan(FEATURE_LABELS[feature] ?? feature);
}

/** The plan's features, for answers that leave out what the plan lacks instead of refusing. */
export async function loadFeatureFlags(db: Db, userId: string): Promise<FeatureFlags> {
  return buildFeatureFlags(describeSubscription(await ensureSubscription(db, userId)).plan);
}
