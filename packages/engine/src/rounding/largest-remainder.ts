import { Decimal, HUNDRED } from "../money/decimal.ts";

/**
 * Rounds exact euro shares to whole cents so that they add up to `totalCents` exactly
 * (largest-remainder method, DECISIONS 1). Every share first gets its amount rounded down;
 * the cents still missing go one each to the shares with the largest remainder. Ties go to
 * the larger exact share, then to the earlier share in the given order.
 *
 * The shares must be non-negative and sum (up to the engine's 40-digit precision) to
 * totalCents / 100. Returns cents per share in the given order.
 */
export function allocateCentsByLargestRemainder(totalCents: number, exactShares: readonly Decimal[]): number[] {
  const count = exactShares.length;
  if (count === 0) return [];
  const cents: number[] = new Array<number>(count);
  // Shares are compared at 20 decimal places of a cent: far beyond the 6 decimals required,
  // and coarse enough that two shares that are mathematically equal but were computed along
  // different paths (40-digit rounding) count as a tie, as DECISIONS 1 intends.
  const remainders: Decimal[] = new Array<Decimal>(count);
  const approximateRemainders: number[] = new Array<number>(count);
  const scaledShares: Decimal[] = new Array<Decimal>(count);
  let flooredSum = 0;
  for (let index = 0; index < count; index += 1) {
    const share = exactShares[index] as Decimal;
    const scaled = share.times(HUNDRED).toDecimalPlaces(20, Decimal.ROUND_HALF_UP);
    const floored = scaled.floor();
    const remainder = scaled.minus(floored);
    const flooredCents = floored.toNumber();
    cents[index] = flooredCents;
    flooredSum += flooredCents;
    scaledShares[index] = scaled;
    remainders[index] = remainder;
    approximateRemainders[index] = remainder.toNumber();
  }
  let missing = totalCents - flooredSum;
  if (missing === 0) return cents;
  const order = Array.from({ length: count }, (_, index) => index);
  order.sort((a, b) => compareForExtraCent(a, b, approximateRemainders, remainders, scaledShares));
  // Normally 0 <= missing < count. Beyond that (shares that do not add up to the total, which
  // the statement never produces) the cents still go round in the same order, so the sum holds.
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

// Orders shares for the extra cents: larger remainder first, then larger exact share, then
// earlier position. Doubles decide where they clearly differ; exact decimals decide the rest.
function compareForExtraCent(
  a: number,
  b: number,
  approximateRemainders: readonly number[],
  remainders: readonly Decimal[],
  scaledShares: readonly Decimal[],
): number {
  const approximateDifference = (approximateRemainders[b] as number) - (approximateRemainders[a] as number);
  if (Math.abs(approximateDifference) > 1e-9) return approximateDifference;
  const byRemainder = (remainders[b] as Decimal).comparedTo(remainders[a] as Decimal);
  if (byRemainder !== 0) return byRemainder;
  const byShare = (scaledShares[b] as Decimal).comparedTo(scaledShares[a] as Decimal);
  if (byShare !== 0) return byShare;
  return a - b;
}
