import { Decimal, HUNDRED } from "./decimal.ts";

/** A money amount in euros as the contract writes it: "1234.56" (at most two decimals). */
const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;

/** Is the text a money amount in euros with at most two decimals ("1234.56", "-3.5", "12")? */
export function isMoneyString(text: string): boolean {
  return MONEY_PATTERN.test(text);
}

/** Parses a money string to integer cents. The caller has checked it with isMoneyString. */
export function parseMoneyToCents(text: string): number {
  const match = MONEY_PATTERN.exec(text);
  if (!match) return new Decimal(text).times(HUNDRED).toNumber();
  // Whole euros and cents as integers: exact, no float ever holds a fraction of a euro.
  const isNegative = text.startsWith("-");
  const [euros, cents = ""] = (isNegative ? text.slice(1) : text).split(".");
  const value = Number(euros) * 100 + Number(cents.padEnd(2, "0"));
  return isNegative ? -value : value;
}

/** Formats integer cents as a contract money string with two decimals ("-12.05"). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const euros = Math.floor(absolute / 100);
  const rest = absolute - euros * 100;
  return `${sign}${euros}.${rest < 10 ? "0" : ""}${rest}`;
}

/**
 * Rounds an exact euro amount to whole cents, half up (away from zero on .5). Used for the
 * single figures the contract names: the CO2 cost, the landlord's CO2 share, a month's
 * prepayment. Allocations never use this; they use largest remainder.
 */
export function roundEurosHalfUpToCents(euros: Decimal): number {
  return euros.times(HUNDRED).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** Formats an exact euro amount with two decimals, half up. */
export function formatEurosHalfUp(euros: Decimal): string {
  return formatCents(roundEurosHalfUpToCents(euros));
}

/** Converts integer cents to exact euros. */
export function centsToEuros(cents: number): Decimal {
  return new Decimal(cents).dividedBy(HUNDRED);
}
