import {
  listPrepaymentWarnings,
  PREPAYMENT_MESSAGES,
  prepaymentBodySchema,
  type Prepayment,
  type PrepaymentBody,
  type PrepaymentWriteResponse,
  type UpdatePrepaymentFields,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { collectFieldErrors } from "../../domain/zod-field-errors.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  findPrepayment,
  findPrepaymentOfAccount,
  hasOverlappingPrepayment,
  insertPrepayment,
  listPrepayments,
  updatePrepaymentRow,
} from "./prepayment-queries.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { findTenantRow, lockTenantRow } from "./tenant-queries.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";

// Tenant prepayments: docs/rules/prepayments.md#prepayment-rules and docs/rules/prepayments.md#prepayment-rules. Deleting only
// deactivates (docs/rules/prepayments.md#deactivate), so statements keep seeing what was agreed.

type ValidPrepayment = { monthlyAmount: string; validFrom: string; validUntil: string | null };

export async function listTenantPrepayments(
  db: Db,
  userId: string,
  tenantId: string,
): Promise<Prepayment[]> {
  requireResourceId(tenantId, PREPAYMENT_MESSAGES.tenantNotFound);
  const tenant = await findTenantRow(db, userId, tenantId);
  if (!tenant) throw new NotFound(PREPAYMENT_MESSAGES.tenantNotFound);
  return listPrepayments(db, tenantId);
}

/** Overlap with another active prepayment of the same tenant is rejected (open end = 2099-12-31). */
async function assertNoOverlap(
  trx: Db,
  tenantId: string,
  range: ValidPrepayment,
  excludeId?: string,
): Promise<void> {
  if (await hasOverlappingPrepayment(trx, tenantId, range, excludeId)) {
    throw new ValidationFailed({ validFrom: PREPAYMENT_MESSAGES.overlap });
  }
}

export async function createPrepayment(
  db: Db,
  userId: string,
  tenantId: string,
  body: ValidPrepayment,
): Promise<PrepaymentWriteResponse> {
  requireResourceId(tenantId, PREPAYMENT_MESSAGES.tenantNotFound);
  // Answered from inside the transaction: a tenant deleted right after it cannot empty the answer.
  return inAccountTransaction(db, userId, async (trx) => {
    const tenant = await lockTenantRow(trx, userId, tenantId);
    if (!tenant) throw new NotFound(PREPAYMENT_MESSAGES.tenantNotFound);
    await assertNoOverlap(trx, tenantId, body);
    const prepaymentId = await insertPrepayment(trx, { tenantId, ...body });
    await logActivity(trx, {
      userId,
      key: "prepayment.created",
      entityId: prepaymentId,
      entityName: tenant.name,
      metadata: {
        tenantId,
        monthlyAmount: body.monthlyAmount,
        validFrom: body.validFrom,
        validUntil: body.validUntil,
      },
    });
    return {
      prepayment: await findPrepayment(trx, prepaymentId),
      warnings: listPrepaymentWarnings(body.monthlyAmount),
    };
  });
}

/** Changes amount and/or dates; the merged prepayment must pass every rule again. */
export async function updatePrepayment(
  db: Db,
  userId: string,
  prepaymentId: string,
  patch: UpdatePrepaymentFields,
): Promise<PrepaymentWriteResponse> {
  requireResourceId(prepaymentId, PREPAYMENT_MESSAGES.notFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const existing = await findPrepaymentOfAccount(trx, userId, prepaymentId);
    if (!existing) throw new NotFound(PREPAYMENT_MESSAGES.notFound);
    await lockTenantRow(trx, userId, existing.tenantId);
    const candidate: PrepaymentBody = {
      monthlyAmount: patch.monthlyAmount ?? existing.monthlyAmount,
      validFrom: patch.validFrom ?? existing.validFrom,
      validUntil: patch.validUntil === undefined ? existing.validUntil : patch.validUntil,
    };
    const parsed = prepaymentBodySchema.safeParse(candidate);
    if (!parsed.success) throw new ValidationFailed(collectFieldErrors(parsed.error));
    const values = parsed.data;
    if (existing.isActive) await assertNoOverlap(trx, existing.tenantId, values, prepaymentId);
    await updatePrepaymentRow(trx, prepaymentId, values);
    await logActivity(trx, {
      userId,
      key: "prepayment.updated",
      entityId: prepaymentId,
      entityName: existing.tenantName,
      metadata: {
        tenantId: existing.tenantId,
        before: {
          monthlyAmount: existing.monthlyAmount,
          validFrom: existing.validFrom,
          validUntil: existing.validUntil,
        },
        after: values,
      },
    });
    return {
      prepayment: await findPrepayment(trx, prepaymentId),
      warnings: listPrepaymentWarnings(values.monthlyAmount),
    };
  });
}

/** 'Löschen' in the panel: sets is_active false (docs/rules/prepayments.md#deactivate). */
export async function deactivatePrepayment(
  db: Db,
  userId: string,
  prepaymentId: string,
): Promise<Prepayment> {
  requireResourceId(prepaymentId, PREPAYMENT_MESSAGES.notFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const existing = await findPrepaymentOfAccount(trx, userId, prepaymentId);
    if (!existing) throw new NotFound(PREPAYMENT_MESSAGES.notFound);
    if (!existing.isActive) return findPrepayment(trx, prepaymentId);
    await updatePrepaymentRow(trx, prepaymentId, { isActive: false });
    await logActivity(trx, {
      userId,
      key: "prepayment.deactivated",
      entityId: prepaymentId,
      entityName: existing.tenantName,
      metadata: {
        tenantId: existing.tenantId,
        monthlyAmount: existing.monthlyAmount,
        validFrom: existing.validFrom,
        validUntil: existing.validUntil,
      },
    });
    return findPrepayment(trx, prepaymentId);
  });
}
