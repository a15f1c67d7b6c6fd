import {
  type BillingData,
  buildStatementMailText,
  describeRunSend,
  DISPATCH_MESSAGES,
  getTodayInGermany,
  MARKED_POSTED_MESSAGE,
  readStoredRun,
  STATEMENT_DOCUMENT_MESSAGES,
  type MarkPostedBody,
  type MarkPostedResponse,
  type RunDispatch,
  type RunSendResponse,
  type SendStatementResponse,
} from "@nk/contract";
import { addDays, getStatementDeadline } from "@nk/engine";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import type { FileStorage } from "../../files/file-storage.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  loadBillingData,
  requireCompleteBillingData,
} from "../billing-data/billing-data-service.ts";
import { buildLetterModel, formatPeriodLabel } from "./build-letter-model.ts";
import type { LetterRun } from "./letter-document.ts";
import { buildOverviewDocument } from "./overview-document.ts";
import { renderPdf } from "./pdf-renderer.ts";
import { inProcessRenderer, type LetterRenderer } from "./letter-render-pool.ts";
import { mapInOrder } from "./map-in-order.ts";
import {
  currentDispatchContext,
  legalOfLetter,
  letterSourceFromRun,
  overviewSourceFromRun,
  pdfFileName,
  pdfKeys,
  recipientOf,
  senderOf,
  type DispatchContext,
  type LetterDispatchRecord,
  type RunContext,
} from "./snapshot-letter-source.ts";
import type { PreviousLetter } from "./letter-legal-source.ts";
import {
  findPreviousRunInput,
  findSnapshotForDocuments,
  findTenantStatement,
  listPreviousLetters,
  findRunInputsAndResults,
  listStatementsOfRun,
  listTenantContacts,
  listUnitNames,
  markStatementSent,
  recordDispatch,
  setRunLateExcuse,
  type SnapshotForDocuments,
  type TenantStatementRow,
} from "./statement-document-queries.ts";
import { STATEMENT_SEND, type StatementSendPayload } from "./statement-send-job.ts";

// Statement PDFs (docs/rules/statements.md#letter-contents, docs/rules/statements.md#saved-runs, docs/rules/statements.md#pdfs-and-sending): a draft's letters are made fresh on every download and
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
export const RUN_CONCURRENCY = 8;

export async function loadRun(db: Db, userId: string, statementRunId: string): Promise<RunContext> {
  const snapshot = await findSnapshotForDocuments(db, userId, statementRunId);
  if (!snapshot) throw new NotFound(M.statementNotFound);
  const billingData = await requireCompleteBillingData(db, userId);
  return contextOf(db, userId, snapshot, billingData);
}

/** Names, addresses and the previous period's input around a run (saved, or the wizard's preview). */
export async function contextOf(
  db: Db,
  userId: string,
  snapshot: SnapshotForDocuments,
  billingData: BillingData | null,
): Promise<RunContext> {
  // Issue 25: the stored run through the one versioned schema, completed to the current shape.
  const run = readStoredRun(snapshot.engineInput, snapshot.result);
  const { result } = run;
  const unitNames = await listUnitNames(db, userId, snapshot.propertyId);
  const tenants = await listTenantContacts(
    db,
    userId,
    result.tenancies.map((t) => t.tenancyId),
  );
  const previousRow = await findPreviousRunInput(
    db,
    userId,
    snapshot.propertyId,
    addDays(result.period.start, -1),
  );
  // Issue 24, item 12: the previous run read through the one schema, for the tenancy's own comparison.
  const previous = previousRow
    ? {
        period: { start: previousRow.billingPeriodStart, end: previousRow.billingPeriodEnd },
        ...readStoredRun(previousRow.engineInput, previousRow.result),
      }
    : null;
  const previousLetters =
    snapshot.version > 1
      ? await loadPreviousLetters(db, userId, snapshot.billingPeriodId, snapshot.version)
      : undefined;
  return {
    snapshot,
    run,
    billingData,
    unitNames,
    tenants,
    now: new Date(),
    previous,
    previousLetters,
  };
}

