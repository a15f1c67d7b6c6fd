import { describe, expect, it } from "vitest";
import { PLANS, ROLE_PERMISSIONS, buildFeatureFlags, type MeResponse } from "@nk/contract";
import {
  buildLimitReachedInfo,
  canCreateResource,
  getDisplayName,
  getPlanDotColour,
  hasPlanFeature,
  isUpgradePromptDue,
} from "../src/lib/plan-access";

function buildMe(
  overrides: Partial<MeResponse["usage"]> = {},
  plan: MeResponse["subscription"]["plan"] = "trial",
): MeResponse {
  return {
    user: {
      id: "u1",
      email: "anna@example.de",
      name: "Anna Beispiel",
      firstName: "Anna",
      lastName: "Beispiel",
      createdAt: "2025-01-01T00:00:00.000Z",
      authProvider: "email",
      isFirstSignIn: false,
    },
    profile: {
      firstName: "Anna",
      lastName: "Beispiel",
      fullName: "Anna Beispiel",
      company: null,
      phone: null,
      profileComplete: true,
    },
    subscription: {
      id: "s1",
      plan,
      status: plan === "trial" ? "trialing" : "active",
      currentPeriodStart: "2025-01-01T00:00:00.000Z",
      currentPeriodEnd: "2025-01-15T00:00:00.000Z",
      trialEndDate: plan === "trial" ? "2025-01-15T00:00:00.000Z" : null,
      daysLeft: plan === "trial" ? 5 : null,
      isTrialExpired: false,
      canceledAt: null,
      cancelAtPeriodEnd: false,
    },
    limits: { ...PLANS[plan].limits },
    usage: {
      currentProperties: 0,
      currentUnits: 0,
      currentTenants: 0,
      currentBillingStatements: 0,
      billingStatementsThisMonth: 0,
      ...overrides,
    },
    account: {
      id: "u1",
      name: "Anna Beispiel (eigenes Konto)",
      role: "owner",
      permissions: [...ROLE_PERMISSIONS.owner],
    },
    memberships: [
      {
        accountId: "u1",
        accountName: "Anna Beispiel (eigenes Konto)",
        role: "owner",
        isCurrent: true,
      },
    ],
    features: buildFeatureFlags(plan),
  };
}

describe("an expired trial or an ended subscription creates nothing (issue 23: said before anything is typed)", () => {
  it("denies creation below every limit and names the reason", () => {
    const expired = buildMe({ currentProperties: 0 });
    expired.subscription = { ...expired.subscription, isTrialExpired: true };
    expect(canCreateResource(expired, "properties")).toBe(false);
    expect(buildLimitReachedInfo(expired, "billingStatements")).toEqual({
      title: "Testphase abgelaufen",
      message:
        "Ihre Testphase ist abgelaufen. Bitte wählen Sie einen Plan, um weitere Daten anzulegen.",
    });
    const ended = buildMe({ currentProperties: 0 }, "professional");
    ended.subscription = { ...ended.subscription, status: "canceled" };
    expect(canCreateResource(ended, "properties")).toBe(false);
    expect(buildLimitReachedInfo(ended, "properties").title).toBe("Abonnement beendet");
  });
});

describe("canCreateResource", () => {
  it("denies creation while the account is not loaded", () => {
    expect(canCreateResource(undefined, "properties")).toBe(false);
  });

  it("allows creation below the limit and denies it at the limit", () => {
    expect(canCreateResource(buildMe({ currentProperties: 0 }), "properties")).toBe(true);
    expect(canCreateResource(buildMe({ currentProperties: 1 }), "properties")).toBe(false);
    expect(canCreateResource(buildMe({ currentUnits: 2 }), "units")).toBe(true);
    expect(canCreateResource(buildMe({ currentUnits: 3 }), "units")).toBe(false);
    expect(canCreateResource(buildMe({ currentBillingStatements: 2 }), "billingStatements")).toBe(
      false,
    );
  });

  it("always allows creation on unlimited plans", () => {
    expect(
      canCreateResource(buildMe({ currentTenants: 10_000 }, "enterprise_plus"), "tenants"),
    ).toBe(true);
  });
});

describe("plan display", () => {
  it("builds the 'Limit erreicht' texts", () => {
    expect(buildLimitReachedInfo(buildMe(), "properties")).toEqual({
      title: "Limit erreicht",
      message: "Sie haben das Limit von 1 Immobilien erreicht.",
    });
  });

  it("colours the dot red for an expired trial, yellow for a running one, green for paid plans", () => {
    expect(getPlanDotColour({ plan: "trial", isTrialExpired: true })).toBe("red");
    expect(getPlanDotColour({ plan: "trial", isTrialExpired: false })).toBe("yellow");
    expect(getPlanDotColour({ plan: "professional", isTrialExpired: false })).toBe("green");
  });

  it("prompts for an upgrade above 80 % of any limit", () => {
    expect(isUpgradePromptDue(buildMe({ currentUnits: 2 }))).toBe(false);
    expect(isUpgradePromptDue(buildMe({ currentUnits: 3 }))).toBe(true);
    expect(isUpgradePromptDue(buildMe({ currentUnits: 500 }, "enterprise_plus"))).toBe(false);
  });

  it("reads feature flags, false while not loaded", () => {
    expect(hasPlanFeature(buildMe({}, "starter"), "verbrauchsanalyse")).toBe(false);
    expect(hasPlanFeature(buildMe({}, "professional"), "verbrauchsanalyse")).toBe(true);
    expect(hasPlanFeature(undefined, "pdfExport")).toBe(false);
  });

  it("shows the full name, else first and last name, else the e-mail", () => {
    const me = buildMe();
    expect(getDisplayName(me)).toBe("Anna Beispiel");
    expect(getDisplayName({ ...me, profile: { ...me.profile, fullName: null } })).toBe(
      "Anna Beispiel",
    );
    expect(
      getDisplayName({
        user: { ...me.user, name: "", firstName: null, lastName: null },
        profile: { ...me.profile, fullName: null, firstName: null, lastName: null },
      }),
    ).toBe("anna@example.de");
  });
});
