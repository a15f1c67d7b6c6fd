import { isHeizkvCostType } from "../constants/domain.ts";
import { MESSAGES } from "../messages/messages.ts";
import type { CostItemInput, PeriodInput, ValidationIssue } from "../types.ts";

/**
 * Issue 24: the options that limit what a cost item charges. The § 12 (1) HeizkV cut belongs
 * to heating and hot water distributed not by consumption (only there does the tenant have
 * the right it anticipates); an item charged only up to a day needs that day inside the
 * period and a key that has days to cut (area, persons, units).
 */
export function checkCostItemLimits(
  item: CostItemInput,
  path: string,
  period: PeriodInput,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // Contract v1.4: direct amounts are the lines' own; nothing cuts or limits them.
  if (item.key === "direct") {
    if (
      item.heizkvReduction ||
      item.heizkvRemoteReadingCut ||
      (item.allocableUntil !== undefined &&
        item.allocableUntil !== null &&
        item.allocableUntil < period.end)
    ) {
      issues.push({ path: `${path}.key`, message: MESSAGES.directNotWithLimits(item.costType) });
    }
    return issues;
  }
  if (
    (item.directAmounts?.length ?? 0) > 0 ||
    (item.vacancyAmount !== undefined &&
      item.vacancyAmount !== null &&
      item.vacancyAmount !== "0" &&
      item.vacancyAmount !== "0.00")
  ) {
    issues.push({
      path: `${path}.directAmounts`,
      message: MESSAGES.directAmountsWithoutDirectKey(item.costType),
    });
  }
  if (
    item.heizkvReduction &&
    (!isHeizkvCostType(item.costType) || item.key === "consumption" || item.key === "mixed")
  ) {
    issues.push({
      path: `${path}.heizkvReduction`,
      message: MESSAGES.heizkvReductionNotApplicable(item.costType),
    });
  }
  // Issue 30 (decision 1630): the 3 % cut of § 12 (1) Satz 2 HeizkV, for heating and hot water
  // whatever their key; one cut per item.
  if (item.heizkvRemoteReadingCut && !isHeizkvCostType(item.costType)) {
    issues.push({
      path: `${path}.heizkvRemoteReadingCut`,
      message: MESSAGES.heizkvRemoteReadingCutNotApplicable(item.costType),
    });
  } else if (item.heizkvRemoteReadingCut && item.heizkvReduction) {
    issues.push({
      path: `${path}.heizkvRemoteReadingCut`,
      message: MESSAGES.heizkvCutsCombined(item.costType),
    });
  }
  const until = item.allocableUntil;
  if (until !== undefined && until !== null && until < period.end) {
    if (until < period.start)
      issues.push({
        path: `${path}.allocableUntil`,
        message: MESSAGES.allocableUntilBeforePeriod(item.costType, until),
      });
    else if (item.key === "consumption" || item.key === "mixed")
      issues.push({
        path: `${path}.allocableUntil`,
        message: MESSAGES.allocableUntilNeedsTimedKey(item.costType),
      });
  }
  return issues;
}

/** The item's last allocable day when it ends inside the period, else null (the whole period). */
export function getAllocableUntil(item: CostItemInput, period: PeriodInput): string | null {
  const until = item.allocableUntil;
  return until !== undefined && until !== null && until >= period.start && until < period.end
    ? until
    : null;
}
