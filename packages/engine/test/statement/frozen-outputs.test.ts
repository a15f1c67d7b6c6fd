import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { calculateStatement } from "../../src/index.ts";
import { toLegacyBasisShape } from "../support/legacy-basis-shape.ts";

interface FrozenCase {
  name: string;
  input: unknown;
  output: unknown;
  outputWithoutBasis: unknown;
}

// Outputs of the engine before its hot path was rewritten on integers (issue 10, item 5):
// the calc examples and seeded random v1.1 inputs. Written by test/support/write-frozen-outputs.ts.
// Since decision 0403 the result keeps the step-by-step basis compactly; the outputs are
// converted mechanically to the earlier shape (toLegacyBasisShape) and must then be identical.
const frozen = JSON.parse(
  readFileSync(new URL("../fixtures/frozen-outputs.json", import.meta.url), "utf8"),
) as { cases: FrozenCase[] };

describe("frozen outputs: the engine gives the same output as before its rewrite", () => {
  it("has the calc examples and the random cases", () => {
    expect(frozen.cases.length).toBeGreaterThanOrEqual(66);
  });

  for (const frozenCase of frozen.cases) {
    it(`${frozenCase.name}: identical output, with and without the basis`, () => {
      expect(
        JSON.parse(JSON.stringify(toLegacyBasisShape(calculateStatement(frozenCase.input)))),
      ).toEqual(frozenCase.output);
      expect(
        JSON.parse(
          JSON.stringify(
            toLegacyBasisShape(calculateStatement(frozenCase.input, { includeBasis: false })),
          ),
        ),
      ).toEqual(frozenCase.outputWithoutBasis);
    });
  }
});
