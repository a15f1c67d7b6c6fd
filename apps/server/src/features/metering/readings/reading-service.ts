import {
  getTodayInGermany,
  METER_MESSAGES,
  READING_DECREASE_CODE,
  READING_MESSAGES,
  type createReadingBodySchema,
  type Reading,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../../domain/domain-errors.ts";
import { logActivity } from "../../activity/activity-log.ts";
import { findMeterOfAccount } from "../ownership-queries.ts";
import { requireResourceId } from "../../../domain/resource-id.ts";
import { joinNotes, judgeReadingDecrease } from "./reading-decrease.ts";
import {
  deleteReadingRow,
  findMeterWithNeighbours,
  findReading,
  insertReading,
  listReadingsOfMeter,
} from "./reading-queries.ts";
import { inAccountTransaction } from "../../account/account-transaction.ts";

type CreateReadingInput = z.output<typeof createReadingBodySchema>;

/** A reading is a measurement: it cannot lie after today (decision 0301). */
export function assertNotInFuture(readingDate: string, field = "readingDate"): void {
  if (readingDate > getTodayInGermany())
    throw new ValidationFailed({ [field]: READING_MESSAGES.futureDate });
}

async function findOwnedMeter(db: Db, userId: string, meterId: string) {
  requireResourceId(meterId, METER_MESSAGES.notFound);
  // The readings list and a new reading ask only whether the meter is the account's (issue 19).
  const meter = await findMeterOfAccount(db, userId, meterId);
  if (!meter) throw new NotFound(METER_MESSAGES.notFound);
  return meter;
}

export async function listReadings(db: Db, userId: string, meterId: string): Promise<Reading[]> {
  // Both at once (issue 32): the readings are read within the account too, so another account's
  // meter finds none of them, and the answer waits for the check either way.
  requireResourceId(meterId, METER_MESSAGES.notFound);
  const [, readings] = await Promise.all([
    findOwnedMeter(db, userId, meterId),
    listReadingsOfMeter(db, userId, meterId),
  ]);
  return readings;
}

export function readingDecreaseError(message: string, fields?: Record<string, string>): Conflict {
  return new Conflict(message, {
    code: READING_DECREASE_CODE,
    requiresConfirmation: true,
    ...(fields ? { fields } : {}),
  });
}

export async function addReading(
  db: Db,
  userId: string,
  meterId: string,
  input: CreateReadingInput,
): Promise<Reading> {
  assertNotInFuture(input.readingDate);
  requireResourceId(meterId, METER_MESSAGES.notFound);
  // Five statements in all (issue 19): the meter with its neighbouring readings, the reading, the activity entry.
  return inAccountTransaction(db, userId, async (trx) => {
    const meter = await findMeterWithNeighbours(trx, userId, meterId, input.readingDate);
    if (!meter) throw new NotFound(METER_MESSAGES.notFound);
    const decrease = judgeReadingDecrease(input.readingValue, meter);
    if (decrease && !input.confirmDecrease) throw readingDecreaseError(decrease.message);
    const reading = await insertReading(trx, userId, {
      meterId,
      billingPeriodId: null,
      readingValue: input.readingValue,
      readingDate: input.readingDate,
      note: joinNotes(input.note, decrease ? decrease.note : null),
    });
    await logActivity(trx, {
      userId,
      key: "meter_reading.added",
      entityId: reading.id,
      entityName: meter.meterNumber,
      metadata: {
        meterId,
        readingValue: input.readingValue,
        readingDate: input.readingDate,
        isConfirmedDecrease: Boolean(decrease),
      },
    });
    return reading;
  });
}

export async function deleteReading(db: Db, userId: string, readingId: string): Promise<void> {
  requireResourceId(readingId, READING_MESSAGES.notFound);
  await inAccountTransaction(db, userId, async (trx) => {
    const reading = await findReading(trx, userId, readingId);
    if (!reading) throw new NotFound(READING_MESSAGES.notFound);
    const meter = await findMeterOfAccount(trx, userId, reading.meterId);
    await deleteReadingRow(trx, userId, readingId);
    await logActivity(trx, {
      userId,
      key: "meter_reading.deleted",
      entityId: readingId,
      entityName: meter?.meterNumber ?? null,
      metadata: {
        meterId: reading.meterId,
        readingValue: reading.readingValue,
        readingDate: reading.readingDate,
      },
    });
  });
}
