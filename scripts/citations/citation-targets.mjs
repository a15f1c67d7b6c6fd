// Where each citation of the former product specification points in docs/rules/ (see
// docs/rules/README.md, "Where an old citation goes"). Used by scripts/rewrite-citations.mjs.

export const RULES_DIR = "docs/rules";

/** "DECISIONS n" of the specification → the rules file and anchor that state it now. */
export const DECISION_TARGETS = {
  1: "money-and-rounding.md#exact-money",
  2: "tenancies-and-keys.md#who-bears-what",
  3: "heating.md#heizkv",
  4: "co2.md#co2-split",
  5: "prepayments.md#prepayment-rules",
  6: "statements.md#letter-contents",
  7: "accounts-and-plans.md#account-data",
  8: "statement-inputs.md#assembly",
  9: "statements.md#saved-runs",
  10: "statements.md#pdfs-and-sending",
  11: "heating.md#consumption-analysis",
};

/** Part 1 (the app around the statements), by section. */
const PART_1 = {
  1: "master-data.md#product",
  2: "master-data.md#screens",
  3: "master-data.md#entities",
  4: "master-data.md#states",
  5: "master-data.md#validation",
  6: "accounts-and-plans.md#roles-and-features",
  7: "master-data.md#queries",
  8: "master-data.md#messages",
  9: "master-data.md#constants",
};

/** Part 1 in files about accounts, subscriptions and plans. */
const PART_1_ACCOUNT = {
  3: "accounts-and-plans.md#subscription",
  4: "accounts-and-plans.md#subscription",
  5: "accounts-and-plans.md#plan-limits",
  8: "accounts-and-plans.md#subscription-texts",
  9: "accounts-and-plans.md#plans-and-prices",
};
const ACCOUNT_PATH = /(account|subscription|plans?[-./]|plan-access|agb|upgrade|usage)/i;

/** Part 2 (statements), by section. */
const PART_2 = {
  1: "statements.md#wizard",
  2: "statements.md#wizard",
  2.1: "statements.md#wizard",
  2.2: "statements.md#history",
  2.3: "prepayments.md#prepayment-panel",
  3: "statements.md#statement-entities",
  4: "statements.md#statuses",
  5: "statements.md#statement-checks",
  6: "statements.md#statement-permissions",
  7: "statements.md#statement-queries",
  8: "statements.md#statement-messages",
  9: "statements.md#statement-constants",
};
const PART_2_PREPAYMENT = {
  4: "prepayments.md#deactivate",
  5: "prepayments.md#prepayment-rules",
  7: "prepayments.md#prepayment-panel",
  9: "prepayments.md#amount",
};
const PREPAYMENT_PATH = /prepayment/i;
const PART_2_ANALYSIS = {
  3: "heating.md#price-per-kwh",
  5: "heating.md#efficiency-class-check",
  6: "heating.md#analysis-plan-features",
};
const ANALYSIS_PATH = /(analysis|heating-benchmark|benchmark)/i;

/** Quoted sub-section names whose rule sits elsewhere than its section's. */
const NAMED_TARGETS = {
  "plan limits": "accounts-and-plans.md#plan-limits",
  "usage display": "accounts-and-plans.md#usage-display",
  "terms (agb)": "accounts-and-plans.md#terms",
  subscription: "accounts-and-plans.md#subscription",
  "rate sanity check": "master-data.md#rate-price-check",
  "prepayment rules": "prepayments.md#prepayment-rules",
  prepayments: "prepayments.md#prepayment-rules",
  saving: "statements.md#saving",
  "statement statuses": "statements.md#statuses",
  "status service results": "statements.md#statement-messages",
  monitoring: "master-data.md#monitoring",
  "monitoring constants": "master-data.md#monitoring",
  "regional default prices": "master-data.md#regional-prices",
  "field limits": "master-data.md#field-limits",
  "timing and paging": "master-data.md#timing-and-paging",
  timing: "master-data.md#timing-and-paging",
  "tenant form": "master-data.md#tenant-form",
  "registration and login": "master-data.md#registration-and-login",
  "startup configuration": "master-data.md#startup-configuration",
  "landing page": "master-data.md#landing-page",
  "dashboard layout": "master-data.md#dashboard-layout",
  settings: "master-data.md#settings",
  activity: "master-data.md#activity",
  help: "master-data.md#help",
  "utility tariffs": "master-data.md#utility-tariffs",
  "setup wizard": "master-data.md#setup-wizard",
  "activity actions": "master-data.md#activity-actions",
  "entity types": "master-data.md#activity-actions",
};

/** Returns the rules target of a quoted sub-section name, or undefined when its section's target serves. */
export function targetOfName(name) {
  return name ? NAMED_TARGETS[name.toLowerCase().replace(/\s+/g, " ")] : undefined;
}

/** Returns the rules target ("file.md#anchor") of a section of part 1 or 2, given the citing file. */
export function targetOfSection(part, section, file) {
  const whole = String(section).split(".")[0];
  if (part === 1) {
    if (ACCOUNT_PATH.test(file) && PART_1_ACCOUNT[whole]) return PART_1_ACCOUNT[whole];
    return PART_1[whole] ?? "master-data.md#product";
  }
  if (PREPAYMENT_PATH.test(file) && PART_2_PREPAYMENT[whole]) return PART_2_PREPAYMENT[whole];
  if (ANALYSIS_PATH.test(file) && PART_2_ANALYSIS[whole]) return PART_2_ANALYSIS[whole];
  return PART_2[section] ?? PART_2[whole] ?? "statements.md#wizard";
}

/** Returns the rules file of a part cited without a section. */
export function targetOfPart(part) {
  return part === 1 ? "master-data.md" : "statements.md";
}

/** Guesses the part of a bare "section N" from its number (2.1 is part 2), then from the citing file's path. */
export function guessPart(section, file) {
  if (String(section).includes(".")) return 2;
  return /(statement|engine\/|prepayment|cost|quick-setup|analysis|heating|co2)/i.test(file)
    ? 2
    : 1;
}
