import {
  findStatementTransition,
  roleAllows,
  statusRolesOf,
  TEAM_MESSAGES,
  STATEMENT_HISTORY_MESSAGES as H,
  STATEMENT_MESSAGES,
  STATEMENT_STATUS_LABELS,
  type MemberRole,
  type StatementStatus,
  type StatementTransitionResult,
  type statementTransitionBodySchema,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../files/file-storage.ts";
import { Conflict, Forbidden, NotFound } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { logActivity } from "../activity/activity-log.ts";
import { requireCompleteBillingData } from "../billing-data/billing-data-service.ts";
import {
  findRunForTransition,
  findTenantStatementForTransition,
  hasGeneratedPdf,
  deleteRun,
  listRunLetterBatchFileKeys,
  listRunStatements,
  markRunFinal,
  setStatementStatus,
} from "./statement-history-queries.ts";
import { markPeriodFinal } from "./statement-run-queries.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";

// The status machine per tenancy statement (docs/rules/statements.md#statuses; docs/rules/statements.md#saved-runs; issue 12).

type TransitionBody = z.output<typeof statementTransitionBodySchema>;
type StatementRow = Awaited<ReturnType<typeof listRunStatements>>[number];
type Run = NonNullable<Awaited<ReturnType<typeof findRunForTransition>>>;

const FINAL_STATUSES: readonly StatementStatus[] = ["finalized", "sent", "archived"];

/**
 * Whether `roles` may move a statement from `from` to `to`: the transition must be in the
 * table (unless forced), and its roles are needed even when forced (403). Answers the German
 * refusal of a transition that is not allowed.
 */
export function checkTransition(
  from: StatementStatus,
  to: StatementStatus,
  roles: readonly ("admin" | "billing_manager")[],
  force: boolean,
): string | null {
  const transition = findStatementTransition(from, to);
  if (!transition && !force)
    return H.transitionNotAllowed(STATEMENT_STATUS_LABELS[from], STATEMENT_STATUS_LABELS[to]);
  const needed =
    transition?.roles ?? (to === "finalized" ? (["admin", "billing_manager"] as const) : null);
  if (needed && !needed.some((role) => roles.includes(role)))
    throw new Forbidden(
      H.insufficientPermissions(STATEMENT_STATUS_LABELS[to]),
      "INSUFFICIENT_PERMISSIONS",
    );
  return null;
}

/**
 * Issue 29, decision 1170: beyond the status roles, sending and archiving are the work of those
 * who may send letters, and forcing a transition past its rules of those who may finalize.
 */
function assertMemberMayMove(role: MemberRole, to: StatementStatus, force: boolean): void {
  if ((to === "sent" || to === "archived") && !roleAllows(role, "send_statement"))
    throw new Forbidden(
      H.insufficientPermissions(STATEMENT_STATUS_LABELS[to]),
      "INSUFFICIENT_PERMISSIONS",
    );
  if (force && !roleAllows(role, "finalize_statement"))
    throw new Forbidden(TEAM_MESSAGES.forbidden, "INSUFFICIENT_PERMISSIONS");
}

/** Saving with finalize is finalizing: docs/rules/statements.md#statuses wants admin or billing_manager (403). */
export function assertMayFinalize(role: MemberRole): void {
  checkTransition("validated", "finalized", statusRolesOf(role), false);
}

async function refusalOf(
  db: Db,
  userId: string,
  role: MemberRole,
  run: Run,
  row: StatementRow,
  body: TransitionBody,
): Promise<string | null> {
  const from = row.status as StatementStatus;
  const refused = checkTransition(from, body.to, statusRolesOf(role), body.force);
  if (refused) return refused;
  // docs/rules/statements.md#saved-runs: a finalized run never changes; not even a forced transition takes it back.
  if (run.isFinal && !FINAL_STATUSES.includes(body.to)) return STATEMENT_MESSAGES.alreadyFinal;
  if (body.force) return null;
  if (
    body.to === "validated" &&
    !row.pdfStoragePath &&
    !(await hasGeneratedPdf(db, userId, row.id, run.id))
  )
    return H.pdfRequired;
  return null;
}

/** Moves `targets` (all of the run's statements, or one) to body.to; all or none. */
async function applyTransition(
  trx: Db,
  userId: string,
  role: MemberRole,
  run: Run,
  rows: StatementRow[],
  targets: StatementRow[],
  body: TransitionBody,
): Promise<StatementTransitionResult> {
  assertMemberMayMove(role, body.to, body.force);
  if (targets.length === 0) throw new Conflict(H.emptyRun, { code: "STATEMENT_EMPTY" });
  const moving = targets.filter((row) => row.status !== body.to);
  // A finalized letter needs its addressee (decision 1021): a draft whose tenant was deleted
  // since is calculated again first, even when forced.
  const isFinalizing = (row: StatementRow) =>
    FINAL_STATUSES.includes(body.to) && !FINAL_STATUSES.includes(row.status as StatementStatus);
  if (moving.some((row) => isFinalizing(row) && row.tenantId === null))
    throw new Conflict(H.tenantDeleted, { code: "TENANT_DELETED" });
  for (const row of moving) {
    const refusal = await refusalOf(trx, userId, role, run, row, body);
    if (refusal) throw new Conflict(refusal, { code: "TRANSITION_REFUSED" });
  }
  // docs/rules/statements.md#pdfs-and-sending: the billing data are the letters' sender; finalizing needs them.
  if (body.to === "finalized" && moving.length > 0) await requireCompleteBillingData(trx, userId);
  const now = new Date();
  for (const row of moving) {
    const values: { status: string; finalizedAt?: Date | null; sentAt?: Date } = {
      status: body.to,
    };
    if (body.to === "finalized") values.finalizedAt = now;
    if (body.to === "sent") values.sentAt = now;
    await setStatementStatus(trx, userId, row.id, values);
    await logActivity(trx, {
      userId,
      key: "statement.status_changed",
      entityId: row.id,
      entityName: [row.unitName, row.tenantName].filter(Boolean).join(", "),
      description: `Status geändert: ${STATEMENT_STATUS_LABELS[row.status as StatementStatus]} → ${STATEMENT_STATUS_LABELS[body.to]}${body.force ? ` (erzwungen: ${body.reason})` : ""}`,
      metadata: {
        statementRunId: run.id,
        from: row.status,
        to: body.to,
        forced: body.force,
        reason: body.reason ?? null,
      },
    });
  }
  const movedIds = new Set(moving.map((row) => row.id));
  const statusAfter = (row: StatementRow): StatementStatus =>
    movedIds.has(row.id) ? body.to : (row.status as StatementStatus);
  let isFinal = run.isFinal;
  if (!isFinal && rows.every((row) => FINAL_STATUSES.includes(statusAfter(row)))) {
    await markRunFinal(trx, userId, run.id, run.billingPeriodId, now);
    await logActivity(trx, {
      userId,
      key: "statement.finalized",
      entityId: run.id,
      entityName: run.name,
      metadata: { version: run.version, replacesId: run.replacesId },
    });
    isFinal = true;
  }
  return {
    statements: targets.map((row) => ({
      id: row.id,
      from: row.status as StatementStatus,
      status: statusAfter(row),
    })),
    isFinal,
  };
}

/** POST /api/statements/:id/transition: every tenancy statement of the run, all or none. */
export async function transitionRun(
  db: Db,
  userId: string,
  role: MemberRole,
  statementRunId: string,
  body: TransitionBody,
): Promise<StatementTransitionResult> {
  requireResourceId(statementRunId, H.notFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const run = await findRunForTransition(trx, userId, statementRunId);
    if (!run) throw new NotFound(H.notFound);
    const rows = await listRunStatements(trx, userId, run.id);
    return applyTransition(trx, userId, role, run, rows, rows, body);
  });
}

