import type {
  Allocation,
  AllocationPart,
  StatementBasis,
  StatementInput,
  StatementResult,
  TaxDeductible,
  TenancyStatement,
  VacancyStatement,
} from "../types.ts";
import { buildLetterFigures, type StatementLetterFigures } from "./letter-figures.ts";

/** An allocation as any engine version stored it: without `item` before decision 0403, then with `parts`. */
export type StoredAllocationLine = Omit<Allocation, "item"> & {
  item?: number;
  parts?: AllocationPart[];
};

type StoredLine<T extends TenancyStatement | VacancyStatement> = Omit<
  T,
  "position" | "allocations"
> & { position?: number; allocations: StoredAllocationLine[] };

/** A result as any engine version stored it (contract v1.0 to v1.2). */
export type StoredStatementResult = Omit<
  StatementResult,
  "tenancies" | "vacancy" | "basis" | "letters" | "notes"
> & {
  tenancies: (Omit<StoredLine<TenancyStatement>, "taxDeductible"> & {
    taxDeductible?: TaxDeductible;
  })[];
  vacancy: StoredLine<VacancyStatement>[];
  notes?: string[];
  basis?: StatementBasis | null;
  letters?: StatementLetterFigures | null;
};

/**
 * A result as an earlier engine stored it, completed to the current shape without changing
 * a figure it holds (decision 1040; docs/rules/statements.md#saved-runs: a stored run is never recalculated):
 *
 * - results before decision 0403 have no line `position` and no allocation `item`: the
 *   positions follow the engine's order (units in input order, then by date), and the n-th
 *   allocation of a cost type is the n-th item of that cost type;
 * - results before contract v1.2 have no `letters`: they are made from the stored shares.
 *
 * - results of contract v1.0 have no labour shares: `taxDeductible` is zero (no labour lines).
 *
 * A result of the current shape is returned as it is (the same object).
 */
export function completeStoredResult(
  input: StatementInput,
  stored: StoredStatementResult,
): StatementResult {
  if (isCurrentShape(stored)) return stored;
  const positioned = addPositions(input, stored);
  return { ...positioned, letters: positioned.letters ?? buildLetterFigures(input, positioned) };
}

function isCurrentShape(result: StoredStatementResult): result is StatementResult {
  if (!result.letters || result.basis === undefined || result.notes === undefined) return false;
  if (result.tenancies.some((line) => line.taxDeductible === undefined)) return false;
  return [...result.tenancies, ...result.vacancy].every(
    (line) =>
      typeof line.position === "number" &&
      line.allocations.every((allocation) => typeof allocation.item === "number"),
  );
}

const NO_TAX: TaxDeductible = { householdServices: "0.00", craftsmen: "0.00" };

function addPositions(input: StatementInput, result: StoredStatementResult): StatementResult {
  const unitOrder = new Map(input.units.map((unit, index) => [unit.id, index]));
  const lines: { unitId: string; from: string }[] = [...result.tenancies, ...result.vacancy];
  const ordered = [...lines].sort(
    (a, b) =>
      (unitOrder.get(a.unitId) ?? 0) - (unitOrder.get(b.unitId) ?? 0) ||
      (a.from < b.from ? -1 : a.from > b.from ? 1 : 0),
  );
  const positions = new Map(ordered.map((line, position) => [line, position]));
  const withItems = (allocations: readonly StoredAllocationLine[]): Allocation[] => {
    const seen = new Map<string, number>();
    return allocations.map((allocation) => {
      if (typeof allocation.item === "number") return { ...allocation, item: allocation.item };
      const n = seen.get(allocation.costType) ?? 0;
      seen.set(allocation.costType, n + 1);
      let found = -1;
      for (let index = 0, count = 0; index < result.items.length; index += 1) {
        if (result.items[index]?.costType !== allocation.costType) continue;
        if (count === n) {
          found = index;
          break;
        }
        count += 1;
      }
      return { ...allocation, item: found };
    });
  };
  return {
    ...result,
    notes: result.notes ?? [],
    basis: result.basis ?? null,
    letters: result.letters ?? null,
    tenancies: result.tenancies.map((line) => ({
      ...line,
      position: line.position ?? (positions.get(line) as number),
      allocations: withItems(line.allocations),
      taxDeductible: line.taxDeductible ?? NO_TAX,
    })),
    vacancy: result.vacancy.map((line) => ({
      ...line,
      position: line.position ?? (positions.get(line) as number),
      allocations: withItems(line.allocations),
    })),
  };
}
