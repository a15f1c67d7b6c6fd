import { METER_MESSAGES, READING_DECREASE_CODE, READING_MESSAGES, type Reading, type createReadingBodySchema } from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../../db/database.ts";
import { HttpError, notFound, validationError } from "../../../http/http-error.ts";
import { getTodayInGermany } from "../../../lib/calendar-today.ts";
import { logActivity } from "../../activity/activity-log.ts";
import { findMeter } from "../meters/meter-queries.ts";
import { assertIdFormat } from "../ownership-queries.ts";
import { findReadingDecrease, joinNotes } from "./reading-decrease.ts";
import { deleteReadingRow, findReading, insertReading, listReadingsByIds, listReadingsOfMeter } from "./reading-queries.ts";

type CreateReadingInput = z.output<typeof createReadingBodySchema>;

/** A reading is a measurement: it cannot lie after today (decision 0301). */
export function assertNotInFuture(readingDate: string, field = "readingDate"): void {
  if (readingDate > getTodayInGermany()) throw validationError({ [field]: READING_MESSAGES.futureDate });
}

async function findOwnedMeter(db: Db, userId: string, meterId: string) {
  assertIdFormat(meterId, METER_MESSAGES.notFound);
  const meter = await findMeter(db, userId, meterId);
  if (!meter) throw notFound(METER_MESSAGES.notFound);
  return meter;
}

export async function listReadings(db: Db, userId: string, meterId: string): Promise<Reading[]> {
  await findOwnedMeter(db, userId, meterId);
  return listReadingsOfMeter(db, userId, meterId);
}

export function readingDecreaseError(message: string, fields?: Record<string, string>): HttpError {
  return new HttpError(409, READING_DECREASE_CODE, message, { requiresConfirmation: true, ...(fields ? { fields } : {}) });
}

export async function addReading(db: Db, userId: string, meterId: string, input: CreateReadingInput): Promise<Reading> {
  assertNotInFuture(input.readingDate);
  return db.transaction().execute(async (trx) => {
    const meter = await findOwnedMeter(trx, userId, meterId);
    const decrease = await findReadingDecrease(trx, meterId, input.readingValue, input.readingDate);
    if (decrease && !input.confirmDecrease) throw readingDecreaseError(decrease.message);
    const id = await insertReading(trx, userId, {
      meterId,
      costGroupId: null,
      readingValue: input.readingValue,
      readingDate: input.readingDate,
      note: joinNotes(input.note, decrease ? decrease.note : null),
    });
    await logActivity(trx, {
      userId,
      key: "meter_reading.added",
      entityId: id,
      entityName: meter.meterNumber,
      metadata: { meterId, readingValue: input.readingValue, readingDate: input.readingDate, isConfirmedDecrease: Boolean(decrease) },
    });
    const [reading] = await listReadingsByIds(trx, userId, [id]);
    return reading!;
  });
}

export async function deleteReading(db: Db, userId: string, readingId: string): Promise<void> {
  assertIdFormat(readingId, READING_MESSAGES.notFound);
  await db.transaction().execute(async (trx) => {
    const reading = await findReading(trx, userId, readingId);
    if (!reading) throw notFound(READING_MESSAGES.notFound);
    const meter = await findMeter(trx, userId, reading.meterId);
    await deleteReadingRow(trx, userId, readingId);
    await logActivity(trx, {
      userId,
      key: "meter_reading.deleted",
      entityId: readingId,
      entityName: meter?.meterNumber ?? null,
      metadata: { meterId: reading.meterId, readingValue: reading.readingValue, readingDate: reading.readingDate },
    });
  });
}
