import { SELECTABLE_PLAN_KEYS, type PlanKey, type SelectablePlanKey } from "@nk/contract";
import type { StripeConfig } from "../../../config/env.ts";
import type { Db } from "../../../db/database.ts";
import { logPlanChange } from "../subscription-change-service.ts";
import {
  findSubscription,
  findUserIdByStripeSubscription,
  lockSubscription,
  markSubscriptionEnded,
  recordStripeEvent,
  updateStripeIds,
  updateStripeTerm,
  updateSubscriptionPlan,
} from "../subscription-queries.ts";
import { addMonths } from "../subscription-service.ts";
import { cancelSubscriptionNow } from "./stripe-client.ts";
import { readSignedStripeEvent } from "./stripe-signature.ts";

// Stripe's webhook (docs/rules/accounts-and-plans.md#account-data): the only way a paid plan starts when Stripe is configured.
// Every event is verified by its signature and applied once (stripe_events).

const PAID = new Set(["paid", "no_payment_required"]);

function readText(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Verifies and applies one webhook call; a bad signature is refused before anything is read. */
export async function handleStripeWebhook(
  db: Db,
  stripe: StripeConfig,
  payload: string,
  signature: string | undefined,
  now = new Date(),
): Promise<void> {
  const event = readSignedStripeEvent(payload, signature, stripe.webhookSecret, now.getTime());
  await db.transaction().execute(async (trx) => {
    if (!(await recordStripeEvent(trx, { id: event.id, type: event.type }))) return;
    const object = event.data.object;
    if (event.type === "checkout.session.completed")
      await applyCompletedCheckout(trx, stripe, object, now);
    else if (event.type === "customer.subscription.updated")
      await applySubscriptionUpdate(trx, object);
    else if (event.type === "customer.subscription.deleted")
      await applySubscriptionEnd(trx, object, now);
  });
}

async function applyCompletedCheckout(
  db: Db,
  stripe: StripeConfig,
  session: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const metadata = (session.metadata ?? {}) as Record<string, unknown>;
  const userId = readText(metadata.userId) ?? readText(session.client_reference_id);
  const plan = readText(metadata.plan);
  if (!userId || !plan || !(SELECTABLE_PLAN_KEYS as readonly string[]).includes(plan)) return;
  if (!PAID.has(String(session.payment_status))) return;
  const row = await findSubscription(db, userId);
  // An account deleted in the meantime: nothing to apply.
  if (!row) return;
  await lockSubscription(db, userId);
  const newSubscriptionId = readText(session.subscription);
  // The plan's new Stripe subscription replaces the old one, which must not bill on.
  if (
    row.stripeSubscriptionId &&
    newSubscriptionId &&
    row.stripeSubscriptionId !== newSubscriptionId
  ) {
    await cancelSubscriptionNow(stripe, row.stripeSubscriptionId);
  }
  await updateSubscriptionPlan(db, userId, { plan, start: now, end: addMonths(now, 1) });
  await updateStripeIds(db, userId, {
    customerId: readText(session.customer) ?? row.stripeCustomerId,
    subscriptionId: newSubscriptionId,
  });
  await logPlanChange(db, userId, row.id, row.plan as PlanKey, plan as SelectablePlanKey, "stripe");
}

async function applySubscriptionUpdate(
  db: Db,
  subscription: Record<string, unknown>,
): Promise<void> {
  const id = readText(subscription.id);
  const userId = id ? await findUserIdByStripeSubscription(db, id) : undefined;
  if (!userId) return;
  const periodEnd =
    typeof subscription.current_period_end === "number"
      ? new Date(subscription.current_period_end * 1000)
      : null;
  await updateStripeTerm(db, userId, {
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    currentPeriodEnd: periodEnd,
  });
}

async function applySubscriptionEnd(
  db: Db,
  subscription: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const id = readText(subscription.id);
  const userId = id ? await findUserIdByStripeSubscription(db, id) : undefined;
  if (userId) await markSubscriptionEnded(db, userId, now);
}
