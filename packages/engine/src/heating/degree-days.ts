import { getDaysInMonth, type IsoDate, parseIsoDate } from "../dates/calendar.ts";
import { Decimal, ZERO } from "../money/decimal.ts";

/**
 * Degree-day weights (Gradtagszahlen) per month in per mille of a heating year, after
 * VDI 2067 sheet 1 / DIN 4713 part 5, as DECISIONS 3 fixes them. § 9b (2) HeizkV allows
 * them to split a unit's heating consumption between tenants when there is no
 * intermediate reading. June, July and August share 40 per mille equally.
 */
export const DEGREE_DAY_PER_MILLE: Readonly<Record<number, number>> = Object.freeze({
  1: 170,
  2: 150,
  3: 130,
  4: 80,
  5: 40,
  6: 40 / 3,
  7: 40 / 3,
  8: 40 / 3,
  9: 30,
  10: 80,
  11: 120,
  12: 160,
});

// The same table in thirds of a per mille: whole numbers, so full months stay exact.
const DEGREE_DAY_THIRDS = [510, 450, 390, 240, 120, 40, 40, 40, 90, 240, 360, 480];

/**
 * Returns the degree-day weight of an inclusive date range in thirds of a per mille.
 * Internal unit of the statement: whole months are exact integers, a partial month is its
 * month's weight times the share of its days (DECISIONS 3: "a partial month pro rata by days").
 */
export function degreeDayThirds(from: IsoDate, to: IsoDate): Decimal {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (!start || !end) throw new RangeError(`Not a date range: ${from}..${to}`);
  if (to < from) return ZERO;
  let total = ZERO;
  let year = start.year;
  let month = start.month;
  for (;;) {
    const daysInMonth = getDaysInMonth(year, month);
    const isFirstMonth = year === start.year && month === start.month;
    const isLastMonth = year === end.year && month === end.month;
    const firstDay = isFirstMonth ? start.day : 1;
    const lastDay = isLastMonth ? end.day : daysInMonth;
    const days = lastDay - firstDay + 1;
    const monthThirds = DEGREE_DAY_THIRDS[month - 1] ?? 0;
    total = days === daysInMonth
      ? total.plus(monthThirds)
      : total.plus(new Decimal(monthThirds).times(days).dividedBy(daysInMonth));
    if (isLastMonth) return total;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * Returns the degree-day weight of an inclusive date range in per mille of a year
 * (a whole calendar year gives exactly 1000; January alone 170; 1-15 February 2024 gives
 * 150 x 15 / 29). DECISIONS 3, § 9b (2) HeizkV.
 */
export function degreeDayWeight(from: IsoDate, to: IsoDate): Decimal {
  return degreeDayThirds(from, to).dividedBy(3);
}
