import type { StatementInput, StatementOutcome, StatementResult } from "../../src/index.ts";

/** A small valid statement: two units, two tenancies, one area item. Tests change parts of it. */
export function buildBaseInput(): StatementInput {
  return {
    period: { start: "2024-01-01", end: "2024-12-31" },
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
    consumption: [],
    costItems: [{ costType: "Grundsteuer", amount: "1000.00", key: "area" }],
  };
}

/** Returns the result of a successful calculation, or fails the test with the errors. */
export function expectResult(outcome: StatementOutcome): StatementResult {
  if (!outcome.ok) throw new Error(`Expected a result, got errors: ${outcome.errors.join(" | ")}`);
  return outcome.result;
}

/** Returns the errors of a failed calculation, or fails the test. */
export function expectErrors(outcome: StatementOutcome): string[] {
  if (outcome.ok) throw new Error("Expected errors, got a result");
  return outcome.errors;
}

/** Allocation amounts by line ("tenancyId" or "vacancy:unitId:from") and cost type. */
export function summarizeAllocations(
  result: StatementResult,
): Record<string, Record<string, string>> {
  const summary: Record<string, Record<string, string>> = {};
  for (const tenancy of result.tenancies) {
    summary[tenancy.tenancyId] = Object.fromEntries(
      tenancy.allocations.map((allocation) => [allocation.costType, allocation.amount]),
    );
  }
  for (const vacancy of result.vacancy) {
    summary[`vacancy:${vacancy.unitId}:${vacancy.from}`] = Object.fromEntries(
      vacancy.allocations.map((allocation) => [allocation.costType, allocation.amount]),
    );
  }
  return summary;
}
