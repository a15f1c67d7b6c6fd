import { getDaysInMonth, type IsoDate, parseIsoDate } from "../dates/calendar.ts";
import { Decimal } from "../money/decimal.ts";

/**
 * Degree-day weights (Gradtagszahlen) per month in per mille of a heating year, after
 * VDI 2067 sheet 1 / DIN 4713 part 5, as docs/rules/heating.md#heizkv fixes them. § 9b (2) HeizkV allows
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

// The same table in thirds of a per mille, so that summer months are whole numbers too.
const DEGREE_DAY_THIRDS = [510, 450, 390, 240, 120, 40, 40, 40, 90, 240, 360, 480];

/**
 * 377,580 = lcm(28, 29, 30, 31): a day's share of its month is a whole number of these
 * units in every month, so degree-day weights of any range are exact integers.
 */
const DAY_UNITS_PER_MONTH = 377580;

/** The degree-day units of one per mille (3 thirds x 377,580): a whole year is 1000 of these. */
export const DEGREE_DAY_UNITS_PER_MILLE = 3n * BigInt(DAY_UNITS_PER_MONTH);

/**
 * Returns the degree-day weight of an inclusive date range as an exact integer, in units of
 * 1 / 1,132,740 per mille: each day counts its month's weight divided by the month's days
 * (docs/rules/heating.md#heizkv: "a partial month pro rata by days"). The statement weights with this.
 */
export function degreeDayUnits(from: IsoDate, to: IsoDate): bigint {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (!start || !end) throw new RangeError(`Not a date range: ${from}..${to}`);
  if (to < from) return 0n;
  let total = 0;
  let year = start.year;
  let month = start.month;
  for (;;) {
    const daysInMonth = getDaysInMonth(year, month);
    const isFirstMonth = year === start.year && month === start.month;
    const isLastMonth = year === end.year && month === end.month;
    const firstDay = isFirstMonth ? start.day : 1;
    const lastDay = isLastMonth ? end.day : daysInMonth;
    const thirds = DEGREE_DAY_THIRDS[month - 1] ?? 0;
    // Integer arithmetic stays exact: at most 13 months x 510 x 377,580 per range.
    total += thirds * (DAY_UNITS_PER_MONTH / daysInMonth) * (lastDay - firstDay + 1);
    if (isLastMonth) return BigInt(total);
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
 * 150 x 15 / 29). docs/rules/heating.md#heizkv, § 9b (2) HeizkV.
 */
export function degreeDayWeight(from: IsoDate, to: IsoDate): Decimal {
  return new Decimal(degreeDayUnits(from, to).toString()).dividedBy(
    DEGREE_DAY_UNITS_PER_MILLE.toString(),
  );
}
