import {
  PREPAYMENT_ADJUSTMENT_MESSAGES as P,
  readStoredRun,
  STATEMENT_DOCUMENT_MESSAGES as M,
  type PrepaymentAdjustmentBody,
  type PrepaymentAdjustmentResponse,
  type PrepaymentRoundingResponse,
} from "@nk/contract";
import { addDays, proposeMonthlyPrepayment } from "@nk/engine";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  insertPrepayment,
  listPrepayments,
  updatePrepaymentRow,
} from "../tenants/prepayment-queries.ts";
import { lockTenantRow } from "../tenants/tenant-queries.ts";
import {
  findSnapshotForDocuments,
  setRunPrepaymentRounding,
} from "./statement-document-queries.ts";

// Issue 30, item 2 (decision 1500, docs/calculation/18-fristen.md): § 560 (4) BGB. The run
// records how its letters round the proposed prepayment; applying it creates the new prepayment
// of every tenancy of the run from a chosen month, all in one transaction.

/** PUT /api/statements/:id/prepayment-rounding */
export async function setPrepaymentRounding(
  db: Db,
  userId: string,
  statementRunId: string,
  rounding: "euro" | "five_euros" | null,
): Promise<PrepaymentRoundingResponse> {
  requireResourceId(statementRunId, M.statementNotFound);
  await inAccountTransaction(db, userId, async (trx) => {
    if (!(await setRunPrepaymentRounding(trx, userId, statementRunId, rounding)))
      throw new NotFound(M.statementNotFound);
  });
  return { rounding, message: P.roundingSaved };
}

/**
 * POST /api/statements/:id/prepayment-adjustment: for each tenancy of the finalized run that
 * still runs at the period's end and has not moved out before `validFrom`, the engine's proposal
 * becomes the prepayment from `validFrom` on; the prepayment running then ends the day before.
 * A prepayment already entered from `validFrom` or later stops everything (nothing is changed).
 */
export async function applyPrepaymentAdjustment(
  db: Db,
  userId: string,
  statementRunId: string,
  body: PrepaymentAdjustmentBody,
): Promise<PrepaymentAdjustmentResponse> {
  requireResourceId(statementRunId, M.statementNotFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const snapshot = await findSnapshotForDocuments(trx, userId, statementRunId);
    if (!snapshot) throw new NotFound(M.statementNotFound);
    if (!snapshot.isFinal) throw new Conflict(P.onlyFinal, { code: "STATEMENT_NOT_FINAL" });
    const rounding = snapshot.prepaymentRounding;
    if (!rounding) throw new Conflict(P.noProposal, { code: "NO_PREPAYMENT_PROPOSAL" });
    const { result } = readStoredRun(snapshot.engineInput, snapshot.result);
    if (body.validFrom <= result.period.end)
      throw new ValidationFailed({ validFrom: P.notAfterPeriod(result.period.end) });
    const dayBefore = addDays(body.validFrom, -1);
    const created: PrepaymentAdjustmentResponse["created"] = [];
    for (const tenancy of result.tenancies) {
      if (tenancy.to !== result.period.end) continue;
      const tenant = await lockTenantRow(trx, userId, tenancy.tenancyId);
      if (!tenant || (tenant.moveOutDate !== null && tenant.moveOutDate < body.validFrom)) continue;
      const monthlyAmount = proposeMonthlyPrepayment({
        costs: tenancy.total,
        periodStart: result.period.start,
        tenancyDays: tenancy.days,
        rounding,
      });
      if (monthlyAmount === "0.00") continue;
      const active = (await listPrepayments(trx, tenancy.tenancyId)).filter(
        (prepayment) => prepayment.isActive,
      );
      const later = active.find((prepayment) => prepayment.validFrom >= body.validFrom);
      if (later)
        throw new Conflict(P.laterPrepayment(tenant.name, later.validFrom), {
          code: "PREPAYMENT_EXISTS",
          fields: { validFrom: P.laterPrepayment(tenant.name, later.validFrom) },
        });
      for (const running of active) {
        if (running.validUntil === null || running.validUntil >= body.validFrom)
          await updatePrepaymentRow(trx, running.id, { validUntil: dayBefore });
      }
      const prepaymentId = await insertPrepayment(trx, {
        tenantId: tenancy.tenancyId,
        monthlyAmount,
        validFrom: body.validFrom,
        validUntil: null,
      });
      await logActivity(trx, {
        userId,
        key: "prepayment.created",
        entityId: prepaymentId,
        entityName: tenant.name,
        metadata: {
          tenantId: tenancy.tenancyId,
          monthlyAmount,
          validFrom: body.validFrom,
          validUntil: null,
          statementId: statementRunId,
          rounding,
        },
      });
      created.push({
        tenantId: tenancy.tenancyId,
        tenantName: tenant.name,
        prepaymentId,
        monthlyAmount,
        validFrom: body.validFrom,
      });
    }
    if (created.length === 0) throw new Conflict(P.noTenancy, { code: "NO_TENANCY" });
    return { created, message: P.applied(created.length, body.validFrom) };
  });
}
