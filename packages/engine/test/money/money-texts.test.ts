import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents } from "../../src/index.ts";
import { formatMicroEuros } from "../../src/money/micro-euros.ts";

// Decision 0404: the money texts come from small tables instead of several concatenations.
// They must be the texts the earlier definitions gave, digit for digit.

function formatCentsBefore(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const euros = Math.floor(absolute / 100);
  const rest = absolute - euros * 100;
  return `${sign}${euros}.${rest < 10 ? "0" : ""}${rest}`;
}

function formatMicroEurosBefore(microEuros: number): string {
  const euros = Math.floor(microEuros / 1e6);
  const fraction = String(microEuros - euros * 1e6);
  return `${euros}.${"000000".slice(fraction.length)}${fraction}`;
}

describe("money texts", () => {
  it("formats cents as before, signs and small amounts included", () => {
    const cents = fc.oneof(
      fc.integer({ min: -100_000, max: 100_000 }),
      fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }),
    );
    fc.assert(
      fc.property(cents, (value) => {
        expect(formatCents(value)).toBe(formatCentsBefore(value));
      }),
      { numRuns: 2000, seed: 4040 },
    );
    expect([
      formatCents(0),
      formatCents(5),
      formatCents(-5),
      formatCents(-108000),
      formatCents(123456),
    ]).toEqual(["0.00", "0.05", "-0.05", "-1080.00", "1234.56"]);
  });

  it("formats micro-euros as before", () => {
    const micro = fc.oneof(
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.integer({ min: 0, max: 2 ** 53 - 1 }),
    );
    fc.assert(
      fc.property(micro, (value) => {
        expect(formatMicroEuros(value)).toBe(formatMicroEurosBefore(value));
      }),
      { numRuns: 2000, seed: 4041 },
    );
    expect([
      formatMicroEuros(0),
      formatMicroEuros(1),
      formatMicroEuros(1379207554),
      formatMicroEuros(1000),
    ]).toEqual(["0.000000", "0.000001", "1379.207554", "0.001000"]);
  });
});
