import { type BillingData, buildStatementMailText, describeRunSend, MARKED_POSTED_MESSAGE, STATEMENT_DOCUMENT_MESSAGES, type MarkPostedResponse, type RunSendResponse, type SendStatementResponse } from "@nk/contract";
import { addDays, type StatementInput, type StatementResult } from "@nk/engine";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import type { FileStorage } from "../../files/file-storage.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { logActivity } from "../activity/activity-log.ts";
import { requireCompleteBillingData } from "../billing-data/billing-data-service.ts";
import { buildLetterModel, formatPeriodLabel } from "./build-letter-model.ts";
import type { LetterRun } from "./letter-document.ts";
import { buildOverviewDocument } from "./overview-document.ts";
import { renderPdf } from "./pdf-renderer.ts";
import { inProcessRenderer, type LetterRenderer } from "./letter-render-pool.ts";
import { mapInOrder } from "./map-in-order.ts";
import { letterSourceFromRun, overviewSourceFromRun, pdfFileName, pdfKeys, toSender, type RunContext } from "./snapshot-letter-source.ts";
import {
  findPreviousRunInput,
  findSnapshotForDocuments,
  findTenantStatement,
  listStatementsOfRun,
  listTenantContacts,
  listUnitNames,
  markStatementSent,
  setRunPdfPath,
  setStatementPdfPath,
  type SnapshotForDocuments,
  type TenantStatementRow,
} from "./statement-document-queries.ts";
import { STATEMENT_SEND, type StatementSendPayload } from "./statement-send-job.ts";

// Statement PDFs (DECISIONS 6, 9, 10): a draft's letters are made fresh on every download and
// marked ENTWURF; a finalized run's PDFs are made once from the snapshot, stored, and served
// unchanged from then on. Only the owner gets them (another account's id answers 404).

export interface DocumentDeps {
  db: Db;
  files: FileStorage;
  /** Renders the letters of a whole run (the worker pool, decision 0604). */
  letterRenderer: LetterRenderer;
}

export interface PdfFile {
  bytes: Buffer;
  fileName: string;
}

const M = STATEMENT_DOCUMENT_MESSAGES;
/**
 * Letters of a run in progress at once: enough to keep every pool thread busy while others wait
 * for the file store or the database, few enough not to open hundreds of uploads together.
 */
const RUN_CONCURRENCY = 8;

async function loadRun(db: Db, userId: string, snapshotId: string): Promise<RunContext> {
  const snapshot = await findSnapshotForDocuments(db, userId, snapshotId);
  if (!snapshot) throw new NotFound(M.statementNotFound);
  const billingData = await requireCompleteBillingData(db, userId);
  return contextOf(db, userId, snapshot, billingData);
}

/** Names, addresses and the previous period's input around a run (saved, or the wizard's preview). */
export async function contextOf(db: Db, userId: string, snapshot: SnapshotForDocuments, billingData: BillingData): Promise<RunContext> {
  const result = snapshot.result as StatementResult;
  const unitNames = await listUnitNames(db, userId, snapshot.propertyId);
  const tenants = await listTenantContacts(db, userId, result.tenancies.map((t) => t.tenancyId));
  const previousRow = await findPreviousRunInput(db, userId, snapshot.propertyId, addDays(result.period.start, -1));
  const previous = previousRow
    ? { period: { start: previousRow.billingPeriodStart, end: previousRow.billingPeriodEnd }, input: previousRow.engineInput as StatementInput }
    : null;
  return { snapshot, billingData, unitNames, tenants, now: new Date(), previous };
}

/** One letter: the model here (plain data), the layout and PDF by `renderer`. */
async function renderLetter(context: RunContext, tenancyId: string, renderer: LetterRenderer): Promise<{ bytes: Buffer; run: LetterRun & { pageCount: number } }> {
  const model = buildLetterModel(letterSourceFromRun(context, tenancyId));
  const pdf = await renderer.renderLetters([{ model }], (context.snapshot.result as StatementResult).totalCosts);
  return { bytes: pdf.bytes, run: { model, pageCount: pdf.pageCount } };
}

