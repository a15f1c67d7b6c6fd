import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { insertProperty, insertUnit } from "../support/fixtures.ts";
import { listActivityKeys } from "../support/metering-fixtures.ts";

describe.each(TEST_DRIVERS)("subscription (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  const subscriptionRow = (userId: string) =>
    t.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();

  it("answers 401 without a session", async () => {
    expect((await t.request("GET", "/api/subscription")).status).toBe(401);
    expect(
      (await t.request("POST", "/api/subscription/plan", { body: { plan: "starter" } })).status,
    ).toBe(401);
  });

  it("shows the trial with limits, usage and features", async () => {
    const { cookie } = await t.signUp();
    const response = await t.request("GET", "/api/subscription", { cookie });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.subscription).toMatchObject({
      plan: "trial",
      status: "trialing",
      daysLeft: 14,
      cancelAtPeriodEnd: false,
    });
    expect(body.limits.maxUnits).toBe(3);
    expect(body.usage.currentUnits).toBe(0);
    expect(body.paymentProvider).toBe("none");
  });

  it("changes the plan at once without a payment provider, sets status active and logs the upgrade", async () => {
    const { cookie, userId } = await t.signUp();
    const response = await t.request("POST", "/api/subscription/plan", {
      cookie,
      body: { plan: "professional" },
    });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.subscription).toMatchObject({
      plan: "professional",
      status: "active",
      daysLeft: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
    expect(body.limits).toEqual({
      maxProperties: 10,
      maxUnits: 15,
      maxTenants: 15,
      maxBillingStatements: 60,
    });
    expect(body.features.benchmarkVergleich).toBe(true);
    const row = await subscriptionRow(userId);
    expect(row.plan).toBe("professional");
    const termDays =
      (row.currentPeriodEnd.getTime() - row.currentPeriodStart.getTime()) / 86_400_000;
    expect(termDays).toBeGreaterThanOrEqual(28);
    expect(termDays).toBeLessThanOrEqual(31);
    expect(await listActivityKeys(t, userId)).toContain("subscription.upgraded");
    // /api/me follows: a 6-unit house now fits.
    const me = await readJson(await t.request("GET", "/api/me", { cookie }));
    expect(me.subscription.plan).toBe("professional");
  });

  it("lets a landlord with more units than the trial allows go on after the upgrade", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await insertProperty(t.db, userId);
    for (let i = 0; i < 3; i += 1) await insertUnit(t.db, userId, property.id, { name: `W${i}` });
    const blocked = await t.request("POST", `/api/properties/${property.id}/units`, {
      cookie,
      body: { name: "W4", area: "50", persons: 1 },
    });
    expect(blocked.status).toBe(403);
    await t.request("POST", "/api/subscription/plan", { cookie, body: { plan: "professional" } });
    const allowed = await t.request("POST", `/api/properties/${property.id}/units`, {
      cookie,
      body: { name: "W4", area: "50", persons: 1 },
    });
    expect(allowed.status).toBe(201);
  });

  it("logs a downgrade and refuses a plan too small for the account's data (nothing changed)", async () => {
    const { cookie, userId } = await t.signUp();
    await t.request("POST", "/api/subscription/plan", { cookie, body: { plan: "enterprise" } });
    const property = await insertProperty(t.db, userId);
    for (let i = 0; i < 4; i += 1) await insertUnit(t.db, userId, property.id, { name: `W${i}` });
    const tooSmall = await t.request("POST", "/api/subscription/plan", {
      cookie,
      body: { plan: "starter" },
    });
    expect(tooSmall.status).toBe(409);
    const error = (await readJson(tooSmall)).error;
    expect(error.code).toBe("PLAN_TOO_SMALL");
    expect(error.message).toContain("4 Wohneinheiten (erlaubt: 3)");
    expect((await subscriptionRow(userId)).plan).toBe("enterprise");
    const ok = await t.request("POST", "/api/subscription/plan", {
      cookie,
      body: { plan: "professional" },
    });
    expect(ok.status).toBe(200);
    expect(await listActivityKeys(t, userId)).toContain("subscription.downgraded");
  });

  it("rejects the same plan, the trial, Enterprise+ and unknown plans with German messages", async () => {
    const { cookie, userId } = await t.signUp();
    await t.request("POST", "/api/subscription/plan", { cookie, body: { plan: "starter" } });
    const same = await t.request("POST", "/api/subscription/plan", {
      cookie,
      body: { plan: "starter" },
    });
    expect(same.status).toBe(409);
    expect((await readJson(same)).error.message).toBe("Sie nutzen diesen Plan bereits.");
    for (const plan of ["trial", "enterprise_plus", "gold", 3]) {
      const bad = await t.request("POST", "/api/subscription/plan", { cookie, body: { plan } });
      expect(bad.status).toBe(400);
      expect((await readJson(bad)).error.fields.plan).toBe(
        "Bitte wählen Sie Starter, Professional oder Enterprise. Enterprise+ gibt es nur auf Anfrage.",
      );
    }
    expect((await subscriptionRow(userId)).plan).toBe("starter");
  });

  it("does not cancel the trial", async () => {
    const { cookie, userId } = await t.signUp();
    const response = await t.request("POST", "/api/subscription/cancel", { cookie });
    expect(response.status).toBe(409);
    expect((await readJson(response)).error).toMatchObject({
      code: "TRIAL_NOT_CANCELLABLE",
      message: "Die Testphase kann nicht gekündigt werden. Sie endet automatisch.",
    });
    expect((await subscriptionRow(userId)).canceledAt).toBeNull();
  });

  it("cancels to the end of the term, refuses a second cancel, reactivates, refuses a second reactivate", async () => {
    const { cookie, userId } = await t.signUp();
    await t.request("POST", "/api/subscription/plan", { cookie, body: { plan: "starter" } });
    const cancelled = await t.request("POST", "/api/subscription/cancel", { cookie });
    expect(cancelled.status).toBe(200);
    const afterCancel = (await readJson(cancelled)).subscription;
    expect(afterCancel).toMatchObject({
      plan: "starter",
      status: "active",
      cancelAtPeriodEnd: true,
    });
    expect(afterCancel.canceledAt).not.toBeNull();
    const again = await t.request("POST", "/api/subscription/cancel", { cookie });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.message).toBe("Das Abonnement ist bereits gekündigt.");

    const reactivated = await t.request("POST", "/api/subscription/reactivate", { cookie });
    expect(reactivated.status).toBe(200);
    expect((await readJson(reactivated)).subscription).toMatchObject({
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
    const twice = await t.request("POST", "/api/subscription/reactivate", { cookie });
    expect(twice.status).toBe(409);
    expect((await readJson(twice)).error.message).toBe("Das Abonnement ist nicht gekündigt.");
    const keys = await listActivityKeys(t, userId);
    expect(keys).toContain("subscription.cancelled");
    expect(keys).toContain("subscription.reactivated");
  });

  it("ends a cancelled subscription with its term: status canceled, no reactivation, no new data, a new plan restarts it", async () => {
    const { cookie, userId } = await t.signUp();
    await t.request("POST", "/api/subscription/plan", { cookie, body: { plan: "starter" } });
    await t.request("POST", "/api/subscription/cancel", { cookie });
    await t.db
      .updateTable("subscriptions")
      .set({
        currentPeriodStart: new Date(Date.now() - 40 * 86_400_000),
        currentPeriodEnd: new Date(Date.now() - 86_400_000),
      })
      .where("userId", "=", userId)
      .execute();
    const body = await readJson(await t.request("GET", "/api/subscription", { cookie }));
    expect(body.subscription.status).toBe("canceled");
    const reactivate = await t.request("POST", "/api/subscription/reactivate", { cookie });
    expect(reactivate.status).toBe(409);
    expect((await readJson(reactivate)).error.code).toBe("SUBSCRIPTION_ENDED");
    const create = await t.request("POST", "/api/properties", {
      cookie,
      body: {
        name: "Haus",
        street: "Weg",
        houseNumber: "1",
        postalCode: "33602",
        city: "Bielefeld",
        country: "Deutschland",
        propertyType: "Mehrfamilienhaus",
      },
    });
    expect(create.status).toBe(403);
    expect((await readJson(create)).error.message).toContain("Ihr Abonnement ist beendet");
    const restart = await t.request("POST", "/api/subscription/plan", {
      cookie,
      body: { plan: "starter" },
    });
    expect(restart.status).toBe(200);
    expect((await readJson(restart)).subscription).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: false,
    });
  });

  it("moves an uncancelled paid term on by months", async () => {
    const { cookie, userId } = await t.signUp();
    await t.request("POST", "/api/subscription/plan", { cookie, body: { plan: "starter" } });
    await t.db
      .updateTable("subscriptions")
      .set({
        currentPeriodStart: new Date("2024-01-15T10:00:00Z"),
        currentPeriodEnd: new Date("2024-02-15T10:00:00Z"),
      })
      .where("userId", "=", userId)
      .execute();
    const { subscription } = await readJson(
      await t.request("GET", "/api/subscription", { cookie }),
    );
    expect(subscription.status).toBe("active");
    expect(Date.parse(subscription.currentPeriodEnd)).toBeGreaterThan(Date.now());
    expect(subscription.currentPeriodEnd.slice(8, 19)).toBe("15T10:00:00");
  });

  it("changes only the signed-in account's subscription", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.request("POST", "/api/subscription/plan", {
      cookie: a.cookie,
      body: { plan: "enterprise" },
    });
    expect((await subscriptionRow(b.userId)).plan).toBe("trial");
    expect(
      (await readJson(await t.request("GET", "/api/subscription", { cookie: b.cookie })))
        .subscription.plan,
    ).toBe("trial");
  });
});
