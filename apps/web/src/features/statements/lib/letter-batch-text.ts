import type { LetterBatch } from "@nk/contract";
import { formatNumber } from "../../../lib/format";

/** 'Briefe werden erstellt: 12 von 40' (or how many are done) for the bar and the screen reader (issue 32). */
export function describeLetterBatch(batch: Pick<LetterBatch, "status" | "done" | "total">): string {
  if (batch.status === "done")
    return batch.total === 1
      ? "1 Brief erstellt"
      : `Alle ${formatNumber(batch.total)} Briefe erstellt`;
  if (batch.status === "queued") return "Die Erstellung der Briefe beginnt gleich...";
  if (batch.status === "failed") return "Die Briefe konnten nicht erstellt werden.";
  return `Briefe werden erstellt: ${formatNumber(batch.done)} von ${formatNumber(batch.total)}`;
}
