import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { calculateStatement } from "../../src/index.ts";
import { loadExamples, pickExpectedFields } from "../support/examples.ts";

// Issue 24, items 6-8: worked examples of the heating cost sheet (stocks first in, first out,
// cost components, the § 9 HeizkV split) and of the CO2 price per calendar year;
// docs/calculation/05-verbundene-anlagen-heizkv-9.md, 06 and 16 walk through them.
const DIRECTORY = fileURLToPath(new URL("../fixtures/heating-examples/", import.meta.url));
const examples = loadExamples(DIRECTORY);

describe("heating examples (test/fixtures/heating-examples)", () => {
  it("finds the examples", () => {
    expect(examples.map((example) => example.name)).toEqual(["oil-stock-crossing-year"]);
  });

  for (const example of examples) {
    it(`${example.name} gives exactly its expected output`, () => {
      const outcome = calculateStatement(example.input);
      const actual = outcome.ok ? outcome.result : { errors: outcome.errors };
      expect(pickExpectedFields(actual, example.expected)).toEqual(example.expected);
    });
  }
});
