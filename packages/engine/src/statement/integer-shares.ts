import { formatMicroEuros } from "../money/micro-euros.ts";
import { selectKthSmallest } from "./select.ts";

/**
 * The allocation's hot path on plain integers (issue 10, item 5). An item distributed by a
 * single timed basis (area, persons or units x days or degree-day units) needs, per line,
 * only floor(C x w / W) and its remainder, where C is the item's cents, w the line's weight
 * and W the item's total weight. When the weights, reduced by their greatest common divisor,
 * keep C x w and W below 2^53, doubles hold these integers exactly and no BigInt or decimal
 * object is created per line. The results are the same as the BigInt path's to the last
 * digit (docs/rules/money-and-rounding.md#exact-money: largest remainder within the item; ties to the larger share, then the
 * earlier line): see the reasoning at distributeByReducedWeights.
 */

/** Integers up to this are exact in a double. */
const MAX_EXACT = Number.MAX_SAFE_INTEGER;

/**
 * Divides every weight by the greatest common divisor of all of them and returns the results
 * as numbers, or null when one of them would still be beyond 2^53 (the BigInt path stays).
 */
export function reduceWeights(weights: readonly bigint[]): number[] | null {
  let divisor = 0n;
  for (const weight of weights) {
    if (weight === 0n) continue;
    divisor = divisor === 0n ? weight : greatestCommonDivisor(divisor, weight);
    if (divisor === 1n) break;
  }
  if (divisor === 0n) return weights.map(() => 0);
  const limit = BigInt(MAX_EXACT);
  const reduced = new Array<number>(weights.length);
  for (let index = 0; index < weights.length; index += 1) {
    const value = (weights[index] as bigint) / divisor;
    if (value > limit) return null;
    reduced[index] = Number(value);
  }
  return reduced;
}

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}

/** Cents per line and, when asked for, each line's exact share as euros with six decimals. */
export interface IntegerDistribution {
  cents: number[];
  exactTexts: string[] | null;
}

/**
 * Distributes `totalCents` over lines with the given reduced weights (line i has weight
 * weights[positions[i]]), or returns null when a product could pass 2^53.
 *
 * Why the result equals the BigInt path's: that path keeps share_i = floor(C x 10^20 x w_i / W)
 * (10^-20 cent) and sorts by share_i mod 10^20 = floor(r_i x 10^20 / W), with
 * C x w_i = q_i x W + r_i. A common factor of w and W changes neither q_i nor that value.
 * For W <= 10^20 (here W < 2^53) it is strictly increasing in r_i, so sorting by r_i gives the
 * same order with the same ties; among tied remainders the larger share is the larger q_i.
 * The six-decimal text is floor(share_i / 10^16 + 1/2) micro-euros
 * = q_i x 10^4 + floor((2 x 10^4 x r_i + W) / (2W)).
 */
export function distributeByReducedWeights(
  totalCents: number,
  weights: readonly number[],
  positions: readonly number[],
  isFormatting: boolean,
): IntegerDistribution | null {
  const count = positions.length;
  let totalWeight = 0;
  let maxWeight = 0;
  for (let index = 0; index < count; index += 1) {
    const weight = weights[positions[index] as number] as number;
    totalWeight += weight;
    if (weight > maxWeight) maxWeight = weight;
  }
  if (totalWeight > MAX_EXACT || totalCents * maxWeight > MAX_EXACT || totalWeight === 0)
    return null;
  // Typed arrays: no element kind changes, and their contents are no work for the scavenger.
  const floors = new Float64Array(count);
  const remainders = new Float64Array(count);
  let flooredSum = 0;
  for (let index = 0; index < count; index += 1) {
    const product = totalCents * (weights[positions[index] as number] as number);
    let quotient = Math.floor(product / totalWeight);
    let remainder = product - quotient * totalWeight;
    // The double quotient may be one off near an integer; the remainder says which way.
    if (remainder < 0) {
      quotient -= 1;
      remainder += totalWeight;
    } else if (remainder >= totalWeight) {
      quotient += 1;
      remainder -= totalWeight;
    }
    floors[index] = quotient;
    remainders[index] = remainder;
    flooredSum += quotient;
  }
  const exactTexts = isFormatting
    ? formatExactShares(floors, remainders, totalWeight, weights, positions)
    : null;
  const cents = allocateByRemainders(totalCents, floors, flooredSum, remainders);
  return { cents, exactTexts };
}