/** A correction's comparison: each tenant's latest earlier letter that went out (issue 24, item 2). */
async function loadPreviousLetters(
  db: Db,
  userId: string,
  billingPeriodId: string,
  version: number,
): Promise<Map<string, PreviousLetter>> {
  const latest = new Map<
    string,
    { statementRunId: string; version: number; dispatchedOn: string; settledBalance: string }
  >();
  for (const row of await listPreviousLetters(db, userId, billingPeriodId, version)) {
    if (!row.tenantId || latest.has(row.tenantId)) continue;
    const dispatchedOn = row.dispatchedOn ?? (row.sentAt ? getTodayInGermany(row.sentAt) : null);
    if (!dispatchedOn) continue;
    latest.set(row.tenantId, {
      statementRunId: row.statementRunId,
      version: row.version,
      dispatchedOn,
      settledBalance: row.settledBalance ?? row.finalBalance,
    });
  }
  // Each earlier run read and checked once, however many of its letters went out.
  const runIds = [...new Set([...latest.values()].map((letter) => letter.statementRunId))];
  const results = new Map<string, PreviousLetter["result"]>();
  for (const [runId, run] of await findRunInputsAndResults(db, userId, runIds))
    results.set(runId, readStoredRun(run.engineInput, run.result).result);
  const letters = new Map<string, PreviousLetter>();
  for (const [tenantId, letter] of latest)
    letters.set(tenantId, {
      version: letter.version,
      dispatchedOn: letter.dispatchedOn,
      settledBalance: letter.settledBalance,
      result: results.get(letter.statementRunId)!,
    });
  return letters;
}

/**
 * The dispatch of a letter that went out (decision 1060): recorded since issue 24; a letter sent
 * before it, or set to 'sent' by a status change, is dated on the day it was sent.
 */
function dispatchOf(row: {
  dispatchedOn?: string | null;
  dispatchContext?: unknown;
  sentAt?: Date | null;
}): LetterDispatchRecord | null {
  if (row.dispatchedOn)
    return {
      dispatchedOn: row.dispatchedOn,
      context: (row.dispatchContext as DispatchContext | null) ?? null,
    };
  if (row.sentAt) return { dispatchedOn: getTodayInGermany(row.sentAt), context: null };
  return null;
}

/** One letter: the model here (plain data), the layout and PDF by `renderer`. */
async function renderLetter(
  context: RunContext,
  tenancyId: string,
  renderer: LetterRenderer,
  dispatch: LetterDispatchRecord | null = null,
): Promise<{ bytes: Buffer; run: LetterRun & { pageCount: number } }> {
  const model = buildLetterModel(letterSourceFromRun(context, tenancyId, dispatch));
  const pdf = await renderer.renderLetters([{ model }], context.run.result.totalCosts);
  return { bytes: pdf.bytes, run: { model, pageCount: pdf.pageCount } };
}

export function periodLabelOf(context: RunContext): string {
  return formatPeriodLabel(context.run.result.period);
}

async function requireStatement(
  db: Db,
  userId: string,
  statementId: string,
): Promise<TenantStatementRow & { statementRunId: string; tenantId: string }> {
  requireResourceId(statementId, M.statementNotFound);
  const row = await findTenantStatement(db, userId, statementId);
  if (!row) throw new NotFound(M.statementNotFound);
  // A tenant deleted since, or a row of the old per-unit shape: nothing to print from.
  if (!row.statementRunId || !row.tenantId) throw new NotFound(M.noCalculation);
  return { ...row, statementRunId: row.statementRunId, tenantId: row.tenantId };
}

/**
 * A letter as it stands (issue 24, decision 1060). A letter that went out is the stored file, or
 * made again from its recorded day and context; every other letter (a draft's, or a final one
 * not sent yet) is made now, dated today, and not stored: letters are dated by their dispatch,
 * the figures are always the snapshot's. `run` is set when it was rendered in this call. A
 * single letter renders on the request's thread; the letters of a run pass the pool.
 */
