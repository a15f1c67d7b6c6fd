import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementInput } from "@nk/engine";
import { describeAllocationBasis } from "../src/features/statements/lib/allocation-basis-text";
import { describeOccupancy } from "../src/features/statements/lib/occupancy-text";

// Issue 24, item 13: persons from the occupant periods in the preview, never an average.
const INPUT: StatementInput = {
  period: { start: "2024-01-01", end: "2024-12-31" },
  units: [
    { id: "a", area: 80, persons: 3 },
    { id: "b", area: 40, persons: 1 },
  ],
  tenancies: [
    {
      id: "t1",
      unitId: "a",
      start: "2020-01-01",
      occupants: [
        { from: "2020-01-01", to: "2024-09-14", persons: 3 },
        { from: "2024-09-15", persons: 4 },
      ],
    },
    { id: "t2", unitId: "b", start: "2020-01-01" },
  ],
  costItems: [{ costType: "Müllabfuhr", amount: "600.00", key: "persons" }],
};

describe("persons in the preview", () => {
  const outcome = calculateStatement(INPUT);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  const [growing, single] = outcome.result.tenancies;

  it("names each stretch of a household that grew, and '1 Person' in the singular", () => {
    expect(describeOccupancy(growing!.occupancy, growing!.persons)).toBe(
      "3 Personen × 258 Tage + 4 Personen × 108 Tage",
    );
    expect(describeOccupancy(single!.occupancy, single!.persons)).toBe("1 Person");
  });

  it("shows the person-day breakdown in the step, not 3,295 persons × 366 days", () => {
    const [text] = describeAllocationBasis(
      outcome.result.basis,
      growing!,
      growing!.allocations[0]!,
    );
    expect(text!.text).toContain(
      "Personen (100 %): 3 Personen × 258 Tage + 4 Personen × 108 Tage = 1.206 von 1.572 = 76,7176",
    );
    expect(text!.text).toContain("→ 460,305344 €");
  });
});