/**
 * The six-decimal texts. A line's share depends only on its weight, and lines of equal weight
 * are common (the same area, persons or unit over the same days): they share one text, so a
 * units item of 24,000 lines holds a handful of texts instead of 24,000 (the result is kept,
 * and every string of it is copied by the garbage collector while the run goes on).
 */
function formatExactShares(
  floors: Float64Array,
  remainders: Float64Array,
  totalWeight: number,
  weights: readonly number[],
  positions: readonly number[],
): string[] {
  const texts = new Array<string>(floors.length);
  const isSmall = totalWeight * 20001 <= MAX_EXACT;
  const bigTotal = isSmall ? 0n : BigInt(totalWeight);
  const byWeight = new Map<number, string>();
  for (let index = 0; index < floors.length; index += 1) {
    const weight = weights[positions[index] as number] as number;
    const known = byWeight.get(weight);
    if (known !== undefined) {
      texts[index] = known;
      continue;
    }
    const remainder = remainders[index] as number;
    const rounded = isSmall
      ? Math.floor((20000 * remainder + totalWeight) / (2 * totalWeight))
      : Number((20000n * BigInt(remainder) + bigTotal) / (2n * bigTotal));
    const text = formatMicroEuros((floors[index] as number) * 10000 + rounded);
    byWeight.set(weight, text);
    texts[index] = text;
  }
  return texts;
}

/**
 * Largest remainder on floors and remainders of one common denominator (docs/rules/money-and-rounding.md#exact-money): the
 * cents still missing go one each to the lines with the largest remainder, ties to the
 * larger share, then to the earlier line; the same order as allocateScaledShares. Only the
 * lines at the cut-off remainder need that order: a selection (select.ts) of the remainders finds the
 * cut-off, every line above it gets a cent, and the tied lines at it are ordered in full.
 */
function allocateByRemainders(
  totalCents: number,
  floors: Float64Array,
  flooredSum: number,
  remainders: Float64Array,
): number[] {
  const cents = new Array<number>(floors.length);
  for (let index = 0; index < floors.length; index += 1) cents[index] = floors[index] as number;
  let missing = totalCents - flooredSum;
  const count = cents.length;
  if (missing <= 0 || count === 0 || missing > count) {
    // The floors never add up to more than the total; more missing than lines does not occur.
    return missing === 0 || count === 0
      ? cents
      : allocateInFullOrder(cents, missing, floors, remainders);
  }
  const cutOff = selectKthSmallest(remainders, count - missing);
  const tied: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const remainder = remainders[index] as number;
    if (remainder > cutOff) {
      cents[index] = (cents[index] as number) + 1;
      missing -= 1;
    } else if (remainder === cutOff) {
      tied.push(index);
    }
  }
  tied.sort((a, b) => (floors[b] as number) - (floors[a] as number) || a - b);
  for (let position = 0; position < missing; position += 1) {
    const index = tied[position] as number;
    cents[index] = (cents[index] as number) + 1;
  }
  return cents;
}

function allocateInFullOrder(
  cents: number[],
  missingCents: number,
  floors: Float64Array,
  remainders: Float64Array,
): number[] {
  let missing = missingCents;
  const order = Array.from({ length: cents.length }, (_, index) => index);
  order.sort(
    (a, b) =>
      (remainders[b] as number) - (remainders[a] as number) ||
      (floors[b] as number) - (floors[a] as number) ||
      a - b,
  );
  while (missing > 0) {
    for (const index of order) {
      if (missing === 0) break;
      cents[index] = (cents[index] as number) + 1;
      missing -= 1;
    }
  }
  return cents;
}
