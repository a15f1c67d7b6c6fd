import { describe, expect, it } from "vitest";
import { splitIntoInsertBatches, splitIntoParts } from "../../src/db/write-batches.ts";

// Decisions 1082 and 1880: large writes and reads go to the database in parts.

describe("parts of a large write or read (db/write-batches.ts)", () => {
  it("keeps every item once, in order, in parts of at most the size", () => {
    const items = Array.from({ length: 6_001 }, (_, index) => `id-${index}`);
    const parts = splitIntoParts(items, 1_000);
    expect(parts.map((part) => part.length)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1]);
    expect(parts.flat()).toEqual(items);
  });

  it("gives no part for nothing, one part for fewer items than the size", () => {
    expect(splitIntoParts([], 2_500)).toEqual([]);
    expect(splitIntoParts(["a", "b"], 2_500)).toEqual([["a", "b"]]);
    // A size below one still moves forward (never an endless loop).
    expect(splitIntoParts(["a", "b"], 0)).toEqual([["a"], ["b"]]);
  });

  it("keeps an insert under 30,000 parameters", () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => index);
    const batches = splitIntoInsertBatches(rows, 7);
    expect(batches.every((batch) => batch.length * 7 <= 30_000)).toBe(true);
    expect(batches[0]).toHaveLength(4_285);
    expect(batches.flat()).toEqual(rows);
  });
});
