// Plans, limits and feature flags: docs/rules/accounts-and-plans.md#roles-and-features, docs/rules/accounts-and-plans.md#plans-and-prices.
// -1 means unlimited. Prices are EUR per month, excluding VAT.

export const PLAN_KEYS = [
  "trial",
  "starter",
  "professional",
  "enterprise",
  "enterprise_plus",
] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const FEATURE_KEYS = [
  "co2Split",
  "heizkvCalculation",
  "pdfExport",
  "emailSupport",
  "prioritySupport",
  "benchmarkVergleich",
  "verbrauchsanalyse",
  "quickSetupTemplates",
  "apiAccess",
  "bulkImportExport",
  "dedicatedSupport",
  "training",
  "customizations",
  "whiteLabel",
  "onPremise",
  "support247",
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];
export type FeatureFlags = Record<FeatureKey, boolean>;

export interface PlanLimits {
  maxProperties: number;
  maxUnits: number;
  maxTenants: number;
  maxBillingStatements: number;
}

export interface PlanDefinition {
  key: PlanKey;
  name: string;
  badge: string;
  priceEurPerMonth: number;
  isPopular: boolean;
  limits: PlanLimits;
  features: FeatureKey[];
  /** German feature lines for the plan cards; the UI shows the first four. */
  featureTexts: string[];
}

const STARTER_FEATURES: FeatureKey[] = [
  "co2Split",
  "heizkvCalculation",
  "pdfExport",
  "emailSupport",
];
const PROFESSIONAL_FEATURES: FeatureKey[] = [
  ...STARTER_FEATURES,
  "prioritySupport",
  "benchmarkVergleich",
  "verbrauchsanalyse",
  "quickSetupTemplates",
];
const ENTERPRISE_FEATURES: FeatureKey[] = [
  ...PROFESSIONAL_FEATURES,
  "apiAccess",
  "bulkImportExport",
  "dedicatedSupport",
  "training",
];

export const PLANS: Record<PlanKey, PlanDefinition> = {
  trial: {
    key: "trial",
    name: "Testphase",
    badge: "Trial",
    priceEurPerMonth: 0,
    isPopular: false,
    limits: { maxProperties: 1, maxUnits: 3, maxTenants: 3, maxBillingStatements: 2 },
    // The trial includes consumption analysis and quick-setup templates (docs/rules/accounts-and-plans.md#roles-and-features).
    features: [...STARTER_FEATURES, "verbrauchsanalyse", "quickSetupTemplates"],
    featureTexts: [
      "14 Tage kostenlos",
      "1 Immobilie, 3 Wohneinheiten",
      "CO₂-Aufteilung und HeizkV",
      "PDF-Abrechnungen",
    ],
  },
  starter: {
    key: "starter",
    name: "Starter",
    badge: "Starter",
    priceEurPerMonth: 19,
    isPopular: false,
    limits: { maxProperties: 2, maxUnits: 3, maxTenants: 3, maxBillingStatements: 12 },
    features: STARTER_FEATURES,
    featureTexts: [
      "Bis zu 3 Wohneinheiten",
      "CO₂-Aufteilung",
      "HeizkV-konforme Berechnung",
      "PDF-Abrechnungen",
      "E-Mail-Support",
    ],
  },
  professional: {
    key: "professional",
    name: "Professional",
    badge: "Pro",
    priceEurPerMonth: 49,
    isPopular: true,
    limits: { maxProperties: 10, maxUnits: 15, maxTenants: 15, maxBillingStatements: 60 },
    features: PROFESSIONAL_FEATURES,
    featureTexts: [
      "Bis zu 15 Wohneinheiten",
      "Verbrauchsanalyse",
      "Benchmark-Vergleich",
      "Quick-Setup-Vorlagen",
      "Prioritäts-Support",
    ],
  },
  enterprise: {
    key: "enterprise",
    name: "Enterprise",
    badge: "Enterprise",
    priceEurPerMonth: 149,
    isPopular: false,
    limits: { maxProperties: 50, maxUnits: 50, maxTenants: 50, maxBillingStatements: 300 },
    features: ENTERPRISE_FEATURES,
    featureTexts: [
      "Bis zu 50 Wohneinheiten",
      "API-Zugang",
      "Massenimport und -export",
      "Persönlicher Ansprechpartner",
      "Schulung",
    ],
  },
  enterprise_plus: {
    key: "enterprise_plus",
    name: "Enterprise+",
    badge: "Enterprise+",
    priceEurPerMonth: 0,
    isPopular: false,
    limits: { maxProperties: -1, maxUnits: -1, maxTenants: -1, maxBillingStatements: -1 },
    features: [...ENTERPRISE_FEATURES, "customizations", "whiteLabel", "onPremise", "support247"],
    featureTexts: [
      "100+ Wohneinheiten",
      "Individuelle Anpassungen",
      "White Label",
      "On-Premise",
      "24/7-Support",
    ],
  },
};

