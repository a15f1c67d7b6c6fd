import { getDaysInMonth, type IsoDate, parseIsoDate } from "../dates/calendar.ts";

/**
 * § 556 (3) Satz 2 BGB: the statement must reach the tenant "spätestens bis zum Ablauf des
 * zwölften Monats nach Ende des Abrechnungszeitraums". A period that ends on the last day of
 * a month (the usual case) has its deadline on the last day of the twelfth month after it:
 * 31.12.2024 → 31.12.2025, 30.06.2025 → 30.06.2026, 28.02.2023 → 29.02.2024. A period that
 * ends inside a month counts twelve months from that day (§§ 187 (1), 188 (2) BGB): the day
 * of the same number, or the month's last day where it has none (§ 188 (3) BGB). § 193 BGB
 * (a deadline on a weekend or holiday) is not applied: whether it covers a statement is
 * disputed, and the earlier date is the one a landlord can rely on.
 */
export function getStatementDeadline(periodEnd: IsoDate): IsoDate {
  const end = parseIsoDate(periodEnd);
  if (!end) throw new RangeError(`Kein Datum: ${periodEnd}`);
  const year = end.year + 1;
  const lastDay = getDaysInMonth(year, end.month);
  const isMonthEnd = end.day === getDaysInMonth(end.year, end.month);
  const day = isMonthEnd ? lastDay : Math.min(end.day, lastDay);
  return `${String(year).padStart(4, "0")}-${String(end.month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * § 556 (3) Satz 3 BGB: after the deadline the landlord may no longer claim a back-payment,
 * unless the delay was not the landlord's fault. A letter is late when it is dispatched
 * after the deadline; what counts in law is its receipt (Zugang), so a letter posted on the
 * last day is at risk already: the product dates letters by dispatch and leaves that margin
 * to the landlord (the wizard says so).
 */
export function isAfterStatementDeadline(periodEnd: IsoDate, dispatchDate: IsoDate): boolean {
  return dispatchDate > getStatementDeadline(periodEnd);
}
