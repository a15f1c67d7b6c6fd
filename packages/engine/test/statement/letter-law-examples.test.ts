import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementResult } from "../../src/index.ts";
import {
  LETTER_LAW_EXAMPLES_DIRECTORY,
  loadExamples,
  pickExpectedFields,
} from "../support/examples.ts";

// Issue 24: worked examples of the § 12 (1) HeizkV cut up front and of cable fees charged only
// up to 30.06.2024 (BetrKV § 2 Nr. 15); docs/calculation/03-heizkosten-heizkv.md and 12 walk through them.
const examples = loadExamples(LETTER_LAW_EXAMPLES_DIRECTORY);

describe("letter-law examples (test/fixtures/letter-law-examples)", () => {
  it("finds both examples", () => {
    expect(examples.map((example) => example.name)).toEqual([
      "cable-fees-until-2024-06-30",
      "heating-by-area-heizkv-12-cut",
    ]);
  });

  for (const example of examples) {
    it(`${example.name} gives exactly its expected output`, () => {
      const outcome = calculateStatement(example.input);
      const actual = outcome.ok ? outcome.result : { errors: outcome.errors };
      expect(pickExpectedFields(actual, example.expected)).toEqual(example.expected);
    });

    it(`${example.name}: every item adds up to its amount with the landlord's parts`, () => {
      const outcome = calculateStatement(example.input);
      if (!outcome.ok) throw new Error(outcome.errors.join("; "));
      const result: StatementResult = outcome.result;
      result.items.forEach((item, index) => {
        const lines = [...result.tenancies, ...result.vacancy].flatMap((line) =>
          line.allocations.filter((a) => a.item === index),
        );
        const tenants = lines.reduce((sum, a) => sum + Math.round(Number(a.amount) * 100), 0);
        const cuts = lines.reduce(
          (sum, a) => sum + Math.round(Number(a.heizkvReduction ?? "0") * 100),
          0,
        );
        const cents = (text: string | undefined) => Math.round(Number(text ?? "0") * 100);
        // lines (after the cut) + cuts + the part after the last allocable day + CO2 share = amount
        expect(tenants + cuts + cents(item.nonAllocable) + cents(item.co2LandlordShare)).toBe(
          cents(item.amount),
        );
        expect(cents(item.landlord)).toBe(
          cents(item.vacancy) + cents(item.co2LandlordShare) + cuts + cents(item.nonAllocable),
        );
      });
    });
  }
});
