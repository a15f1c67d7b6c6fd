import { z } from "zod";
import { calendarDate } from "@nk/contract";
import { addDays } from "@nk/engine";
import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../files/file-storage.ts";
import type { JobDescriptor, JobKind } from "../../jobs/job-kind.ts";
import type { Logger } from "../../lib/logger.ts";
import { deleteLetterBatch, listPrunableLetterBatches } from "./letter-batch-queries.ts";

// Issue 32 (decision 1610): a letter batch's joined PDF is about 75 KB per letter, 75 MB for a
// run of 1,000 letters, and every click on "Alle Briefe (PDF)" makes a new one. Once a day the
// batches that nobody needs any more are removed, file first, then row: a failed batch and a
// batch that a later finished batch of the same run replaced, both once they finished more than
// LETTER_BATCH_RETENTION_DAYS ago. The newest finished batch of every run stays as long as its
// run (it goes with the run and the account, decision 1084).

export const LETTER_BATCH_RETENTION_DAYS = 30;
/** Rows read per round; the job goes on until none is left. */
const PRUNE_PAGE = 200;

const payloadSchema = z.object({
  /** The day (in Germany) the pruning runs for; the daily schedule passes today, tests any day. */
  day: calendarDate(),
});
export type LetterBatchPruningPayload = z.infer<typeof payloadSchema>;

export const LETTER_BATCH_PRUNING: JobDescriptor<LetterBatchPruningPayload> = {
  kind: "statement.letter_batch_pruning",
  payload: payloadSchema,
  maxAttempts: 3,
};

/**
 * Removes the batches that finished before `day` minus the retention period (start of that day,
 * UTC) and are not the newest done batch of their run; returns how many. A file that is gone
 * already is no error; a file store that fails stops the run (the row stays, the retry goes on).
 */
async function pruneLetterBatches(
  deps: { db: Db; files: FileStorage; logger?: Logger },
  day: string,
): Promise<number> {
  const before = new Date(`${addDays(day, -LETTER_BATCH_RETENTION_DAYS)}T00:00:00Z`);
  let removed = 0;
  for (;;) {
    const rows = await listPrunableLetterBatches(deps.db, before, PRUNE_PAGE);
    for (const row of rows) {
      if (row.fileKey) await deps.files.delete(row.fileKey);
      await deleteLetterBatch(deps.db, row.userId, row.id);
    }
    removed += rows.length;
    if (rows.length < PRUNE_PAGE) break;
  }
  // Counts only (decision 1023).
  deps.logger?.info("letter_batches.pruned", { day, batches: removed });
  return removed;
}

/** The job kind of the daily pruning (registered in compose-app.ts, scheduled in bootstrap.ts). */
export function createLetterBatchPruningJob(deps: {
  files: FileStorage;
}): JobKind<LetterBatchPruningPayload> {
  return {
    ...LETTER_BATCH_PRUNING,
    async run(payload, context) {
      await pruneLetterBatches(
        { db: context.db, files: deps.files, logger: context.logger },
        payload.day,
      );
    },
  };
}
