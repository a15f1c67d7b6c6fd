import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { STATEMENT_DOCUMENT_MESSAGES } from "@nk/contract";
import { NotFound } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { logActivity } from "../activity/activity-log.ts";
import { createPdfJoinWriter } from "./pdf-join-writer.ts";
import { pdfFileName, senderOf, type RunContext } from "./snapshot-letter-source.ts";
import { listStatementsOfRun } from "./statement-document-queries.ts";
import {
  letterOf,
  loadRun,
  periodLabelOf,
  RUN_CONCURRENCY,
  type DocumentDeps,
  type PdfFile,
  type StatementWithDispatch,
} from "./statement-document-service.ts";

// All letters of a run in one PDF (issue 32, decision 1084): each tenancy's letter is made as
// the single letter is (a letter that went out is its stored file; the others are dated today,
// decision 1060) on the letter pool's threads, and the finished PDFs are joined in the run's
// order. Both the download on request (GET /api/statements/{id}/pdf) and the background batch
// (letter-batch-job.ts) build the file here. The work per letter depends on that letter only:
// the run is loaded once, and every per-tenancy figure comes from the stored result. The joined
// file is written to disk letter by letter (pdf-join-writer.ts, decision 1610): a letter's bytes
// are dropped once written, so memory does not grow with the run.

const M = STATEMENT_DOCUMENT_MESSAGES;
/** Letters rendered ahead of the join: every pool thread stays busy while the join runs. */
const LETTERS_AHEAD = RUN_CONCURRENCY * 2;

export interface RunLetters {
  context: RunContext;
  letters: StatementWithDispatch[];
  fileName: string;
}

/** The run and its letters in the result's order (the tenancies that have a statement row). */
export async function loadRunLetters(
  deps: Pick<DocumentDeps, "db">,
  userId: string,
  statementRunId: string,
): Promise<RunLetters> {
  requireResourceId(statementRunId, M.statementNotFound);
  const context = await loadRun(deps.db, userId, statementRunId);
  const rows = await listStatementsOfRun(deps.db, userId, statementRunId);
  const byTenant = new Map(rows.filter((row) => row.tenantId).map((row) => [row.tenantId!, row]));
  const letters: StatementWithDispatch[] = [];
  for (const tenancy of context.run.result.tenancies) {
    const row = byTenant.get(tenancy.tenancyId);
    if (row) letters.push({ ...row, statementRunId, tenantId: tenancy.tenancyId });
  }
  const draft = context.snapshot.isFinal ? [] : ["ENTWURF"];
  const fileName = pdfFileName([
    "Nebenkostenabrechnungen",
    periodLabelOf(context),
    context.snapshot.propertyName,
    ...draft,
  ]);
  return { context, letters, fileName };
}

/**
 * Writes the one PDF of `run`'s letters to `filePath`. `onProgress` hears after each letter
 * written how many are done; letters are rendered up to LETTERS_AHEAD in advance and written
 * strictly in order.
 */
export async function writeRunLettersPdf(
  deps: DocumentDeps,
  run: RunLetters,
  filePath: string,
  onProgress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<{ pageCount: number; byteLength: number }> {
  const { context, letters } = run;
  if (letters.length === 0) throw new NotFound(M.noTenants);
  const writer = await createPdfJoinWriter(filePath, {
    title: `Nebenkostenabrechnung ${periodLabelOf(context)}`,
    author: senderOf(context).name,
    subject: context.snapshot.propertyName,
  });
  const ahead: Promise<Buffer>[] = [];
  let next = 0;
  const renderAhead = () => {
    while (next < letters.length && ahead.length < LETTERS_AHEAD) {
      const letter = letterOf(deps, letters[next++]!, context, deps.letterRenderer).then(
        (made) => made.bytes,
      );
      // A letter that fails while an earlier one is awaited is reported when its turn comes.
      letter.catch(() => undefined);
      ahead.push(letter);
    }
  };
  try {
    renderAhead();
    for (let done = 1; done <= letters.length; done += 1) {
      const bytes = await ahead.shift()!;
      renderAhead();
      await writer.add(bytes);
      await onProgress(done, letters.length);
    }
    return await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** The joined PDF in memory: written to a temporary file first, which is removed afterwards. */
async function buildRunLettersPdf(
  deps: DocumentDeps,
  run: RunLetters,
  onProgress?: (done: number, total: number) => Promise<void>,
): Promise<{ bytes: Buffer; pageCount: number }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "nk-letters-"));
  try {
    const file = path.join(folder, "letters.pdf");
    const { pageCount } = await writeRunLettersPdf(deps, run, file, onProgress);
    return { bytes: await fs.readFile(file), pageCount };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** GET /api/statements/:id/pdf: all letters of a run in one file, made on this request. */
export async function getRunLettersPdf(
  deps: DocumentDeps,
  userId: string,
  statementRunId: string,
): Promise<PdfFile> {
  const run = await loadRunLetters(deps, userId, statementRunId);
  const pdf = await buildRunLettersPdf(deps, run);
  await logActivity(deps.db, {
    userId,
    key: "statement.pdf_downloaded",
    entityId: statementRunId,
    entityName: run.context.snapshot.propertyName,
    metadata: { letters: run.letters.length, draft: !run.context.snapshot.isFinal },
  });
  return { bytes: pdf.bytes, fileName: run.fileName };
}
