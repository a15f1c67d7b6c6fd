// Money arrives as decimal strings ("1234.5"); it is formatted as text, never through a float.

/** "1234.5" -> "1.234,50" (de-DE grouping, 2 decimals). */
export function formatDecimalAmount(amount: string): string {
  const isNegative = amount.startsWith("-");
  const [euros = "0", cents = ""] = amount.replace("-", "").split(".");
  const grouped = euros.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${isNegative ? "-" : ""}${grouped},${cents.padEnd(2, "0").slice(0, 2)}`;
}

/** Part 2, section 2.3: '150,00 EUR/Monat'. */
export function formatMonthlyAmount(amount: string): string {
  return `${formatDecimalAmount(amount)} EUR/Monat`;
}
