import {
  DEFAULT_CONSUMPTION_SHARE_PERCENT,
  DEFAULT_METER_BY_COST_TYPE,
  HEIZKV_MAX_CONSUMPTION_SHARE_PERCENT,
  HEIZKV_MIN_CONSUMPTION_SHARE_PERCENT,
  isHeizkvCostType,
  PREPAYMENT_WARNING_THRESHOLD_EUROS,
} from "../constants/domain.ts";
import { isLongerThanOneYear } from "../dates/calendar.ts";
import { isOverlapping, OPEN_END_DATE } from "../dates/date-range.ts";
import { MESSAGES } from "../messages/messages.ts";
import { parseMoneyToCents } from "../money/money.ts";
import { QUANTITY_SCALE, toDisplayNumber, toScaledQuantity } from "../statement/fixed-point.ts";
import type { CostItemInput, StatementInput, TenancyInput, ValidationIssue } from "../types.ts";
import { checkCostItemLimits } from "./cost-item-limits.ts";

export interface RuleCheckOutcome {
  /** Blocking problems: the statement is not calculated. */
  issues: ValidationIssue[];
  warnings: string[];
  /** The period, units or tenancies are unusable: later checks that build lines must not run. */
  isStructureBroken: boolean;
}

/**
 * The rules of docs/rules/statements.md#statement-checks ("Statement data checks", the HeizkV range, prepayment
 * rules) and docs/rules/heating.md#heizkv, docs/rules/prepayments.md#prepayment-rules, on input that already has the contract's shape. The checks
 * that need the billing lines ("Distribution by key") run with the allocation.
 */
export function checkStatementRules(input: StatementInput): RuleCheckOutcome {
  const issues: ValidationIssue[] = [];
  const warnings: string[] = [];
  let isStructureBroken = false;

  if (input.period.end < input.period.start) {
    issues.push({ path: "period.end", message: MESSAGES.periodEndBeforeStart() });
    isStructureBroken = true;
  } else if (isLongerThanOneYear(input.period.start, input.period.end)) {
    // § 556 (3) BGB: operating costs are settled once a year; a period cannot exceed twelve months.
    issues.push({ path: "period.end", message: MESSAGES.periodLongerThanYear() });
    isStructureBroken = true;
  }

  // Statement data checks (docs/rules/statements.md#statement-checks), in the specification's order.
  if (input.units.length === 0) {
    issues.push({ path: "units", message: MESSAGES.noUnits() });
    isStructureBroken = true;
  } else {
    // Summed exactly in units of 10^-9 m2 (the statement's scale), without a decimal object per unit.
    const totalArea = input.units.reduce((sum, unit) => sum + toScaledQuantity(unit.area), 0n);
    // Areas finer than 10^-9 m2 round to 0 in that scale but still count as area here.
    // (Decimal text has at most 9 decimals: never finer than the scale.)
    const hasTinyAreaOnly =
      totalArea === 0n &&
      input.units.every((unit) => typeof unit.area !== "number" || unit.area >= 0) &&
      input.units.some((unit) => typeof unit.area === "number" && unit.area > 0);
    if (totalArea <= 0n && !hasTinyAreaOnly)
      issues.push({ path: "units", message: MESSAGES.totalAreaNotPositive() });
  }
  const totalCents = input.costItems.reduce((sum, item) => sum + parseMoneyToCents(item.amount), 0);
  if (totalCents <= 0)
    issues.push({ path: "costItems", message: MESSAGES.totalCostsNotPositive() });

  input.costItems.forEach((item, index) => {
    issues.push(...checkCostItem(item, `costItems[${index}]`));
    issues.push(...checkCostItemLimits(item, `costItems[${index}]`, input.period));
  });

  if (checkTenancyOverlaps(input.tenancies, issues)) isStructureBroken = true;
  // Paths are built only for a problem: these run for every tenancy and prepayment.
  input.tenancies.forEach((tenancy, index) => checkOccupantOverlaps(tenancy, index, issues));
  input.tenancies.forEach((tenancy, index) => checkPrepayments(tenancy, index, issues, warnings));

  if (input.co2 && !input.costItems.some((item) => isHeizkvCostType(item.costType))) {
    issues.push({ path: "co2", message: MESSAGES.co2NoHeatingCosts() });
  }
  return { issues, warnings, isStructureBroken };
}

/**
 * Returns the consumption share of a mixed item in percent (default 70, docs/rules/heating.md#heizkv),
 * as a number to show (a part's `percent`); the calculation uses getScaledConsumptionShare.
 */
export function getConsumptionSharePercent(item: CostItemInput): number {
  return toDisplayNumber(getScaledConsumptionShare(item), QUANTITY_SCALE);
}

/** The consumption share in percent, exactly, in units of 10^-9 (decision 1640: text or a JSON number, never a float in between). */
export function getScaledConsumptionShare(item: CostItemInput): bigint {
  return toScaledQuantity(item.consumptionShare ?? DEFAULT_CONSUMPTION_SHARE_PERCENT);
}

const toScaledPercent = (percent: number): bigint => BigInt(percent) * QUANTITY_SCALE;

/** Returns the consumption series of a consumption or mixed item, or null if none is known. */
export function getItemMeter(item: CostItemInput): CostItemInput["meter"] {
  return item.meter ?? DEFAULT_METER_BY_COST_TYPE[item.costType] ?? null;
}

