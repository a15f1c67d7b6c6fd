import { formatMicroEuros } from "../money/micro-euros.ts";
import { selectKthSmallest } from "../statement/select.ts";
import { type Decimal, HUNDRED } from "../money/decimal.ts";

/**
 * Exact shares are handled in units of 10^-20 cent: far beyond the 6 decimals docs/rules/money-and-rounding.md#exact-money
 * requires. Two shares equal to that depth count as a tie.
 */
export const SHARE_DECIMALS_OF_CENT = 20;
const SCALE = 10n ** BigInt(SHARE_DECIMALS_OF_CENT);

/**
 * Rounds exact euro shares to whole cents so that they add up to `totalCents` exactly
 * (largest-remainder method, docs/rules/money-and-rounding.md#exact-money). Every share first gets its amount rounded down;
 * the cents still missing go one each to the shares with the largest remainder. Ties go to
 * the larger exact share, then to the earlier share in the given order.
 *
 * The shares must be non-negative and sum to totalCents / 100. Returns cents per share.
 */
export function allocateCentsByLargestRemainder(
  totalCents: number,
  exactShares: readonly Decimal[],
): number[] {
  const scaled = exactShares.map((share) => {
    if (share.isNegative() && !share.isZero()) throw new RangeError("Shares must not be negative");
    return BigInt(share.times(HUNDRED).toFixed(SHARE_DECIMALS_OF_CENT).replace(".", ""));
  });
  return allocateScaledShares(totalCents, scaled);
}

/**
 * The same on shares given as integers in units of 10^-20 cent (the statement's path).
 * Shares must be non-negative.
 */
export function allocateScaledShares(totalCents: number, shares: readonly bigint[]): number[] {
  const count = shares.length;
  const cents: number[] = new Array<number>(count);
  const remainders: bigint[] = new Array<bigint>(count);
  // Doubles order the remainders where they differ (Number() of a BigInt is monotonic);
  // equal doubles fall back to the exact integers.
  const approximate = new Float64Array(count);
  let flooredSum = 0;
  for (let index = 0; index < count; index += 1) {
    const share = shares[index] as bigint;
    if (share === 0n) {
      remainders[index] = 0n;
      cents[index] = 0;
      continue;
    }
    const remainder = share % SCALE;
    remainders[index] = remainder;
    approximate[index] = Number(remainder);
    const wholeCents = Number(share / SCALE);
    cents[index] = wholeCents;
    flooredSum += wholeCents;
  }
  return allocateByApproximateRemainders(
    totalCents - flooredSum,
    cents,
    approximate,
    (a: number, b: number): number => {
      const approximateA = approximate[a] as number;
      const approximateB = approximate[b] as number;
      if (approximateA !== approximateB) return approximateB - approximateA;
      const remainderA = remainders[a] as bigint;
      const remainderB = remainders[b] as bigint;
      if (remainderA !== remainderB) return remainderA < remainderB ? 1 : -1;
      const shareA = shares[a] as bigint;
      const shareB = shares[b] as bigint;
      if (shareA !== shareB) return shareA < shareB ? 1 : -1;
      return a - b;
    },
  );
}

/**
 * The largest remainder on shares already split into whole cents and a remainder of
 * 10^-20 cent (split-shares.ts): the remainder as its whole 10^-15 cent (`remainderHigh`, below
 * 10^5) and the rest below that (`remainderLow`, below 10^15), both safe integers, so that
 * they order the remainders exactly. `approximate` is each remainder as the nearest double
 * (for the selection of the cut-off). The same order as allocateScaledShares: the larger
 * remainder, then the larger share (the more whole cents), then the earlier share.
 */
export function allocateSplitShares(
  totalCents: number,
  wholeCents: Float64Array,
  remainderHigh: Float64Array,
  remainderLow: Float64Array,
  approximate: Float64Array,
): number[] {
  const count = wholeCents.length;
  const cents = new Array<number>(count);
  let flooredSum = 0;
  for (let index = 0; index < count; index += 1) {
    const whole = wholeCents[index] as number;
    cents[index] = whole;
    flooredSum += whole;
  }
  return allocateByApproximateRemainders(
    totalCents - flooredSum,
    cents,
    approximate,
    (a: number, b: number): number =>
      (approximate[b] as number) - (approximate[a] as number) ||
      (remainderHigh[b] as number) - (remainderHigh[a] as number) ||
      (remainderLow[b] as number) - (remainderLow[a] as number) ||
      (wholeCents[b] as number) - (wholeCents[a] as number) ||
      a - b,
  );
}

/**
 * Gives the `missingCents` still missing to the floors in `cents`, one each by `compare`
 * (largest remainder first); `approximate` orders the remainders where they differ as doubles.
 */
function allocateByApproximateRemainders(
  missingCents: number,
  cents: number[],
  approximate: Float64Array,
  compare: (a: number, b: number) => number,
): number[] {
  const count = cents.length;
  let missing = missingCents;
  if (missing === 0 || count === 0) return cents;
  if (missing > 0 && missing < count) {
    // The usual case: only the lines at the cut-off double need the full order. Every line
    // whose double is above the missing-th largest double has a larger exact remainder than
    // all lines at or below it, so it gets a cent whatever their order.
    // The cut-off double by selection, not a sort of every line (select.ts).
    const cutOff = selectKthSmallest(approximate, count - missing);
    const tied: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const value = approximate[index] as number;
      if (value > cutOff) {
        cents[index] = (cents[index] as number) + 1;
        missing -= 1;
      } else if (value === cutOff) {
        tied.push(index);
      }
    }
    tied.sort(compare);
    for (let position = 0; position < missing; position += 1) {
      const index = tied[position] as number;
      cents[index] = (cents[index] as number) + 1;
    }
    return cents;
  }
  const order = Array.from({ length: count }, (_, index) => index);
  order.sort(compare);
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

const HALF_MICRO_EURO = 5n * 10n ** BigInt(SHARE_DECIMALS_OF_CENT - 5);
const MICRO_EURO = 10n ** BigInt(SHARE_DECIMALS_OF_CENT - 4);

/** Formats a share in units of 10^-20 cent as euros with six decimals, half up ("1379.207554"). */
export function formatScaledShareAsEuros(share: bigint): string {
  const microEuros = (share + HALF_MICRO_EURO) / MICRO_EURO;
  if (microEuros <= 9007199254740991n) return formatMicroEuroNumber(Number(microEuros));
  const digits = microEuros.toString();
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

// Micro-euros below 2^53 as euros with six decimals.
function formatMicroEuroNumber(value: number): string {
  return formatMicroEuros(value);
}
