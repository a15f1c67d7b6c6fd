import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calculateStatement,
  compactStatementResult,
  expandCompactResult,
  isCompactResult,
  type StatementInput,
  type StatementResult,
} from "../../src/index.ts";
import { buildBenchInput } from "../../bench/bench-input.ts";
import { validStatementInput } from "../support/arbitraries.ts";
import { loadExamples } from "../support/examples.ts";
import { buildBaseInput, expectResult } from "../support/inputs.ts";

/** Integer cents as decimal text ("-12.05"), in integers only: an oracle independent of the engine. */
function centsToText(cents: number): string {
  const absolute = BigInt(Math.abs(cents));
  const text = `${absolute / 100n}.${String(absolute % 100n).padStart(2, "0")}`;
  return cents < 0 ? `-${text}` : text;
}

// Contract v1.6 (decision 1730): the stored form reads back as the very result the engine
// calculated, the same JSON text, for every worked example and random statements.

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/${name}/`, import.meta.url));
const examples = [
  "calc-examples",
  "heating-examples",
  "letter-law-examples",
  "tenant-change-examples",
].flatMap((directory) => loadExamples(fixture(directory)));
const frozen = JSON.parse(
  readFileSync(new URL("../fixtures/frozen-outputs.json", import.meta.url), "utf8"),
) as { cases: { name: string; input: unknown }[] };

/** Compacts, goes through JSON as the database does, expands; returns both JSON texts. */
function roundTrip(result: StatementResult): { stored: string; back: string; full: string } {
  const stored = JSON.stringify(compactStatementResult(result));
  const back = JSON.stringify(expandCompactResult(JSON.parse(stored)));
  return { stored, back, full: JSON.stringify(result) };
}

describe("the compact stored result (contract v1.6)", () => {
  const cases = [
    ...examples.map((example) => ({ name: example.name, input: example.input })),
    ...frozen.cases,
  ];
  for (const { name, input } of cases) {
    it(`${name}: compacted and expanded gives the same JSON, with and without letter figures`, () => {
      for (const options of [{}, { includeLetterFigures: true }, { includeBasis: false }]) {
        const outcome = calculateStatement(input as StatementInput, options);
        if (!outcome.ok) return;
        expect(isCompactResult(compactStatementResult(outcome.result))).toBe(true);
        const { back, full } = roundTrip(outcome.result);
        expect(back).toBe(full);
      }
    });
  }

  it("reads back every random statement exactly (fast-check)", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const outcome = calculateStatement(input, { includeLetterFigures: true });
        if (!outcome.ok) return;
        const compacted = compactStatementResult(outcome.result);
        expect(isCompactResult(compacted)).toBe(true);
        const { back, full } = roundTrip(outcome.result);
        expect(back).toBe(full);
      }),
      { numRuns: 300 },
    );
  });

  it("stores an item's allocations as columns of cents and exact millionths", () => {
    const input = buildBaseInput();
    const result = expectResult(calculateStatement(input));
    const compacted = compactStatementResult(result);
    if (!isCompactResult(compacted)) throw new Error("not compacted");
    const line = result.tenancies[0] as StatementResult["tenancies"][number];
    const allocation = line.allocations[0] as StatementResult["tenancies"][0]["allocations"][0];
    const column = compacted.allocations[allocation.item];
    const index = column?.positions ? column.positions.indexOf(line.position) : line.position;
    const cents = column?.amounts[index] as number;
    expect(centsToText(cents)).toBe(allocation.amount);
    const micro = cents * 10_000 + (column?.exact[index] as number);
    expect((micro / 1e6).toFixed(6)).toBe(allocation.exactAmount);
    expect(compacted.tenancies[0]).not.toHaveProperty("allocations");
  });

  it("keeps a figure the engine does not write as its text, and a result it cannot reproduce whole", () => {
    const result = expectResult(calculateStatement(buildBaseInput()));
    const odd = structuredClone(result);
    const first = odd.tenancies[0]?.allocations[0];
    if (!first) throw new Error("no allocation");
    first.amount = "12.5";
    first.exactAmount = "12.5";
    const { stored, back } = roundTrip(odd);
    expect(isCompactResult(JSON.parse(stored))).toBe(true);
    expect(back).toBe(JSON.stringify(odd));
    const allKeys = examples.find((example) => example.name === "three-units-all-keys");
    const unordered = expectResult(calculateStatement(allKeys?.input as StatementInput));
    expect(unordered.tenancies[0]?.allocations.length).toBeGreaterThan(1);
    unordered.tenancies[0]?.allocations.reverse();
    expect(compactStatementResult(unordered)).toBe(unordered);
    const extra = structuredClone(result);
    Object.assign(extra.tenancies[0]?.allocations[0] ?? {}, { note: "x" });
    expect(compactStatementResult(extra)).toBe(extra);
  });

  it("keeps the bench's 2,000-unit statement under 2.8 MB of JSON, letter figures included (issue 32)", () => {
    const input = buildBenchInput(2000);
    const result = expectResult(calculateStatement(input));
    const { stored, back, full } = roundTrip(result);
    expect(Buffer.byteLength(stored)).toBeLessThan(2_800_000);
    expect(Buffer.byteLength(full)).toBeGreaterThan(3 * Buffer.byteLength(stored));
    expect(back === full).toBe(true);
    const withLetters = roundTrip(
      expectResult(calculateStatement(input, { includeLetterFigures: true })),
    );
    expect(Buffer.byteLength(withLetters.stored)).toBeLessThan(2_800_000);
    expect(withLetters.back === withLetters.full).toBe(true);
    const letters = (JSON.parse(withLetters.stored) as { letters: { tenancies: unknown[] } })
      .letters;
    expect(letters.tenancies.every((figures) => Array.isArray(figures))).toBe(true);
  });
});