export const TRIAL_DAYS = 14;

export function buildFeatureFlags(plan: PlanKey): FeatureFlags {
  const enabled = new Set(PLANS[plan].features);
  return Object.fromEntries(FEATURE_KEYS.map((key) => [key, enabled.has(key)])) as FeatureFlags;
}

export type LimitedResource = "properties" | "units" | "tenants" | "billingStatements";

const LIMIT_FIELD: Record<LimitedResource, keyof PlanLimits> = {
  properties: "maxProperties",
  units: "maxUnits",
  tenants: "maxTenants",
  billingStatements: "maxBillingStatements",
};

const LIMIT_NOUN: Record<LimitedResource, string> = {
  properties: "Immobilien",
  units: "Wohneinheiten",
  tenants: "Mietern",
  billingStatements: "Abrechnungen",
};

export function getLimit(plan: PlanKey, resource: LimitedResource): number {
  return PLANS[plan].limits[LIMIT_FIELD[resource]];
}

/** docs/rules/accounts-and-plans.md#plan-limits: allowed only when the limit is -1 or the count is below it. */
export function isCreationAllowed(limit: number, currentCount: number): boolean {
  return limit === -1 || currentCount < limit;
}

export const LIMIT_REACHED_TITLE = "Limit erreicht";

/**
 * An expired trial or an ended subscription creates nothing until a plan is chosen (docs/rules/accounts-and-plans.md#plan-limits).
 * The server refuses with these texts; the web app shows them where the user starts (issue 23),
 * before anything is typed.
 */
export const CREATION_BLOCKS = {
  trialExpired: {
    title: "Testphase abgelaufen",
    message:
      "Ihre Testphase ist abgelaufen. Bitte wählen Sie einen Plan, um weitere Daten anzulegen.",
  },
  subscriptionEnded: {
    title: "Abonnement beendet",
    message: "Ihr Abonnement ist beendet. Bitte wählen Sie einen Plan, um weitere Daten anzulegen.",
  },
} as const;

/** Why the subscription creates nothing at all (an expired trial, an ended subscription), or null. */
export function findCreationBlock(subscription: {
  isTrialExpired: boolean;
  status: string;
}): { title: string; message: string } | null {
  if (subscription.isTrialExpired) return CREATION_BLOCKS.trialExpired;
  if (subscription.status === "canceled") return CREATION_BLOCKS.subscriptionEnded;
  return null;
}

export function buildLimitReachedMessage(resource: LimitedResource, limit: number): string {
  return `Sie haben das Limit von ${limit} ${LIMIT_NOUN[resource]} erreicht.`;
}

/** docs/rules/accounts-and-plans.md#usage-display: capped at 100, 0 for unlimited, 100 for a zero limit. */
export function calculateUsagePercent(current: number, limit: number): number {
  if (limit === -1) return 0;
  if (limit === 0) return 100;
  return Math.min(100, Math.round((current / limit) * 100));
}
