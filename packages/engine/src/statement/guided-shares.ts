import { formatMicroEuros } from "../money/micro-euros.ts";
import { selectKthSmallest } from "./select.ts";

/**
 * Items by consumption or mixed keys without BigInt per line (decision 0404). Their exact
 * shares are floor(N x w / D) in units of 10^-20 cent, with weights of 21 decimals that no
 * common divisor brings below 2^53, so the BigInt path (item-allocation.ts) multiplies and
 * divides numbers of 100 bits and more for every line and part. Almost every decision about
 * a line is far from a boundary, though: its whole cents, whether its remainder is above or
 * below the cut-off of the largest remainder, and its six-decimal text. This path computes
 * each share as a double with a proven error bound and asks BigInt only for the lines where
 * the double cannot decide: a share within the bound of a whole cent or of a rounding
 * boundary of its text, and the lines whose remainder lies within the bound of the cut-off
 * (ties included; they are ordered exactly as before: remainder, then share, then position).
 * The results are the BigInt path's to the last digit; the reasoning is at each step.
 */

/**
 * One part of an item with a positive numerator and denominator: its exact share of line i is
 * floor(numerator x weights[i] / denominator). Parts of 0 % or without weight are null: their
 * shares are 0.
 */
export interface GuidedPart {
  numerator: bigint;
  denominator: bigint;
  /** The weights by line position, exact. */
  weights: readonly bigint[];
  /** The same as doubles (Number of each; 2^-53 relative at most). */
  approximateWeights: Float64Array;
  /** numerator / denominator / 10^20 as a double: cents per unit of weight. */
  centsPerWeight: number;
}

export interface GuidedDistribution {
  cents: number[];
  exactTexts: string[] | null;
  /** By part, then by the item's line index; null unless asked for. */
  exactPartTexts: string[][] | null;
}

const SHARE_SCALE = 10n ** 20n;
const HALF_MICRO_EURO = 5n * 10n ** 15n;
const MICRO_EURO = 10n ** 16n;
const ZERO_TEXT = "0.000000";
/**
 * The relative error of a share computed as centsPerWeight x approximate weight, summed over
 * at most two parts: each factor is a handful of correctly rounded operations (BigInt to
 * double, division, multiplication; at most 8 roundings of 2^-53 each), well inside 2^-49.
 */
const RELATIVE_ERROR = 2 ** -49;
/** Besides: the exact share is rounded down at 10^-20 cent per part; 10^-12 cent covers it. */
const ABSOLUTE_ERROR = 1e-12;
/** Beyond this many cents the micro-euros of a share would not fit a double exactly. */
export const MAX_GUIDED_CENTS = 2 ** 52 / 1e4;

/**
 * Distributes `totalCents` over the lines at `positions` by the parts, rounded by largest
 * remainder; returns null where the largest remainder would need more cents than lines or
 * take some back (never for shares that add up to the total; the BigInt path handles it).
 */
