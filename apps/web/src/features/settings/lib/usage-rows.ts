import { calculateUsagePercent, type SubscriptionResponse } from "@nk/contract";

export type UsageTone = "green" | "yellow" | "red";

export interface UsageRow {
  label: string;
  current: number;
  limit: number;
  percent: number;
  tone: UsageTone;
}

/** docs/rules/accounts-and-plans.md#usage-display: green below 70 %, yellow from 70 %, red from 90 %. */
export function getUsageTone(percent: number): UsageTone {
  if (percent >= 90) return "red";
  if (percent >= 70) return "yellow";
  return "green";
}

export function buildUsageRows({
  limits,
  usage,
}: Pick<SubscriptionResponse, "limits" | "usage">): UsageRow[] {
  const rows: [string, number, number][] = [
    ["Immobilien", usage.currentProperties, limits.maxProperties],
    ["Wohneinheiten", usage.currentUnits, limits.maxUnits],
    ["Aktive Mieter", usage.currentTenants, limits.maxTenants],
    ["Abrechnungen", usage.currentBillingStatements, limits.maxBillingStatements],
  ];
  return rows.map(([label, current, limit]) => {
    const percent = calculateUsagePercent(current, limit);
    return { label, current, limit, percent, tone: getUsageTone(percent) };
  });
}
