import type { ImportProgress, ImportProgressUnit } from "@nk/contract";

// Progress of an import (decision 1700): the services call `report` while they read, check and
// save; the route streams it to the client (http/import-stream.ts) or drops it (plain JSON).

export type ReportProgress = (progress: ImportProgress) => Promise<void>;

export const IGNORE_PROGRESS: ReportProgress = async () => {};

/** Rows are reported in steps of this many (and at the end): a line per row would cost more than it shows. */
export const PROGRESS_STEP = 500;

/**
 * Runs `work` for each item and reports every PROGRESS_STEP items. Awaiting the report between
 * steps also lets the event loop send the line (and serve other requests) during a long check.
 */
export async function forEachWithProgress<T>(
  items: readonly T[],
  progress: { report: ReportProgress; phase: "check" | "save"; unit: ImportProgressUnit },
  work: (item: T, index: number) => void,
): Promise<void> {
  const total = items.length;
  await progress.report({ phase: progress.phase, unit: progress.unit, done: 0, total });
  for (let start = 0; start < total; start += PROGRESS_STEP) {
    const end = Math.min(total, start + PROGRESS_STEP);
    for (let index = start; index < end; index += 1) work(items[index]!, index);
    await progress.report({ phase: progress.phase, unit: progress.unit, done: end, total });
  }
}
