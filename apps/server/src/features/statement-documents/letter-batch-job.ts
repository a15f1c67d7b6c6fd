import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LETTER_BATCH_MESSAGES } from "@nk/contract";
import { z } from "zod";
import { DomainError } from "../../domain/domain-errors.ts";
import type { JobDescriptor, JobKind } from "../../jobs/job-kind.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  findLetterBatch,
  markLetterBatchDone,
  markLetterBatchFailed,
  recordLetterBatchProgress,
} from "./letter-batch-queries.ts";
import { loadRunLetters, writeRunLettersPdf } from "./run-letters-pdf.ts";
import { pdfKeys } from "./snapshot-letter-source.ts";
import type { DocumentDeps } from "./statement-document-service.ts";

// Issue 32 (decision 1084): "alle Briefe als PDF" in the job queue (decision 0701). The worker
// makes the run's letters one by one on the letter pool, joins them (run-letters-pdf.ts), keeps
// the file below the account's folder and marks the batch done; the page shows the progress.

const payloadSchema = z.object({ userId: z.string(), batchId: z.string() });
export type LetterBatchPayload = z.infer<typeof payloadSchema>;

export const LETTER_BATCH: JobDescriptor<LetterBatchPayload> = {
  kind: "statement.letter_batch",
  payload: payloadSchema,
  maxAttempts: 3,
};

/** Progress is written at most this often (and after the last letter): a row update per letter would cost more than it shows. */
const PROGRESS_EVERY_MS = 500;

export function letterBatchFileKey(userId: string, batchId: string): string {
  return `${pdfKeys.accountFolder(userId)}/batches/${batchId}.pdf`;
}

export function createLetterBatchJob(deps: DocumentDeps): JobKind<LetterBatchPayload> {
  return {
    ...LETTER_BATCH,
    async run({ userId, batchId }, context) {
      const batch = await findLetterBatch(context.db, userId, batchId);
      // Deleted with its run or account, or done by an earlier run of this job: nothing to do.
      if (!batch || batch.status === "done" || batch.status === "failed") return;
      try {
        const run = await loadRunLetters(deps, userId, batch.statementRunId);
        let writtenAt = 0;
        await recordLetterBatchProgress(context.db, userId, batchId, {
          done: 0,
          total: run.letters.length,
        });
        const fileKey = letterBatchFileKey(userId, batchId);
        // The joined file is written to a temporary folder letter by letter and handed to the
        // file store from there (decision 1610): it is never held in memory here.
        const folder = await fs.mkdtemp(path.join(os.tmpdir(), "nk-letter-batch-"));
        let pdf: { pageCount: number };
        try {
          const file = path.join(folder, "letters.pdf");
          pdf = await writeRunLettersPdf(deps, run, file, async (done, total) => {
            if (done < total && Date.now() - writtenAt < PROGRESS_EVERY_MS) return;
            writtenAt = Date.now();
            await recordLetterBatchProgress(context.db, userId, batchId, { done, total });
          });
          await deps.files.putFile(fileKey, file, "application/pdf");
        } finally {
          await fs.rm(folder, { recursive: true, force: true });
        }
        if (
          !(await markLetterBatchDone(context.db, userId, batchId, {
            fileKey,
            fileName: run.fileName,
            total: run.letters.length,
          }))
        ) {
          await deps.files.delete(fileKey);
          return;
        }
        await logActivity(context.db, {
          userId,
          key: "statement.pdf_generated",
          entityId: batch.statementRunId,
          entityName: run.context.snapshot.propertyName,
          metadata: {
            batchId,
            letters: run.letters.length,
            pages: pdf.pageCount,
            draft: !run.context.snapshot.isFinal,
          },
        });
      } catch (error) {
        // A domain error (the run was deleted, the billing data removed) will not pass on a retry:
        // the batch fails with its German message. Anything else is tried again, and the batch
        // fails only with the last try.
        if (error instanceof DomainError) {
          await markLetterBatchFailed(context.db, userId, batchId, error.message);
          return;
        }
        if (context.attempt >= LETTER_BATCH.maxAttempts!)
          await markLetterBatchFailed(context.db, userId, batchId, LETTER_BATCH_MESSAGES.failed);
        throw error;
      }
    },
  };
}