export function periodLabelOf(context: RunContext): string {
  return formatPeriodLabel((context.snapshot.result as StatementResult).period);
}

async function requireStatement(db: Db, userId: string, statementId: string): Promise<TenantStatementRow & { snapshotId: string; tenantId: string }> {
  requireResourceId(statementId, M.statementNotFound);
  const row = await findTenantStatement(db, userId, statementId);
  if (!row) throw new NotFound(M.statementNotFound);
  // A tenant deleted since, or a row of the old per-unit shape: nothing to print from.
  if (!row.snapshotId || !row.tenantId) throw new NotFound(M.noCalculation);
  return { ...row, snapshotId: row.snapshotId, tenantId: row.tenantId };
}

/**
 * The finalized letter from the store, or made now (and stored when final); `run` is set when it
 * was rendered in this call. A single letter renders on the request's thread (one letter is
 * quicker there than the trip to a worker); the letters of a run pass the pool as `renderer`.
 */
async function letterOf(deps: DocumentDeps, userId: string, row: TenantStatementRow & { snapshotId: string; tenantId: string }, context: RunContext, renderer: LetterRenderer = inProcessRenderer) {
  const final = context.snapshot.isFinal;
  if (final && row.pdfStoragePath) {
    const stored = await deps.files.get(row.pdfStoragePath);
    if (stored) return { bytes: stored, key: row.pdfStoragePath, run: null };
  }
  const { bytes, run } = await renderLetter(context, row.tenantId, renderer);
  if (!final) return { bytes, key: null, run };
  const key = pdfKeys.letter(userId, row.id);
  await deps.files.put(key, bytes, "application/pdf");
  await deps.db.transaction().execute(async (trx) => {
    await setStatementPdfPath(trx, userId, row.id, key);
    await logActivity(trx, { userId, key: "statement.pdf_generated", entityId: row.id, entityName: row.tenantName, metadata: { snapshotId: row.snapshotId, file: key } });
  });
  return { bytes, key, run };
}

/** GET /api/tenant-statements/:id/pdf */
export async function getTenantStatementPdf(deps: DocumentDeps, userId: string, statementId: string): Promise<PdfFile> {
  const row = await requireStatement(deps.db, userId, statementId);
  const context = await loadRun(deps.db, userId, row.snapshotId);
  const letter = await letterOf(deps, userId, row, context);
  await logActivity(deps.db, { userId, key: "statement.pdf_downloaded", entityId: row.id, entityName: row.tenantName, metadata: { draft: !context.snapshot.isFinal } });
  const draft = context.snapshot.isFinal ? [] : ["ENTWURF"];
  return { bytes: letter.bytes, fileName: pdfFileName(["Nebenkostenabrechnung", periodLabelOf(context), row.unitName ?? "", row.tenantName ?? "", ...draft]) };
}

