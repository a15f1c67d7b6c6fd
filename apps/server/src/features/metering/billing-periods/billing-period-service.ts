import {
  BILLING_PERIOD_MESSAGES,
  buildBillingPeriodName,
  buildDuplicateBillingPeriodMessage,
  type BillingPeriod,
  type BillingPeriodDetail,
  type createBillingPeriodBodySchema,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../../db/database.ts";
import { Conflict, NotFound } from "../../../domain/domain-errors.ts";
import { logActivity } from "../../activity/activity-log.ts";
import { findOwnedProperty } from "../ownership-service.ts";
import { requireResourceId } from "../../../domain/resource-id.ts";
import {
  countStatementsOfBillingPeriod,
  deleteBillingPeriodRow,
  findBillingPeriodDetail,
  findOwnedPeriodRow,
  hasSamePeriod,
  insertBillingPeriod,
  listBillingPeriods,
} from "./billing-period-queries.ts";
import { inAccountTransaction } from "../../account/account-transaction.ts";

type CreateBillingPeriodInput = z.output<typeof createBillingPeriodBodySchema>;

export async function listBillingPeriodsOfAccount(
  db: Db,
  userId: string,
  propertyId?: string,
): Promise<BillingPeriod[]> {
  if (propertyId)
    await findOwnedProperty(db, userId, propertyId, BILLING_PERIOD_MESSAGES.propertyNotFound);
  return listBillingPeriods(db, userId, propertyId);
}

export async function getBillingPeriod(
  db: Db,
  userId: string,
  id: string,
): Promise<BillingPeriodDetail> {
  requireResourceId(id, BILLING_PERIOD_MESSAGES.notFound);
  const period = await findBillingPeriodDetail(db, userId, id);
  if (!period) throw new NotFound(BILLING_PERIOD_MESSAGES.notFound);
  return period;
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505"
  );
}

/** One period per property and dates (unique in the table); the name follows docs/rules/statements.md's pattern. */
export async function createBillingPeriod(
  db: Db,
  userId: string,
  input: CreateBillingPeriodInput,
): Promise<BillingPeriodDetail> {
  const { billingPeriodStart: start, billingPeriodEnd: end } = input;
  const duplicate = new Conflict(buildDuplicateBillingPeriodMessage(start, end));
  try {
    const id = await inAccountTransaction(db, userId, async (trx) => {
      const property = await findOwnedProperty(
        trx,
        userId,
        input.propertyId,
        BILLING_PERIOD_MESSAGES.propertyNotFound,
      );
      if (await hasSamePeriod(trx, property.id, start, end)) throw duplicate;
      const name = buildBillingPeriodName(start, end);
      const newId = await insertBillingPeriod(trx, {
        userId,
        propertyId: property.id,
        name,
        billingPeriodStart: start,
        billingPeriodEnd: end,
      });
      await logActivity(trx, {
        userId,
        key: "billing_period.created",
        entityId: newId,
        entityName: name,
        metadata: {
          propertyId: property.id,
          propertyName: property.name,
          billingPeriodStart: start,
          billingPeriodEnd: end,
        },
      });
      return newId;
    });
    return await getBillingPeriod(db, userId, id);
  } catch (error) {
    // Two requests at once: the unique constraint decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw duplicate;
    throw error;
  }
}

/** A period with statements stays (the statements belong to it); its readings lose the link. */
export async function deleteBillingPeriod(db: Db, userId: string, id: string): Promise<void> {
  requireResourceId(id, BILLING_PERIOD_MESSAGES.notFound);
  await inAccountTransaction(db, userId, async (trx) => {
    const period = await findOwnedPeriodRow(trx, userId, id);
    if (!period) throw new NotFound(BILLING_PERIOD_MESSAGES.notFound);
    if ((await countStatementsOfBillingPeriod(trx, id)) > 0)
      throw new Conflict(BILLING_PERIOD_MESSAGES.hasStatements);
    await deleteBillingPeriodRow(trx, userId, id);
    await logActivity(trx, {
      userId,
      key: "billing_period.deleted",
      entityId: id,
      entityName: period.name,
      metadata: {
        propertyId: period.propertyId,
        billingPeriodStart: period.billingPeriodStart,
        billingPeriodEnd: period.billingPeriodEnd,
      },
    });
  });
}