/** POST /api/tenant-statements/:id/transition: one tenancy statement. */
export async function transitionTenantStatement(
  db: Db,
  userId: string,
  role: MemberRole,
  statementId: string,
  body: TransitionBody,
): Promise<StatementTransitionResult> {
  requireResourceId(statementId, H.notFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const row = await findTenantStatementForTransition(trx, userId, statementId);
    if (!row?.statementRunId) throw new NotFound(H.notFound);
    const run = await findRunForTransition(trx, userId, row.statementRunId);
    if (!run) throw new NotFound(H.notFound);
    const rows = await listRunStatements(trx, userId, run.id);
    // The run's state follows all its statements (docs/rules/statements.md#saved-runs).
    return applyTransition(
      trx,
      userId,
      role,
      run,
      rows,
      rows.filter((r) => r.id === row.id),
      body,
    );
  });
}

/** DELETE /api/statements/:id: a draft run only (docs/rules/statements.md#saved-runs); a finalized one answers 409. */
export async function deleteStatementRun(
  db: Db,
  files: FileStorage,
  userId: string,
  statementRunId: string,
): Promise<void> {
  requireResourceId(statementRunId, H.notFound);
  const batchFileKeys = await inAccountTransaction(db, userId, async (trx) => {
    const run = await findRunForTransition(trx, userId, statementRunId);
    if (!run) throw new NotFound(H.notFound);
    const rows = await listRunStatements(trx, userId, run.id);
    if (run.isFinal || rows.some((row) => FINAL_STATUSES.includes(row.status as StatementStatus))) {
      throw new Conflict(H.cannotDeleteFinal, { code: "STATEMENT_FINAL" });
    }
    // The batch rows go with the run (on delete cascade); their joined PDFs are files.
    const fileKeys = await listRunLetterBatchFileKeys(trx, userId, run.id);
    await deleteRun(trx, userId, run.id);
    // A deleted correction leaves the version it would replace as the period's final one.
    if (run.replacesId) await markPeriodFinal(trx, userId, run.billingPeriodId);
    await logActivity(trx, {
      userId,
      key: "statement.deleted",
      entityId: run.id,
      entityName: run.name,
      metadata: { billingPeriodId: run.billingPeriodId, version: run.version },
    });
    return fileKeys;
  });
  // After the commit: a file whose row is gone would otherwise stay in the store for good (the
  // daily pruning reads rows). A store that fails here leaves the file, never the run.
  await Promise.allSettled(batchFileKeys.map((key) => files.delete(key)));
}
