import {
  METER_MESSAGES,
  getTodayInGermany,
  type Meter,
  type createMeterBodySchema,
  type updateMeterBodySchema,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../../db/database.ts";
import { NotFound, ValidationFailed } from "../../../domain/domain-errors.ts";
import { logActivity } from "../../activity/activity-log.ts";
import { findOwnedProperty, findOwnedUnit } from "../ownership-service.ts";
import { requireResourceId } from "../../../domain/resource-id.ts";
import { describeRemoteReadingDuty } from "@nk/engine";
import {
  deleteMeterRow,
  findMeter,
  insertMeter,
  listMeters,
  updateMeterRow,
  type MeterRecord,
  type MeterValues,
} from "./meter-queries.ts";
import { inAccountTransaction } from "../../account/account-transaction.ts";

type CreateMeterInput = z.output<typeof createMeterBodySchema>;
type UpdateMeterInput = z.output<typeof updateMeterBodySchema>;

/** Issue 30 (docs/rules/heating.md#remote-reading): what § 5 HeizkV asks of the meter today in Germany. */
export function withRemoteReading(meter: MeterRecord, today: string): Meter {
  return { ...meter, remoteReading: describeRemoteReadingDuty(meter, today) };
}

export async function listMetersOfAccount(
  db: Db,
  userId: string,
  propertyId?: string,
): Promise<Meter[]> {
  if (propertyId) await findOwnedProperty(db, userId, propertyId, METER_MESSAGES.propertyNotFound);
  const today = getTodayInGermany();
  return (await listMeters(db, userId, propertyId)).map((meter) => withRemoteReading(meter, today));
}

/** An installation day in the future is a typing error (the duty follows from it). */
function assertInstalledOnPast(installedOn: string | null | undefined): void {
  if (installedOn && installedOn > getTodayInGermany()) {
    throw new ValidationFailed(
      { installedOn: METER_MESSAGES.installedOnInFuture },
      METER_MESSAGES.installedOnInFuture,
    );
  }
}

export async function getMeter(db: Db, userId: string, meterId: string): Promise<Meter> {
  requireResourceId(meterId, METER_MESSAGES.notFound);
  const meter = await findMeter(db, userId, meterId);
  if (!meter) throw new NotFound(METER_MESSAGES.notFound);
  return withRemoteReading(meter, getTodayInGermany());
}

/**
 * docs/rules/master-data.md#validation 'Meter': a unit or a property is required; choosing a unit clears the property,
 * so a unit's meter stores property_id null and belongs to the unit's property through it.
 */
async function resolveLocation(
  db: Db,
  userId: string,
  unitId: string | null,
  propertyId: string | null,
) {
  if (unitId) {
    await findOwnedUnit(db, userId, unitId, METER_MESSAGES.unitNotFound);
    return { unitId, propertyId: null };
  }
  if (propertyId) {
    await findOwnedProperty(db, userId, propertyId, METER_MESSAGES.propertyNotFound);
    return { unitId: null, propertyId };
  }
  throw new ValidationFailed(
    { unitId: METER_MESSAGES.requiredFields },
    METER_MESSAGES.requiredFields,
  );
}

export async function createMeter(db: Db, userId: string, input: CreateMeterInput): Promise<Meter> {
  assertInstalledOnPast(input.installedOn);
  return inAccountTransaction(db, userId, async (trx) => {
    const location = await resolveLocation(trx, userId, input.unitId, input.propertyId);
    const values: MeterValues = {
      meterNumber: input.meterNumber,
      meterType: input.meterType,
      location: input.location,
      displayName: input.displayName,
      isRemoteReadable: input.isRemoteReadable ?? false,
      installedOn: input.installedOn ?? null,
      ...location,
    };
    const id = await insertMeter(trx, userId, values);
    await logActivity(trx, {
      userId,
      key: "meter.created",
      entityId: id,
      entityName: values.meterNumber,
      metadata: {
        meterType: values.meterType,
        unitId: values.unitId,
        propertyId: values.propertyId,
      },
    });
    return withRemoteReading((await findMeter(trx, userId, id))!, getTodayInGermany());
  });
}

export async function updateMeter(
  db: Db,
  userId: string,
  meterId: string,
  input: UpdateMeterInput,
): Promise<Meter> {
  requireResourceId(meterId, METER_MESSAGES.notFound);
  assertInstalledOnPast(input.installedOn);
  return inAccountTransaction(db, userId, async (trx) => {
    const existing = await findMeter(trx, userId, meterId);
    if (!existing) throw new NotFound(METER_MESSAGES.notFound);
    // A unit sent in the request wins; sending unitId null with a property moves the meter to
    // the common area; sending nothing about the location keeps it.
    const isLocationSent = input.unitId !== undefined || input.propertyId !== undefined;
    const unitId =
      input.unitId !== undefined ? input.unitId : isLocationSent ? null : existing.unitId;
    const propertyId =
      input.propertyId !== undefined
        ? input.propertyId
        : isLocationSent
          ? null
          : existing.propertyId;
    const location = await resolveLocation(trx, userId, unitId, propertyId);
    const values: MeterValues = {
      meterNumber: input.meterNumber ?? existing.meterNumber,
      meterType: input.meterType ?? existing.meterType,
      location: input.location !== undefined ? input.location : existing.location,
      displayName: input.displayName !== undefined ? input.displayName : existing.displayName,
      isRemoteReadable: input.isRemoteReadable ?? existing.isRemoteReadable,
      installedOn: input.installedOn !== undefined ? input.installedOn : existing.installedOn,
      ...location,
    };
    await updateMeterRow(trx, userId, meterId, values);
    await logActivity(trx, {
      userId,
      key: "meter.updated",
      entityId: meterId,
      entityName: values.meterNumber,
      metadata: {
        meterType: values.meterType,
        unitId: values.unitId,
        propertyId: values.propertyId,
        isRemoteReadable: values.isRemoteReadable,
      },
    });
    return withRemoteReading((await findMeter(trx, userId, meterId))!, getTodayInGermany());
  });
}

/** Deleting a meter deletes its readings with it (meter_readings cascade). */
export async function deleteMeter(db: Db, userId: string, meterId: string): Promise<void> {
  requireResourceId(meterId, METER_MESSAGES.notFound);
  await inAccountTransaction(db, userId, async (trx) => {
    const existing = await findMeter(trx, userId, meterId);
    if (!existing) throw new NotFound(METER_MESSAGES.notFound);
    await deleteMeterRow(trx, userId, meterId);
    await logActivity(trx, {
      userId,
      key: "meter.deleted",
      entityId: meterId,
      entityName: existing.meterNumber,
      metadata: { meterType: existing.meterType, readingCount: existing.readingCount },
    });
  });
}