export async function letterOf(
  deps: DocumentDeps,
  row: StatementWithDispatch,
  context: RunContext,
  renderer: LetterRenderer = inProcessRenderer,
) {
  const dispatch = context.snapshot.isFinal ? dispatchOf(row) : null;
  if (dispatch && row.dispatchedOn && row.pdfStoragePath) {
    const stored = await deps.files.get(row.pdfStoragePath);
    if (stored) return { bytes: stored, run: null };
  }
  const { bytes, run } = await renderLetter(context, row.tenantId, renderer, dispatch);
  return { bytes, run };
}

export type StatementWithDispatch = TenantStatementRow & {
  statementRunId: string;
  tenantId: string;
};

/** A letter about to go out: made with the dispatch day and today's context, and stored (issue 24, decision 1060). */
interface PreparedDispatch {
  bytes: Buffer;
  fileKey: string;
  /** null: the letter went out before; it is not dated again. */
  record: {
    dispatchedOn: string;
    channel: "email" | "post";
    context: DispatchContext;
    settledBalance: string;
  } | null;
}

async function prepareDispatch(
  deps: DocumentDeps,
  userId: string,
  row: StatementWithDispatch,
  context: RunContext,
  channel: "email" | "post",
  dispatchedOn: string,
  renderer: LetterRenderer = inProcessRenderer,
): Promise<PreparedDispatch> {
  const earlier = dispatchOf(row);
  if (
    earlier &&
    row.dispatchedOn &&
    row.pdfStoragePath &&
    (await deps.files.get(row.pdfStoragePath))
  ) {
    return {
      bytes: (await deps.files.get(row.pdfStoragePath))!,
      fileKey: row.pdfStoragePath,
      record: null,
    };
  }
  if (earlier) {
    // Sent before issue 24 (or by a status change) without a stored letter: made again as of that day.
    const { bytes } = await renderLetter(context, row.tenantId, renderer, earlier);
    const fileKey = pdfKeys.dispatchedLetter(userId, row.id, earlier.dispatchedOn);
    await deps.files.put(fileKey, bytes, "application/pdf");
    return { bytes, fileKey, record: null };
  }
  const dispatchContext = currentDispatchContext(context, row.tenantId);
  const model = buildLetterModel(
    letterSourceFromRun(context, row.tenantId, { dispatchedOn, context: dispatchContext }),
  );
  const pdf = await renderer.renderLetters([{ model }], context.run.result.totalCosts);
  const fileKey = pdfKeys.dispatchedLetter(userId, row.id, dispatchedOn);
  await deps.files.put(fileKey, pdf.bytes, "application/pdf");
  await logActivity(deps.db, {
    userId,
    key: "statement.pdf_generated",
    entityId: row.id,
    entityName: row.tenantName,
    metadata: { statementRunId: row.statementRunId, file: fileKey, dispatchedOn },
  });
  return {
    bytes: pdf.bytes,
    fileKey,
    record: {
      dispatchedOn,
      channel,
      context: dispatchContext,
      settledBalance: model.legal.settlement.settled,
    },
  };
}

/** GET /api/tenant-statements/:id/pdf */
export async function getTenantStatementPdf(
  deps: DocumentDeps,
  userId: string,
  statementId: string,
): Promise<PdfFile> {
  const row = await requireStatement(deps.db, userId, statementId);
  const context = await loadRun(deps.db, userId, row.statementRunId);
  const letter = await letterOf(deps, row, context);
  await logActivity(deps.db, {
    userId,
    key: "statement.pdf_downloaded",
    entityId: row.id,
    entityName: row.tenantName,
    metadata: { draft: !context.snapshot.isFinal },
  });
  const draft = context.snapshot.isFinal ? [] : ["ENTWURF"];
  return {
    bytes: letter.bytes,
    fileName: pdfFileName([
      "Nebenkostenabrechnung",
      periodLabelOf(context),
      row.unitName ?? "",
      row.tenantName ?? "",
      ...draft,
    ]),
  };
}

