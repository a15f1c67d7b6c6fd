import { formatDecimalTextDe } from "@nk/contract";

/** docs/rules/prepayments.md#prepayment-panel: '150,00 EUR/Monat' (exact decimal text, never through a float). */
export function formatMonthlyAmount(amount: string): string {
  return `${formatDecimalTextDe(amount, 2)} EUR/Monat`;
}
