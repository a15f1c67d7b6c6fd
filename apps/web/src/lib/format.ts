// German (de-DE) display. Calendar dates (YYYY-MM-DD) are formatted as dates in UTC so no time
// zone can shift them by a day; timestamps are shown in the browser's zone. Money and areas are
// decimal text and go through the contract's decimal module (exact, no float); '–' stands for
// a missing value.
import { formatAreaDe, formatEuroDe, parseDecimalText } from "@nk/contract";

const LOCALE = "de-DE";
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const calendarDateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

type DateInput = string | number | Date;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

function isValidDate(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

/** '21.11.2025'. Accepts calendar dates ('2025-11-21'), ISO timestamps and Date objects. */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "string") {
    const match = CALENDAR_DATE.exec(value);
    if (match) {
      return calendarDateFormat.format(
        Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
      );
    }
  }
  const date = toDate(value);
  return isValidDate(date) ? dateFormat.format(date) : "–";
}

/** '21.11.2025, 14:30' in the browser's time zone. */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === "") return "–";
  const date = toDate(value);
  return isValidDate(date) ? dateTimeFormat.format(date) : "–";
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_DAYS_LIMIT = 7;

function pluralize(count: number, singular: string, plural: string): string {
  return `vor ${count} ${count === 1 ? singular : plural}`;
}

/**
 * Relative time as the activity lists show it (docs/rules/master-data.md#timing-and-paging):
 * under 60 s 'Gerade eben', then 'vor X Minuten', 'vor X Stunden', 'vor X Tagen' below
 * 7 days, after that the German date and time. Future timestamps (clock skew) read 'Gerade eben'.
 */
export function formatRelativeTime(value: DateInput, now: DateInput = new Date()): string {
  const date = toDate(value);
  if (!isValidDate(date)) return "–";
  const seconds = Math.floor((toDate(now).getTime() - date.getTime()) / 1000);
  if (seconds < MINUTE) return "Gerade eben";
  if (seconds < HOUR) return pluralize(Math.floor(seconds / MINUTE), "Minute", "Minuten");
  if (seconds < DAY) return pluralize(Math.floor(seconds / HOUR), "Stunde", "Stunden");
  const days = Math.floor(seconds / DAY);
  if (days < RELATIVE_DAYS_LIMIT) return pluralize(days, "Tag", "Tagen");
  return formatDateTime(date);
}

/** '1.234,56 €' for money as the API sends it ('1234.56'): exact text, never through a float. */
export function formatCurrency(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || parseDecimalText(amount) === null) return "–";
  return formatEuroDe(amount);
}

/** '1.234,5' for counts and quantities the browser holds as numbers (default: up to 2 decimals). */
export function formatNumber(
  value: number | null | undefined,
  options: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return new Intl.NumberFormat(LOCALE, {
    minimumFractionDigits: options.minimumFractionDigits ?? 0,
    maximumFractionDigits:
      options.maximumFractionDigits ?? Math.max(2, options.minimumFractionDigits ?? 0),
  }).format(value);
}

/** '85 %' (German typography: a space before the percent sign). */
export function formatPercent(value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALE, {
    style: "percent",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}

/** '72,50 m²' for an area as the API sends it ('72.5'). */
export function formatArea(value: string | null | undefined): string {
  if (value === null || value === undefined || parseDecimalText(value) === null) return "–";
  return formatAreaDe(value);
}

/** 'Noch 5 Tage' / 'Noch 1 Tag' for the trial countdown. */
export function formatDaysLeft(days: number): string {
  return days === 1 ? "Noch 1 Tag" : `Noch ${days} Tage`;
}
