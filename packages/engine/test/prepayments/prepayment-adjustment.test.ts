import { describe, expect, it } from "vitest";
import { proposeMonthlyPrepayment } from "../../src/index.ts";

// § 560 (4) BGB (issue 30, docs/calculation/18-fristen.md): a twelfth of the year's costs, rounded half up.

describe("the proposed monthly prepayment", () => {
  it.each([
    // Whole year: costs / 12. 1.530,00 / 12 = 127,50.
    ["1530.00", "euro", "128.00"],
    ["1530.00", "five_euros", "130.00"],
    // 1.529,88 / 12 = 127,49.
    ["1529.88", "euro", "127.00"],
    ["1529.88", "five_euros", "125.00"],
    // 1.770,00 / 12 = 147,50: half up to 150.
    ["1770.00", "five_euros", "150.00"],
    ["1769.88", "five_euros", "145.00"],
    ["0.00", "euro", "0.00"],
  ] as const)("costs %s for the whole of 2025, rounded to %s: %s", (costs, rounding, proposal) => {
    expect(
      proposeMonthlyPrepayment({ costs, periodStart: "2025-01-01", tenancyDays: 365, rounding }),
    ).toBe(proposal);
  });

  it("a leap year has 366 days: the whole year is still costs / 12", () => {
    expect(
      proposeMonthlyPrepayment({
        costs: "1200.00",
        periodStart: "2024-01-01",
        tenancyDays: 366,
        rounding: "euro",
      }),
    ).toBe("100.00");
    expect(
      proposeMonthlyPrepayment({
        costs: "1200.00",
        periodStart: "2023-03-01",
        tenancyDays: 366,
        rounding: "euro",
      }),
    ).toBe("100.00");
  });

  it("a tenant who moved in mid-year: the costs scaled to a whole year by days", () => {
    // Moved in 1 July 2025: 184 days cost 600,00 €; a year 600 × 365 / 184 = 1.190,22 €, / 12 = 99,18 €.
    expect(
      proposeMonthlyPrepayment({
        costs: "600.00",
        periodStart: "2025-01-01",
        tenancyDays: 184,
        rounding: "euro",
      }),
    ).toBe("99.00");
    expect(
      proposeMonthlyPrepayment({
        costs: "600.00",
        periodStart: "2025-01-01",
        tenancyDays: 184,
        rounding: "five_euros",
      }),
    ).toBe("100.00");
  });
});
