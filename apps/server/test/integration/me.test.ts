import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

describe.each(TEST_DRIVERS)("GET /api/me and /api/dashboard (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("answers 401 without a session", async () => {
    const response = await t.request("GET", "/api/me");
    expect(response.status).toBe(401);
    expect(await readJson(response)).toMatchObject({
      error: { code: "UNAUTHORIZED", message: "Nicht angemeldet" },
    });
  });

  it("returns the user with a 14-day trial, trial limits, zero usage and the trial's features", async () => {
    const { cookie, email } = await t.signUp({ firstName: "Anna", lastName: "Muster" });
    const response = await t.request("GET", "/api/me", { cookie });
    expect(response.status).toBe(200);
    const me = await readJson(response);
    expect(me.user).toMatchObject({
      email,
      name: "Anna Muster",
      firstName: "Anna",
      lastName: "Muster",
      authProvider: "email",
      isFirstSignIn: true,
    });
    expect(me.subscription).toMatchObject({
      plan: "trial",
      status: "trialing",
      daysLeft: 14,
      isTrialExpired: false,
    });
    const trialDays =
      (Date.parse(me.subscription.trialEndDate) - Date.parse(me.subscription.currentPeriodStart)) /
      86_400_000;
    expect(trialDays).toBe(14);
    expect(me.limits).toEqual({
      maxProperties: 1,
      maxUnits: 3,
      maxTenants: 3,
      maxBillingStatements: 2,
    });
    expect(me.usage).toEqual({
      currentProperties: 0,
      currentUnits: 0,
      currentTenants: 0,
      currentBillingStatements: 0,
      billingStatementsThisMonth: 0,
    });
    expect(me.features.quickSetupTemplates).toBe(true);
    expect(me.features.verbrauchsanalyse).toBe(true);
    expect(me.features.apiAccess).toBe(false);
    const rows = await t.db.selectFrom("subscriptions").selectAll().execute();
    expect(rows.filter((r) => r.plan === "trial")).toHaveLength(1);
  });

  it("shows an expired trial with 0 days left", async () => {
    const { cookie, userId } = await t.signUp();
    await t.db
      .updateTable("subscriptions")
      .set({ trialEndDate: new Date(Date.now() - 3_600_000) })
      .where("userId", "=", userId)
      .execute();
    const me = await readJson(await t.request("GET", "/api/me", { cookie }));
    expect(me.subscription).toMatchObject({ daysLeft: 0, isTrialExpired: true });
  });

  it("completes the profile and validates the names", async () => {
    const { cookie } = await t.signUp();
    const bad = await t.request("PATCH", "/api/profile", {
      cookie,
      body: { firstName: " ", lastName: "X" },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields.firstName).toBe(
      "Vor- und Nachname sind erforderlich",
    );
    const ok = await t.request("PATCH", "/api/profile", {
      cookie,
      body: { firstName: "Jana", lastName: "Beispiel", company: "Beispiel GmbH" },
    });
    expect(ok.status).toBe(200);
    const me = await readJson(ok);
    expect(me.profile).toMatchObject({
      fullName: "Jana Beispiel",
      company: "Beispiel GmbH",
      profileComplete: true,
    });
    expect(me.user.name).toBe("Jana Beispiel");
  });

  it("counts and lists the dashboard's recent activities, newest first", async () => {
    const { cookie } = await t.signUp();
    const response = await t.request("GET", "/api/dashboard", { cookie });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.counters).toEqual({
      properties: 0,
      units: 0,
      activeTenants: 0,
      pendingStatements: 0,
    });
    expect(body.recentActivities.map((a: { action: string }) => a.action)).toEqual([
      "registered",
      "created",
    ]);
  });
});
