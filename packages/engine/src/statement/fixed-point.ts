import { Decimal } from "../money/decimal.ts";

/**
 * The statement computes with integers (BigInt) in fixed scales instead of floats:
 * quantities (m2, persons, consumption) to 9 decimals, consumption split over a unit's
 * lines to 12 further decimals, and shares of an item to 20 decimals of a cent. Weights of
 * area, persons and units (quantity x days or degree-day units) are exact; docs/rules/money-and-rounding.md#exact-money asks
 * for at least 6 decimals.
 */
const QUANTITY_DECIMALS = 9;
export const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);
/** Extra decimals of a consumption value that was split over lines by time weights. */
const CONSUMPTION_SPLIT_DECIMALS = 12;
export const CONSUMPTION_SPLIT_SCALE = 10n ** BigInt(CONSUMPTION_SPLIT_DECIMALS);
/** Decimals of a cent that an exact share keeps. */
const SHARE_DECIMALS = 20;
export const SHARE_SCALE = 10n ** BigInt(SHARE_DECIMALS);

const HUNDREDTH_SCALE = QUANTITY_SCALE / 100n;

/**
 * Converts a quantity (m2, persons, kWh) to an integer in units of 10^-9: decimal text exactly
 * (decision 1043: the one representation from the database), a JSON number half up.
 */
export function toScaledQuantity(value: number | string): bigint {
  return (
    toExactScaledQuantity(value) ??
    BigInt(new Decimal(value).toFixed(QUANTITY_DECIMALS).replace(".", ""))
  );
}

/**
 * toScaledQuantity where it is exact: decimal text, and JSON numbers of at most nine decimals.
 * Null for a number with more decimals (toScaledQuantity rounds it).
 */
export function toExactScaledQuantity(value: number | string): bigint | null {
  if (typeof value === "string") return parseScaledQuantityText(value);
  if (Number.isSafeInteger(value)) return BigInt(value) * QUANTITY_SCALE;
  // The usual case of two decimals ("543.21"): if hundredths / 100 gives the same double, the
  // JSON text had at most two decimals, and these hundredths are exactly its digits.
  const hundredths = Math.round(value * 100);
  if (Math.abs(hundredths) < 2 ** 52 && hundredths / 100 === value)
    return BigInt(hundredths) * HUNDREDTH_SCALE;
  // The shortest decimal text of the number is what the JSON said ("81.3"), taken exactly.
  const text = String(value);
  const match = /^(-?)(\d+)\.(\d{1,9})$/.exec(text);
  if (!match) return null;
  const sign = match[1] === "-" ? -1n : 1n;
  return (
    sign *
    (BigInt(match[2] as string) * QUANTITY_SCALE +
      BigInt((match[3] as string).padEnd(QUANTITY_DECIMALS, "0")))
  );
}

/**
 * Converts a scaled integer to a JSON number with at most six decimals. Only for showing
 * weights and quantities; no amount of money is ever computed from it.
 */
export function toDisplayNumber(value: bigint, scale: bigint): number {
  return Math.round((Number(value) / Number(scale)) * 1e6) / 1e6;
}

/** 10^0 ... 10^9: what a fraction of fewer than nine digits is scaled up by. */
const POWERS_OF_TEN = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
];
/** Up to 999,999.999999999 the scaled value (at most 10^15) is a safe integer: read digit by digit. */
const FAST_WHOLE_DIGITS = 6;

/**
 * Converts decimal text ("1234.567", at most 9 decimals, checked by the input shape) to units of 10^-9.
 * Decision 1640: every quantity may come as text, about 14,000 values at 2,000 units, so the
 * usual case (up to six whole digits) reads the digits into one safe integer and makes one
 * BigInt of it (exact: below 2^53), instead of splitting the text and making two BigInts.
 */
