import { getTodayInGermany, type BillingPeriod } from "@nk/contract";

/** docs/rules/statements.md#wizard: the default billing period is the previous calendar year. */
export function getDefaultPeriod(today = getTodayInGermany()): { start: string; end: string } {
  const previousYear = Number(today.slice(0, 4)) - 1;
  return { start: `${previousYear}-01-01`, end: `${previousYear}-12-31` };
}

/**
 * Issue 27: the wizard starts where the data is. Of the property's periods that are not final
 * and have readings, the newest; without one, the previous calendar year.
 */
export function pickStartPeriod(
  periods: readonly BillingPeriod[],
  today = getTodayInGermany(),
): { start: string; end: string } {
  const withReadings = periods
    .filter((period) => !period.isFinal && period.readingCount > 0)
    .sort((a, b) => b.billingPeriodStart.localeCompare(a.billingPeriodStart));
  const first = withReadings[0];
  return first
    ? { start: first.billingPeriodStart, end: first.billingPeriodEnd }
    : getDefaultPeriod(today);
}
