import { z } from "zod";

// Calendar dates are YYYY-MM-DD text, never local times. "Today" is the calendar date in
// Germany (Europe/Berlin), whatever the server's or the browser's time zone: the day the rules
// (a reading not in the future, the 18-year age rule, defaults of forms) are measured against.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BERLIN_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's calendar date in Germany; `now` for tests. */
export function getTodayInGermany(now: Date = new Date()): string {
  return BERLIN_DATE.format(now);
}

/**
 * The dates the product accepts: 1900 covers every birth date and building year that matters,
 * 2199 every contract end; outside that range a date is a typing error (year 0000 is not even
 * a date PostgreSQL can store).
 */
export const EARLIEST_CALENDAR_DATE = "1900-01-01";
export const LATEST_CALENDAR_DATE = "2199-12-31";

/** True when `value` is a real calendar date written as YYYY-MM-DD between 1900-01-01 and 2199-12-31. */
export function isCalendarDate(value: string): boolean {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return false;
  if (value < EARLIEST_CALENDAR_DATE || value > LATEST_CALENDAR_DATE) return false;
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

/** The calendar day after `date` (YYYY-MM-DD), across months and years. */
export function getNextCalendarDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
