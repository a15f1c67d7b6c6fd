import { type Decimal, HUNDRED } from "../money/decimal.ts";

/**
 * Shares are compared at 20 decimal places of a cent: far beyond the 6 decimals DECISIONS 1
 * requires, and coarse enough that two shares that are mathematically equal but were
 * computed along different paths (40-digit rounding) count as a tie, as DECISIONS 1 intends.
 */
const COMPARISON_PLACES = 20;

/** An exact share in cents, cut into whole cents and the remainder's 20 digits. */
export interface CentShare {
  wholeCents: number;
  /** The 20 digits after the decimal point of the share in cents (fixed length, compare as text). */
  remainderDigits: string;
}

/** Splits an exact, non-negative amount in cents into whole cents and remainder digits. */
export function toCentShare(exactCents: Decimal): CentShare {
  const text = exactCents.toFixed(COMPARISON_PLACES);
  const dot = text.indexOf(".");
  return { wholeCents: Number(text.slice(0, dot)), remainderDigits: text.slice(dot + 1) };
}

/**
 * Formats a cent share as euros with six decimals, half up ("1379.207554"): the exact share
 * the statement shows next to the rounded one.
 */
export function formatCentShareAsEuros(share: CentShare): string {
  const microEuros = BigInt(share.wholeCents) * 10000n + BigInt(share.remainderDigits.slice(0, 4)) + (share.remainderDigits.charCodeAt(4) >= 53 ? 1n : 0n);
  const digits = microEuros.toString().padStart(7, "0");
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/**
 * Rounds exact euro shares to whole cents so that they add up to `totalCents` exactly
 * (largest-remainder method, DECISIONS 1). Every share first gets its amount rounded down;
 * the cents still missing go one each to the shares with the largest remainder. Ties go to
 * the larger exact share, then to the earlier share in the given order.
 *
 * The shares must be non-negative and sum to totalCents / 100. Returns cents per share.
 */
export function allocateCentsByLargestRemainder(totalCents: number, exactShares: readonly Decimal[]): number[] {
  if (exactShares.some((share) => share.isNegative() && !share.isZero())) throw new RangeError("Shares must not be negative");
  return allocateCentShares(totalCents, exactShares.map((share) => toCentShare(share.times(HUNDRED))));
}

/** The same on shares already cut into whole cents and remainders (the statement's path). */
export function allocateCentShares(totalCents: number, shares: readonly CentShare[]): number[] {
  const count = shares.length;
  const cents: number[] = new Array<number>(count);
  let flooredSum = 0;
  for (let index = 0; index < count; index += 1) {
    const whole = (shares[index] as CentShare).wholeCents;
    cents[index] = whole;
    flooredSum += whole;
  }
  let missing = totalCents - flooredSum;
  if (missing === 0 || count === 0) return cents;
  const order = Array.from({ length: count }, (_, index) => index);
  order.sort((a, b) => compareForExtraCent(shares[a] as CentShare, shares[b] as CentShare, a, b));
  // Normally 0 <= missing < count. Beyond that (shares that do not add up to the total,
  // which the statement never produces) cents still go round in the same order.
  while (missing > 0) {
    for (const index of order) {
      if (missing === 0) break;
      cents[index] = (cents[index] as number) + 1;
      missing -= 1;
    }
  }
  while (missing < 0) {
    let isTaken = false;
    for (let position = order.length - 1; position >= 0 && missing < 0; position -= 1) {
      const index = order[position] as number;
      if ((cents[index] as number) > 0) {
        cents[index] = (cents[index] as number) - 1;
        missing += 1;
        isTaken = true;
      }
    }
    if (!isTaken) throw new RangeError("Cannot take cents from shares that are all zero");
  }
  return cents;
}

// Larger remainder first, then the larger exact share, then the earlier position.
function compareForExtraCent(a: CentShare, b: CentShare, indexA: number, indexB: number): number {
  if (a.remainderDigits !== b.remainderDigits) return a.remainderDigits < b.remainderDigits ? 1 : -1;
  if (a.wholeCents !== b.wholeCents) return b.wholeCents - a.wholeCents;
  return indexA - indexB;
}
