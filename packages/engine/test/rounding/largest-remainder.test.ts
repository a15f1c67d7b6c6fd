import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateCentsByLargestRemainder, Decimal } from "../../src/index.ts";
import {
  allocateScaledShares,
  formatScaledShareAsEuros,
} from "../../src/rounding/largest-remainder.ts";

const shares = (...values: string[]): Decimal[] => values.map((value) => new Decimal(value));

describe("allocateCentsByLargestRemainder (docs/rules/money-and-rounding.md#exact-money)", () => {
  it("gives the missing cents to the largest remainders", () => {
    // 702.48 split as in three-units-all-keys (Kaltwasser): 153.1395, 385.6378, 143.1283, 20.5751 -> 153.14, 385.64, 143.13, 20.57
    const exact = shares("153.13953", "385.63787", "143.12835", "20.57514");
    expect(exact.reduce((sum, value) => sum.plus(value), new Decimal(0)).toString()).toBe(
      "702.48089",
    );
    const adjusted = shares("153.13953", "385.63787", "143.12835", "20.57425");
    expect(allocateCentsByLargestRemainder(70248, adjusted)).toEqual([15314, 38564, 14313, 2057]);
  });

  it("breaks ties by the larger exact share, then by the earlier line", () => {
    // Two remainders of half a cent, one cent to give: the larger exact share wins ...
    expect(allocateCentsByLargestRemainder(400, shares("2.005", "1.005", "0.99"))).toEqual([
      201, 100, 99,
    ]);
    expect(allocateCentsByLargestRemainder(400, shares("1.005", "2.005", "0.99"))).toEqual([
      100, 201, 99,
    ]);
    // ... and between equal shares the earlier line.
    expect(allocateCentsByLargestRemainder(300, shares("1.005", "1.005", "0.99"))).toEqual([
      101, 100, 99,
    ]);
    // The largest remainder beats a larger share with a smaller remainder.
    expect(allocateCentsByLargestRemainder(201, shares("0.506", "1.504"))).toEqual([51, 150]);
    // Equal shares: the earlier line gets the cent (co2-stage-from-gas-invoice: 1478.78 / 1478.77).
    expect(allocateCentsByLargestRemainder(295755, shares("1478.775", "1478.775"))).toEqual([
      147878, 147877,
    ]);
  });

  it("never loses or invents a cent and stays within a cent of the exact share (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 40 }),
        (totalCents, weights) => {
          const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
          fc.pre(weightSum > 0);
          const exact = weights.map((weight) =>
            new Decimal(totalCents).times(weight).dividedBy(weightSum).dividedBy(100),
          );
          const cents = allocateCentsByLargestRemainder(totalCents, exact);
          expect(cents.reduce((sum, value) => sum + value, 0)).toBe(totalCents);
          cents.forEach((value, index) => {
            const exactCents = (exact[index] as Decimal).times(100);
            expect(exactCents.minus(value).abs().lessThan(1)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          });
        },
      ),
    );
  });

  it("rejects negative shares", () => {
    expect(() => allocateCentsByLargestRemainder(0, shares("-1.00", "1.00"))).toThrow(RangeError);
  });

  it("works on scaled integer shares and formats them as euros with six decimals", () => {
    const scale = 10n ** 20n;
    expect(allocateScaledShares(3, [scale, scale, scale])).toEqual([1, 1, 1]);
    expect(allocateScaledShares(2, [(scale / 2n) * 3n, scale / 2n])).toEqual([2, 0]);
    expect(formatScaledShareAsEuros(13792075540000000000000000n)).toBe("1379.207554");
    expect(formatScaledShareAsEuros(5n * 10n ** 15n)).toBe("0.000001");
    expect(formatScaledShareAsEuros(0n)).toBe("0.000000");
  });
});

describe("formatScaledShareAsEuros", () => {
  const exactly = (share: bigint): string => {
    const micro = (share + 5n * 10n ** 15n) / 10n ** 16n;
    const digits = micro.toString().padStart(7, "0");
    return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
  };

  it("rounds half up to six decimals of a euro, also right at the rounding boundaries", () => {
    const boundary = 5n * 10n ** 15n;
    const cases = [
      0n,
      1n,
      boundary - 1n,
      boundary,
      boundary + 1n,
      10n ** 16n - 1n,
      123456789n * 10n ** 16n + boundary - 1n,
      123456789n * 10n ** 16n + boundary,
      10n ** 31n + boundary - 1n,
    ];
    for (const share of cases) expect(formatScaledShareAsEuros(share)).toBe(exactly(share));
  });

  it("agrees with the exact BigInt rounding on random shares", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 32n }),
        fc.bigInt({ min: -3n, max: 3n }),
        (share, offset) => {
          // Half the cases sit right at a rounding boundary.
          const nearBoundary = (share / 10n ** 16n) * 10n ** 16n + 5n * 10n ** 15n + offset;
          for (const value of [share, nearBoundary < 0n ? 0n : nearBoundary])
            expect(formatScaledShareAsEuros(value)).toBe(exactly(value));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
