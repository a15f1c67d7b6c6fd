import { describe, expect, it } from "vitest";
import { getAllocationParts, type StatementResult } from "@nk/engine";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import { sampleLetterSource, sampleResult } from "../support/letter-fixture.ts";

// Decision 0403: the engine keeps the step-by-step basis compactly in `result.basis`. Runs saved
// before carry it as `parts` on every allocation and are never rewritten (a finalized run never
// changes, docs/rules/statements.md#saved-runs); the letters read both shapes and must show the same steps.

/** The same run as an earlier engine stored it: parts on the allocations, no basis, no positions, no item. */
function toStoredBeforeCompactBasis(result: StatementResult): unknown {
  const { basis, ...rest } = result;
  const convertLine = <
    T extends {
      position: number;
      allocations: StatementResult["tenancies"][number]["allocations"];
    },
  >(
    line: T,
  ) => {
    const { position, ...fields } = line;
    return {
      ...fields,
      allocations: line.allocations.map(({ item, ...allocation }) => ({
        ...allocation,
        parts: getAllocationParts({ basis }, { position }, { ...allocation, item }),
      })),
    };
  };
  return {
    ...rest,
    tenancies: result.tenancies.map(convertLine),
    vacancy: result.vacancy.map(convertLine),
  };
}

describe("letters of runs stored with the basis on every allocation (before decision 0403)", () => {
  for (const tenancyId of ["schulz", "oezdemir", "krueger", "weiss"]) {
    it(`${tenancyId}: the same letter model, step by step, as the compact basis gives`, () => {
      const current = buildLetterModel(sampleLetterSource(tenancyId));
      const stored = buildLetterModel(
        sampleLetterSource(tenancyId, {
          result: toStoredBeforeCompactBasis(sampleResult()) as StatementResult,
        }),
      );
      expect(stored).toEqual(current);
      // The steps are really there: one per part of every item the tenancy takes part in.
      expect(current.costLines.length).toBeGreaterThan(0);
      for (const line of current.costLines)
        expect(line.steps.length).toBe(line.key === "mixed" ? 2 : 1);
    });
  }

  it("shows the figures of the basis in the steps", () => {
    const model = buildLetterModel(sampleLetterSource("weiss"));
    const heating = model.costLines.find((line) => line.costType === "Heizung");
    expect(heating?.steps.map((step) => step.label)).toEqual([
      "Grundkosten nach Wohnfläche (30 %)",
      "Verbrauchskosten (70 %)",
    ]);
    expect(heating?.steps[0]?.computation).toMatch(/m² × .* ‰ Gradtagsanteil = .* von insgesamt /);
  });
});
