import { Decimal } from "../money/decimal.ts";

/**
 * The statement computes with integers (BigInt) in fixed scales instead of floats:
 * quantities (m2, persons, consumption) to 9 decimals, consumption split over a unit's
 * lines to 12 further decimals, and shares of an item to 20 decimals of a cent. Weights of
 * area, persons and units (quantity x days or degree-day units) are exact; DECISIONS 1 asks
 * for at least 6 decimals.
 */
export const QUANTITY_DECIMALS = 9;
export const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);
/** Extra decimals of a consumption value that was split over lines by time weights. */
export const CONSUMPTION_SPLIT_DECIMALS = 12;
export const CONSUMPTION_SPLIT_SCALE = 10n ** BigInt(CONSUMPTION_SPLIT_DECIMALS);
/** Decimals of a cent that an exact share keeps. */
export const SHARE_DECIMALS = 20;
export const SHARE_SCALE = 10n ** BigInt(SHARE_DECIMALS);

/** Converts a JSON number (m2, persons, kWh) to an integer in units of 10^-9, half up. */
export function toScaledQuantity(value: number): bigint {
  return BigInt(new Decimal(value).toFixed(QUANTITY_DECIMALS).replace(".", ""));
}

/** Converts a scaled integer back to a JSON number with at most six decimals (for display). */
export function toDisplayNumber(value: bigint, scale: bigint): number {
  const microUnits = (value * 1000000n * 2n + scale) / (scale * 2n);
  const negative = microUnits < 0n;
  const digits = (negative ? -microUnits : microUnits).toString().padStart(7, "0");
  return Number(`${negative ? "-" : ""}${digits.slice(0, -6)}.${digits.slice(-6)}`);
}
