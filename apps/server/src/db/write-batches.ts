// Multi-row inserts (issue 32, decision 1082): one statement per batch instead of one per row,
// and large reads and writes in parts (decision 1880).
// PostgreSQL's protocol carries at most 65,535 parameters per statement; batches stay well
// below that, so a statement of a 5,000-unit run is planned and sent a few dozen times, not
// 100,000 times.
const MAX_PARAMETERS_PER_STATEMENT = 30_000;

/** `rows` in batches that keep each insert under the parameter budget (`columns` values per row). */
export function splitIntoInsertBatches<T>(rows: readonly T[], columns: number): T[][] {
  return splitIntoParts(rows, Math.floor(MAX_PARAMETERS_PER_STATEMENT / Math.max(1, columns)));
}

/**
 * `items` in parts of at most `size`. Also for large reads and writes outside a transaction
 * (decision 1880): one statement per part holds the embedded database's one connection for
 * that part only, so another user's request gets in between.
 */
export function splitIntoParts<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, size);
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += step)
    parts.push(items.slice(start, start + step));
  return parts;
}