/** GET /api/statements/:id/overview-pdf: the landlord's overview of the run. */
export async function getRunOverviewPdf(
  deps: DocumentDeps,
  userId: string,
  statementRunId: string,
): Promise<PdfFile> {
  requireResourceId(statementRunId, M.statementNotFound);
  const context = await loadRun(deps.db, userId, statementRunId);
  const final = context.snapshot.isFinal;
  const fileName = pdfFileName([
    "Gesamtabrechnung",
    periodLabelOf(context),
    context.snapshot.propertyName,
    ...(final ? [] : ["ENTWURF"]),
  ]);
  const key = pdfKeys.overview(userId, statementRunId);
  if (final) {
    const stored = await deps.files.get(key);
    if (stored) return { bytes: stored, fileName };
  }
  const pdf = await renderPdf(buildOverviewDocument(overviewSourceFromRun(context)));
  if (final) await deps.files.put(key, pdf.bytes, "application/pdf");
  await logActivity(deps.db, {
    userId,
    key: "statement.pdf_downloaded",
    entityId: statementRunId,
    entityName: context.snapshot.propertyName,
    metadata: { overview: true, draft: !final },
  });
  return { bytes: pdf.bytes, fileName };
}

/** The mail job of one finalized letter: dated today and stored first (the worker attaches the file and records the dispatch). */
async function prepareMail(
  deps: DocumentDeps,
  userId: string,
  row: StatementWithDispatch,
  context: RunContext,
  email: string,
  tenantName: string,
  renderer?: LetterRenderer,
): Promise<StatementSendPayload> {
  const letter = await prepareDispatch(
    deps,
    userId,
    row,
    context,
    "email",
    getTodayInGermany(context.now),
    renderer,
  );
  const periodLabel = periodLabelOf(context);
  const unitName = row.unitName ?? "";
  const mail = buildStatementMailText({
    tenantName,
    periodLabel,
    unitName,
    propertyName: context.snapshot.propertyName,
    senderName: senderOf(context).name,
    senderPhone: senderOf(context).phone,
  });
  return {
    userId,
    statementId: row.id,
    tenantName,
    to: email,
    subject: mail.subject,
    text: mail.text,
    fileKey: letter.fileKey,
    fileName: pdfFileName(["Nebenkostenabrechnung", periodLabel, unitName]),
    ...(letter.record ? { dispatch: letter.record } : {}),
  };
}

function isSendable(context: RunContext, row: { status: string }): boolean {
  return context.snapshot.isFinal && ["finalized", "sent"].includes(row.status);
}

/** POST /api/tenant-statements/:id/send: the finalized letter by e-mail, with the PDF attached. */
export async function sendTenantStatement(
  deps: DocumentDeps,
  userId: string,
  statementId: string,
): Promise<SendStatementResponse> {
  const row = await requireStatement(deps.db, userId, statementId);
  const context = await loadRun(deps.db, userId, row.statementRunId);
  if (!isSendable(context, row))
    throw new Conflict(M.onlyFinalCanBeSent, { code: "STATEMENT_NOT_FINAL" });
  const tenant = context.tenants.get(row.tenantId);
  const tenantName = tenant?.name ?? row.tenantName ?? "Mieter";
  const email = tenant?.email?.trim();
  if (!email) throw new Conflict(M.noEmail(tenantName), { code: "TENANT_EMAIL_MISSING" });
  await enqueueJob(
    deps.db,
    STATEMENT_SEND,
    await prepareMail(deps, userId, row, context, email, tenantName),
  );
  return { statementId: row.id, to: email, queued: true, message: M.sendQueued };
}

/**
 * POST /api/statements/:id/send ('Alle per E-Mail senden'): every finalized letter of the run
 * whose tenant has an e-mail address and that was not sent yet, one mail each (decision 0610).
 * The letters are stored first; the jobs are queued together in one transaction, so a failure
 * queues none. Tenants without an address are listed for 'per Post versendet'.
 */