/** GET /api/statements/:id/pdf: all letters of a run in one file, numbered per letter. */
export async function getRunLettersPdf(deps: DocumentDeps, userId: string, snapshotId: string): Promise<PdfFile> {
  requireResourceId(snapshotId, M.statementNotFound);
  const context = await loadRun(deps.db, userId, snapshotId);
  const final = context.snapshot.isFinal;
  const fileName = pdfFileName(["Nebenkostenabrechnungen", periodLabelOf(context), context.snapshot.propertyName, ...(final ? [] : ["ENTWURF"])]);
  const key = pdfKeys.allLetters(userId, snapshotId);
  if (final) {
    const stored = await deps.files.get(key);
    if (stored) return { bytes: stored, fileName };
  }
  const rows = await listStatementsOfRun(deps.db, userId, snapshotId);
  const byTenant = new Map(rows.filter((r) => r.tenantId).map((r) => [r.tenantId!, r]));
  const result = context.snapshot.result as StatementResult;
  const tenancies = result.tenancies.filter((t) => byTenant.has(t.tenancyId));
  // Each letter alone first, for its page count (and, when final, stored), on the pool's threads
  // side by side; then the one file of all letters, on a pool thread as well.
  const runs: LetterRun[] = await mapInOrder(tenancies, RUN_CONCURRENCY, async (tenancy) => {
    const letter = await letterOf(deps, userId, { ...byTenant.get(tenancy.tenancyId)!, snapshotId, tenantId: tenancy.tenancyId, sentAt: null }, context, deps.letterRenderer);
    return letter.run ?? (await renderLetter(context, tenancy.tenancyId, deps.letterRenderer)).run;
  });
  if (runs.length === 0) throw new NotFound(M.noTenants);
  const all = await deps.letterRenderer.renderLetters(runs, result.totalCosts);
  if (final) {
    await deps.files.put(key, all.bytes, "application/pdf");
    await deps.db.transaction().execute(async (trx) => {
      await setRunPdfPath(trx, userId, snapshotId, key);
      await logActivity(trx, { userId, key: "statement.pdf_generated", entityId: snapshotId, entityName: context.snapshot.propertyName, metadata: { file: key, letters: runs.length } });
    });
  }
  await logActivity(deps.db, { userId, key: "statement.pdf_downloaded", entityId: snapshotId, entityName: context.snapshot.propertyName, metadata: { letters: runs.length, draft: !final } });
  return { bytes: all.bytes, fileName };
}

/** GET /api/statements/:id/overview-pdf: the landlord's overview of the run. */
export async function getRunOverviewPdf(deps: DocumentDeps, userId: string, snapshotId: string): Promise<PdfFile> {
  requireResourceId(snapshotId, M.statementNotFound);
  const context = await loadRun(deps.db, userId, snapshotId);
  const final = context.snapshot.isFinal;
  const fileName = pdfFileName(["Gesamtabrechnung", periodLabelOf(context), context.snapshot.propertyName, ...(final ? [] : ["ENTWURF"])]);
  const key = pdfKeys.overview(userId, snapshotId);
  if (final) {
    const stored = await deps.files.get(key);
    if (stored) return { bytes: stored, fileName };
  }
  const pdf = await renderPdf(buildOverviewDocument(overviewSourceFromRun(context)));
  if (final) await deps.files.put(key, pdf.bytes, "application/pdf");
  await logActivity(deps.db, { userId, key: "statement.pdf_downloaded", entityId: snapshotId, entityName: context.snapshot.propertyName, metadata: { overview: true, draft: !final } });
  return { bytes: pdf.bytes, fileName };
}

/** The mail job of one finalized letter (its PDF stored first: the worker attaches the file). */
async function prepareMail(deps: DocumentDeps, userId: string, row: TenantStatementRow & { snapshotId: string; tenantId: string }, context: RunContext, email: string, tenantName: string, renderer?: LetterRenderer): Promise<StatementSendPayload> {
  const letter = await letterOf(deps, userId, row, context, renderer);
  const periodLabel = periodLabelOf(context);
  const unitName = row.unitName ?? "";
  const mail = buildStatementMailText({ tenantName, periodLabel, unitName, propertyName: context.snapshot.propertyName, senderName: toSender(context.billingData).name, senderPhone: context.billingData.phone });
  return {
    userId,
    statementId: row.id,
    tenantName,
    to: email,
    subject: mail.subject,
    text: mail.text,
    fileKey: letter.key!,
    fileName: pdfFileName(["Nebenkostenabrechnung", periodLabel, unitName]),
  };
}

function isSendable(context: RunContext, row: { status: string }): boolean {
  return context.snapshot.isFinal && ["finalized", "sent"].includes(row.status);
}

