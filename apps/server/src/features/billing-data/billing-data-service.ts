import {
  BILLING_DATA_MESSAGES,
  BILLING_DATA_MISSING_CODE,
  isBillingDataComplete,
  type BillingData,
  type BillingDataFields,
  type BillingDataResponse,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict } from "../../domain/domain-errors.ts";
import { logActivity } from "../activity/activity-log.ts";
import { findBillingData, upsertBillingData } from "./billing-data-queries.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";

// Billing data: the sender of every statement letter (docs/rules/master-data.md#screens, docs/rules/statements.md#pdfs-and-sending).

type BillingDataRow = NonNullable<Awaited<ReturnType<typeof findBillingData>>>;

function toBillingData(row: BillingDataRow): BillingData {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

export async function loadBillingData(db: Db, userId: string): Promise<BillingDataResponse> {
  const row = await findBillingData(db, userId);
  const billingData = row ? toBillingData(row) : null;
  return { billingData, complete: isBillingDataComplete(billingData) };
}

export async function saveBillingData(
  db: Db,
  userId: string,
  values: BillingDataFields,
): Promise<BillingDataResponse> {
  await inAccountTransaction(db, userId, async (trx) => {
    await upsertBillingData(trx, userId, values);
    await logActivity(trx, {
      userId,
      key: "user.profile_updated",
      entityId: userId,
      description: "Abrechnungsdaten aktualisiert",
      metadata: { section: "billing-data" },
    });
  });
  return loadBillingData(db, userId);
}

/**
 * The sender of a letter, or the docs/rules/statements.md#pdfs-and-sending refusal (409 BILLING_DATA_MISSING). The finalize
 * step and every letter call this first, inside their transaction where they have one.
 */
export async function requireCompleteBillingData(db: Db, userId: string): Promise<BillingData> {
  const row = await findBillingData(db, userId);
  const billingData = row ? toBillingData(row) : null;
  if (!billingData || !isBillingDataComplete(billingData)) {
    throw new Conflict(BILLING_DATA_MESSAGES.missingForFinalize, {
      code: BILLING_DATA_MISSING_CODE,
    });
  }
  return billingData;
}
