import {
  findCreationBlock,
  getLimit,
  isCreationAllowed,
  TRIAL_DAYS,
  type LimitedResource,
  type PlanKey,
  type Subscription,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { LimitReached } from "../../domain/domain-errors.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  findSubscription,
  insertTrialSubscription,
  lockSubscription,
  type SubscriptionRow,
} from "./subscription-queries.ts";
import { countUsage } from "./usage-queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * docs/rules/accounts-and-plans.md#subscription: a signed-in user without a subscription gets the 14-day trial (status trialing,
 * period and trial ending 14 days from now). Idempotent: concurrent first requests create one.
 */
export async function ensureSubscription(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<SubscriptionRow> {
  const existing = await findSubscription(db, userId);
  if (existing) return existing;
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const insertedId = await insertTrialSubscription(db, userId, now, trialEnd);
  if (insertedId)
    await logActivity(db, {
      userId,
      key: "subscription.created",
      entityId: insertedId,
      entityName: "Testphase",
    });
  const row = await findSubscription(db, userId);
  if (!row) throw new Error("subscription missing after insert");
  return row;
}

/** `date` plus `months` calendar months (the 31st becomes the month's last day). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * A paid plan runs month by month (AGB: billed monthly in advance). Without a payment provider
 * nothing renews the stored term, so the current term is the stored one moved on by whole months.
 */
function currentTerm(row: SubscriptionRow, now: Date): { start: Date; end: Date } {
  let start = row.currentPeriodStart;
  let end = row.currentPeriodEnd;
  if (row.plan === "trial" || row.cancelAtPeriodEnd) return { start, end };
  while (end.getTime() <= now.getTime()) {
    start = end;
    end = addMonths(end, 1);
  }
  return { start, end };
}

export function describeSubscription(row: SubscriptionRow, now = new Date()): Subscription {
  const isTrial = row.plan === "trial";
  const term = currentTerm(row, now);
  // Cancelled to the end of the term (docs/rules/accounts-and-plans.md#subscription): once the term is over the subscription has ended.
  const hasEnded = !isTrial && row.cancelAtPeriodEnd && term.end.getTime() <= now.getTime();
  const trialEnd = row.trialEndDate;
  const isTrialExpired = isTrial && trialEnd !== null && trialEnd.getTime() < now.getTime();
  // docs/rules/accounts-and-plans.md#subscription: days left are the rounded-up days until the end date.
  const daysLeft =
    isTrial && trialEnd
      ? Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS))
      : null;
  return {
    id: row.id,
    plan: row.plan as PlanKey,
    status: hasEnded ? "canceled" : (row.status as Subscription["status"]),
    currentPeriodStart: term.start.toISOString(),
    currentPeriodEnd: term.end.toISOString(),
    trialEndDate: trialEnd ? trialEnd.toISOString() : null,
    daysLeft,
    isTrialExpired,
    canceledAt: row.canceledAt ? row.canceledAt.toISOString() : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * Plan limits on the server (docs/rules/accounts-and-plans.md#plan-limits): creating is allowed only when the limit
 * is -1 or the current count is below it. An expired trial creates nothing until a plan is chosen.
 * Call it inside the transaction that creates, so the count and the insert see the same data.
 */
export async function assertCanCreate(
  db: Db,
  userId: string,
  resource: LimitedResource,
  adding = 1,
): Promise<void> {
  const ensured = await ensureSubscription(db, userId);
  // The plan as it is once locked, not as it was read before (issue 26).
  const subscription = describeSubscription((await lockSubscription(db, userId)) ?? ensured);
  const block = findCreationBlock(subscription);
  if (block) throw new LimitReached(block.message, { title: block.title });
  const limit = getLimit(subscription.plan, resource);
  const usage = await countUsage(db, userId);
  const current = {
    properties: usage.currentProperties,
    units: usage.currentUnits,
    tenants: usage.currentTenants,
    billingStatements: usage.currentBillingStatements,
  }[resource];
  if (!isCreationAllowed(limit, current + adding - 1))
    throw LimitReached.forResource(resource, limit);
}
