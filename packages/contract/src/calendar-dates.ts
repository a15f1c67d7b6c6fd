import { z } from "zod";

// Calendar dates are YYYY-MM-DD text, never local times. "Today" is the calendar date in
// Germany (Europe/Berlin), whatever the server's or the browser's time zone: the day the rules
// (a reading not in the future, the 18-year age rule, defaults of forms) are measured against.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BERLIN_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's calendar date in Germany; `now` for tests. */
export function getTodayInGermany(now: Date = new Date()): string {
  return BERLIN_DATE.format(now);
}

/** True when `value` is a real calendar date written as YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  const isLeap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const monthDays = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= (monthDays[m - 1] ?? 0);
}

/** A calendar date (YYYY-MM-DD), never a local time. */
export function calendarDate(message = "Ungültiges Datum") {
  return z.string({ error: message }).refine(isCalendarDate, { message });
}

/** "2024-12-31" -> "31.12.2024". */
export function formatCalendarDateDe(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}.${m}.${y}`;
}
