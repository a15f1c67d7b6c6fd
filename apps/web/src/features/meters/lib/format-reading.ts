import { formatDecimalTextDe } from "@nk/contract";

/** A reading as the history shows it: de-DE, exactly as stored, up to 3 decimals ("1.234,5"). */
export function formatReadingValue(value: string): string {
  return formatDecimalTextDe(value);
}

/** Today as YYYY-MM-DD in the browser's calendar (the default reading date). */
export function getTodayIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
