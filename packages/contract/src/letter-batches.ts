import { z } from "zod";

// Issue 32 (decision 1084): the letters of a whole run as a background job. The request answers
// at once with the batch; the page asks for its progress and downloads the one PDF when done.

export const LETTER_BATCH_STATUSES = ["queued", "running", "done", "failed"] as const;
export type LetterBatchStatus = (typeof LETTER_BATCH_STATUSES)[number];

export const LETTER_BATCH_MESSAGES = {
  notFound: "Briefstapel nicht gefunden",
  queued: "Die Briefe werden erstellt.",
  notReady: (done: number, total: number) =>
    `Die Briefe werden noch erstellt (${done} von ${total}). Bitte versuchen Sie es gleich noch einmal.`,
  failed: "Die Briefe konnten nicht erstellt werden. Bitte starten Sie die Erstellung erneut.",
  fileMissing:
    "Die Datei der Briefe ist nicht mehr vorhanden. Bitte starten Sie die Erstellung erneut.",
} as const;

/** POST /api/statements/{id}/letter-batches (202) and GET /api/letter-batches/{id}. */
export const letterBatchSchema = z.object({
  id: z.string(),
  statementId: z.string(),
  status: z.enum(LETTER_BATCH_STATUSES),
  /** Letters made so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  /** German, for a failed batch; null otherwise. */
  error: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  message: z.string(),
});
export type LetterBatch = z.infer<typeof letterBatchSchema>;

/** 0-100, whole percent, for the progress bar (0 letters: 0 until done). */
export function getLetterBatchPercent(
  batch: Pick<LetterBatch, "done" | "total" | "status">,
): number {
  if (batch.status === "done") return 100;
  if (batch.total <= 0) return 0;
  return Math.min(100, Math.floor((batch.done * 100) / batch.total));
}
