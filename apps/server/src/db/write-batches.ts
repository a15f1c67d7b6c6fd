// Multi-row inserts (issue 32, decision 1082): one statement per batch instead of one per row.
// PostgreSQL's protocol carries at most 65,535 parameters per statement; batches stay well
// below that, so a statement of a 5,000-unit run is planned and sent a few dozen times, not
// 100,000 times.
const MAX_PARAMETERS_PER_STATEMENT = 30_000;

/** `rows` in batches that keep each insert under the parameter budget (`columns` values per row). */
export function splitIntoInsertBatches<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS_PER_STATEMENT / Math.max(1, columns)));
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size)
    batches.push(rows.slice(start, start + size));
  return batches;
}
