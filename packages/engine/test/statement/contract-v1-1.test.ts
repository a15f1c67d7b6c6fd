import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementInput } from "../../src/index.ts";
import {
  buildBaseInput,
  expectErrors,
  expectResult,
  summarizeAllocations,
} from "../support/inputs.ts";

function withPersonsItem(input: StatementInput, costType = "Müllabfuhr"): StatementInput {
  return { ...input, costItems: [{ costType, amount: "1000.00", key: "persons" }] };
}

describe("occupant periods (contract v1.1)", () => {
  it("counts person-days: 2 persons all year against 1 person, then 3 from July", () => {
    const input = withPersonsItem(buildBaseInput());
    input.tenancies[1] = {
      ...(input.tenancies[1] as StatementInput["tenancies"][number]),
      occupants: [{ from: "2024-07-01", to: null, persons: 3 }],
    };
    // A: 2 x 366 = 732; B: 1 x 182 + 3 x 184 = 734 (2024 is a leap year).
    const summary = summarizeAllocations(expectResult(calculateStatement(input)));
    expect(summary.tA?.Müllabfuhr).toBe("499.32");
    expect(summary.tB?.Müllabfuhr).toBe("500.68");
  });

  it("weights the days of an occupant period by degree days for Heizung", () => {
    const input = buildBaseInput();
    input.costItems = [{ costType: "Heizung", amount: "1000.00", key: "persons" }];
    input.tenancies[1] = {
      ...(input.tenancies[1] as StatementInput["tenancies"][number]),
      persons: 0,
      occupants: [{ from: "2024-01-01", to: "2024-01-31", persons: 2 }],
    };
    // A: 2 persons x 1000 per mille; B: 2 persons x January's 170 per mille.
    const summary = summarizeAllocations(expectResult(calculateStatement(input)));
    expect(summary.tA?.Heizung).toBe("854.70");
    expect(summary.tB?.Heizung).toBe("145.30");
  });

  it("rejects overlapping occupant periods of one tenancy with the contract's text", () => {
    const input = withPersonsItem(buildBaseInput());
    input.tenancies[0] = {
      ...(input.tenancies[0] as StatementInput["tenancies"][number]),
      occupants: [
        { from: "2024-01-01", to: "2024-06-30", persons: 2 },
        { from: "2024-06-30", to: null, persons: 1 },
      ],
    };
    expect(expectErrors(calculateStatement(input))).toContain(
      'Belegungszeiträume des Mietverhältnisses "tA" überschneiden sich',
    );
  });

  it("names a bad occupant field", () => {
    const input = buildBaseInput() as unknown as { tenancies: Record<string, unknown>[] };
    (input.tenancies[0] as Record<string, unknown>).occupants = [
      { from: "2024-05-01", to: "2024-04-01" },
    ];
    const errors = expectErrors(calculateStatement(input));
    expect(errors).toContain('Feld "tenancies[0].occupants[0].persons" fehlt');
    expect(errors).toContain(
      'Feld "tenancies[0].occupants[0].to": Das Ende des Belegungszeitraums liegt vor dessen Beginn',
    );
  });
});

describe("labour costs for § 35a EStG (contract v1.1)", () => {
  it("distributes the labour part with the item's weights and sums it per tenancy by category", () => {
    const input = buildBaseInput();
    input.costItems = [
      { costType: "Hausmeister", amount: "1000.00", key: "area", laborCosts: "333.33" },
      {
        costType: "Sonstige",
        amount: "100.00",
        key: "units",
        laborCosts: "100.00",
        taxCategory: "craftsmen",
      },
      { costType: "Grundsteuer", amount: "500.00", key: "area" },
    ];
    const result = expectResult(calculateStatement(input));
    const [tenancyA, tenancyB] = result.tenancies;
    expect(tenancyA?.taxDeductible).toEqual({ householdServices: "200.00", craftsmen: "50.00" });
    expect(tenancyB?.taxDeductible).toEqual({ householdServices: "133.33", craftsmen: "50.00" });
    expect(tenancyA?.allocations.map((allocation) => allocation.laborCosts)).toEqual([
      "200.00",
      "50.00",
      undefined,
    ]);
    expect(result.items.map((item) => [item.laborCosts, item.taxCategory])).toEqual([
      ["333.33", "householdServices"],
      ["100.00", "craftsmen"],
      [undefined, undefined],
    ]);
  });

  it("gives every tenancy zero tax-deductible amounts when no item has a labour part", () => {
    const result = expectResult(calculateStatement(buildBaseInput()));
    for (const tenancy of result.tenancies)
      expect(tenancy.taxDeductible).toEqual({ householdServices: "0.00", craftsmen: "0.00" });
  });

  it("rejects a labour part below 0 or above the amount with the contract's text", () => {
    for (const laborCosts of ["-0.01", "1000.01"]) {
      const input = buildBaseInput();
      input.costItems = [{ costType: "Hausmeister", amount: "1000.00", key: "area", laborCosts }];
      expect(expectErrors(calculateStatement(input))).toEqual([
        "Lohnanteil von Hausmeister liegt nicht zwischen 0 und dem Betrag",
      ]);
    }
  });

  it("names an unknown tax category and a labour part that is not money", () => {
    const input = buildBaseInput() as unknown as { costItems: Record<string, unknown>[] };
    input.costItems = [
      {
        costType: "Hausmeister",
        amount: "1000.00",
        key: "area",
        laborCosts: 12,
        taxCategory: "gardening",
      },
    ];
    const errors = expectErrors(calculateStatement(input));
    expect(
      errors.some((error) =>
        error.startsWith('Feld "costItems[0].laborCosts" muss ein Geldbetrag'),
      ),
    ).toBe(true);
    expect(errors).toContain(
      'Feld "costItems[0].taxCategory" muss einer dieser Werte sein: householdServices, craftsmen',
    );
  });
});
