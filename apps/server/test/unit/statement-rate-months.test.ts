import { describe, expect, it } from "vitest";
import { countPeriodMonths } from "@nk/engine";

// A tariff's base price is due for each calendar month the billing period touches (docs/rules/statements.md#statement-constants).
describe("months of a billing period for a tariff's base price", () => {
  it("counts the calendar months the period touches", () => {
    expect(countPeriodMonths("2024-01-01", "2024-12-31")).toBe(12);
    expect(countPeriodMonths("2023-07-01", "2024-06-30")).toBe(12);
    expect(countPeriodMonths("2024-03-15", "2024-05-10")).toBe(3);
    expect(countPeriodMonths("2024-02-01", "2024-02-29")).toBe(1);
  });

  it("charges a year that starts mid-month 12 months, not the 13 it touches (one rule for server and wizard, issue 25)", () => {
    expect(countPeriodMonths("2024-03-15", "2025-03-14")).toBe(12);
  });
});