export function distributeGuided(
  totalCents: number,
  allParts: readonly (GuidedPart | null)[],
  positions: readonly number[],
  detail: "cents" | "exact" | "parts",
): GuidedDistribution | null {
  const count = positions.length;
  const parts = allParts.filter((part): part is GuidedPart => part !== null);
  const approximate = new Float64Array(count);
  for (const part of parts) {
    const { approximateWeights, centsPerWeight } = part;
    for (let index = 0; index < count; index += 1) {
      approximate[index] = (approximate[index] as number) + centsPerWeight * (approximateWeights[positions[index] as number] as number);
    }
  }
  // exact[i]: the line's exact share, computed only where a double cannot decide.
  const exact = new Array<bigint | undefined>(count);
  const exactShareOf = (index: number): bigint => {
    let share = exact[index];
    if (share === undefined) {
      share = 0n;
      const position = positions[index] as number;
      for (const part of parts) {
        const weight = part.weights[position] as bigint;
        if (weight !== 0n) share += (part.numerator * weight) / part.denominator;
      }
      exact[index] = share;
    }
    return share;
  };

  // Whole cents and the remainder as a fraction of a cent. The exact share X lies within
  // error of the double x; where x is farther than that from a whole cent, floor(X) = floor(x)
  // and X - floor(X) is within error of x - floor(x).
  const floors = new Array<number>(count);
  const fractions = new Float64Array(count);
  let flooredSum = 0;
  let maxError = ABSOLUTE_ERROR;
  for (let index = 0; index < count; index += 1) {
    const value = approximate[index] as number;
    const error = value * RELATIVE_ERROR + ABSOLUTE_ERROR;
    if (error > maxError) maxError = error;
    let whole = Math.floor(value);
    let fraction = value - whole;
    if (value === 0) {
      // A positive weight of a part with a positive numerator gives a positive double (no
      // underflow at these magnitudes), so 0 means every share of the line is exactly 0.
      exact[index] = 0n;
    } else if (fraction < error || 1 - fraction < error) {
      const share = exactShareOf(index);
      whole = Number(share / SHARE_SCALE);
      fraction = Number(share % SHARE_SCALE) / 1e20;
    }
    floors[index] = whole;
    fractions[index] = fraction;
    flooredSum += whole;
  }

  const cents = floors.slice();
  let missing = totalCents - flooredSum;
  if (missing < 0 || missing > count) return null;
  if (missing > 0) {
    // The cut-off f is the missing-th largest fraction. A line whose fraction is above f by
    // more than twice the error has a larger exact remainder than the cut-off line, and fewer
    // than `missing` lines can be above it (only lines above f, at most missing - 1 of them,
    // can have an exact remainder beyond f + error): it gets a cent. A line below f by more
    // than twice the error is beaten by every line at or above f (at least `missing`): no
    // cent. The lines in between are ordered exactly, as allocateScaledShares orders them.
    const cutOff = selectKthSmallest(fractions, count - missing);
    const band = 2 * maxError;
    const undecided: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const fraction = fractions[index] as number;
      if (fraction > cutOff + band) {
        cents[index] = (cents[index] as number) + 1;
        missing -= 1;
      } else if (fraction >= cutOff - band) {
        undecided.push(index);
      }
    }
    const remainders = new Map<number, bigint>();
    for (const index of undecided) remainders.set(index, exactShareOf(index) % SHARE_SCALE);
    undecided.sort((a, b) => {
      const remainderA = remainders.get(a) as bigint;
      const remainderB = remainders.get(b) as bigint;
      if (remainderA !== remainderB) return remainderA < remainderB ? 1 : -1;
      const shareA = exact[a] as bigint;
      const shareB = exact[b] as bigint;
      if (shareA !== shareB) return shareA < shareB ? 1 : -1;
      return a - b;
    });
    for (let rank = 0; rank < missing; rank += 1) {
      const index = undecided[rank] as number;
      cents[index] = (cents[index] as number) + 1;
    }
  }

  if (detail === "cents") return { cents, exactTexts: null, exactPartTexts: null };
  const exactTexts = formatTexts(approximate, exact, exactShareOf, count);
  let exactPartTexts: string[][] | null = null;
  if (detail === "parts") {
    exactPartTexts =
      allParts.length === 1
        ? [exactTexts]
        : allParts.map((part) => {
            if (!part) return new Array<string>(count).fill(ZERO_TEXT);
            const partApproximate = new Float64Array(count);
            for (let index = 0; index < count; index += 1) {
              partApproximate[index] = part.centsPerWeight * (part.approximateWeights[positions[index] as number] as number);
            }
            const partExact = new Array<bigint | undefined>(count);
            const partShareOf = (index: number): bigint => {
              const weight = part.weights[positions[index] as number] as bigint;
              return weight === 0n ? 0n : (part.numerator * weight) / part.denominator;
            };
            return formatTexts(partApproximate, partExact, partShareOf, count);
          });
  }
  return { cents, exactTexts, exactPartTexts };
}

/**
 * Six-decimal euro texts, rounded half up like formatScaledShareAsEuros: micro-euros are
 * floor(X x 10^4 + 1/2) for the share X in cents. Where x x 10^4 + 1/2 lies farther than
 * the error from a whole number, its floor is the exact one; else BigInt decides.
 */
function formatTexts(approximate: Float64Array, exact: (bigint | undefined)[], exactShareOf: (index: number) => bigint, count: number): string[] {
  const texts = new Array<string>(count);
  for (let index = 0; index < count; index += 1) {
    const known = exact[index];
    if (known !== undefined) {
      texts[index] = formatShare(known);
      continue;
    }
    const value = approximate[index] as number;
    const shifted = value * 1e4 + 0.5;
    const rounded = Math.floor(shifted);
    const margin = (value * RELATIVE_ERROR + ABSOLUTE_ERROR) * 1e4 + shifted * 2 ** -52;
    texts[index] = shifted - rounded > margin && rounded + 1 - shifted > margin ? formatMicroEuros(rounded) : formatShare(exactShareOf(index));
  }
  return texts;
}

function formatShare(share: bigint): string {
  return formatMicroEuros(Number((share + HALF_MICRO_EURO) / MICRO_EURO));
}
