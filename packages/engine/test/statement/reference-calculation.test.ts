import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementInput } from "../../src/index.ts";
import { validStatementInput } from "../support/arbitraries.ts";
import { expectResult } from "../support/inputs.ts";
import { calculateReference } from "../support/reference-statement.ts";

const toCents = (amount: string): number => Number(amount.replace(".", ""));

// Random v1.1 inputs (occupant periods, labour parts, exclusions, Heizung by degree days) on
// the keys area, persons and units, without CO2.
const referenceInput = validStatementInput
  .map((input): StatementInput => ({
    ...input,
    co2: null,
    costItems: input.costItems.filter(
      (item) => item.key === "area" || item.key === "persons" || item.key === "units",
    ),
  }))
  .filter((input) => input.costItems.some((item) => item.amount !== "0.00"));

describe("the statement against an independent day-by-day reference (fast-check)", () => {
  it("gives every line, item and labour part the reference's cents", () => {
    fc.assert(
      fc.property(referenceInput, (input) => {
        const result = expectResult(calculateStatement(input));
        const reference = calculateReference(input);
        const actual = [
          ...result.tenancies.map((line) => ({
            ...line,
            tenancyId: line.tenancyId as string | null,
          })),
          ...result.vacancy.map((line) => ({ ...line, tenancyId: null })),
        ];
        expect(actual).toHaveLength(reference.length);
        for (const expected of reference) {
          const line = actual.find(
            (entry) => entry.unitId === expected.unitId && entry.from === expected.from,
          );
          expect(line?.to).toBe(expected.to);
          expect(line?.tenancyId ?? null).toBe(expected.tenancyId);
          for (const allocation of line?.allocations ?? []) {
            expect(
              toCents(allocation.amount),
              `${expected.unitId} ${expected.from} ${allocation.costType}`,
            ).toBe(expected.amounts.get(allocation.costType));
            if (allocation.laborCosts !== undefined)
              expect(toCents(allocation.laborCosts)).toBe(expected.labor.get(allocation.costType));
          }
          expect(line?.allocations.length).toBe(expected.amounts.size);
        }
      }),
      { numRuns: 150 },
    );
  });
});
