import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementInput, type StatementResult } from "../../src/index.ts";
import { validStatementInput } from "../support/arbitraries.ts";
import { expectResult } from "../support/inputs.ts";

const toCents = (amount: string): number => {
  const negative = amount.startsWith("-");
  const [euros, cents] = amount.replace("-", "").split(".") as [string, string];
  const value = Number(euros) * 100 + Number(cents);
  return negative ? -value : value;
};

function allLines(result: StatementResult) {
  return [...result.tenancies, ...result.vacancy];
}

// The output without the tenancies' extra "persons" (the tenancy's own figure, which the
// occupant periods replace) and without the step-by-step quantities derived from it.
function withoutPersonsFigure(result: StatementResult): unknown {
  return { ...result, tenancies: result.tenancies.map(({ persons: _persons, ...rest }) => rest) };
}

describe("contract v1.1 invariants (fast-check)", () => {
  it("labour lines of every item add up to its labour part to the cent; taxDeductible sums them per tenancy", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const result = expectResult(calculateStatement(input));
        for (const item of input.costItems) {
          const summary = result.items.find((entry) => entry.costType === item.costType);
          const lines = allLines(result).flatMap((line) =>
            line.allocations.filter((allocation) => allocation.costType === item.costType),
          );
          if (item.laborCosts === undefined || item.laborCosts === null) {
            expect(summary?.laborCosts).toBeUndefined();
            for (const allocation of lines) expect(allocation.laborCosts).toBeUndefined();
            continue;
          }
          expect(summary?.laborCosts).toBe(item.laborCosts);
          expect(summary?.taxCategory).toBe(item.taxCategory ?? "householdServices");
          const laborSum = lines.reduce(
            (sum, allocation) => sum + toCents(allocation.laborCosts ?? "NaN"),
            0,
          );
          expect(laborSum).toBe(toCents(item.laborCosts));
        }
        for (const tenancy of result.tenancies) {
          const byCategory = { householdServices: 0, craftsmen: 0 };
          for (const allocation of tenancy.allocations) {
            if (allocation.laborCosts === undefined) continue;
            const item = result.items.find((entry) => entry.costType === allocation.costType);
            byCategory[item?.taxCategory ?? "householdServices"] += toCents(allocation.laborCosts);
          }
          expect(toCents(tenancy.taxDeductible.householdServices)).toBe(
            byCategory.householdServices,
          );
          expect(toCents(tenancy.taxDeductible.craftsmen)).toBe(byCategory.craftsmen);
        }
      }),
      { numRuns: 250 },
    );
  });

  it("gives no negative share, labour line or tax-deductible sum", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const result = expectResult(calculateStatement(input));
        for (const line of allLines(result)) {
          for (const allocation of line.allocations) {
            expect(toCents(allocation.amount)).toBeGreaterThanOrEqual(0);
            if (allocation.laborCosts !== undefined)
              expect(toCents(allocation.laborCosts)).toBeGreaterThanOrEqual(0);
          }
        }
        for (const tenancy of result.tenancies) {
          expect(toCents(tenancy.taxDeductible.householdServices)).toBeGreaterThanOrEqual(0);
          expect(toCents(tenancy.taxDeductible.craftsmen)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("treats one occupant period covering the whole period like the tenancy's own persons", () => {
    fc.assert(
      fc.property(
        validStatementInput,
        fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 20 }),
        (generated, otherPersons) => {
          const unitPersons = new Map(generated.units.map((unit) => [unit.id, unit.persons ?? 0]));
          const plain: StatementInput = {
            ...generated,
            tenancies: generated.tenancies.map(({ occupants: _occupants, ...tenancy }) => ({
              ...tenancy,
              persons: tenancy.persons ?? unitPersons.get(tenancy.unitId) ?? 0,
            })),
          };
          const withOccupants: StatementInput = {
            ...plain,
            tenancies: plain.tenancies.map((tenancy, index) => ({
              ...tenancy,
              persons: otherPersons[index % otherPersons.length] as number,
              occupants: [
                {
                  from: plain.period.start,
                  to: index % 2 === 0 ? null : plain.period.end,
                  persons: tenancy.persons as number,
                },
              ],
            })),
          };
          const expected = expectResult(calculateStatement(plain));
          const actual = expectResult(calculateStatement(withOccupants));
          expect(withoutPersonsFigure(actual)).toEqual(withoutPersonsFigure(expected));
        },
      ),
      { numRuns: 150 },
    );
  });
});