export async function sendRunStatements(
  deps: DocumentDeps,
  userId: string,
  statementRunId: string,
): Promise<RunSendResponse> {
  requireResourceId(statementRunId, M.statementNotFound);
  const context = await loadRun(deps.db, userId, statementRunId);
  if (!context.snapshot.isFinal)
    throw new Conflict(M.onlyFinalCanBeSent, { code: "STATEMENT_NOT_FINAL" });
  const rows = await listStatementsOfRun(deps.db, userId, statementRunId);
  const result: RunSendResponse = { queued: [], withoutEmail: [], alreadySent: [], message: "" };
  const toSend: Array<{ row: StatementWithDispatch; email: string; tenantName: string }> = [];
  for (const tenancy of context.run.result.tenancies) {
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
    toSend.push({
      row: { ...row, statementRunId, tenantId: tenancy.tenancyId },
      email,
      tenantName,
    });
    result.queued.push({ ...entry, to: email });
  }
  // The letters not stored yet are rendered on the pool's threads side by side.
  const jobs = await mapInOrder(toSend, RUN_CONCURRENCY, (item) =>
    prepareMail(deps, userId, item.row, context, item.email, item.tenantName, deps.letterRenderer),
  );
  await deps.db.transaction().execute(async (trx) => {
    for (const job of jobs) await enqueueJob(trx, STATEMENT_SEND, job);
  });
  return { ...result, message: describeRunSend(result.queued.length) };
}

/**
 * POST /api/tenant-statements/:id/mark-posted: the user printed the letter and posted it on
 * `postedOn` (default today). The letter is made with that day and stored as it went out; a
 * tenant who moved out without a forwarding address needs the confirmation first (issue 24).
 */
export async function markTenantStatementPosted(
  deps: DocumentDeps,
  userId: string,
  statementId: string,
  body: MarkPostedBody = {},
): Promise<MarkPostedResponse> {
  const row = await requireStatement(deps.db, userId, statementId);
  if (!["finalized", "sent"].includes(row.status))
    throw new Conflict(M.onlyFinalCanBeSent, { code: "STATEMENT_NOT_FINAL" });
  const context = await loadRun(deps.db, userId, row.statementRunId);
  if (!context.snapshot.isFinal)
    throw new Conflict(M.onlyFinalCanBeSent, { code: "STATEMENT_NOT_FINAL" });
  const today = getTodayInGermany(context.now);
  const postedOn = body.postedOn ?? today;
  if (postedOn > today) throw new ValidationFailed({ postedOn: DISPATCH_MESSAGES.postedOnFuture });
  const finalizedOn = context.snapshot.finalizedAt
    ? getTodayInGermany(context.snapshot.finalizedAt)
    : null;
  if (finalizedOn && postedOn < finalizedOn)
    throw new ValidationFailed({ postedOn: DISPATCH_MESSAGES.postedOnBeforeFinal(finalizedOn) });
  if (!dispatchOf(row)) {
    const recipient = recipientOf(context, row.tenantId);
    const tenant = context.tenants.get(row.tenantId);
    if (recipient.isOldFlat && body.confirmOldAddress !== true) {
      throw new Conflict(
        DISPATCH_MESSAGES.oldFlat(
          tenant?.name ?? row.tenantName ?? "Der Mieter",
          tenant?.moveOutDate ?? postedOn,
        ),
        { code: "RECIPIENT_OLD_FLAT", requiresConfirmation: true },
      );
    }
  }
  const letter = await prepareDispatch(deps, userId, row, context, "post", postedOn);
  const sentAt = new Date();
  await inAccountTransaction(deps.db, userId, async (trx) => {
    if (letter.record)
      await recordDispatch(trx, userId, row.id, { ...letter.record, fileKey: letter.fileKey });
    await markStatementSent(trx, userId, row.id, sentAt);
    await logActivity(trx, {
      userId,
      key: "statement.sent",
      entityId: row.id,
      entityName: row.tenantName,
      description: `Abrechnung per Post versendet: ${row.tenantName ?? ""}`.trim(),
      metadata: {
        channel: "post",
        postedOn,
        ...(letter.record ? {} : { alreadyDispatched: true }),
      },
    });
  });
  return {
    statementId: row.id,
    status: "sent",
    sentAt: sentAt.toISOString(),
    channel: "post",
    message: MARKED_POSTED_MESSAGE,
  };
}

