import {
  buildBillingPeriodName,
  buildTenancyOverlapMessage,
  compareDecimalText,
  describeHouseSetupErrors,
  formatAreaDe,
  getRowReadingDates,
  getTodayInGermany,
  HOUSE_SETUP_MESSAGES,
  isTenancyCurrentOrFuture,
  type HouseSetupResponse,
  type HouseSetupRow,
  type HouseSetupValues,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { ValidationFailed } from "../../domain/domain-errors.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { assertCanCreate } from "../account/subscription-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import { insertBillingPeriod } from "../metering/billing-periods/billing-period-queries.ts";
import { insertMeter } from "../metering/meters/meter-queries.ts";
import { findReadingDecrease } from "../metering/readings/reading-decrease.ts";
import {
  findReadingsOfPeriod,
  findReadingsOnDate,
  insertReading,
  setReadingBillingPeriod,
  updateReadingValue,
} from "../metering/readings/reading-queries.ts";
import { createInitialOccupancy } from "../tenants/occupancy-service.ts";
import { insertPrepayment } from "../tenants/prepayment-queries.ts";
import { findOverlappingTenancy, lockUnitRow } from "../tenants/tenancy-overlap-queries.ts";
import { insertTenantRow } from "../tenants/tenant-queries.ts";
import { findBillingPeriodByDates, listMetersOfUnits } from "./house-setup-queries.ts";
import { insertUnitRows, listUnitRows, type UnitRow } from "./property-queries.ts";
import { describeUnitActivity, requirePropertyRow, type Actor } from "./property-service.ts";

// Issue 27, step 2: the house in one table (decision 1101). The contract's schema has checked
// every row and the rows against each other; here come the rules that need the database: the
// units already stored, the plan's limits, tenancies already stored, readings already stored.
// One account transaction: the first wrong cell rolls everything back.

type CellErrors = Record<string, string>;
const toKey = (text: string) => text.toLocaleLowerCase("de-DE");

interface UnitGroup {
  name: string;
  firstIndex: number;
  stored: UnitRow | undefined;
}

function groupRowsByUnit(rows: HouseSetupRow[], stored: UnitRow[]): Map<string, UnitGroup> {
  const storedByName = new Map(stored.map((unit) => [toKey(unit.name), unit]));
  const groups = new Map<string, UnitGroup>();
  for (const [index, row] of rows.entries()) {
    const key = toKey(row.unitName);
    if (!groups.has(key))
      groups.set(key, { name: row.unitName, firstIndex: index, stored: storedByName.get(key) });
  }
  return groups;
}

/** A row naming a stored unit must agree with it: the grid adds to a unit, it does not edit one. */
function checkStoredUnits(
  rows: HouseSetupRow[],
  groups: Map<string, UnitGroup>,
  errors: CellErrors,
) {
  for (const group of groups.values()) {
    const unit = group.stored;
    if (!unit) continue;
    const row = rows[group.firstIndex]!;
    if (row.area !== null && compareDecimalText(row.area, unit.area) !== 0) {
      errors[`rows.${group.firstIndex}.area`] = HOUSE_SETUP_MESSAGES.existingUnitDiffers(
        "Fläche",
        formatAreaDe(unit.area),
      );
    }
    if (row.persons !== null && row.persons !== unit.persons) {
      errors[`rows.${group.firstIndex}.persons`] = HOUSE_SETUP_MESSAGES.existingUnitDiffers(
        "Personen",
        String(unit.persons),
      );
    }
  }
}

/**
 * Tenancies of the grid against the tenancies stored for the same unit (decision 0980). A row
 * naming a stored tenancy (same unit, tenant name and move-in) is that tenancy, not a new one:
 * a spreadsheet imported twice creates nothing twice (decision 1660). Returns those rows.
 */
async function checkStoredTenancies(
  trx: Db,
  userId: string,
  rows: HouseSetupRow[],
  groups: Map<string, UnitGroup>,
  errors: CellErrors,
): Promise<Set<number>> {
  const storedTenancyRows = new Set<number>();
  for (const [index, row] of rows.entries()) {
    const unit = groups.get(toKey(row.unitName))!.stored;
    if (!unit || row.tenantName === null || row.moveInDate === null) continue;
    await lockUnitRow(trx, userId, unit.id);
    const range = {
      unitId: unit.id,
      moveInDate: row.moveInDate,
      moveOutDate: row.moveOutDate,
      excludeTenantId: null,
    };
    let other = await findOverlappingTenancy(trx, userId, range);
    if (
      other &&
      toKey(other.name) === toKey(row.tenantName) &&
      other.moveInDate === row.moveInDate
    ) {
      storedTenancyRows.add(index);
      other = await findOverlappingTenancy(trx, userId, { ...range, excludeTenantId: other.id });
    }
    if (other) errors[`rows.${index}.moveInDate`] = buildTenancyOverlapMessage(other);
  }
  return storedTenancyRows;
}

function throwIfAny(errors: CellErrors) {
  if (Object.keys(errors).length > 0)
    throw new ValidationFailed(errors, describeHouseSetupErrors(errors));
}

interface PlannedReading {
  index: number;
  field: "startReading" | "endReading";
  meterId: string;
  date: string;
  value: string;
  /** The end reading on the period's last day is the period's reading (as bulk entry links it). */
  isPeriodEnd: boolean;
}

/**
 * Writes the readings in date order, each like bulk entry: a reading of the meter on the same
 * date is updated (decision 0983); the period's own reading is updated when one exists; a value
 * below the reading before it (or above the one after it) is refused at its cell.
 */
async function writeReadings(
  trx: Db,
  userId: string,
  billingPeriodId: string,
  planned: PlannedReading[],
  errors: CellErrors,
): Promise<number> {
  const seen = new Set<string>();
  let count = 0;
  for (const reading of [...planned].sort((a, b) => a.date.localeCompare(b.date))) {
    const key = `${reading.meterId}|${reading.date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const onDate = (await findReadingsOnDate(trx, userId, [reading.meterId], reading.date)).get(
      reading.meterId,
    );
    const ofPeriod = reading.isPeriodEnd
      ? (await findReadingsOfPeriod(trx, billingPeriodId, [reading.meterId])).get(reading.meterId)
      : undefined;
    const current = onDate ?? ofPeriod ?? null;
    const decrease = await findReadingDecrease(
      trx,
      reading.meterId,
      reading.value,
      reading.date,
      current?.id ?? null,
    );
    if (decrease) {
      errors[`rows.${reading.index}.${reading.field}`] = decrease.message;
      continue;
    }
    const billingPeriod = reading.isPeriodEnd ? billingPeriodId : null;
    if (current) {
      await updateReadingValue(trx, current.id, {
        readingValue: reading.value,
        readingDate: reading.date,
        note: null,
      });
      if (billingPeriod) await setReadingBillingPeriod(trx, current.id, billingPeriod);
    } else {
      await insertReading(trx, userId, {
        meterId: reading.meterId,
        billingPeriodId: billingPeriod,
        readingValue: reading.value,
        readingDate: reading.date,
        note: null,
      });
    }
    count += 1;
  }
  return count;
}

async function findOrCreatePeriod(
  trx: Db,
  actor: Actor,
  property: { id: string; name: string },
  start: string,
  end: string,
): Promise<string> {
  const existing = await findBillingPeriodByDates(trx, actor.userId, property.id, start, end);
  if (existing) return existing.id;
  const name = buildBillingPeriodName(start, end);
  const id = await insertBillingPeriod(trx, {
    userId: actor.userId,
    propertyId: property.id,
    name,
    billingPeriodStart: start,
    billingPeriodEnd: end,
  });
  await logActivity(trx, {
    userId: actor.userId,
    key: "billing_period.created",
    entityId: id,
    entityName: name,
    metadata: {
      propertyId: property.id,
      propertyName: property.name,
      billingPeriodStart: start,
      billingPeriodEnd: end,
      source: "house_grid",
    },
    userAgent: actor.userAgent,
  });
  return id;
}

/** POST /api/properties/:id/house-setup: units, tenants, prepayments, meters and readings at once. */
export async function saveHouseSetup(
  db: Db,
  actor: Actor,
  propertyId: string,
  body: HouseSetupValues,
): Promise<HouseSetupResponse> {
  const { userId } = actor;
  const today = getTodayInGermany();
  return inAccountTransaction(db, userId, async (trx) => {
    const property = await requirePropertyRow(trx, userId, propertyId);
    const storedUnits = await listUnitRows(trx, userId, [property.id]);
    const groups = groupRowsByUnit(body.rows, storedUnits);
    const errors: CellErrors = {};
    checkStoredUnits(body.rows, groups, errors);
    const storedTenancyRows = await checkStoredTenancies(trx, userId, body.rows, groups, errors);
    throwIfAny(errors);

    // The plan's limits for everything at once (the trial's 3 units refuse a 6-unit grid whole).
    const newGroups = [...groups.values()].filter((group) => !group.stored);
    if (newGroups.length > 0) await assertCanCreate(trx, userId, "units", newGroups.length);
    const activeTenants = body.rows.filter(
      (row, index) =>
        !storedTenancyRows.has(index) &&
        row.tenantName !== null &&
        isTenancyCurrentOrFuture(row.moveOutDate, today),
    ).length;
    if (activeTenants > 0) await assertCanCreate(trx, userId, "tenants", activeTenants);

    const unitIds = new Map<string, { id: string; persons: number }>();
    for (const group of groups.values())
      if (group.stored)
        unitIds.set(toKey(group.name), { id: group.stored.id, persons: group.stored.persons });
    // A table naming only stored units (a spreadsheet imported again) inserts none: no empty INSERT.
    const inserted =
      newGroups.length === 0
        ? []
        : await insertUnitRows(
            trx,
            userId,
            property.id,
            newGroups.map((group) => {
              const first = body.rows[group.firstIndex]!;
              return {
                name: group.name,
                area: first.area!,
                persons: first.persons!,
                hasDecentralizedHotWater: false,
              };
            }),
          );
    for (const unit of inserted) {
      unitIds.set(toKey(unit.name), { id: unit.id, persons: unit.persons });
      await logActivity(trx, {
        userId,
        key: "unit.created",
        entityId: unit.id,
        entityName: unit.name,
        description: describeUnitActivity("unit.created", unit.name, property.name),
        metadata: {
          propertyId: property.id,
          propertyName: property.name,
          area: unit.area,
          persons: unit.persons,
          source: "house_grid",
        },
        userAgent: actor.userAgent,
      });
    }

    let tenantCount = 0;
    for (const [index, row] of body.rows.entries()) {
      if (row.tenantName === null || row.moveInDate === null || storedTenancyRows.has(index))
        continue;
      const unit = unitIds.get(toKey(row.unitName))!;
      const isActive = isTenancyCurrentOrFuture(row.moveOutDate, today);
      const id = await insertTenantRow(trx, userId, {
        name: row.tenantName,
        unitId: unit.id,
        moveInDate: row.moveInDate,
        moveOutDate: row.moveOutDate,
        isActive,
        address: null,
        postalCode: null,
        city: null,
        phone: null,
        email: null,
        contractStartDate: null,
        contractEndDate: null,
        birthDate: null,
        idDocumentNumber: null,
        notes: null,
      });
      await createInitialOccupancy(trx, id, row.persons ?? unit.persons, row.moveInDate);
      if (row.monthlyPrepayment !== null) {
        await insertPrepayment(trx, {
          tenantId: id,
          monthlyAmount: row.monthlyPrepayment,
          validFrom: row.moveInDate,
          validUntil: row.moveOutDate,
        });
      }
      await logActivity(trx, {
        userId,
        key: "tenant.created",
        entityId: id,
        entityName: row.tenantName,
        metadata: {
          unitId: unit.id,
          unitName: row.unitName,
          propertyId: property.id,
          moveInDate: row.moveInDate,
          isActive,
          source: "house_grid",
        },
        userAgent: actor.userAgent,
      });
      tenantCount += 1;
    }

    // One meter per unit and number: a number named again (a tenant change) is the same meter.
    const storedMeters = await listMetersOfUnits(
      trx,
      userId,
      [...unitIds.values()].map((unit) => unit.id),
    );
    const meterIds = new Map(
      storedMeters.map((meter) => [`${meter.unitId}|${toKey(meter.meterNumber)}`, meter.id]),
    );
    let meterCount = 0;
    const meterOfRow = new Map<number, string>();
    for (const [index, row] of body.rows.entries()) {
      if (row.meterType === null || row.meterNumber === null) continue;
      const unitId = unitIds.get(toKey(row.unitName))!.id;
      const key = `${unitId}|${toKey(row.meterNumber)}`;
      let meterId = meterIds.get(key);
      if (!meterId) {
        meterId = await insertMeter(trx, userId, {
          meterNumber: row.meterNumber,
          meterType: row.meterType,
          unitId,
          propertyId: null,
          location: null,
          displayName: null,
          isRemoteReadable: false,
          installedOn: null,
        });
        meterIds.set(key, meterId);
        meterCount += 1;
        await logActivity(trx, {
          userId,
          key: "meter.created",
          entityId: meterId,
          entityName: row.meterNumber,
          metadata: { meterType: row.meterType, unitId, propertyId: null, source: "house_grid" },
          userAgent: actor.userAgent,
        });
      }
      meterOfRow.set(index, meterId);
    }

    let readingCount = 0;
    let billingPeriodId: string | null = null;
    if (body.billingPeriodStart !== null && body.billingPeriodEnd !== null) {
      const [start, end] = [body.billingPeriodStart, body.billingPeriodEnd];
      billingPeriodId = await findOrCreatePeriod(trx, actor, property, start, end);
      const planned: PlannedReading[] = [];
      for (const [index, row] of body.rows.entries()) {
        const meterId = meterOfRow.get(index);
        const dates = getRowReadingDates(row, start, end);
        if (!meterId || !dates) continue;
        if (row.startReading !== null)
          planned.push({
            index,
            field: "startReading",
            meterId,
            date: dates.start,
            value: row.startReading,
            isPeriodEnd: false,
          });
        if (row.endReading !== null)
          planned.push({
            index,
            field: "endReading",
            meterId,
            date: dates.end,
            value: row.endReading,
            isPeriodEnd: dates.end === end,
          });
      }
      readingCount = await writeReadings(trx, userId, billingPeriodId, planned, errors);
      throwIfAny(errors);
      if (readingCount > 0) {
        await logActivity(trx, {
          userId,
          key: "meter_reading.imported",
          entityId: billingPeriodId,
          entityName: buildBillingPeriodName(start, end),
          metadata: {
            billingPeriodId: billingPeriodId,
            savedCount: readingCount,
            source: "house_grid",
          },
          userAgent: actor.userAgent,
        });
      }
    }

    return {
      message: HOUSE_SETUP_MESSAGES.saved(body.rows.length),
      unitCount: inserted.length,
      tenantCount,
      meterCount,
      readingCount,
      billingPeriodId,
    };
  });
}
