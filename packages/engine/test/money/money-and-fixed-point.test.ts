import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCents,
  isMoneyString,
  parseMoneyToCents,
  roundEurosHalfUpToCents,
  Decimal,
} from "../../src/index.ts";
import { toDisplayNumber, toScaledQuantity } from "../../src/statement/fixed-point.ts";

describe("money", () => {
  it("reads and writes euro strings exactly", () => {
    expect(parseMoneyToCents("1234.56")).toBe(123456);
    expect(parseMoneyToCents("0.1")).toBe(10);
    expect(parseMoneyToCents("-3.05")).toBe(-305);
    expect(formatCents(123456)).toBe("1234.56");
    expect(formatCents(5)).toBe("0.05");
    expect(formatCents(-108000)).toBe("-1080.00");
    expect(formatCents(0)).toBe("0.00");
  });

  it("reads every money string as the decimal module does (0, 1 or 2 decimals, signs, 13 digits)", () => {
    const moneyText = fc
      .tuple(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 9999999999999n }),
        fc.constantFrom("", ".5", ".05", ".50", ".99", ".1", ".00"),
      )
      .map(([isNegative, euros, fraction]) => `${isNegative ? "-" : ""}${euros}${fraction}`);
    fc.assert(
      fc.property(moneyText, (text) => {
        expect(parseMoneyToCents(text)).toBe(new Decimal(text).times(100).toNumber());
      }),
      { numRuns: 500, seed: 4033 },
    );
    expect(parseMoneyToCents("12")).toBe(1200);
    expect(parseMoneyToCents("12.5")).toBe(1250);
    expect(parseMoneyToCents("9999999999999.99")).toBe(999999999999999);
  });

  it("accepts only amounts with at most two decimals", () => {
    expect(["1", "1.5", "1.50", "-2.00", "9999999999999.99"].map(isMoneyString)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["1.505", "1,50", "", "1e3", " 1.00", "EUR 1"].map(isMoneyString)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("rounds single figures half up", () => {
    expect(roundEurosHalfUpToCents(new Decimal("42.445"))).toBe(4245);
    expect(roundEurosHalfUpToCents(new Decimal("42.4449"))).toBe(4244);
    expect(roundEurosHalfUpToCents(new Decimal("-0.005"))).toBe(-1);
  });
});

describe("fixed-point quantities", () => {
  it("takes JSON numbers exactly to nine decimals", () => {
    expect(toScaledQuantity(81.3)).toBe(81_300_000_000n);
    expect(toScaledQuantity(62.5)).toBe(62_500_000_000n);
    expect(toScaledQuantity(3)).toBe(3_000_000_000n);
    expect(toScaledQuantity(1e-7)).toBe(100n);
    expect(toScaledQuantity(0.1234567895)).toBe(123_456_790n);
  });

  it("shows scaled values as numbers with six decimals", () => {
    expect(toDisplayNumber(81_300_000_000n, 1_000_000_000n)).toBe(81.3);
    expect(toDisplayNumber(2n, 3n)).toBe(0.666667);
  });
});
