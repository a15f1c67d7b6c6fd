import {
  addDays,
  countDaysInclusive,
  getDaysInMonth,
  type IsoDate,
  parseIsoDate,
} from "../dates/calendar.ts";
import { Decimal } from "../money/decimal.ts";
import { formatCents } from "../money/money.ts";
import type { MoneyString } from "../types.ts";

/**
 * § 560 (4) BGB (issue 30, docs/calculation/18-fristen.md): after a statement either party may
 * adjust the monthly prepayment to a suitable amount; the usual measure is a twelfth of the
 * year's costs. The landlord chooses per run whether the proposal is rounded to the euro or to
 * five euros (half up in both cases: 12,50 € → 13 €, 12,49 € → 12 €; 147,50 € → 150 €).
 */
export const PREPAYMENT_ROUNDINGS = ["euro", "five_euros"] as const;
export type PrepaymentRounding = (typeof PREPAYMENT_ROUNDINGS)[number];

const STEP_CENTS: Record<PrepaymentRounding, number> = { euro: 100, five_euros: 500 };

export interface PrepaymentProposalInput {
  /** The tenancy's costs in the statement (its `total`). */
  costs: MoneyString;
  /** The statement period's first day. */
  periodStart: IsoDate;
  /** The tenancy's days in the period (its `days`). */
  tenancyDays: number;
  rounding: PrepaymentRounding;
}

/** The days of the year that starts on `start` (365 or 366, also for a year from 1 March). */
function countYearDays(start: IsoDate): number {
  const date = parseIsoDate(start);
  if (!date) throw new RangeError(`Kein Datum: ${start}`);
  const year = date.year + 1;
  const day = Math.min(date.day, getDaysInMonth(year, date.month));
  const sameDayNextYear = `${String(year).padStart(4, "0")}-${String(date.month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return countDaysInclusive(start, addDays(sameDayNextYear, -1));
}

/**
 * The proposed monthly prepayment: the tenancy's costs per year / 12, rounded. A tenancy that
 * lived in the flat for part of the period has its costs scaled to a whole year by its days
 * (a tenant who moved in on 1 July pays for a year what half a year cost twice over), so the
 * new prepayment covers a full year. Costs of 0 propose 0.
 */
export function proposeMonthlyPrepayment(input: PrepaymentProposalInput): MoneyString {
  if (input.tenancyDays <= 0) return "0.00";
  const yearDays = countYearDays(input.periodStart);
  const monthly = new Decimal(input.costs)
    .times(yearDays)
    .dividedBy(input.tenancyDays)
    .dividedBy(12);
  const step = STEP_CENTS[input.rounding];
  const steps = monthly.times(100).dividedBy(step).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return formatCents(Math.max(0, steps.toNumber() * step));
}
