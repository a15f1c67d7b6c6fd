import { formatDecimalTextDe } from "@nk/contract";

/** A reading as the history shows it: de-DE, exactly as stored, up to 3 decimals ("1.234,5"). */
export function formatReadingValue(value: string): string {
  return formatDecimalTextDe(value);
}