function checkCostItem(item: CostItemInput, path: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (item.key === "mixed") {
    const share = getScaledConsumptionShare(item);
    // The message names the share as given ("72.5" or 72.5).
    const shown = item.consumptionShare ?? DEFAULT_CONSUMPTION_SHARE_PERCENT;
    if (isHeizkvCostType(item.costType)) {
      // § 7 (1) and § 8 (1) HeizkV: 50-70 % by consumption; out of range blocks, never clamps.
      if (
        share < toScaledPercent(HEIZKV_MIN_CONSUMPTION_SHARE_PERCENT) ||
        share > toScaledPercent(HEIZKV_MAX_CONSUMPTION_SHARE_PERCENT)
      ) {
        issues.push({ path: `${path}.consumptionShare`, message: MESSAGES.heizkvViolation(shown) });
      }
    } else if (share < 0n || share > toScaledPercent(100)) {
      issues.push({
        path: `${path}.consumptionShare`,
        message: MESSAGES.consumptionShareOutOfRange(shown),
      });
    }
  }
  if ((item.key === "mixed" || item.key === "consumption") && getItemMeter(item) === null) {
    issues.push({
      path: `${path}.meter`,
      message: MESSAGES.meterMissing(`${path}.meter`, item.costType),
    });
  }
  // Contract v1.1: the labour part of an item (§ 35a EStG) lies between 0 and its amount.
  if (item.laborCosts !== undefined && item.laborCosts !== null) {
    const laborCents = parseMoneyToCents(item.laborCosts);
    if (laborCents < 0 || laborCents > parseMoneyToCents(item.amount)) {
      issues.push({
        path: `${path}.laborCosts`,
        message: MESSAGES.laborCostsOutOfRange(item.costType),
      });
    }
  }
  return issues;
}

// Contract v1.1: a day of a tenancy has one number of occupants, so its periods must not overlap.
function checkOccupantOverlaps(
  tenancy: TenancyInput,
  tenancyIndex: number,
  issues: ValidationIssue[],
): void {
  if (!tenancy.occupants || tenancy.occupants.length < 2) return;
  const path = `tenancies[${tenancyIndex}].occupants`;
  const sorted = [...(tenancy.occupants ?? [])].sort((a, b) =>
    a.from < b.from ? -1 : a.from > b.from ? 1 : 0,
  );
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    if (previous && current && current.from <= (previous.to ?? OPEN_END_DATE)) {
      issues.push({ path, message: MESSAGES.occupantPeriodsOverlap(tenancy.id) });
      return;
    }
  }
}

// A unit's days are covered by at most one tenancy at a time (docs/rules/tenancies-and-keys.md#who-bears-what).
function checkTenancyOverlaps(
  tenancies: readonly TenancyInput[],
  issues: ValidationIssue[],
): boolean {
  const byUnit = new Map<string, TenancyInput[]>();
  for (const tenancy of tenancies) {
    const list = byUnit.get(tenancy.unitId);
    if (list) list.push(tenancy);
    else byUnit.set(tenancy.unitId, [tenancy]);
  }
  let hasOverlap = false;
  for (const [unitId, list] of byUnit) {
    if (list.length < 2) continue;
    const sorted = [...list].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    let latest: TenancyInput | undefined;
    for (const tenancy of sorted) {
      if (latest && tenancy.start <= (latest.end ?? OPEN_END_DATE)) {
        issues.push({
          path: "tenancies",
          message: MESSAGES.tenanciesOverlap(latest.id, tenancy.id, unitId),
        });
        hasOverlap = true;
      }
      if (!latest || (tenancy.end ?? OPEN_END_DATE) > (latest.end ?? OPEN_END_DATE))
        latest = tenancy;
    }
  }
  return hasOverlap;
}

// Prepayment rules of docs/rules/statements.md#statement-checks and docs/rules/prepayments.md#prepayment-rules.
function checkPrepayments(
  tenancy: TenancyInput,
  tenancyIndex: number,
  issues: ValidationIssue[],
  warnings: string[],
): void {
  const prepayments = tenancy.prepayments ?? [];
  const listPath = `tenancies[${tenancyIndex}].prepayments`;
  prepayments.forEach((prepayment, index) => {
    const cents = parseMoneyToCents(prepayment.monthlyAmount);
    if (cents <= 0)
      issues.push({
        path: `${listPath}[${index}].monthlyAmount`,
        message: MESSAGES.prepaymentNotPositive(),
      });
    if (cents > PREPAYMENT_WARNING_THRESHOLD_EUROS * 100)
      warnings.push(MESSAGES.prepaymentUnusuallyHigh());
    if (prepayment.validUntil && prepayment.validUntil <= prepayment.validFrom) {
      issues.push({
        path: `${listPath}[${index}].validUntil`,
        message: MESSAGES.endNotAfterStart(),
      });
    }
  });
  // An open end counts as 2099-12-31 for the overlap check (docs/rules/prepayments.md#prepayment-rules).
  for (let first = 0; first < prepayments.length; first += 1) {
    for (let second = first + 1; second < prepayments.length; second += 1) {
      const a = prepayments[first];
      const b = prepayments[second];
      if (!a || !b) continue;
      const rangeA = { from: a.validFrom, to: a.validUntil ?? OPEN_END_DATE };
      const rangeB = { from: b.validFrom, to: b.validUntil ?? OPEN_END_DATE };
      if (isOverlapping(rangeA, rangeB)) {
        issues.push({ path: `${listPath}[${second}]`, message: MESSAGES.prepaymentOverlap() });
      }
    }
  }
}
