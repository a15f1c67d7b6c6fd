import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementInput, type StatementResult } from "../../src/index.ts";
import { countPeriodDays, validStatementInput } from "../support/arbitraries.ts";
import { buildBaseInput, expectResult } from "../support/inputs.ts";

const toCents = (amount: string): number => {
  const negative = amount.startsWith("-");
  const [euros, cents] = amount.replace("-", "").split(".") as [string, string];
  const value = Number(euros) * 100 + Number(cents);
  return negative ? -value : value;
};

function allLines(result: StatementResult) {
  return [...result.tenancies, ...result.vacancy];
}

// Sums the allocations of the item at `itemIndex` over all lines. Cost types are unique in
// the generated inputs, so the cost type identifies the item.
function sumItemLines(result: StatementResult, costType: string): number {
  let sum = 0;
  for (const line of allLines(result)) {
    for (const allocation of line.allocations)
      if (allocation.costType === costType) sum += toCents(allocation.amount);
  }
  return sum;
}

function shuffleWith<T>(values: readonly T[], keys: readonly number[]): T[] {
  return values
    .map((value, index) => ({ value, key: keys[index % Math.max(keys.length, 1)] ?? 0, index }))
    .sort((a, b) => a.key - b.key || b.index - a.index)
    .map((entry) => entry.value);
}

describe("statement invariants (fast-check)", () => {
  it("generates inputs the engine accepts", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const outcome = calculateStatement(input);
        if (!outcome.ok) throw new Error(outcome.errors.join(" | "));
      }),
      { numRuns: 200 },
    );
  });

  it("for every item, lines plus the CO2 landlord share equal the amount to the cent; totals and balances add up", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const result = expectResult(calculateStatement(input));
        let totalCents = 0;
        let co2Cents = 0;
        for (const item of result.items) {
          const amount = toCents(item.amount);
          const co2Share = toCents(item.co2LandlordShare);
          totalCents += amount;
          co2Cents += co2Share;
          expect(sumItemLines(result, item.costType) + co2Share).toBe(amount);
          expect(toCents(item.distributed)).toBe(amount - co2Share);
          const vacancyCents = result.vacancy.reduce(
            (sum, line) =>
              sum +
              line.allocations
                .filter((allocation) => allocation.costType === item.costType)
                .reduce((inner, allocation) => inner + toCents(allocation.amount), 0),
            0,
          );
          expect(toCents(item.landlord)).toBe(vacancyCents + co2Share);
        }
        expect(toCents(result.totalCosts)).toBe(totalCents);
        expect(co2Cents).toBe(result.co2?.landlordCost ? toCents(result.co2.landlordCost) : 0);
        if (result.co2?.cost && result.co2.tenantCost && result.co2.landlordCost) {
          expect(toCents(result.co2.tenantCost) + toCents(result.co2.landlordCost)).toBe(
            toCents(result.co2.cost),
          );
        }
        for (const tenancy of result.tenancies) {
          const allocated = tenancy.allocations.reduce(
            (sum, allocation) => sum + toCents(allocation.amount),
            0,
          );
          expect(toCents(tenancy.total)).toBe(allocated);
          expect(toCents(tenancy.balance)).toBe(allocated - toCents(tenancy.prepayments));
        }
        for (const vacancy of result.vacancy) {
          expect(toCents(vacancy.total)).toBe(
            vacancy.allocations.reduce((sum, allocation) => sum + toCents(allocation.amount), 0),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("never gives a negative share and stays within a cent of the exact share", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const result = expectResult(calculateStatement(input));
        for (const line of allLines(result)) {
          for (const allocation of line.allocations) {
            expect(allocation.amount.startsWith("-")).toBe(false);
            expect(allocation.exactAmount.startsWith("-")).toBe(false);
            const exactMicro = Math.round(Number(allocation.exactAmount) * 1e6);
            expect(Math.abs(toCents(allocation.amount) * 1e4 - exactMicro)).toBeLessThan(1e4 + 2);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("covers every day of every unit exactly once (tenancies plus vacancy)", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const result = expectResult(calculateStatement(input));
        const periodDays = countPeriodDays(input);
        for (const unit of input.units) {
          const lines = allLines(result)
            .filter((line) => line.unitId === unit.id)
            .sort((a, b) => (a.from < b.from ? -1 : 1));
          expect(lines.reduce((sum, line) => sum + line.days, 0)).toBe(periodDays);
          expect(lines[0]?.from).toBe(input.period.start);
          expect(lines[lines.length - 1]?.to).toBe(input.period.end);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("does not depend on the order of the tenancies (or their prepayments) in the input", () => {
    fc.assert(
      fc.property(
        validStatementInput,
        fc.array(fc.integer(), { minLength: 1, maxLength: 30 }),
        (input, keys) => {
          const shuffled: StatementInput = {
            ...input,
            tenancies: shuffleWith(input.tenancies, keys).map((tenancy) => ({
              ...tenancy,
              prepayments: shuffleWith(tenancy.prepayments ?? [], [...keys].reverse()),
            })),
          };
          expect(calculateStatement(shuffled)).toEqual(calculateStatement(input));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("gives a tenancy that covers the whole period alone on a single unit the whole amount", () => {
    fc.assert(
      fc.property(
        validStatementInput,
        fc.integer({ min: 1, max: 1000 }).map((tenths) => tenths / 10),
        fc.integer({ min: 1, max: 5 }),
        (generated, area, persons) => {
          const input: StatementInput = {
            period: generated.period,
            units: [{ id: "only", area, persons }],
            tenancies: [
              {
                id: "alone",
                unitId: "only",
                start: generated.period.start,
                end: generated.period.end,
              },
            ],
            consumption: ["heating", "warmwater", "coldwater", "electricity", "gas"].map(
              (meter) => ({ unitId: "only", meter: meter as "heating", value: 3.5 }),
            ),
            costItems: generated.costItems.map((item) => ({ ...item, excludedUnits: [] })),
          };
          const result = expectResult(calculateStatement(input));
          expect(result.vacancy).toEqual([]);
          const alone = result.tenancies[0];
          expect(alone?.allocations.map((allocation) => allocation.amount)).toEqual(
            input.costItems.map((item) => item.amount),
          );
          expect(alone?.total).toBe(result.totalCosts);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("never throws, whatever JSON it gets", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const outcome = calculateStatement(value);
        expect(outcome.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws when one field of a valid input holds anything", () => {
    const paths = [
      ["period", "start"],
      ["period", "end"],
      ["units"],
      ["units", 0],
      ["units", 0, "area"],
      ["units", 1, "persons"],
      ["tenancies", 0, "end"],
      ["tenancies", 0, "prepayments"],
      ["tenancies", 0, "prepayments", 0, "monthlyAmount"],
      ["costItems", 0, "key"],
      ["costItems", 0, "amount"],
      ["costItems", 0, "consumptionShare"],
      ["costItems", 0, "excludedUnits"],
      ["consumption"],
      ["co2"],
      ["efficiencyClass"],
      ["propertyType"],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue(), (path, value) => {
        const input = structuredClone(buildBaseInput()) as unknown as Record<
          string | number,
          unknown
        >;
        let target: Record<string | number, unknown> = input;
        for (const key of path.slice(0, -1)) {
          const next = target[key];
          if (next === null || typeof next !== "object") return;
          target = next as Record<string | number, unknown>;
        }
        target[path[path.length - 1] as string | number] = value;
        const outcome = calculateStatement(input);
        expect(typeof outcome.ok).toBe("boolean");
      }),
      { numRuns: 400 },
    );
  });
});
