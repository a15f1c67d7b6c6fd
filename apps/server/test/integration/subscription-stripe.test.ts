import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { listActivityKeys } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

const WEBHOOK_SECRET = "whsec_test_geheimnis";
let eventCounter = 0;

function checkoutCompleted(userId: string, plan: string, overrides: Record<string, unknown> = {}) {
  eventCounter += 1;
  return {
    id: `evt_${eventCounter}_${Date.now()}`,
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_test_${eventCounter}`,
        client_reference_id: userId,
        metadata: { userId, plan },
        customer: "cus_test_1",
        subscription: `sub_test_${eventCounter}`,
        payment_status: "paid",
        ...overrides,
      },
    },
  };
}

describe.each(TEST_DRIVERS)("subscription with Stripe (%s)", (driver) => {
  let t: TestContext;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestContext(driver, {
      stripe: {
        secretKey: "sk_test_fake",
        webhookSecret: WEBHOOK_SECRET,
        apiBase: stripe.baseUrl,
        prices: {
          starter: "price_starter",
          professional: "price_professional",
          enterprise: "price_enterprise",
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const sendWebhook = (
    event: unknown,
    options: { secret?: string; timestamp?: number; signature?: string } = {},
  ) => {
    const payload = JSON.stringify(event);
    const signature =
      options.signature ??
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
        timestamp: options.timestamp,
      });
    return t.request("POST", "/api/stripe/webhook", {
      body: payload,
      headers: { "stripe-signature": signature },
    });
  };
  const subscriptionRow = (userId: string) =>
    t.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();

  it("answers a plan change with Stripe Checkout and changes nothing before the payment", async () => {
    const { cookie, userId, email } = await t.signUp();
    expect(
      (await readJson(await t.request("GET", "/api/subscription", { cookie }))).paymentProvider,
    ).toBe("stripe");
    const before = stripe.requests.length;
    const response = await t.request("POST", "/api/subscription/plan", {
      cookie,
      body: { plan: "professional" },
    });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_\d+$/);
    expect(body.subscription.plan).toBe("trial");
    expect((await subscriptionRow(userId)).plan).toBe("trial");
    const call = stripe.requests[before]!;
    expect(call).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      authorization: "Bearer sk_test_fake",
    });
    expect(call.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_professional",
      "line_items[0][quantity]": "1",
      client_reference_id: userId,
      customer_email: email,
      "metadata[userId]": userId,
      "metadata[plan]": "professional",
      success_url: "http://localhost:3000/dashboard/settings?tab=billing&checkout=success",
      cancel_url: "http://localhost:3000/dashboard/settings?tab=billing&checkout=cancelled",
    });
  });

  it("refuses webhooks with a wrong, missing or stale signature and changes nothing", async () => {
    const { userId } = await t.signUp();
    const event = checkoutCompleted(userId, "professional");
    for (const response of [
      await sendWebhook(event, { secret: "whsec_falsch" }),
      await sendWebhook(event, { signature: "" }),
      await sendWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await sendWebhook(event, { signature: "t=1,v1=abc" }),
    ]) {
      expect(response.status).toBe(400);
      expect((await readJson(response)).error.code).toBe("INVALID_SIGNATURE");
    }
    expect((await subscriptionRow(userId)).plan).toBe("trial");
    expect(
      await t.db.selectFrom("stripeEvents").select("id").where("id", "=", event.id).execute(),
    ).toHaveLength(0);
  });

  it("refuses a webhook signed just outside the five-minute tolerance or over another body, and accepts one just inside", async () => {
    const { userId } = await t.signUp();
    const event = checkoutCompleted(userId, "professional");
    const nowSeconds = Math.floor(Date.now() / 1000);
    const otherBody = JSON.stringify({
      ...event,
      data: { object: { ...event.data.object, metadata: { userId, plan: "enterprise" } } },
    });
    const refused = [
      await sendWebhook(event, { timestamp: nowSeconds - 301 }),
      await sendWebhook(event, {
        signature: Stripe.webhooks.generateTestHeaderString({
          payload: otherBody,
          secret: WEBHOOK_SECRET,
        }),
      }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(await readJson(response)).toMatchObject({
        error: { code: "INVALID_SIGNATURE", message: "Ungültige Stripe-Signatur." },
      });
    }
    expect((await subscriptionRow(userId)).plan).toBe("trial");
    expect((await sendWebhook(event, { timestamp: nowSeconds - 280 })).status).toBe(200);
    expect((await subscriptionRow(userId)).plan).toBe("professional");
  });

  it("applies the plan on the verified webhook, once, even when Stripe sends the event again", async () => {
    const { cookie, userId } = await t.signUp();
    const event = checkoutCompleted(userId, "professional");
    expect((await sendWebhook(event)).status).toBe(200);
    const row = await subscriptionRow(userId);
    expect(row).toMatchObject({
      plan: "professional",
      status: "active",
      stripeCustomerId: "cus_test_1",
      stripeSubscriptionId: event.data.object.subscription,
    });
    expect((await readJson(await t.request("GET", "/api/me", { cookie }))).limits.maxUnits).toBe(
      15,
    );
    expect((await sendWebhook(event)).status).toBe(200);
    const keys = await listActivityKeys(t, userId);
    expect(keys.filter((k) => k === "subscription.upgraded")).toHaveLength(1);
  });

  it("ignores an unpaid checkout and unknown plans", async () => {
    const { userId } = await t.signUp();
    expect(
      (await sendWebhook(checkoutCompleted(userId, "professional", { payment_status: "unpaid" })))
        .status,
    ).toBe(200);
    expect((await sendWebhook(checkoutCompleted(userId, "enterprise_plus"))).status).toBe(200);
    expect((await subscriptionRow(userId)).plan).toBe("trial");
  });

  it("ends the replaced Stripe subscription when a new plan is paid", async () => {
    const { userId } = await t.signUp();
    const first = checkoutCompleted(userId, "starter");
    await sendWebhook(first);
    const second = checkoutCompleted(userId, "enterprise");
    const before = stripe.requests.length;
    expect((await sendWebhook(second)).status).toBe(200);
    expect(stripe.requests.slice(before)).toEqual([
      expect.objectContaining({
        method: "DELETE",
        path: `/v1/subscriptions/${first.data.object.subscription}`,
      }),
    ]);
    expect(await subscriptionRow(userId)).toMatchObject({
      plan: "enterprise",
      stripeSubscriptionId: second.data.object.subscription,
    });
  });

  it("cancels and reactivates at Stripe, then here; follows Stripe's updates and the end of the subscription", async () => {
    const { cookie, userId } = await t.signUp();
    const paid = checkoutCompleted(userId, "starter");
    await sendWebhook(paid);
    const subscriptionId = paid.data.object.subscription;
    let before = stripe.requests.length;
    const cancelled = await t.request("POST", "/api/subscription/cancel", { cookie });
    expect(cancelled.status).toBe(200);
    expect(stripe.requests.slice(before)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: `/v1/subscriptions/${subscriptionId}`,
        form: { cancel_at_period_end: "true" },
      }),
    ]);
    expect((await subscriptionRow(userId)).cancelAtPeriodEnd).toBe(true);
    before = stripe.requests.length;
    expect((await t.request("POST", "/api/subscription/reactivate", { cookie })).status).toBe(200);
    expect(stripe.requests[before]!.form).toEqual({ cancel_at_period_end: "false" });
    expect((await subscriptionRow(userId)).cancelAtPeriodEnd).toBe(false);

    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    eventCounter += 1;
    await sendWebhook({
      id: `evt_upd_${eventCounter}`,
      type: "customer.subscription.updated",
      data: {
        object: { id: subscriptionId, cancel_at_period_end: true, current_period_end: periodEnd },
      },
    });
    const updated = await subscriptionRow(userId);
    expect(updated.cancelAtPeriodEnd).toBe(true);
    expect(Math.floor(updated.currentPeriodEnd.getTime() / 1000)).toBe(periodEnd);

    await sendWebhook({
      id: `evt_del_${eventCounter}`,
      type: "customer.subscription.deleted",
      data: { object: { id: subscriptionId } },
    });
    expect(
      (await readJson(await t.request("GET", "/api/subscription", { cookie }))).subscription.status,
    ).toBe("canceled");
  });

  it("answers 502 with a German message when Stripe is down, and changes nothing", async () => {
    const { cookie, userId } = await t.signUp();
    await sendWebhook(checkoutCompleted(userId, "starter"));
    stripe.setFailing(true);
    try {
      const plan = await t.request("POST", "/api/subscription/plan", {
        cookie,
        body: { plan: "professional" },
      });
      expect(plan.status).toBe(502);
      expect((await readJson(plan)).error).toMatchObject({
        code: "UPSTREAM_UNAVAILABLE",
        message:
          "Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.",
      });
      const cancel = await t.request("POST", "/api/subscription/cancel", { cookie });
      expect(cancel.status).toBe(502);
      expect((await subscriptionRow(userId)).cancelAtPeriodEnd).toBe(false);
    } finally {
      stripe.setFailing(false);
    }
  });
});

describe.each(TEST_DRIVERS)("without Stripe (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("has no webhook endpoint", async () => {
    expect((await t.request("POST", "/api/stripe/webhook", { body: "{}" })).status).toBe(404);
  });
});