/** POST /api/tenant-statements/:id/send: the finalized letter by e-mail, with the PDF attached. */
export async function sendTenantStatement(deps: DocumentDeps, userId: string, statementId: string): Promise<SendStatementResponse> {
  const row = await requireStatement(deps.db, userId, statementId);
  const context = await loadRun(deps.db, userId, row.snapshotId);
  if (!isSendable(context, row)) throw new Conflict(M.onlyFinalCanBeSent, { code: "STATEMENT_NOT_FINAL" });
  const tenant = context.tenants.get(row.tenantId);
  const tenantName = tenant?.name ?? row.tenantName ?? "Mieter";
  const email = tenant?.email?.trim();
  if (!email) throw new Conflict(M.noEmail(tenantName), { code: "TENANT_EMAIL_MISSING" });
  await enqueueJob(deps.db, STATEMENT_SEND, await prepareMail(deps, userId, row, context, email, tenantName));
  return { statementId: row.id, to: email, queued: true, message: M.sendQueued };
}

/**
 * POST /api/statements/:id/send ('Alle per E-Mail senden'): every finalized letter of the run
 * whose tenant has an e-mail address and that was not sent yet, one mail each (decision 0610).
 * The letters are stored first; the jobs are queued together in one transaction, so a failure
 * queues none. Tenants without an address are listed for 'per Post versendet'.
 */
export async function sendRunStatements(deps: DocumentDeps, userId: string, snapshotId: string): Promise<RunSendResponse> {
  requireResourceId(snapshotId, M.statementNotFound);
  const context = await loadRun(deps.db, userId, snapshotId);
  if (!context.snapshot.isFinal) throw new Conflict(M.onlyFinalCanBeSent, { code: "STATEMENT_NOT_FINAL" });
  const rows = await listStatementsOfRun(deps.db, userId, snapshotId);
  const result: RunSendResponse = { queued: [], withoutEmail: [], alreadySent: [], message: "" };
  const toSend: Array<{ row: TenantStatementRow & { snapshotId: string; tenantId: string }; email: string; tenantName: string }> = [];
  for (const tenancy of (context.snapshot.result as StatementResult).tenancies) {
    const row = rows.find((r) => r.tenantId === tenancy.tenancyId);
    if (!row) continue;
    const tenant = context.tenants.get(tenancy.tenancyId);
    const tenantName = tenant?.name ?? row.tenantName ?? "Mieter";
    const entry = { statementId: row.id, tenantName, unitName: row.unitName ?? "" };
    if (row.status === "sent") {
      result.alreadySent.push(entry);
      continue;
    }
    if (!isSendable(context, row)) continue;
    const email = tenant?.email?.trim();
    if (!email) {
      result.withoutEmail.push(entry);
      continue;
    }
    toSend.push({ row: { ...row, snapshotId, tenantId: tenancy.tenancyId, sentAt: null }, email, tenantName });
    result.queued.push({ ...entry, to: email });
  }
  // The letters not stored yet are rendered on the pool's threads side by side.
  const jobs = await mapInOrder(toSend, RUN_CONCURRENCY, (item) => prepareMail(deps, userId, item.row, context, item.email, item.tenantName, deps.letterRenderer));
  await deps.db.transaction().execute(async (trx) => {
    for (const job of jobs) await enqueueJob(trx, STATEMENT_SEND, job);
  });
  return { ...result, message: describeRunSend(result.queued.length) };
}

/** POST /api/tenant-statements/:id/mark-posted: the user printed the letter and sent it by post. */
export async function markTenantStatementPosted(db: Db, userId: string, statementId: string): Promise<MarkPostedResponse> {
  const row = await requireStatement(db, userId, statementId);
  if (!["finalized", "sent"].includes(row.status)) throw new Conflict(M.onlyFinalCanBeSent, { code: "STATEMENT_NOT_FINAL" });
  const sentAt = new Date();
  await db.transaction().execute(async (trx) => {
    await markStatementSent(trx, userId, row.id, sentAt);
    await logActivity(trx, { userId, key: "statement.sent", entityId: row.id, entityName: row.tenantName, description: `Abrechnung per Post versendet: ${row.tenantName ?? ""}`.trim(), metadata: { channel: "post" } });
  });
  return { statementId: row.id, status: "sent", sentAt: sentAt.toISOString(), channel: "post", message: MARKED_POSTED_MESSAGE };
}
