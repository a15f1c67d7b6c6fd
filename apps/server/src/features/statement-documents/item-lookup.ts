// A statement may hold a cost type twice (two caretaker invoices): items and allocations are then
// matched by their occurrence of the type, in the engine's order, not by the name alone.

/** How many items of the same cost type come before `index` (0 for the first). */
export function occurrenceOf(items: readonly { costType: string }[], index: number): number {
  const costType = items[index]?.costType;
  return items.slice(0, index).filter((item) => item.costType === costType).length;
}

/** The `n`-th entry of a cost type (0-based). */
export function nthOfType<T extends { costType: string }>(
  list: readonly T[],
  costType: string,
  n: number,
): T | undefined {
  return list.filter((entry) => entry.costType === costType)[n];
}
