import { formatEuroDe, toScaledBigInt } from "../decimal-text.ts";
import { getRegionalAverage, type RegionalAverage } from "./regional-prices.ts";
import { UTILITY_TYPE_LABELS, type UtilityType } from "./utility-types.ts";

// The price sanity check of the rate form (docs/rules/master-data.md#validation 'Rate form'; docs/rules/statements.md#statement-checks
// 'Rate sanity check'). One pure function, used live by the form and again by the server
// before it stores a rate, so both always agree.

/** A unit price more than 25 % off the regional average: warning. */
export const RATE_PRICE_WARNING_PERCENT = 25;
/** A base price more than 30 % off: warning. */
export const RATE_BASE_PRICE_WARNING_PERCENT = 30;
/** A unit price below 50 % or above 200 % of the average: the rate is invalid. */
export const RATE_PRICE_MIN_PERCENT = 50;
export const RATE_PRICE_MAX_PERCENT = 200;

/** The alert that blocks saving (docs/rules/master-data.md#validation). */
export const RATE_PRICE_CHECK_BLOCKED_MESSAGE =
  "Bitte überprüfen Sie die Eingaben. Es gibt Warnungen bei der Preisvalidierung.";

/**
 * A price outside 50-200 % of the average is unusual, not wrong (water and sewage together at
 * 6,10 EUR/m³ are real): the server answers 409 with this code and requiresConfirmation until the
 * request repeats with confirmPriceWarning: true (issue 15, decision 0982).
 */
export const RATE_PRICE_WARNING_CODE = "RATE_PRICE_WARNING";
export const RATE_PRICE_CONFIRM_QUESTION = "Ungewöhnlichen Preis trotzdem speichern?";

export interface RatePriceCheckInput {
  utilityType: UtilityType;
  region?: string | null;
  unitPrice: string;
  basePrice?: string | null;
}

export interface RatePriceCheck {
  isValid: boolean;
  /** Shown as warnings; the unit price's own warning is first. */
  warnings: string[];
  /** Yellow hints: what the regional figures are. */
  suggestions: string[];
  /** Which field each warning belongs to. */
  fieldWarnings: { unitPrice?: string; basePrice?: string };
  average: RegionalAverage;
  /** Whole percent off the average (rounded half up); null when not comparable. */
  unitPriceDeviationPercent: number | null;
  basePriceDeviationPercent: number | null;
}

// Prices have at most 6 decimals: comparing them as integers of micro-euros is exact.
const SCALE = 6;

function toMicros(value: string | null | undefined): bigint | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  return toScaledBigInt(value, SCALE);
}

function getDeviationPercent(value: bigint, average: bigint): number {
  const difference = value > average ? value - average : average - value;
  // round(difference / average * 100), half up, in integers.
  return Number((difference * 200n + average) / (2n * average));
}

export function checkRatePrice(input: RatePriceCheckInput): RatePriceCheck {
  const average = getRegionalAverage(input.utilityType, input.region);
  const warnings: string[] = [];
  const suggestions: string[] = [];
  const fieldWarnings: RatePriceCheck["fieldWarnings"] = {};
  let isValid = true;
  let unitPriceDeviationPercent: number | null = null;
  let basePriceDeviationPercent: number | null = null;
  const averageText = `${formatEuroDe(average.unitPrice)}/${average.unit}`;

  const price = toMicros(input.unitPrice);
  const averagePrice = toMicros(average.unitPrice)!;
  if (price !== null) {
    unitPriceDeviationPercent = getDeviationPercent(price, averagePrice);
    // price < 50 % of the average  <=>  price * 100 < average * 50 (strict, as 'below').
    const isBelowMinimum = price * 100n < averagePrice * BigInt(RATE_PRICE_MIN_PERCENT);
    const isAboveMaximum = price * 100n > averagePrice * BigInt(RATE_PRICE_MAX_PERCENT);
    if (isBelowMinimum || isAboveMaximum) {
      isValid = false;
      const bound = isBelowMinimum
        ? `unter ${RATE_PRICE_MIN_PERCENT} %`
        : `über ${RATE_PRICE_MAX_PERCENT} %`;
      fieldWarnings.unitPrice = `Bitte prüfen Sie die Eingabe: Der Preis liegt ${bound} des regionalen Durchschnitts (${averageText}).`;
    } else if (
      price * 100n > averagePrice * BigInt(100 + RATE_PRICE_WARNING_PERCENT) ||
      price * 100n < averagePrice * BigInt(100 - RATE_PRICE_WARNING_PERCENT)
    ) {
      fieldWarnings.unitPrice = `Der Preis weicht um ${unitPriceDeviationPercent} % vom regionalen Durchschnitt (${averageText}) ab.`;
    }
    if (fieldWarnings.unitPrice) {
      warnings.push(fieldWarnings.unitPrice);
      suggestions.push(
        `Regionaler Durchschnitt für ${UTILITY_TYPE_LABELS[input.utilityType]} (${average.region}): ${averageText}`,
      );
    }
  }

  const basePrice = toMicros(input.basePrice);
  const averageBase = toMicros(average.basePrice);
  if (basePrice !== null && averageBase !== null) {
    basePriceDeviationPercent = getDeviationPercent(basePrice, averageBase);
    const limit = BigInt(RATE_BASE_PRICE_WARNING_PERCENT);
    if (
      basePrice * 100n > averageBase * (100n + limit) ||
      basePrice * 100n < averageBase * (100n - limit)
    ) {
      const baseText = `${formatEuroDe(average.basePrice!)}/Monat`;
      fieldWarnings.basePrice = `Der Grundpreis weicht um ${basePriceDeviationPercent} % vom regionalen Durchschnitt (${baseText}) ab.`;
      warnings.push(fieldWarnings.basePrice);
      suggestions.push(`Üblicher Grundpreis (${average.region}): ${baseText}`);
    }
  }

  return {
    isValid,
    warnings,
    suggestions,
    fieldWarnings,
    average,
    unitPriceDeviationPercent,
    basePriceDeviationPercent,
  };
}
