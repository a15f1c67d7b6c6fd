import {
  buildFeatureFlags,
  PLANS,
  SUBSCRIPTION_MESSAGES,
  type ChangePlanBody,
  type FeatureKey,
  type PlanKey,
  type SubscriptionResponse,
  type Usage,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict, FeatureNotInPlan } from "../../domain/domain-errors.ts";
import { logActivity } from "../activity/activity-log.ts";
import { lockSubscription, updateCancellation, updateSubscriptionPlan } from "./subscription-queries.ts";
import { addMonths, describeSubscription, ensureSubscription } from "./subscription-service.ts";
import { countUsage } from "./usage-queries.ts";

// Plan change, cancel and reactivate (specification part 1, section 4; DECISIONS 7). Without a
// payment provider a change applies at once (self-hosted mode).

export async function loadSubscription(db: Db, userId: string): Promise<SubscriptionResponse> {
  const subscription = describeSubscription(await ensureSubscription(db, userId));
  return {
    subscription,
    limits: PLANS[subscription.plan].limits,
    usage: await countUsage(db, userId),
    features: buildFeatureFlags(subscription.plan),
    paymentProvider: "none",
  };
}

const USAGE_CHECKS: { limit: keyof (typeof PLANS)["trial"]["limits"]; usage: keyof Usage; noun: string }[] = [
  { limit: "maxProperties", usage: "currentProperties", noun: "Immobilien" },
  { limit: "maxUnits", usage: "currentUnits", noun: "Wohneinheiten" },
  { limit: "maxTenants", usage: "currentTenants", noun: "aktive Mieter" },
  { limit: "maxBillingStatements", usage: "currentBillingStatements", noun: "Abrechnungen" },
];

/** A smaller plan must hold what the account already has; otherwise nothing changes (409). */
function assertUsageFits(plan: PlanKey, usage: Usage): void {
  const limits = PLANS[plan].limits;
  const over = USAGE_CHECKS.filter((c) => limits[c.limit] !== -1 && usage[c.usage] > limits[c.limit]);
  if (over.length === 0) return;
  const parts = over.map((c) => `${usage[c.usage]} ${c.noun} (erlaubt: ${limits[c.limit]})`);
  throw new Conflict(
    `Der Plan ${PLANS[plan].name} reicht für Ihren Bestand nicht aus: ${parts.join(", ")}. Bitte verkleinern Sie zuerst Ihren Bestand oder wählen Sie einen größeren Plan.`,
    { code: "PLAN_TOO_SMALL" },
  );
}

export async function changePlan(db: Db, userId: string, body: ChangePlanBody, now = new Date()): Promise<SubscriptionResponse> {
  await db.transaction().execute(async (trx) => {
    const current = describeSubscription(await ensureSubscription(trx, userId), now);
    await lockSubscription(trx, userId);
    const isRunning = current.status !== "canceled" && !current.cancelAtPeriodEnd;
    if (current.plan === body.plan && isRunning) throw new Conflict(SUBSCRIPTION_MESSAGES.samePlan, { code: "SAME_PLAN" });
    assertUsageFits(body.plan, await countUsage(trx, userId));
    await updateSubscriptionPlan(trx, userId, { plan: body.plan, start: now, end: addMonths(now, 1) });
    const isUpgrade = current.plan === "trial" || PLANS[body.plan].priceEurPerMonth > PLANS[current.plan].priceEurPerMonth;
    await logActivity(trx, {
      userId,
      key: isUpgrade ? "subscription.upgraded" : "subscription.downgraded",
      entityId: current.id,
      entityName: PLANS[body.plan].name,
      metadata: { from: current.plan, to: body.plan },
    });
  });
  return loadSubscription(db, userId);
}

/** Section 4: cancelled to the end of the term; the trial cannot be cancelled. */
export async function cancelSubscription(db: Db, userId: string, now = new Date()): Promise<SubscriptionResponse> {
  await db.transaction().execute(async (trx) => {
    const current = describeSubscription(await ensureSubscription(trx, userId), now);
    await lockSubscription(trx, userId);
    if (current.plan === "trial") throw new Conflict(SUBSCRIPTION_MESSAGES.trialCannotBeCancelled, { code: "TRIAL_NOT_CANCELLABLE" });
    if (current.cancelAtPeriodEnd || current.status === "canceled") throw new Conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled, { code: "ALREADY_CANCELLED" });
    await updateCancellation(trx, userId, now);
    await logActivity(trx, {
      userId,
      key: "subscription.cancelled",
      entityId: current.id,
      entityName: PLANS[current.plan].name,
      metadata: { endsAt: current.currentPeriodEnd },
    });
  });
  return loadSubscription(db, userId);
}

/** Section 4: reverses a cancellation while the term still runs. */
export async function reactivateSubscription(db: Db, userId: string, now = new Date()): Promise<SubscriptionResponse> {
  await db.transaction().execute(async (trx) => {
    const current = describeSubscription(await ensureSubscription(trx, userId), now);
    await lockSubscription(trx, userId);
    if (current.status === "canceled") throw new Conflict(SUBSCRIPTION_MESSAGES.alreadyEnded, { code: "SUBSCRIPTION_ENDED" });
    if (!current.cancelAtPeriodEnd) throw new Conflict(SUBSCRIPTION_MESSAGES.notCancelled, { code: "NOT_CANCELLED" });
    await updateCancellation(trx, userId, null);
    await logActivity(trx, { userId, key: "subscription.reactivated", entityId: current.id, entityName: PLANS[current.plan].name });
  });
  return loadSubscription(db, userId);
}

const FEATURE_LABELS: Partial<Record<FeatureKey, string>> = {
  verbrauchsanalyse: "Die Verbrauchsanalyse",
  benchmarkVergleich: "Der Benchmark-Vergleich",
  quickSetupTemplates: "Quick-Setup-Vorlagen",
  apiAccess: "Der API-Zugang",
  bulkImportExport: "Massenimport und -export",
  prioritySupport: "Prioritäts-Support",
};

/** Section 6 on the server: a feature outside the plan answers 403 'Upgrade erforderlich'. */
export async function assertFeature(db: Db, userId: string, feature: FeatureKey): Promise<void> {
  const subscription = describeSubscription(await ensureSubscription(db, userId));
  if (!buildFeatureFlags(subscription.plan)[feature]) throw new FeatureNotInPlan(FEATURE_LABELS[feature] ?? feature);
}
