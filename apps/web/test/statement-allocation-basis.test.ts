import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementInput } from "@nk/engine";
import { describeAllocationBasis } from "../src/features/statements/lib/allocation-basis-text";

const INPUT: StatementInput = {
  period: { start: "2025-01-01", end: "2025-12-31" },
  units: [
    { id: "a", area: 62.5, persons: 2 },
    { id: "b", area: 37.5, persons: 1 },
  ],
  tenancies: [
    { id: "t1", unitId: "a", start: "2020-01-01" },
    { id: "t2", unitId: "b", start: "2020-01-01" },
  ],
  consumption: [
    { unitId: "a", meter: "heating", value: 300 },
    { unitId: "b", meter: "heating", value: 100 },
  ],
  costItems: [
    { costType: "Heizung", amount: "1000.00", key: "mixed", consumptionShare: 70 },
    { costType: "Grundsteuer", amount: "365.00", key: "area" },
  ],
};

// Intl puts no-break spaces before units and percent signs; the texts compare with plain spaces.
function texts(parts: { text: string }[]): string[] {
  return parts.map((part) => part.text.replace(/\s/g, " "));
}

function calculate() {
  const outcome = calculateStatement(INPUT);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return outcome.result;
}

describe("the step-by-step basis in the preview (decision 0403)", () => {
  it("describes each part of an allocation from the compact basis", () => {
    const result = calculate();
    const tenancy = result.tenancies[0]!;
    const [heating, tax] = tenancy.allocations;
    expect(texts(describeAllocationBasis(result.basis, tenancy, heating!))).toEqual([
      "Fläche (30 %): 62,5 m² × 1.000 ‰ Gradtage = 62.500 von 100.000 = 62,5000 % → 187,50 €",
      "Verbrauch (70 %): 300 = 300 von 400 = 75,0000 % → 525,00 €",
    ]);
    expect(texts(describeAllocationBasis(result.basis, tenancy, tax!))).toEqual([
      "Fläche (100 %): 62,5 m² × 365 Tage = 22.812,5 von 36.500 = 62,5000 % → 228,125 €",
    ]);
  });

  it("describes a run saved before it from the parts on the allocation", () => {
    const stored = {
      costType: "Grundsteuer",
      exactAmount: "228.125000",
      parts: [
        {
          basis: "area" as const,
          percent: 100,
          quantity: 62.5,
          timeWeight: 365,
          weight: 22812.5,
          totalWeight: 36500,
          exactAmount: "228.125000",
        },
      ],
    };
    expect(texts(describeAllocationBasis(undefined, {}, stored))).toEqual([
      "Fläche (100 %): 62,5 m² × 365 Tage = 22.812,5 von 36.500 = 62,5000 % → 228,125 €",
    ]);
  });
});
