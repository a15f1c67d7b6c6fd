import { Decimal, HUNDRED } from "./decimal.ts";

/** A money amount in euros as the contract writes it: "1234.56" (at most two decimals). */
const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;

/** Is the text a money amount in euros with at most two decimals ("1234.56", "-3.5", "12")? */
export function isMoneyString(text: string): boolean {
  return MONEY_PATTERN.test(text);
}

/** Parses a money string to integer cents. The caller has checked it with isMoneyString. */
export function parseMoneyToCents(text: string): number {
  if (!MONEY_PATTERN.test(text)) return new Decimal(text).times(HUNDRED).toNumber();
  // Whole euros and cents as integers, digit by digit: exact, no float ever holds a fraction
  // of a euro, and no substrings (statements parse a prepayment per tenancy and month).
  const isNegative = text.charCodeAt(0) === 45; // "-"
  let cents = 0;
  let decimals = -1;
  for (let index = isNegative ? 1 : 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      // "."
      decimals = 0;
      continue;
    }
    cents = cents * 10 + (code - 48);
    if (decimals >= 0) decimals += 1;
  }
  // The pattern allows at most two decimals: "12" and "12.5" still need their cents.
  if (decimals <= 0) cents *= 100;
  else if (decimals === 1) cents *= 10;
  return isNegative ? -cents : cents;
}

/** ".00" to ".99": the cents part of a money string, made once. */
const CENTS_TEXTS: readonly string[] = Array.from(
  { length: 100 },
  (_, cents) => `.${String(cents).padStart(2, "0")}`,
);

/**
 * Formats integer cents as a contract money string with two decimals ("-12.05"). One
 * concatenation per call: a statement formats one per allocation (half a million at 20,000
 * units), and each intermediate string was garbage.
 */
export function formatCents(cents: number): string {
  // The most frequent amount (no labour costs, no vacancy, no CO2 share) as one string.
  if (cents === 0) return "0.00";
  const absolute = Math.abs(cents);
  const euros = Math.floor(absolute / 100);
  const text = String(euros) + (CENTS_TEXTS[absolute - euros * 100] as string);
  return cents < 0 ? `-${text}` : text;
}

/**
 * Rounds an exact euro amount to whole cents, half up (away from zero on .5). Used for the
 * single figures the contract names: the CO2 cost, the landlord's CO2 share, a month's
 * prepayment. Allocations never use this; they use largest remainder.
 */
export function roundEurosHalfUpToCents(euros: Decimal): number {
  return euros.times(HUNDRED).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}
