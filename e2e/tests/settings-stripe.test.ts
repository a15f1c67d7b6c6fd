import { afterAll, beforeAll, expect, it } from "vitest";
import Stripe from "stripe";
import { startFakeStripe, type FakeStripe } from "../../apps/server/test/support/fake-stripe.ts";
import { screenshotPath, describeE2e, useApp } from "../support/index.ts";

const WEBHOOK_SECRET = "whsec_e2e_geheimnis";

describeE2e("Abonnement mit Stripe", () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const app = useApp({
    env: () => ({
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: "price_starter",
      STRIPE_PRICE_PROFESSIONAL: "price_professional",
      STRIPE_PRICE_ENTERPRISE: "price_enterprise",
      STRIPE_API_BASE: stripe.baseUrl,
    }),
  });

  it("sends the upgrade to Stripe Checkout; the plan changes only after the signed webhook", async () => {
    const { page } = await app.signedIn("stripe");
    const me = (await (await page.request.get("/api/me")).json()) as { user: { id: string } };
    // Stripe's checkout page, stood in for: the browser never leaves for the internet.
    await page.route("https://checkout.stripe.test/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Stripe Checkout (Test)</h1>" }),
    );

    await page.goto("/dashboard/settings?tab=billing");
    await expect
      .poll(() => page.getByText("Sie bezahlen sicher über Stripe").first().isVisible())
      .toBe(true);
    await page.getByRole("button", { name: "Professional wählen" }).click();
    await expect
      .poll(() =>
        page.getByText("Sie werden zur Zahlung an Stripe weitergeleitet.").first().isVisible(),
      )
      .toBe(true);
    await page.getByRole("alertdialog").getByRole("button", { name: "Plan wechseln" }).click();
    await page.waitForURL("https://checkout.stripe.test/**");
    expect(stripe.requests.at(-1)?.form["line_items[0][price]"]).toBe("price_professional");
    expect(
      (await (await page.request.get(`${app.baseUrl}/api/subscription`)).json()).subscription.plan,
    ).toBe("trial");

    const event = JSON.stringify({
      id: "evt_e2e_1",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_1",
          client_reference_id: me.user.id,
          metadata: { userId: me.user.id, plan: "professional" },
          customer: "cus_1",
          subscription: "sub_1",
          payment_status: "paid",
        },
      },
    });
    const webhook = await fetch(`${app.baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({
          payload: event,
          secret: WEBHOOK_SECRET,
        }),
        "content-type": "application/json",
      },
      body: event,
    });
    expect(webhook.status).toBe(200);

    await page.goto(`${app.baseUrl}/dashboard/settings?tab=billing&checkout=success`);
    await expect
      .poll(() =>
        page
          .getByText("Vielen Dank! Ihr Plan wird aktualisiert, sobald die Zahlung bestätigt ist.")
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toBe("Professional");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({
      path: screenshotPath("e2e-settings-stripe-success-1366"),
      fullPage: true,
    });
  });
});
