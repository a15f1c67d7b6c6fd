import {
  PLANS,
  ROLE_PERMISSIONS,
  buildFeatureFlags,
  type BillingPeriodDetail,
  type Meter,
  type MeResponse,
  type PlanKey,
  type PropertyWithUnits,
  type Unit,
} from "@nk/contract";

// Answers of the API as the server gives them, for the component tests. Ids are fixed uuids.

export const PROPERTY_ID = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
export const UNIT_ID = "0b7e6c1a-2d3f-4a5b-8c6d-7e8f9a0b1c2d";
export const METER_ID = "1c8f7d2b-3e4a-4b5c-9d7e-8f9a0b1c2d3e";
export const PERIOD_ID = "2d9a8e3c-4f5b-4c6d-8e8f-9a0b1c2d3e4f";

/** GET /api/me of an owner on `plan`, below every limit unless `usage` says otherwise. */
export function buildMe(
  plan: PlanKey = "professional",
  usage: Partial<MeResponse["usage"]> = {},
): MeResponse {
  return {
    user: {
      id: "u1",
      email: "anna@example.de",
      name: "Anna Beispiel",
      firstName: "Anna",
      lastName: "Beispiel",
      createdAt: "2026-01-01T00:00:00.000Z",
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
      currentPeriodStart: "2026-01-01T00:00:00.000Z",
      currentPeriodEnd: "2027-01-01T00:00:00.000Z",
      trialEndDate: plan === "trial" ? "2026-12-15T00:00:00.000Z" : null,
      daysLeft: plan === "trial" ? 14 : null,
      isTrialExpired: false,
      canceledAt: null,
      cancelAtPeriodEnd: false,
    },
    limits: { ...PLANS[plan].limits },
    usage: {
      currentProperties: 1,
      currentUnits: 2,
      currentTenants: 1,
      currentBillingStatements: 0,
      billingStatementsThisMonth: 0,
      ...usage,
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

export function buildMeter(overrides: Partial<Meter> = {}): Meter {
  return {
    id: METER_ID,
    meterNumber: "KW-4711",
    meterType: "Kaltwasser",
    unitId: UNIT_ID,
    propertyId: null,
    location: null,
    displayName: null,
    unit: { id: UNIT_ID, name: "EG links", area: "62.5" },
    property: { id: PROPERTY_ID, name: "Lindenstraße 5" },
    isRemoteReadable: false,
    installedOn: null,
    remoteReading: { status: "not_covered", requiredFrom: null, deadline: null },
    latestReading: { readingValue: "100", readingDate: "2025-12-31" },
    readingCount: 1,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function buildUnit(overrides: Partial<Unit> = {}): Unit {
  return {
    id: UNIT_ID,
    propertyId: PROPERTY_ID,
    name: "EG links",
    area: "62.50",
    persons: 2,
    hasDecentralizedHotWater: false,
    activeTenantCount: 1,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function buildProperty(overrides: Partial<PropertyWithUnits> = {}): PropertyWithUnits {
  const units = overrides.units ?? [buildUnit()];
  return {
    id: PROPERTY_ID,
    name: "Lindenstraße 5",
    street: "Lindenstraße",
    houseNumber: "5",
    addressAddition: null,
    postalCode: "10115",
    city: "Berlin",
    state: null,
    country: "Deutschland",
    address: "Lindenstraße 5, 10115 Berlin, Deutschland",
    propertyType: "Mehrfamilienhaus",
    efficiencyClass: null,
    efficiencyDeterminedDate: null,
    efficiencyDeterminationMethod: null,
    heatingFuel: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    unitCount: units.length,
    totalArea: "62.50",
    ...overrides,
    units,
  };
}

export function buildBillingPeriod(
  overrides: Partial<BillingPeriodDetail> = {},
): BillingPeriodDetail {
  return {
    id: PERIOD_ID,
    propertyId: PROPERTY_ID,
    propertyName: "Lindenstraße 5",
    name: "Abrechnung 2025",
    billingPeriodStart: "2025-01-01",
    billingPeriodEnd: "2025-12-31",
    status: "In Bearbeitung",
    isFinal: false,
    readingCount: 0,
    hasStatementRun: false,
    createdAt: "2026-11-29T10:00:00.000Z",
    readings: [],
    ...overrides,
  };
}
