import type { Db } from "../../db/database.ts";

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

function selectSubscription(db: Db, userId: string) {
  return db
    .selectFrom("subscriptions")
    .select([
      "id",
      "plan",
      "status",
      "currentPeriodStart",
      "currentPeriodEnd",
      "trialEndDate",
      "canceledAt",
      "cancelAtPeriodEnd",
      "stripeCustomerId",
      "stripeSubscriptionId",
    ])
    .where("userId", "=", userId);
}

export function findSubscription(db: Db, userId: string) {
  return selectSubscription(db, userId).executeTakeFirst();
}

/** Inserts the trial unless the account has a subscription; the new row's id, else undefined. */
export async function insertTrialSubscription(
  db: Db,
  userId: string,
  start: Date,
  trialEnd: Date,
): Promise<string | undefined> {
  const row = await db
    .insertInto("subscriptions")
    .values({
      userId,
      plan: "trial",
      status: "trialing",
      currentPeriodStart: start,
      currentPeriodEnd: trialEnd,
      trialEndDate: trialEnd,
      updatedAt: start,
    })
    .onConflict((oc) => oc.column("userId").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/**
 * Locks the account's subscription row until the transaction ends, so concurrent creations of
 * one account take turns and two requests cannot both see the last free slot; answers the row
 * as it is once locked (a plan changed meanwhile, by a Stripe webhook say, included).
 */
export function lockSubscription(db: Db, userId: string) {
  return selectSubscription(db, userId).forUpdate().executeTakeFirst();
}

export async function updateSubscriptionPlan(
  db: Db,
  userId: string,
  values: { plan: string; start: Date; end: Date },
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({
      plan: values.plan,
      status: "active",
      currentPeriodStart: values.start,
      currentPeriodEnd: values.end,
      canceledAt: null,
      cancelAtPeriodEnd: false,
      updatedAt: new Date(),
    })
    .where("userId", "=", userId)
    .execute();
}

export async function updateCancellation(
  db: Db,
  userId: string,
  canceledAt: Date | null,
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ canceledAt, cancelAtPeriodEnd: canceledAt !== null, updatedAt: new Date() })
    .where("userId", "=", userId)
    .execute();
}

export async function updateStripeIds(
  db: Db,
  userId: string,
  ids: { customerId: string | null; subscriptionId: string | null },
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ stripeCustomerId: ids.customerId, stripeSubscriptionId: ids.subscriptionId })
    .where("userId", "=", userId)
    .execute();
}

export async function findUserIdByStripeSubscription(
  db: Db,
  subscriptionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("subscriptions")
    .select("userId")
    .where("stripeSubscriptionId", "=", subscriptionId)
    .executeTakeFirst();
  return row?.userId;
}

/** Stripe's term and cancellation as Stripe reports them. */
export async function updateStripeTerm(
  db: Db,
  userId: string,
  values: { cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null },
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({
      cancelAtPeriodEnd: values.cancelAtPeriodEnd,
      canceledAt: values.cancelAtPeriodEnd ? new Date() : null,
      ...(values.currentPeriodEnd ? { currentPeriodEnd: values.currentPeriodEnd } : {}),
      updatedAt: new Date(),
    })
    .where("userId", "=", userId)
    .execute();
}

/** The subscription ended on Stripe's side (unpaid, or cancelled there). */
export async function markSubscriptionEnded(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({
      status: "canceled",
      cancelAtPeriodEnd: true,
      canceledAt: at,
      currentPeriodEnd: at,
      updatedAt: new Date(),
    })
    .where("userId", "=", userId)
    .execute();
}

/** Records a webhook event; false when it was applied before (a redelivery). */
export async function recordStripeEvent(
  db: Db,
  event: { id: string; type: string },
): Promise<boolean> {
  const row = await db
    .insertInto("stripeEvents")
    .values(event)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