export function parseScaledQuantityText(text: string): bigint {
  const dot = text.indexOf(".");
  const wholeEnd = dot === -1 ? text.length : dot;
  const fractionDigits = dot === -1 ? 0 : text.length - dot - 1;
  if (wholeEnd > 0 && wholeEnd <= FAST_WHOLE_DIGITS && fractionDigits <= QUANTITY_DECIMALS) {
    let whole = 0;
    for (let index = 0; index < wholeEnd; index += 1) {
      const digit = text.charCodeAt(index) - 48;
      if (digit < 0 || digit > 9) return parseScaledQuantityTextSlowly(text);
      whole = whole * 10 + digit;
    }
    let fraction = 0;
    for (let index = wholeEnd + 1; index < text.length; index += 1) {
      const digit = text.charCodeAt(index) - 48;
      if (digit < 0 || digit > 9) return parseScaledQuantityTextSlowly(text);
      fraction = fraction * 10 + digit;
    }
    return BigInt(
      whole * 1_000_000_000 +
        fraction * (POWERS_OF_TEN[QUANTITY_DECIMALS - fractionDigits] as number),
    );
  }
  return parseScaledQuantityTextSlowly(text);
}

// Any other text the shape check lets through (more whole digits, a sign), as BigInts throughout.
function parseScaledQuantityTextSlowly(text: string): bigint {
  const [whole = "0", fraction = ""] = text.split(".");
  return BigInt(whole) * QUANTITY_SCALE + BigInt(fraction.padEnd(QUANTITY_DECIMALS, "0"));
}

/** 10n^0 ... 10n^21: the scales and decimals formatScaledQuantityText meets. */
const BIG_POWERS_OF_TEN = Array.from({ length: 22 }, (_, power) => 10n ** BigInt(power));
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The last scale's step (scale / 10^decimals) and half step, or null for an odd step. */
let lastRoundingStep: {
  scale: bigint;
  decimals: number;
  steps: { step: bigint; half: bigint } | null;
} | null = null;

/**
 * The step and half step of a scale that is 10^decimals times an even step, else null.
 * A statement formats thousands of texts of one scale: the BigInts are made once, not per text.
 */
function getRoundingStep(
  scale: bigint,
  decimals: number,
  target: bigint,
): { step: bigint; half: bigint } | null {
  if (lastRoundingStep?.scale === scale && lastRoundingStep.decimals === decimals)
    return lastRoundingStep.steps;
  const step = scale / target;
  const steps = scale % (target * 2n) === 0n ? { step, half: step / 2n } : null;
  lastRoundingStep = { scale, decimals, steps };
  return steps;
}

/**
 * A non-negative scaled integer as decimal text, rounded half up to `decimals` places, trailing
 * zeros dropped ("224.219307", "980"). For printing quantities; no money is computed from it.
 * About 20,000 texts at 2,000 units (each line's consumption per meter kind): where the scale is
 * 10^decimals times an even step (the scales here are powers of ten), half up is one addition
 * and one division, and a result below 2^53 is formatted as a number.
 */
export function formatScaledQuantityText(value: bigint, scale: bigint, decimals = 6): string {
  const target = BIG_POWERS_OF_TEN[decimals] ?? 10n ** BigInt(decimals);
  let rounded: bigint;
  if (scale === target) rounded = value;
  else {
    const step = getRoundingStep(scale, decimals, target);
    rounded =
      step !== null
        ? (value + step.half) / step.step
        : (value * target * 2n + scale) / (scale * 2n);
  }
  if (rounded >= 0n && rounded <= MAX_SAFE && decimals <= 9) {
    const number = Number(rounded);
    const unit = POWERS_OF_TEN[decimals] as number;
    const whole = Math.floor(number / unit);
    let fraction = number - whole * unit;
    if (fraction === 0) return String(whole);
    let digits = decimals;
    while (fraction % 10 === 0) {
      fraction /= 10;
      digits -= 1;
    }
    return `${whole}.${String(fraction).padStart(digits, "0")}`;
  }
  const whole = rounded / target;
  const fraction = (rounded % target).toString().padStart(decimals, "0").replace(/0+$/, "");
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`;
}
