import { formatDecimalTextDe } from "@nk/contract";

/** Part 2, section 2.3: '150,00 EUR/Monat' (exact decimal text, never through a float). */
export function formatMonthlyAmount(amount: string): string {
  return `${formatDecimalTextDe(amount, 2)} EUR/Monat`;
}