/**
 * GET /api/statements/:id/dispatch (issue 24): the § 556 (3) BGB deadline of the run, the
 * landlord's reason for a late statement, and per letter where it goes, whether that is the
 * old flat of a tenant who moved out, and what it asks for or pays out if it went out today
 * (or as it went out).
 */
export async function getRunDispatch(
  deps: DocumentDeps,
  userId: string,
  statementRunId: string,
): Promise<RunDispatch> {
  requireResourceId(statementRunId, M.statementNotFound);
  const snapshot = await findSnapshotForDocuments(deps.db, userId, statementRunId);
  if (!snapshot) throw new NotFound(M.statementNotFound);
  // No letter is made here: the billing data may still be missing.
  const context = await contextOf(
    deps.db,
    userId,
    snapshot,
    (await loadBillingData(deps.db, userId)).billingData,
  );
  const { result } = context.run;
  const deadline = getStatementDeadline(result.period.end);
  const rows = await listStatementsOfRun(deps.db, userId, statementRunId);
  const byTenant = new Map(rows.filter((r) => r.tenantId).map((r) => [r.tenantId!, r]));
  const letters: RunDispatch["letters"] = [];
  for (const tenancy of result.tenancies) {
    const row = byTenant.get(tenancy.tenancyId);
    if (!row) continue;
    const dispatch = snapshot.isFinal ? dispatchOf(row) : null;
    const legal = legalOfLetter(context, tenancy.tenancyId, dispatch);
    const choice = recipientOf(context, tenancy.tenancyId);
    const { kind, amount, barred } = legal.settlement;
    letters.push({
      statementId: row.id,
      tenantName: context.tenants.get(tenancy.tenancyId)?.name ?? row.tenantName ?? "",
      recipient: dispatch?.context?.recipient ?? choice.recipient,
      isOldFlat: dispatch ? false : choice.isOldFlat,
      moveOutDate: context.tenants.get(tenancy.tenancyId)?.moveOutDate ?? null,
      dispatchedOn: dispatch?.dispatchedOn ?? null,
      dispatchChannel: row.dispatchChannel ?? null,
      settlement: { kind, amount, barred },
      isCorrection: legal.correction !== null,
      proposedPrepayment: legal.prepaymentProposal?.monthly ?? null,
    });
  }
  return {
    deadline,
    isPastDeadline: getTodayInGermany(context.now) > deadline,
    lateExcuse: snapshot.lateExcuse,
    prepaymentRounding: snapshot.prepaymentRounding,
    letters,
  };
}

/** PUT /api/statements/:id/late-excuse: the landlord's reason why a late statement is not his fault (§ 556 (3) Satz 3 BGB). */
export async function setLateExcuse(
  db: Db,
  userId: string,
  statementRunId: string,
  reason: string | null,
): Promise<{ lateExcuse: string | null; message: string }> {
  requireResourceId(statementRunId, M.statementNotFound);
  await inAccountTransaction(db, userId, async (trx) => {
    if (!(await setRunLateExcuse(trx, userId, statementRunId, reason)))
      throw new NotFound(M.statementNotFound);
    await logActivity(trx, {
      userId,
      key: "statement.late_excuse_set",
      entityId: statementRunId,
      metadata: { reason },
    });
  });
  return {
    lateExcuse: reason,
    message: reason === null ? DISPATCH_MESSAGES.excuseRemoved : DISPATCH_MESSAGES.excuseSaved,
  };
}
