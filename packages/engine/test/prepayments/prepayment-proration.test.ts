import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, formatCents, proratePrepayments } from "../../src/index.ts";
import { sumProratedPrepaymentCents } from "../../src/prepayments/prepayment-proration.ts";

const YEAR_2024 = { from: "2024-01-01", to: "2024-12-31" };

describe("proratePrepayments (docs/rules/prepayments.md#prepayment-rules)", () => {
  it("counts whole months at the full amount", () => {
    const result = proratePrepayments(
      [{ monthlyAmount: "180.00", validFrom: "2021-03-01", validUntil: null }],
      YEAR_2024,
    );
    expect(result.total).toBe("2160.00");
    expect(result.months).toHaveLength(12);
    expect(result.averageMonthly).toBe("180.00");
  });

  it("prorates a month by its days and rounds half up per month (m3: 120.00 from 16 Feb 2024 = 1257.93)", () => {
    const result = proratePrepayments(
      [{ monthlyAmount: "120.00", validFrom: "2024-02-16", validUntil: null }],
      { from: "2024-02-16", to: "2024-12-31" },
    );
    expect(result.months[0]).toEqual({
      month: "2024-02",
      daysInMonth: 29,
      days: 14,
      amount: "57.93",
      amountCents: 5793,
    });
    expect(result.total).toBe("1257.93");
  });

  it("follows a change of the amount inside the period", () => {
    const result = proratePrepayments(
      [
        { monthlyAmount: "150.00", validFrom: "2025-01-01", validUntil: "2025-06-30" },
        { monthlyAmount: "180.00", validFrom: "2025-07-01", validUntil: null },
      ],
      { from: "2025-01-01", to: "2025-12-31" },
    );
    expect(result.total).toBe("1980.00");
  });

  it("splits a month between two amounts and adds the rounded parts", () => {
    const result = proratePrepayments(
      [
        { monthlyAmount: "100.00", validFrom: "2025-01-01", validUntil: "2025-04-10" },
        { monthlyAmount: "200.00", validFrom: "2025-04-11", validUntil: null },
      ],
      { from: "2025-04-01", to: "2025-04-30" },
    );
    // 100 x 10/30 = 33.33; 200 x 20/30 = 133.33
    expect(result.months).toEqual([
      { month: "2025-04", daysInMonth: 30, days: 30, amount: "166.66", amountCents: 16666 },
    ]);
    expect(result.total).toBe("166.66");
  });

  it("counts only the days of the range (a tenant who moved out on 31 March pays three months)", () => {
    const result = proratePrepayments(
      [{ monthlyAmount: "100.00", validFrom: "2020-01-01", validUntil: null }],
      { from: "2025-01-01", to: "2025-03-31" },
    );
    expect(result.total).toBe("300.00");
  });

  it("rounds half up: 0.05 x 15 / 30 = 0.025 -> 0.03", () => {
    const result = proratePrepayments(
      [{ monthlyAmount: "0.05", validFrom: "2025-06-16", validUntil: null }],
      { from: "2025-06-16", to: "2025-06-30" },
    );
    expect(result.total).toBe("0.03");
  });

  it("gives nothing for a prepayment outside the range", () => {
    const result = proratePrepayments(
      [{ monthlyAmount: "100.00", validFrom: "2026-01-01", validUntil: null }],
      YEAR_2024,
    );
    expect(result).toEqual({ months: [], total: "0.00", totalCents: 0, averageMonthly: "0.00" });
  });
});

describe("sumProratedPrepaymentCents (the statement's integer path)", () => {
  it("gives the total of proratePrepayments for random prepayments and ranges", () => {
    const date = fc.integer({ min: 0, max: 1500 }).map((offset) => addDays("2022-01-01", offset));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cents: fc.integer({ min: -500_000, max: 5_000_000 }),
            from: date,
            length: fc.option(fc.integer({ min: 1, max: 600 }), { nil: null }),
          }),
          { maxLength: 4 },
        ),
        date,
        fc.integer({ min: 1, max: 366 }),
        (plans, from, length) => {
          const prepayments = plans.map((plan) => ({
            monthlyAmount: formatCents(plan.cents),
            validFrom: plan.from,
            validUntil: plan.length === null ? null : addDays(plan.from, plan.length - 1),
          }));
          const range = { from, to: addDays(from, length - 1) };
          expect(sumProratedPrepaymentCents(prepayments, range)).toBe(
            proratePrepayments(prepayments, range).totalCents,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
