import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementInput } from "../../src/index.ts";
import { validStatementInput } from "../support/arbitraries.ts";

// Issue 24: the § 12 (1) HeizkV cut up front and items charged only up to a day keep every
// invariant of the statement on random inputs (tenant changes, vacancy, occupant periods,
// excluded units, decentralised hot water): each item adds up to its amount with the
// landlord's parts, each tenancy's total is the sum of its allocations, and a cut is 15 % of
// the share before it, half up.
const cents = (amount: string | undefined): number =>
  amount === undefined ? 0 : Math.round(Number(amount) * 100);

/** The generated input with the cut on heating and hot water by area, persons or units, and a last allocable day on the other timed items. */
const withLimits = fc
  .tuple(validStatementInput, fc.integer({ min: 0, max: 364 }))
  .map(([input, offset]): StatementInput => {
    const start = Date.UTC(
      Number(input.period.start.slice(0, 4)),
      Number(input.period.start.slice(5, 7)) - 1,
      Number(input.period.start.slice(8, 10)),
    );
    const until = new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
    return {
      ...input,
      costItems: input.costItems.map((item) => {
        const isTimed = item.key === "area" || item.key === "persons" || item.key === "units";
        if (!isTimed) return item;
        if (item.costType === "Heizung" || item.costType === "Warmwasser")
          return { ...item, heizkvReduction: true };
        return until < input.period.end ? { ...item, allocableUntil: until } : item;
      }),
    };
  });

describe("§ 12 HeizkV cut and last allocable day: invariants (fast-check)", () => {
  it("every item adds up, every tenancy adds up, cuts are 15 % half up", () => {
    fc.assert(
      fc.property(withLimits, (input) => {
        const outcome = calculateStatement(input);
        if (!outcome.ok) throw new Error(outcome.errors.join(" | "));
        const { result } = outcome;
        result.items.forEach((item, index) => {
          const allocations = [...result.tenancies, ...result.vacancy].flatMap((line) =>
            line.allocations.filter((a) => a.item === index),
          );
          const lines = allocations.reduce((sum, a) => sum + cents(a.amount), 0);
          const cuts = allocations.reduce((sum, a) => sum + cents(a.heizkvReduction), 0);
          expect(lines + cuts + cents(item.nonAllocable) + cents(item.co2LandlordShare)).toBe(
            cents(item.amount),
          );
          expect(cents(item.landlord)).toBe(
            cents(item.vacancy) + cents(item.co2LandlordShare) + cuts + cents(item.nonAllocable),
          );
          expect(cents(item.heizkvReduction)).toBe(cuts);
          for (const allocation of allocations) {
            if (allocation.amountBeforeReduction === undefined) continue;
            const before = cents(allocation.amountBeforeReduction);
            expect(cents(allocation.heizkvReduction)).toBe(Math.floor((before * 15 + 50) / 100));
            expect(cents(allocation.amount)).toBe(before - cents(allocation.heizkvReduction));
          }
        });
        for (const tenancy of result.tenancies) {
          expect(tenancy.allocations.reduce((sum, a) => sum + cents(a.amount), 0)).toBe(
            cents(tenancy.total),
          );
          expect(cents(tenancy.total) - cents(tenancy.prepayments)).toBe(cents(tenancy.balance));
        }
      }),
      { numRuns: 300 },
    );
  });
});
