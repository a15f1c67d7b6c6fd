import { type IsoDate, maxDate, minDate } from "./calendar.ts";

/** An inclusive range of calendar days. */
export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

/** An open end (no end date) counts as this date for overlap checks (docs/rules/prepayments.md#prepayment-rules). */
export const OPEN_END_DATE: IsoDate = "2099-12-31";

/** Returns the days both ranges share, or null when they share none. */
export function intersectRanges(a: DateRange, b: DateRange): DateRange | null {
  const from = maxDate(a.from, b.from);
  const to = minDate(a.to, b.to);
  return from <= to ? { from, to } : null;
}

/** Do the two inclusive ranges share at least one day? */
export function isOverlapping(a: DateRange, b: DateRange): boolean {
  return a.from <= b.to && b.from <= a.to;
}
