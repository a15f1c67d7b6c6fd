import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateScaledShares,
  allocateSplitShares,
  formatScaledShareAsEuros,
} from "../../src/rounding/largest-remainder.ts";
import {
  formatSplitShare,
  getSplitRemainderHigh,
  getSplitWholeCents,
  SPLIT_SCALE,
} from "../../src/statement/split-shares.ts";

const CENT = 10n ** 20n;

// The split of shares in 10^-20 cent as item-allocation.ts makes it, then the largest remainder.
function allocateBySplit(totalCents: number, shares: readonly bigint[]): number[] {
  const count = shares.length;
  const wholeCents = new Float64Array(count);
  const high = new Float64Array(count);
  const low = new Float64Array(count);
  const approximate = new Float64Array(count);
  shares.forEach((share, index) => {
    const split = Number(share / SPLIT_SCALE);
    wholeCents[index] = getSplitWholeCents(split);
    high[index] = getSplitRemainderHigh(split);
    low[index] = Number(share % SPLIT_SCALE);
    approximate[index] = (high[index] as number) * 1e15 + (low[index] as number);
  });
  return allocateSplitShares(totalCents, wholeCents, high, low, approximate);
}

// Shares with whole cents, a remainder that often ties with another's (exactly, or only in
// the double, from its 16th digit on) and a rest below 10^-15 cent.
const shareArbitrary = fc
  .tuple(
    fc.integer({ min: 0, max: 2_000_000 }),
    fc.constantFrom(0n, 5n * 10n ** 19n, 5n * 10n ** 19n + 1n, 99_999n * 10n ** 15n),
    fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
    fc.boolean(),
  )
  .map(
    ([cents, fixedRemainder, randomRemainder, isFixed]) =>
      BigInt(cents) * CENT + (isFixed ? fixedRemainder : randomRemainder),
  );

describe("shares split into safe integers (split-shares.ts)", () => {
  it("give the same cents as the BigInt shares, ties included", () => {
    fc.assert(
      fc.property(
        fc.array(shareArbitrary, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: -3, max: 70 }),
        (shares, extraCents) => {
          const floorSum = shares.reduce((sum, share) => sum + Number(share / CENT), 0);
          const total = Math.max(0, floorSum + extraCents);
          expect(allocateBySplit(total, shares)).toEqual(allocateScaledShares(total, shares));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("give the same six-decimal text, half up", () => {
    fc.assert(
      fc.property(shareArbitrary, (share) => {
        expect(formatSplitShare(Number(share / SPLIT_SCALE))).toBe(formatScaledShareAsEuros(share));
      }),
      { numRuns: 2000 },
    );
    // Half a micro-euro rounds up; just below it rounds down.
    const halfMicroEuro = 5n * 10n ** 15n;
    expect(formatSplitShare(Number(halfMicroEuro / SPLIT_SCALE))).toBe("0.000001");
    expect(formatSplitShare(Number((halfMicroEuro - 1n) / SPLIT_SCALE))).toBe("0.000000");
    expect(formatSplitShare(Number((123_456n * CENT + halfMicroEuro) / SPLIT_SCALE))).toBe(
      "1234.560001",
    );
  });
});
