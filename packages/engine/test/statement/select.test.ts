import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selectKthSmallest } from "../../src/statement/select.ts";

describe("selectKthSmallest", () => {
  it("finds the value a full sort has at position k, duplicates and all", () => {
    const values = fc.array(
      fc.oneof(fc.double({ noNaN: true, min: 0, max: 1e9 }), fc.constantFrom(0, 0.5, 1, 2)),
      { minLength: 1, maxLength: 300 },
    );
    fc.assert(
      fc.property(values, fc.nat(), (list, seed) => {
        const array = Float64Array.from(list);
        const k = seed % list.length;
        expect(selectKthSmallest(array, k)).toBe(Float64Array.from(list).sort()[k]);
        expect(Array.from(array)).toEqual(list); // the input stays as it was
      }),
      { numRuns: 1000, seed: 4035 },
    );
  });

  it("handles long runs of equal values and sorted input", () => {
    const equal = new Float64Array(5000).fill(3);
    expect(selectKthSmallest(equal, 4999)).toBe(3);
    const sorted = Float64Array.from({ length: 5000 }, (_, index) => index);
    expect(selectKthSmallest(sorted, 1234)).toBe(1234);
    expect(selectKthSmallest(sorted.reverse(), 0)).toBe(0);
  });
});
