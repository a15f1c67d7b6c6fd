import {
  buildBulkDecreaseMessage,
  METER_MESSAGES,
  READING_MESSAGES,
  type BulkReadingsResponse,
  type bulkReadingsBodySchema,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../../db/database.ts";
import { NotFound, ValidationFailed } from "../../../domain/domain-errors.ts";
import { logActivity } from "../../activity/activity-log.ts";
import { findOwnedPeriodRow } from "../billing-periods/billing-period-queries.ts";
import { requireResourceId } from "../../../domain/resource-id.ts";
import { findMetersWithOwningProperty } from "../meters/meter-queries.ts";
import { findReadingDecrease } from "./reading-decrease.ts";
import {
  findReadingsOfPeriod,
  findReadingsOnDate,
  insertReading,
  listReadingsByIds,
  setReadingBillingPeriod,
  updateReadingValue,
} from "./reading-queries.ts";
import { assertNotInFuture, readingDecreaseError } from "./reading-service.ts";
import { inAccountTransaction } from "../../account/account-transaction.ts";

type BulkReadingsInput = z.output<typeof bulkReadingsBodySchema>;

/**
 * Bulk entry (docs/rules/master-data.md#queries 'bulk save'): per meter, a reading of that meter on the same date is
 * updated (one reading per meter and date, issue 15, decision 0983; it joins the billing
 * period); else the reading of the meter in the billing period is updated (value and date) when
 * present; else one is inserted. One transaction: the rows
 * are written one by one and any failure (another account's meter, a meter of another
 * property, an unconfirmed lower reading) rolls every row back, so nothing is half-saved.
 * Issue 27: start readings (`position: "start"`) are dated on or before the period's first day
 * and linked to no period; they update only a reading of the same meter and date, never the
 * period's (end) reading, so start and end readings of one period never overwrite each other.
 */
export async function saveBulkReadings(
  db: Db,
  userId: string,
  input: BulkReadingsInput,
): Promise<BulkReadingsResponse> {
  requireResourceId(input.billingPeriodId, READING_MESSAGES.billingPeriodNotFound);
  for (const row of input.readings) requireResourceId(row.meterId, METER_MESSAGES.notFound);
  assertNotInFuture(input.readingDate);

  return inAccountTransaction(db, userId, async (trx) => {
    const billingPeriod = await findOwnedPeriodRow(trx, userId, input.billingPeriodId);
    if (!billingPeriod) throw new NotFound(READING_MESSAGES.billingPeriodNotFound);
    const isStart = input.position === "start";
    if (isStart && input.readingDate > billingPeriod.billingPeriodStart) {
      throw new ValidationFailed({
        readingDate: READING_MESSAGES.startAfterPeriodStart(billingPeriod.billingPeriodStart),
      });
    }
    const meterIds = input.readings.map((row) => row.meterId);
    const meters = await findMetersWithOwningProperty(trx, userId, meterIds);
    const sameDate = await findReadingsOnDate(trx, userId, meterIds, input.readingDate);
    const existing = await findReadingsOfPeriod(trx, billingPeriod.id, meterIds);

    const wrongProperty: Record<string, string> = {};
    const decreases: Record<string, string> = {};
    const savedIds: string[] = [];
    let insertedCount = 0;
    let updatedCount = 0;

    for (const [index, row] of input.readings.entries()) {
      const meter = meters.get(row.meterId);
      if (!meter) throw new NotFound(METER_MESSAGES.notFound);
      if (meter.owningPropertyId !== billingPeriod.propertyId) {
        wrongProperty[`readings.${index}.meterId`] = READING_MESSAGES.bulkMeterOfOtherProperty;
        continue;
      }
      const onDate = sameDate.get(row.meterId) ?? null;
      const current = isStart ? onDate : (onDate ?? existing.get(row.meterId) ?? null);
      const decrease = await findReadingDecrease(
        trx,
        row.meterId,
        row.readingValue,
        input.readingDate,
        current?.id ?? null,
      );
      if (decrease) decreases[`readings.${index}.readingValue`] = decrease.message;
      const confirmationNote = decrease ? decrease.note : null;
      if (current) {
        await updateReadingValue(trx, current.id, {
          readingValue: row.readingValue,
          readingDate: input.readingDate,
          note: confirmationNote,
        });
        if (onDate && !isStart) await setReadingBillingPeriod(trx, current.id, billingPeriod.id);
        savedIds.push(current.id);
        updatedCount += 1;
      } else {
        const { id } = await insertReading(trx, userId, {
          meterId: row.meterId,
          billingPeriodId: isStart ? null : billingPeriod.id,
          readingValue: row.readingValue,
          readingDate: input.readingDate,
          note: confirmationNote,
        });
        savedIds.push(id);
        insertedCount += 1;
      }
    }

    // Throwing inside the transaction rolls back the rows written above.
    if (Object.keys(wrongProperty).length > 0)
      throw new ValidationFailed(wrongProperty, READING_MESSAGES.bulkMeterOfOtherProperty);
    const decreaseCount = Object.keys(decreases).length;
    if (decreaseCount > 0 && !input.confirmDecrease)
      throw readingDecreaseError(buildBulkDecreaseMessage(decreaseCount), decreases);

    const savedCount = savedIds.length;
    await logActivity(trx, {
      userId,
      key: "meter_reading.imported",
      entityId: billingPeriod.id,
      entityName: billingPeriod.name,
      description: `${READING_MESSAGES.bulkSaved(savedCount).replace(/!$/, "")}: ${billingPeriod.name}`,
      metadata: {
        billingPeriodId: billingPeriod.id,
        readingDate: input.readingDate,
        position: input.position,
        savedCount,
        insertedCount,
        updatedCount,
        confirmedDecreases: decreaseCount,
      },
    });
    return {
      savedCount,
      insertedCount,
      updatedCount,
      message: READING_MESSAGES.bulkSaved(savedCount),
      readings: await listReadingsByIds(trx, userId, savedIds),
    };
  });
}
