import { getDaysInMonth, type IsoDate, parseIsoDate } from "../dates/calendar.ts";
import { type DateRange, intersectRanges, OPEN_END_DATE } from "../dates/date-range.ts";
import { Decimal, type DecimalValue } from "../money/decimal.ts";
import {
  formatCents,
  isMoneyString,
  parseMoneyToCents,
  roundEurosHalfUpToCents,
} from "../money/money.ts";

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
 * cents per month and prepayment (docs/rules/prepayments.md#prepayment-rules). Whole months contribute the full amount.
 * A tenant owes prepayments only for the days of the lease (§ 556 (2) BGB), so days outside
 * the range count nothing. Amounts may have more than two decimals; they are exact.
 */
export function proratePrepayments(
  prepayments: readonly PrepaymentPeriod[],
  range: DateRange,
): PrepaymentProration {
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
    const wholeMonthlyCents =
      typeof amount === "string" && isMoneyString(amount) ? parseMoneyToCents(amount) : null;
    const monthly = new Decimal(amount);
    for (const slice of splitIntoMonths(overlap)) {
      let cents: number;
      if (slice.days === slice.daysInMonth) {
        cents = wholeMonthlyCents ?? roundEurosHalfUpToCents(monthly);
        coveredWholeMonths += 1;
      } else {
        cents =
          wholeMonthlyCents !== null && Math.abs(wholeMonthlyCents) < 1e12
            ? roundHalfUpDivision(wholeMonthlyCents * slice.days, slice.daysInMonth)
            : roundEurosHalfUpToCents(monthly.times(slice.days).dividedBy(slice.daysInMonth));
        coveredPartialMonths = coveredPartialMonths.plus(
          new Decimal(slice.days).dividedBy(slice.daysInMonth),
        );
      }
      const existing = byMonth.get(slice.month);
      if (existing) {
        existing.days += slice.days;
        existing.amountCents += cents;
        existing.amount = formatCents(existing.amountCents);
      } else {
        byMonth.set(slice.month, {
          month: slice.month,
          daysInMonth: slice.daysInMonth,
          days: slice.days,
          amount: formatCents(cents),
          amountCents: cents,
        });
      }
    }
  }
  const months = [...byMonth.values()].sort((a, b) =>
    a.month < b.month ? -1 : a.month > b.month ? 1 : 0,
  );
  const totalCents = months.reduce((sum, month) => sum + month.amountCents, 0);
  const coveredMonths = coveredPartialMonths.plus(coveredWholeMonths);
  const averageMonthly = coveredMonths.isZero()
    ? "0.00"
    : formatCents(
        roundEurosHalfUpToCents(new Decimal(totalCents).dividedBy(100).dividedBy(coveredMonths)),
      );
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
    slices.push({
      month: `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`,
      daysInMonth,
      days: lastDay - firstDay + 1,
    });
    if (isLast) return slices;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * The months of proratePrepayments as runs (contract v1.2, the letter figures): consecutive
 * whole months of the same amount form one run; a month with only some days of the range is a
 * run of its own. The same rounding per month and prepayment (docs/rules/prepayments.md#prepayment-rules), on integers where
 * the amounts are whole cents; amounts finer than cents take the full calculation.
 */
export function listPrepaymentRuns(
  prepayments: readonly PrepaymentPeriod[],
  range: DateRange,
): PrepaymentRun[] {
  const months: { month: string; days: number; daysInMonth: number; cents: number; key: number }[] =
    [];
  // One prepayment (the usual case) gives ascending months; more may meet in a month.
  const byKey = prepayments.length > 1 ? new Map<number, (typeof months)[number]>() : null;
  for (const prepayment of prepayments) {
    const amount = prepayment.monthlyAmount;
    const monthlyCents =
      typeof amount === "string" && isMoneyString(amount) ? parseMoneyToCents(amount) : null;
    if (monthlyCents === null || Math.abs(monthlyCents) >= 1e12) {
      return toRuns(
        proratePrepayments(prepayments, range).months.map((month) => ({
          ...month,
          cents: month.amountCents,
          key: Number(month.month.slice(0, 4)) * 100 + Number(month.month.slice(5, 7)),
        })),
      );
    }
    const overlap = intersectRanges(
      { from: prepayment.validFrom, to: prepayment.validUntil ?? OPEN_END_DATE },
      range,
    );
    if (!overlap) continue;
    const start = parseIsoDate(overlap.from);
    const end = parseIsoDate(overlap.to);
    if (!start || !end) throw new RangeError(`Not a date range: ${overlap.from}..${overlap.to}`);
    let year = start.year;
    let month = start.month;
    for (;;) {
      const daysInMonth = getDaysInMonth(year, month);
      const isLast = year === end.year && month === end.month;
      const days =
        (isLast ? end.day : daysInMonth) -
        (year === start.year && month === start.month ? start.day : 1) +
        1;
      const cents =
        days === daysInMonth ? monthlyCents : roundHalfUpDivision(monthlyCents * days, daysInMonth);
      const key = year * 100 + month;
      const existing = byKey?.get(key);
      if (existing) {
        existing.days += days;
        existing.cents += cents;
      } else {
        const entry = { month: getMonthText(year, month), days, daysInMonth, cents, key };
        months.push(entry);
        byKey?.set(key, entry);
      }
      if (isLast) break;
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
      }
    }
  }
  if (byKey) months.sort((a, b) => a.key - b.key);
  return toRuns(months);
}

/** Months of the prepayments: whole months of one amount, or one month with only some of its days. */
export interface PrepaymentRun {
  /** "2024-01", ... in order (consecutive). */
  months: string[];
  /** Days of the range in the month (a run of one month); null: whole months. */
  days: number | null;
  /** Days of the (single) month; null for whole months. */
  daysInMonth: number | null;
  /** The amount of each month of the run. */
  monthly: string;
  /** The run's sum (monthly x months). */
  amount: string;
}

function toRuns(
  months: readonly {
    month: string;
    days: number;
    daysInMonth: number;
    cents: number;
    key: number;
  }[],
): PrepaymentRun[] {
  const runs: PrepaymentRun[] = [];
  let open: { run: PrepaymentRun; cents: number; total: number; key: number } | null = null;
  for (const month of months) {
    const isWhole = month.days === month.daysInMonth;
    if (
      isWhole &&
      open &&
      open.cents === month.cents &&
      month.key === (open.key % 100 === 12 ? open.key + 89 : open.key + 1)
    ) {
      open.run.months.push(month.month);
      open.total += month.cents;
      open.key = month.key;
      continue;
    }
    if (open) open.run.amount = formatCents(open.total);
    const run: PrepaymentRun = {
      months: [month.month],
      days: isWhole ? null : month.days,
      daysInMonth: isWhole ? null : month.daysInMonth,
      monthly: formatCents(month.cents),
      amount: formatCents(month.cents),
    };
    runs.push(run);
    open = isWhole ? { run, cents: month.cents, total: month.cents, key: month.key } : null;
  }
  if (open) open.run.amount = formatCents(open.total);
  return runs;
}

const MONTH_TEXTS = new Map<number, string>();

// "2024-03", one string per month for all tenancies.
function getMonthText(year: number, month: number): string {
  const key = year * 100 + month;
  let text = MONTH_TEXTS.get(key);
  if (text === undefined) {
    text = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
    MONTH_TEXTS.set(key, text);
  }
  return text;
}

/**
 * The total of proratePrepayments in cents, for the statement's hot path: the same rounding
 * per month and prepayment (docs/rules/prepayments.md#prepayment-rules), on integers only, without the month list and the
 * average. Amounts finer than cents take the full calculation.
 */
export function sumProratedPrepaymentCents(
  prepayments: readonly PrepaymentPeriod[],
  range: DateRange,
): number {
  let totalCents = 0;
  for (const prepayment of prepayments) {
    const amount = prepayment.monthlyAmount;
    if (typeof amount !== "string" || !isMoneyString(amount))
      return proratePrepayments(prepayments, range).totalCents;
    const monthlyCents = parseMoneyToCents(amount);
    if (Math.abs(monthlyCents) >= 1e12) return proratePrepayments(prepayments, range).totalCents;
    const overlap = intersectRanges(
      { from: prepayment.validFrom, to: prepayment.validUntil ?? OPEN_END_DATE },
      range,
    );
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
      totalCents +=
        days === daysInMonth ? monthlyCents : roundHalfUpDivision(monthlyCents * days, daysInMonth);
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
