import { describe, expect, it } from "vitest";
import {
  calculateStatement,
  compareTenancyVersions,
  type StatementResult,
} from "../../src/index.ts";

const input = {
  period: { start: "2025-01-01", end: "2025-12-31" },
  units: [
    { id: "A", area: 60, persons: 2 },
    { id: "B", area: 40, persons: 1 },
  ],
  tenancies: [
    {
      id: "tA",
      unitId: "A",
      start: "2020-01-01",
      end: null,
      prepayments: [{ monthlyAmount: "100.00", validFrom: "2020-01-01", validUntil: null }],
    },
    { id: "tB", unitId: "B", start: "2020-01-01", end: null },
  ],
  costItems: [
    { costType: "Grundsteuer", amount: "1000.00", key: "area" },
    { costType: "Müllabfuhr", amount: "400.00", key: "units" },
    { costType: "Versicherung", amount: "500.00", key: "area" },
  ],
};

function calculate(value: unknown): StatementResult {
  const outcome = calculateStatement(value);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return outcome.result;
}

describe("what a correction changed for a tenancy (issue 24, item 2)", () => {
  it("lists changed items (total and share), added and removed items, and the balances with their difference", () => {
    const previous = calculate(input);
    const next = calculate({
      ...input,
      costItems: [
        { costType: "Grundsteuer", amount: "1200.00", key: "area" },
        { costType: "Müllabfuhr", amount: "400.00", key: "units" },
        { costType: "Hausmeister", amount: "300.00", key: "area" },
      ],
    });
    const correction = compareTenancyVersions(previous, next, "tA");
    expect(correction).toEqual({
      tenancyId: "tA",
      previousUsage: { from: "2025-01-01", to: "2025-12-31", days: 365 },
      usage: { from: "2025-01-01", to: "2025-12-31", days: 365 },
      changes: [
        {
          costType: "Grundsteuer",
          occurrence: 0,
          previousItemAmount: "1000.00",
          itemAmount: "1200.00",
          previousShare: "600.00",
          share: "720.00",
          shareDifference: "120.00",
        },
        {
          costType: "Hausmeister",
          occurrence: 0,
          previousItemAmount: null,
          itemAmount: "300.00",
          previousShare: null,
          share: "180.00",
          shareDifference: "180.00",
        },
        {
          costType: "Versicherung",
          occurrence: 0,
          previousItemAmount: "500.00",
          itemAmount: null,
          previousShare: "300.00",
          share: null,
          shareDifference: "-300.00",
        },
      ],
      previousTotal: "1100.00",
      total: "1100.00",
      totalDifference: "0.00",
      previousPrepayments: "1200.00",
      prepayments: "1200.00",
      prepaymentsDifference: "0.00",
      previousBalance: "-100.00",
      balance: "-100.00",
      balanceDifference: "0.00",
    });
  });

  it("a changed prepayment changes the balance without an item change", () => {
    const previous = calculate(input);
    const next = calculate({
      ...input,
      tenancies: [
        {
          ...input.tenancies[0],
          prepayments: [{ monthlyAmount: "90.00", validFrom: "2020-01-01", validUntil: null }],
        },
        input.tenancies[1],
      ],
    });
    const correction = compareTenancyVersions(previous, next, "tA");
    expect(correction?.changes).toEqual([]);
    expect(correction).toMatchObject({
      previousPrepayments: "1200.00",
      prepayments: "1080.00",
      prepaymentsDifference: "-120.00",
      previousBalance: "-100.00",
      balance: "20.00",
      balanceDifference: "120.00",
    });
  });

  it("is null for a tenancy that is not in both versions", () => {
    const previous = calculate(input);
    expect(compareTenancyVersions(previous, previous, "nobody")).toBeNull();
  });
});
