import { LETTER_BATCH_MESSAGES, STATEMENT_DOCUMENT_MESSAGES, type LetterBatch } from "@nk/contract";
import { findActingMemberId } from "../../domain/acting-member.ts";
import { Conflict, NotFound } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { logActivity } from "../activity/activity-log.ts";
import { requireCompleteBillingData } from "../billing-data/billing-data-service.ts";
import { findLetterBatch, insertLetterBatch, type LetterBatchRow } from "./letter-batch-queries.ts";
import { LETTER_BATCH } from "./letter-batch-job.ts";
import { findSnapshotForDocuments, listStatementsOfRun } from "./statement-document-queries.ts";
import type { StoredFileStream } from "../../files/file-storage.ts";
import type { DocumentDeps } from "./statement-document-service.ts";

// Issue 32 (decision 1084): "alle Briefe als PDF" as a background job. Starting answers at once
// (202) with the batch; its progress and, when done, its one PDF are read by id. Every batch
// belongs to an account: another account's id, or an id that is no uuid, answers 404.

const B = LETTER_BATCH_MESSAGES;
const M = STATEMENT_DOCUMENT_MESSAGES;

export interface LetterBatchDeps extends DocumentDeps {
  /** Tells this instance's job worker that work is waiting (else it looks at its next poll). */
  wakeJobs?: () => void;
}

function toLetterBatch(row: LetterBatchRow): LetterBatch {
  const message =
    row.status === "done"
      ? M.pdfGenerated
      : row.status === "failed"
        ? (row.error ?? B.failed)
        : B.notReady(row.done, row.total);
  return {
    id: row.id,
    statementId: row.statementRunId,
    status: row.status,
    done: row.done,
    total: row.total,
    error: row.status === "failed" ? (row.error ?? B.failed) : null,
    fileName: row.status === "done" ? row.fileName : null,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    message,
  };
}

/**
 * POST /api/statements/:id/letter-batches: the run must be the account's, have letters, and the
 * billing data must be complete (the letters' sender), checked now so that the user hears it at
 * once. The batch row and its job are written in one transaction under the account lock.
 */
export async function startLetterBatch(
  deps: LetterBatchDeps,
  userId: string,
  statementRunId: string,
): Promise<LetterBatch> {
  requireResourceId(statementRunId, M.statementNotFound);
  const snapshot = await findSnapshotForDocuments(deps.db, userId, statementRunId);
  if (!snapshot) throw new NotFound(M.statementNotFound);
  await requireCompleteBillingData(deps.db, userId);
  const letters = (await listStatementsOfRun(deps.db, userId, statementRunId)).filter(
    (row) => row.tenantId,
  ).length;
  if (letters === 0) throw new NotFound(M.noTenants);
  const row = await inAccountTransaction(deps.db, userId, async (trx) => {
    if (!(await findSnapshotForDocuments(trx, userId, statementRunId)))
      throw new NotFound(M.statementNotFound);
    const inserted = await insertLetterBatch(trx, {
      userId,
      statementRunId,
      total: letters,
      createdBy: findActingMemberId(),
    });
    await enqueueJob(trx, LETTER_BATCH, { userId, batchId: inserted.id });
    await logActivity(trx, {
      userId,
      key: "statement.pdf_generated",
      entityId: statementRunId,
      entityName: snapshot.propertyName,
      metadata: { batchId: inserted.id, letters, started: true },
    });
    return inserted;
  });
  deps.wakeJobs?.();
  return { ...toLetterBatch(row), message: B.queued };
}

async function requireLetterBatch(
  deps: Pick<DocumentDeps, "db">,
  userId: string,
  batchId: string,
): Promise<LetterBatchRow> {
  requireResourceId(batchId, B.notFound);
  const row = await findLetterBatch(deps.db, userId, batchId);
  if (!row) throw new NotFound(B.notFound);
  return row;
}

/** GET /api/letter-batches/:id: status and progress. */
export async function getLetterBatch(
  deps: Pick<DocumentDeps, "db">,
  userId: string,
  batchId: string,
): Promise<LetterBatch> {
  return toLetterBatch(await requireLetterBatch(deps, userId, batchId));
}

/** A stored PDF answered as a stream (a batch's file is far too large to hold in memory). */
export interface PdfStream extends StoredFileStream {
  fileName: string;
}

/**
 * GET /api/letter-batches/:id/pdf: the one PDF of a batch that is done; 409 before, or when it
 * failed. The file is streamed from the store (issue 32): 10,000 letters are about 0.8 GB.
 */
export async function getLetterBatchPdf(
  deps: DocumentDeps,
  userId: string,
  batchId: string,
): Promise<PdfStream> {
  const row = await requireLetterBatch(deps, userId, batchId);
  if (row.status === "failed")
    throw new Conflict(row.error ?? B.failed, { code: "LETTER_BATCH_FAILED" });
  if (row.status !== "done" || !row.fileKey)
    throw new Conflict(B.notReady(row.done, row.total), { code: "LETTER_BATCH_NOT_READY" });
  const file = await deps.files.getStream(row.fileKey);
  if (!file) throw new NotFound(B.fileMissing);
  await logActivity(deps.db, {
    userId,
    key: "statement.pdf_downloaded",
    entityId: row.statementRunId,
    metadata: { batchId: row.id, letters: row.total },
  });
  return { ...file, fileName: row.fileName ?? "Nebenkostenabrechnungen.pdf" };
}
