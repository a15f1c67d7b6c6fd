import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BillingLine } from "../../src/statement/billing-lines.ts";
import { QUANTITY_SCALE } from "../../src/statement/fixed-point.ts";
import { distributeInBigInt, distributeItem, type PreparedItem, type PreparedPart } from "../../src/statement/item-allocation.ts";

// Decision 0404: items by consumption or mixed keys take the guided path (doubles with an
// error bound, BigInt only where a double cannot decide). It must give the BigInt path's cents
// and six-decimal texts exactly, ties and shares on a whole cent included.

const WHOLE = 100n * QUANTITY_SCALE;

function buildItem(weightLists: bigint[][], scaledPercents: bigint[]): PreparedItem {
  const count = weightLists[0]?.length ?? 0;
  const lines = Array.from({ length: count }, (_, position) => ({ position }) as BillingLine);
  const parts: PreparedPart[] = weightLists.map((weights, index) => ({
    basis: index === 0 && weightLists.length > 1 ? "area" : "consumption",
    percent: Number(scaledPercents[index]) / 1e9,
    scaledPercent: scaledPercents[index] as bigint,
    quantities: weights,
    timeWeights: null,
    weights,
    totalWeight: weights.reduce((sum, weight) => sum + weight, 0n),
    reducedWeights: null,
    approximateWeights: Float64Array.from(weights, (weight) => Number(weight)),
  }));
  return {
    itemIndex: 0,
    item: { costType: "Kaltwasser", amount: "0.00", key: parts.length > 1 ? "mixed" : "consumption" },
    key: parts.length > 1 ? "mixed" : "consumption",
    amountCents: 0,
    meter: "coldwater",
    consumptionShare: null,
    isDegreeDayTimed: false,
    lines,
    positions: lines.map((line) => line.position),
    parts,
  };
}

// Weights of 21 decimals as the consumption split gives them, and weights that tie or make
// shares fall on whole cents (equal weights, multiples of a common value, zeros).
const weightArbitrary = fc.oneof(
  fc.bigInt({ min: 0n, max: 10n ** 24n }),
  fc.integer({ min: 0, max: 12 }).map((value) => BigInt(value) * 10n ** 19n),
  fc.constantFrom(0n, 1n, 10n ** 21n, 3n * 10n ** 20n),
);
const centsArbitrary = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 2_000_000_000 }), fc.constantFrom(100, 300, 1200, 999_999));
const percentArbitrary = fc.oneof(
  fc.integer({ min: 0, max: 100 }).map((percent) => BigInt(percent) * QUANTITY_SCALE),
  fc.bigInt({ min: 0n, max: WHOLE }),
);

describe("guided shares (decision 0404)", () => {
  it("gives the BigInt path's cents and texts for one and two parts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).chain((count) =>
          fc.record({
            first: fc.array(weightArbitrary, { minLength: count, maxLength: count }),
            second: fc.array(weightArbitrary, { minLength: count, maxLength: count }),
            isMixed: fc.boolean(),
            percent: percentArbitrary,
            cents: centsArbitrary,
          }),
        ),
        ({ first, second, isMixed, percent, cents }) => {
          const item = isMixed ? buildItem([first, second], [WHOLE - percent, percent]) : buildItem([first], [WHOLE]);
          // As in a statement (the rules refuse a basis without weight): a part with a percent has weight.
          fc.pre(item.parts.every((part) => part.scaledPercent === 0n || part.totalWeight > 0n));
          for (const detail of ["cents", "exact", "parts"] as const) {
            const guided = distributeItem(item, cents, detail);
            const reference = distributeInBigInt(item, cents, detail);
            expect(guided.cents).toEqual(reference.cents);
            expect(guided.exactTexts).toEqual(reference.exactTexts);
            expect(guided.exactPartTexts).toEqual(reference.exactPartTexts);
          }
        },
      ),
      { numRuns: 3000, seed: 403 },
    );
  });

  it("decides ties at the cut-off exactly: equal weights, one cent left for three lines", () => {
    const weight = 7n * 10n ** 19n;
    const item = buildItem([[weight, weight, weight, 0n]], [WHOLE]);
    // 100 cents over three equal shares: 33.33... each, the missing cent to the earliest line.
    expect(distributeItem(item, 100, "exact").cents).toEqual([34, 33, 33, 0]);
    expect(distributeItem(item, 100, "exact").exactTexts).toEqual(["0.333333", "0.333333", "0.333333", "0.000000"]);
    expect(distributeItem(item, 100, "exact")).toEqual(distributeInBigInt(item, 100, "exact"));
  });
});
