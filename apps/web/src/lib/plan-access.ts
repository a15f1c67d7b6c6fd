import {
  LIMIT_REACHED_TITLE,
  PLANS,
  buildLimitReachedMessage,
  calculateUsagePercent,
  findCreationBlock,
  isCreationAllowed,
  type FeatureKey,
  type LimitedResource,
  type MeResponse,
} from "@nk/contract";

type Limits = MeResponse["limits"];
type Usage = MeResponse["usage"];

const LIMIT_FIELD: Record<LimitedResource, keyof Limits> = {
  properties: "maxProperties",
  units: "maxUnits",
  tenants: "maxTenants",
  billingStatements: "maxBillingStatements",
};

const USAGE_FIELD: Record<LimitedResource, keyof Usage> = {
  properties: "currentProperties",
  units: "currentUnits",
  tenants: "currentTenants",
  billingStatements: "currentBillingStatements",
};

/** Usage threshold above which the upgrade prompt shows (docs/rules/accounts-and-plans.md#usage-display). */
const UPGRADE_PROMPT_PERCENT = 80;

export function getResourceLimit(
  me: Pick<MeResponse, "limits">,
  resource: LimitedResource,
): number {
  return me.limits[LIMIT_FIELD[resource]];
}

export function getResourceUsage(me: Pick<MeResponse, "usage">, resource: LimitedResource): number {
  return me.usage[USAGE_FIELD[resource]];
}

/**
 * docs/rules/accounts-and-plans.md#plan-limits: creation is allowed when the limit is -1 or the count is below it, and
 * never with an expired trial or an ended subscription (the server refuses those too; issue 23:
 * the pages say so before anything is typed). While `me` is not loaded, creation is denied.
 */
export function canCreateResource(
  me: Pick<MeResponse, "limits" | "usage" | "subscription"> | undefined,
  resource: LimitedResource,
): boolean {
  if (!me) return false;
  if (findCreationBlock(me.subscription)) return false;
  return isCreationAllowed(getResourceLimit(me, resource), getResourceUsage(me, resource));
}

/** The 'Limit erreicht' texts for a resource (or 'Testphase abgelaufen' / 'Abonnement beendet'). */
export function buildLimitReachedInfo(
  me: Pick<MeResponse, "limits" | "subscription">,
  resource: LimitedResource,
): { title: string; message: string } {
  return (
    findCreationBlock(me.subscription) ?? {
      title: LIMIT_REACHED_TITLE,
      message: buildLimitReachedMessage(resource, getResourceLimit(me, resource)),
    }
  );
}

export function hasPlanFeature(
  me: Pick<MeResponse, "features"> | undefined,
  feature: FeatureKey,
): boolean {
  return me?.features[feature] ?? false;
}

function getUsagePercent(
  me: Pick<MeResponse, "limits" | "usage">,
  resource: LimitedResource,
): number {
  return calculateUsagePercent(getResourceUsage(me, resource), getResourceLimit(me, resource));
}

/** True when any usage exceeds 80 % of its limit. */
export function isUpgradePromptDue(me: Pick<MeResponse, "limits" | "usage">): boolean {
  return (Object.keys(LIMIT_FIELD) as LimitedResource[]).some(
    (resource) =>
      getResourceLimit(me, resource) !== -1 &&
      getUsagePercent(me, resource) > UPGRADE_PROMPT_PERCENT,
  );
}

export type PlanDotColour = "red" | "yellow" | "green";

/** Header dot: red for an expired trial, yellow for an active trial, green for a paid plan. */
export function getPlanDotColour(
  subscription: Pick<MeResponse["subscription"], "plan" | "isTrialExpired">,
): PlanDotColour {
  if (subscription.plan !== "trial") return "green";
  return subscription.isTrialExpired ? "red" : "yellow";
}

export function getPlanBadge(plan: MeResponse["subscription"]["plan"]): string {
  return PLANS[plan].badge;
}

/** The user's display name: full name, else first and last name, else the e-mail address. */
export function getDisplayName(me: Pick<MeResponse, "user" | "profile">): string {
  const fullName = me.profile.fullName?.trim();
  if (fullName) return fullName;
  const joined = [
    me.profile.firstName ?? me.user.firstName,
    me.profile.lastName ?? me.user.lastName,
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  if (joined) return joined;
  return me.user.name?.trim() || me.user.email;
}
