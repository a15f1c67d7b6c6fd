import { getLimit, isCreationAllowed, PLANS, TRIAL_DAYS, type LimitedResource, type PlanKey, type Subscription } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { HttpError, limitReached } from "../../http/http-error.ts";
import { logActivity } from "../activity/activity-log.ts";
import { countUsage } from "./usage-queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

type SubscriptionRow = {
  id: string;
  plan: string;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEndDate: Date | null;
  canceledAt: Date | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * Section 4: a signed-in user without a subscription gets the 14-day trial (status trialing,
 * period and trial ending 14 days from now). Idempotent: concurrent first requests create one.
 */
export async function ensureSubscription(db: Db, userId: string, now = new Date()): Promise<SubscriptionRow> {
  const existing = await findSubscription(db, userId);
  if (existing) return existing;
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const inserted = await db
    .insertInto("subscriptions")
    .values({ userId, plan: "trial", status: "trialing", currentPeriodStart: now, currentPeriodEnd: trialEnd, trialEndDate: trialEnd, updatedAt: now })
    .onConflict((oc) => oc.column("userId").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) await logActivity(db, { userId, key: "subscription.created", entityId: inserted.id, entityName: "Testphase" });
  const row = await findSubscription(db, userId);
  if (!row) throw new Error("subscription missing after insert");
  return row;
}

function findSubscription(db: Db, userId: string) {
  return db
    .selectFrom("subscriptions")
    .select(["id", "plan", "status", "currentPeriodStart", "currentPeriodEnd", "trialEndDate", "canceledAt", "cancelAtPeriodEnd"])
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export function describeSubscription(row: SubscriptionRow, now = new Date()): Subscription {
  const isTrial = row.plan === "trial";
  const trialEnd = row.trialEndDate;
  const isTrialExpired = isTrial && trialEnd !== null && trialEnd.getTime() < now.getTime();
  // Section 4: days left are the rounded-up days until the end date.
  const daysLeft = isTrial && trialEnd ? Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS)) : null;
  return {
    id: row.id,
    plan: row.plan as PlanKey,
    status: row.status as Subscription["status"],
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    trialEndDate: trialEnd ? trialEnd.toISOString() : null,
    daysLeft,
    isTrialExpired,
    canceledAt: row.canceledAt ? row.canceledAt.toISOString() : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * Plan limits on the server (section 5 'Plan limits'): creating is allowed only when the limit
 * is -1 or the current count is below it. An expired trial creates nothing until a plan is chosen.
 * Call it inside the transaction that creates, so the count and the insert see the same data.
 */
export async function assertCanCreate(db: Db, userId: string, resource: LimitedResource, adding = 1): Promise<void> {
  const subscription = describeSubscription(await ensureSubscription(db, userId));
  // Inside the creating transaction this row lock makes concurrent creations of one account take
  // turns, so two requests cannot both see the last free slot.
  await db.selectFrom("subscriptions").select("id").where("userId", "=", userId).forUpdate().execute();
  if (subscription.isTrialExpired) {
    throw new HttpError(403, "LIMIT_REACHED", "Ihre Testphase ist abgelaufen. Bitte wählen Sie einen Plan, um weitere Daten anzulegen.", {
      title: "Testphase abgelaufen",
    });
  }
  const limit = getLimit(subscription.plan, resource);
  const usage = await countUsage(db, userId);
  const current = {
    properties: usage.currentProperties,
    units: usage.currentUnits,
    tenants: usage.currentTenants,
    billingStatements: usage.currentBillingStatements,
  }[resource];
  if (!isCreationAllowed(limit, current + adding - 1)) throw limitReached(resource, limit);
}

export function getPlanLimits(plan: PlanKey) {
  return PLANS[plan].limits;
}
