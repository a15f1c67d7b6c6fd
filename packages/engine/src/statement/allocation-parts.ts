import type { AllocationPart, StatementBasis, StoredAllocation } from "../types.ts";

/**
 * The step-by-step basis of one allocation as part objects (what the letters and the web
 * show): for each part of the allocation's item the line's quantity, time weight and weight
 * from the part's series, the item's total weight and the part's exact amount.
 *
 * Reads results of both shapes (decision 0403): a result calculated since then keeps the
 * basis compactly in `result.basis`, one stored before has `parts` on every allocation; those
 * are returned as they are, so a run saved earlier shows the same basis as on its day.
 * Empty when the result was calculated without the basis.
 */
export function getAllocationParts(
  result: { basis?: StatementBasis | null },
  line: { position?: number },
  allocation: StoredAllocation,
): AllocationPart[] {
  if (allocation.parts) return allocation.parts;
  const { basis } = result;
  const { position } = line;
  if (!basis || position === undefined || allocation.item === undefined) return [];
  const itemBasis = basis.items[allocation.item];
  if (!itemBasis) return [];
  return itemBasis.parts.map((part) => {
    const series = basis.series[part.series];
    if (!series) throw new RangeError(`Basis series ${part.series} is missing`);
    return {
      basis: part.basis,
      percent: part.percent,
      quantity: series.quantities[position] ?? 0,
      timeWeight: series.timeWeights ? (series.timeWeights[position] ?? 0) : null,
      weight: series.weights[position] ?? 0,
      totalWeight: part.totalWeight,
      exactAmount: part.exactAmounts ? (part.exactAmounts[position] ?? "") : allocation.exactAmount,
    };
  });
}

/**
 * v1.2: whether a part's weight is its quantity times its time (to the display numbers'
 * precision). With occupant periods the person-days are a sum over days, not persons x days,
 * and a letter says so instead of printing a product that does not hold.
 */
export function isWeightProduct(
  part: Pick<AllocationPart, "quantity" | "timeWeight" | "weight">,
): boolean {
  return (
    part.timeWeight !== null && Math.abs(part.quantity * part.timeWeight - part.weight) < 0.001
  );
}
