import { getDaysInMonth, type IsoDate, parseIsoDate } from "../dates/calendar.ts";
import { type DateRange, intersectRanges, OPEN_END_DATE } from "../dates/date-range.ts";
import { Decimal, type DecimalValue } from "../money/decimal.ts";
import { formatCents, isMoneyString, parseMoneyToCents, roundEurosHalfUpToCents } from "../money/money.ts";

/** A tenant's monthly prepayment (Vorauszahlung) and the days it applies to. */
export interface PrepaymentPeriod {
  /** Euros per month, e.g. "150.00". */
  monthlyAmount: DecimalValue;
  validFrom: IsoDate;
  /** Inclusive; null or absent = open end. */
  validUntil?: IsoDate | null;
}

/** What one calendar month contributes to the prepayments. */
export interface MonthlyPrepayment {
  /** "YYYY-MM" */
  month: string;
  daysInMonth: number;
  /** Days of the month covered by the range and a prepayment (summed over prepayments). */
  days: number;
  /** Sum of this month's prorated amounts, each rounded half up to cents. */
  amount: string;
  amountCents: number;
}

export interface PrepaymentProration {
  months: MonthlyPrepayment[];
  total: string;
  totalCents: number;
  /** The total divided by the months covered (days / days of month), half up; "0.00" if none. */
  averageMonthly: string;
}

/**
 * Prorates monthly prepayments over a range (normally a tenancy's days inside the billing
 * period): each month contributes amount x days / days of the month, rounded half up to
 * cents per month and prepayment (DECISIONS 5). Whole months contribute the full amount.
 * A tenant owes prepayments only for the days of the lease (§ 556 (2) BGB), so days outside
 * the range count nothing. Amounts may have more than two decimals; they are exact.
 */
export function proratePrepayments(prepayments: readonly PrepaymentPeriod[], range: DateRange): PrepaymentProration {
  const byMonth = new Map<string, MonthlyPrepayment>();
  // Months covered (for the average): whole months counted, partial months as days / days of month.
  let coveredWholeMonths = 0;
  let coveredPartialMonths = new Decimal(0);
  for (const prepayment of prepayments) {
    const validity = { from: prepayment.validFrom, to: prepayment.validUntil ?? OPEN_END_DATE };
    const overlap = intersectRanges(validity, range);
    if (!overlap) continue;
    const amount = prepayment.monthlyAmount;
    // Whole cents take an integer path; anything finer goes through Decimal.
    const wholeMonthlyCents = typeof amount === "string" && isMoneyString(amount) ? parseMoneyToCents(amount) : null;
    const monthly = new Decimal(amount);
    for (const slice of splitIntoMonths(overlap)) {
      let cents: number;
      if (slice.days === slice.daysInMonth) {
        cents = wholeMonthlyCents ?? roundEurosHalfUpToCents(monthly);
        coveredWholeMonths += 1;
      } else {
        cents = wholeMonthlyCents !== null && Math.abs(wholeMonthlyCents) < 1e12
          ? roundHalfUpDivision(wholeMonthlyCents * slice.days, slice.daysInMonth)
          : roundEurosHalfUpToCents(monthly.times(slice.days).dividedBy(slice.daysInMonth));
        coveredPartialMonths = coveredPartialMonths.plus(new Decimal(slice.days).dividedBy(slice.daysInMonth));
      }
      const existing = byMonth.get(slice.month);
      if (existing) {
        existing.days += slice.days;
        existing.amountCents += cents;
        existing.amount = formatCents(existing.amountCents);
      } else {
        byMonth.set(slice.month, { month: slice.month, daysInMonth: slice.daysInMonth, days: slice.days, amount: formatCents(cents), amountCents: cents });
      }
    }
  }
  const months = [...byMonth.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  const totalCents = months.reduce((sum, month) => sum + month.amountCents, 0);
  const coveredMonths = coveredPartialMonths.plus(coveredWholeMonths);
  const averageMonthly = coveredMonths.isZero()
    ? "0.00"
    : formatCents(roundEurosHalfUpToCents(new Decimal(totalCents).dividedBy(100).dividedBy(coveredMonths)));
  return { months, total: formatCents(totalCents), totalCents, averageMonthly };
}

// Integer division rounded half up (away from zero), exact for integers below 2^53.
function roundHalfUpDivision(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(numerator) * 2 + denominator) / (denominator * 2));
}

interface MonthSlice {
  month: string;
  daysInMonth: number;
  days: number;
}

// Cuts an inclusive range into its calendar months.
function splitIntoMonths(range: DateRange): MonthSlice[] {
  const start = parseIsoDate(range.from);
  const end = parseIsoDate(range.to);
  if (!start || !end) throw new RangeError(`Not a date range: ${range.from}..${range.to}`);
  const slices: MonthSlice[] = [];
  let year = start.year;
  let month = start.month;
  for (;;) {
    const daysInMonth = getDaysInMonth(year, month);
    const isFirst = year === start.year && month === start.month;
    const isLast = year === end.year && month === end.month;
    const firstDay = isFirst ? start.day : 1;
    const lastDay = isLast ? end.day : daysInMonth;
    slices.push({ month: `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`, daysInMonth, days: lastDay - firstDay + 1 });
    if (isLast) return slices;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * The total of proratePrepayments in cents, for the statement's hot path: the same rounding
 * per month and prepayment (DECISIONS 5), on integers only, without the month list and the
 * average. Amounts finer than cents take the full calculation.
 */
export function sumProratedPrepaymentCents(prepayments: readonly PrepaymentPeriod[], range: DateRange): number {
  let totalCents = 0;
  for (const prepayment of prepayments) {
    const amount = prepayment.monthlyAmount;
    if (typeof amount !== "string" || !isMoneyString(amount)) return proratePrepayments(prepayments, range).totalCents;
    const monthlyCents = parseMoneyToCents(amount);
    if (Math.abs(monthlyCents) >= 1e12) return proratePrepayments(prepayments, range).totalCents;
    const overlap = intersectRanges({ from: prepayment.validFrom, to: prepayment.validUntil ?? OPEN_END_DATE }, range);
    if (!overlap) continue;
    const start = parseIsoDate(overlap.from);
    const end = parseIsoDate(overlap.to);
    if (!start || !end) throw new RangeError(`Not a date range: ${overlap.from}..${overlap.to}`);
    let year = start.year;
    let month = start.month;
    for (;;) {
      const daysInMonth = getDaysInMonth(year, month);
      const isFirst = year === start.year && month === start.month;
      const isLast = year === end.year && month === end.month;
      const days = (isLast ? end.day : daysInMonth) - (isFirst ? start.day : 1) + 1;
      totalCents += days === daysInMonth ? monthlyCents : roundHalfUpDivision(monthlyCents * days, daysInMonth);
      if (isLast) break;
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
      }
    }
  }
  return totalCents;
}
