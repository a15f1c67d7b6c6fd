import {
  checkRatePrice,
  getTodayInGermany,
  RATE_MESSAGES,
  RATE_PRICE_CHECK_BLOCKED_MESSAGE,
  RATE_PRICE_WARNING_CODE,
  UTILITY_TYPE_LABELS,
  UTILITY_TYPE_UNITS,
  type ParsedRateBody,
  type Rate,
  type UtilityType,
} from "@nk/contract";
import type { Db } from "../../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../../domain/domain-errors.ts";
import { logActivity } from "../../activity/activity-log.ts";
import { findOwnedProperty } from "../ownership-service.ts";
import { requireResourceId } from "../../../domain/resource-id.ts";
import {
  deactivateRate,
  findActiveRate,
  insertRate,
  listActiveRates,
  replaceTiers,
  updateRateRow,
  type RateValues,
} from "./rate-queries.ts";
import { inAccountTransaction } from "../../account/account-transaction.ts";

export async function listRates(
  db: Db,
  userId: string,
  filter: { utilityType?: UtilityType; propertyId?: string },
): Promise<Rate[]> {
  if (filter.propertyId)
    await findOwnedProperty(db, userId, filter.propertyId, RATE_MESSAGES.propertyNotFound);
  return listActiveRates(db, userId, filter);
}

export async function getRate(db: Db, userId: string, id: string): Promise<Rate> {
  requireResourceId(id, RATE_MESSAGES.notFound);
  const rate = await findActiveRate(db, userId, id);
  if (!rate) throw new NotFound(RATE_MESSAGES.notFound);
  return rate;
}

/**
 * The sanity check of docs/rules/master-data.md#validation on the server too: a unit price below 50 % or above 200 % of
 * the regional average of the rate's region needs the user's confirmation (409 with
 * requiresConfirmation until confirmPriceWarning is true; decision 0982), it is not refused:
 * real prices lie outside the range (water and sewage together at 6,10 EUR/m³).
 */
function assertPlausiblePrice(input: ParsedRateBody): void {
  const check = checkRatePrice({
    utilityType: input.utilityType,
    region: input.region,
    unitPrice: input.unitPrice,
    basePrice: input.basePrice,
  });
  if (check.isValid || input.confirmPriceWarning) return;
  const fields: Record<string, string> = {};
  if (check.fieldWarnings.unitPrice) fields.unitPrice = check.fieldWarnings.unitPrice;
  throw new Conflict(`${RATE_PRICE_CHECK_BLOCKED_MESSAGE} ${check.warnings.join(" ")}`, {
    code: RATE_PRICE_WARNING_CODE,
    fields,
    requiresConfirmation: true,
  });
}

function toRateValues(input: ParsedRateBody, validFrom: string): RateValues {
  return {
    utilityType: input.utilityType,
    rateName: input.rateName,
    unitPrice: input.unitPrice,
    unit: UTILITY_TYPE_UNITS[input.utilityType],
    basePrice: input.basePrice,
    tariffType: input.tariffType,
    isGlobal: input.isGlobal,
    propertyId: input.propertyId,
    priority: input.priority,
    validFrom,
    validUntil: input.validUntil,
    providerName: input.providerName,
    contractNumber: input.contractNumber,
    notes: input.notes,
    region: input.region,
  };
}

function describeRate(values: RateValues) {
  return {
    utilityType: values.utilityType,
    utilityTypeLabel: UTILITY_TYPE_LABELS[values.utilityType],
    unitPrice: values.unitPrice,
    basePrice: values.basePrice,
    tariffType: values.tariffType,
    isGlobal: values.isGlobal,
    propertyId: values.propertyId,
  };
}

/** docs/rules/master-data.md#constants defaults: valid from today when not given; 'validUntil' may not precede it. */
function resolveValidFrom(input: ParsedRateBody): string {
  const validFrom = input.validFrom ?? getTodayInGermany();
  if (input.validUntil && input.validUntil < validFrom) {
    throw new ValidationFailed({ validUntil: RATE_MESSAGES.validUntilBeforeFrom });
  }
  return validFrom;
}

export async function createRate(db: Db, userId: string, input: ParsedRateBody): Promise<Rate> {
  assertPlausiblePrice(input);
  const values = toRateValues(input, resolveValidFrom(input));
  return inAccountTransaction(db, userId, async (trx) => {
    if (values.propertyId)
      await findOwnedProperty(trx, userId, values.propertyId, RATE_MESSAGES.propertyNotFound);
    const id = await insertRate(trx, userId, values);
    await replaceTiers(trx, id, input.tiers);
    await logActivity(trx, {
      userId,
      key: "rate.created",
      entityId: id,
      entityName: values.rateName,
      metadata: describeRate(values),
    });
    return (await findActiveRate(trx, userId, id))!;
  });
}

export async function updateRate(
  db: Db,
  userId: string,
  id: string,
  input: ParsedRateBody,
): Promise<Rate> {
  requireResourceId(id, RATE_MESSAGES.notFound);
  assertPlausiblePrice(input);
  const values = toRateValues(input, resolveValidFrom(input));
  return inAccountTransaction(db, userId, async (trx) => {
    const existing = await findActiveRate(trx, userId, id);
    if (!existing) throw new NotFound(RATE_MESSAGES.notFound);
    if (values.propertyId)
      await findOwnedProperty(trx, userId, values.propertyId, RATE_MESSAGES.propertyNotFound);
    await updateRateRow(trx, userId, id, values);
    await replaceTiers(trx, id, input.tiers);
    await logActivity(trx, {
      userId,
      key: "rate.updated",
      entityId: id,
      entityName: values.rateName,
      metadata: {
        ...describeRate(values),
        previousUnitPrice: existing.unitPrice,
        previousBasePrice: existing.basePrice,
      },
    });
    return (await findActiveRate(trx, userId, id))!;
  });
}

export async function deleteRate(db: Db, userId: string, id: string): Promise<void> {
  requireResourceId(id, RATE_MESSAGES.notFound);
  await inAccountTransaction(db, userId, async (trx) => {
    const existing = await findActiveRate(trx, userId, id);
    if (!existing) throw new NotFound(RATE_MESSAGES.notFound);
    await deactivateRate(trx, userId, id);
    await logActivity(trx, {
      userId,
      key: "rate.deleted",
      entityId: id,
      entityName: existing.rateName,
      metadata: { utilityType: existing.utilityType, unitPrice: existing.unitPrice },
    });
  });
}
