import { describe, expect, it } from "vitest";
import { calculateStatement } from "../../src/index.ts";
import { loadExamples, pickExpectedFields } from "../support/examples.ts";

const examples = loadExamples();

describe("calc-examples (test/fixtures/calc-examples, a copy of the specification's)", () => {
  it("finds all six example files", () => {
    expect(examples.map((example) => example.name)).toEqual([
      "area-key-move-out-vacancy-prepayment-change",
      "co2-stage-from-gas-invoice",
      "heating-tenant-change-intermediate-reading",
      "heizkv-violation",
      "occupants-and-tax-deductible-labor",
      "three-units-all-keys",
    ]);
  });

  for (const example of examples) {
    it(`${example.name} gives exactly its expected output`, () => {
      const outcome = calculateStatement(example.input);
      const actual = outcome.ok ? outcome.result : { errors: outcome.errors };
      expect(pickExpectedFields(actual, example.expected)).toEqual(example.expected);
    });
  }
});
