import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateStatement, calculateHeatingCostSheet, type StatementInput } from "../../src/index.ts";
import { validStatementInput } from "../support/arbitraries.ts";

// Decision 1043 (issue 25): quantities may enter the engine as decimal text, the one form they
// are stored in, instead of a JSON number rebuilt into a decimal. Text is read exactly, and a
// statement gives the same result whichever of the two forms its quantities take.

/** The input with every area and consumption value written as decimal text. */
function withQuantityText(input: StatementInput): StatementInput {
  return {
    ...input,
    units: input.units.map((unit) => ({ ...unit, area: String(unit.area) })),
    consumption: input.consumption?.map((entry) => ({ ...entry, value: String(entry.value) })),
  };
}

describe("quantities as decimal text (decision 1043)", () => {
  it("give the same result as the same quantities as JSON numbers", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const asNumbers = calculateStatement(input, { includeLetterFigures: true });
        const asText = calculateStatement(withQuantityText(input), { includeLetterFigures: true });
        expect(asText).toEqual(asNumbers);
      }),
      { numRuns: 300, seed: 1043 },
    );
  });

  it("are read exactly, beyond what a JSON number holds", () => {
    const base: StatementInput = {
      period: { start: "2024-01-01", end: "2024-12-31" },
      units: [
        { id: "a", area: "0.000000001" },
        { id: "b", area: "999999999.999999999" },
      ],
      tenancies: [
        { id: "ta", unitId: "a", start: "2024-01-01" },
        { id: "tb", unitId: "b", start: "2024-01-01" },
      ],
      costItems: [{ costType: "Grundsteuer", amount: "1000000.00", key: "area" }],
    };
    const outcome = calculateStatement(base);
    if (!outcome.ok) throw new Error(outcome.issues.map((issue) => issue.message).join("; "));
    // 10^-9 of 10^9 m² is 10^-18 of the cost: 0.00 €; the rest to b.
    expect(outcome.result.tenancies.map((t) => t.total)).toEqual(["0.00", "1000000.00"]);
  });

  it("give the heating cost sheet the same figures as numbers", () => {
    const sheet = {
      fuel: "oil" as const,
      quantityUnit: "l" as const,
      openingStock: { quantity: 1200.5, amount: "1100.00" },
      purchases: [{ date: "2024-03-01", quantity: 3000.25, amount: "2950.00" }],
      closingStock: { quantity: 800.125 },
      combined: { totalEnergyKwh: 34000, hotWaterVolumeM3: 47.2, hotWaterTemperatureCelsius: 60 },
    };
    const asText = {
      ...sheet,
      openingStock: { quantity: "1200.5", amount: "1100.00" },
      purchases: [{ date: "2024-03-01", quantity: "3000.25", amount: "2950.00" }],
      closingStock: { quantity: "800.125" },
      combined: { totalEnergyKwh: "34000", hotWaterVolumeM3: "47.2", hotWaterTemperatureCelsius: "60" },
    };
    const outcome = calculateHeatingCostSheet(sheet);
    expect(outcome.ok).toBe(true);
    expect(calculateHeatingCostSheet(asText)).toEqual(outcome);
  });
});
