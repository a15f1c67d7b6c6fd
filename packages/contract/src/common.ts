import { z } from "zod";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/** Euro amount as a decimal string with at most 2 decimals ("1234.56"); never a float. */
export function moneyString(message = "Ungültiger Betrag") {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === "number" ? String(v) : v.trim().replace(",", ".")))
    .refine((v) => /^-?\d{1,10}(\.\d{1,2})?$/.test(v), { message });
}

export const idSchema = z.string().min(1);

export function trimmed() {
  return z.string().transform((v) => v.trim());
}

/** Optional text: empty strings become null (the specification stores empty optionals as null). */
export function optionalText() {
  return z
    .string()
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });
}
