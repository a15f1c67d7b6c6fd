import { addDays } from "@nk/engine";
import {
  OCCUPANCY_MESSAGES,
  TENANT_MESSAGES,
  type OccupancyChange,
  type OccupancyPeriod,
  type OccupancyUpdate,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  deleteOccupancyPeriod,
  findOccupancyPeriodOfAccount,
  insertOccupancyPeriod,
  listOccupancyPeriods,
  updateOccupancyPeriod,
} from "./occupancy-queries.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { findTenantRow, lockTenantRow } from "./tenant-queries.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";

// Occupants over time (tenant_attributes). The periods of a tenant never overlap and run from
// the move-in date on: the persons key weights by person-days (docs/rules/tenancies-and-keys.md#who-bears-what), so the statement
// needs to know how many people lived in the unit on each day.

export async function listTenantOccupancy(
  db: Db,
  userId: string,
  tenantId: string,
): Promise<OccupancyPeriod[]> {
  requireResourceId(tenantId, TENANT_MESSAGES.tenantNotFound);
  const tenant = await findTenantRow(db, userId, tenantId);
  if (!tenant) throw new NotFound(TENANT_MESSAGES.tenantNotFound);
  return listOccupancyPeriods(db, tenantId);
}

/** A new tenant's first period: its persons from the move-in date on, open end. */
export async function createInitialOccupancy(
  trx: Db,
  tenantId: string,
  persons: number,
  moveInDate: string,
): Promise<void> {
  await insertOccupancyPeriod(trx, { tenantId, persons, validFrom: moveInDate, validUntil: null });
}

/**
 * Records that from `validFrom` on `persons` people live in the unit. The period the date falls
 * into ends the day before; the new one runs to that period's old end (or up to the next
 * period). A change on a period's first day only corrects its persons.
 */
export async function recordOccupancyChange(
  db: Db,
  userId: string,
  tenantId: string,
  body: OccupancyChange,
): Promise<OccupancyPeriod[]> {
  requireResourceId(tenantId, TENANT_MESSAGES.tenantNotFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const tenant = await lockTenantRow(trx, userId, tenantId);
    if (!tenant) throw new NotFound(TENANT_MESSAGES.tenantNotFound);
    const date = body.validFrom;
    if (date < tenant.moveInDate)
      throw new ValidationFailed({ validFrom: OCCUPANCY_MESSAGES.beforeMoveIn });
    if (tenant.moveOutDate !== null && date > tenant.moveOutDate)
      throw new ValidationFailed({ validFrom: OCCUPANCY_MESSAGES.afterMoveOut });

    const periods = await listOccupancyPeriods(trx, tenantId);
    const covering = periods.find(
      (p) => p.validFrom <= date && (p.validUntil === null || date <= p.validUntil),
    );
    if (covering && covering.validFrom === date) {
      await updateOccupancyPeriod(trx, covering.id, { persons: body.persons });
    } else if (covering) {
      await updateOccupancyPeriod(trx, covering.id, { validUntil: addDays(date, -1) });
      await insertOccupancyPeriod(trx, {
        tenantId,
        persons: body.persons,
        validFrom: date,
        validUntil: covering.validUntil,
      });
    } else {
      const next = periods.find((p) => p.validFrom > date);
      await insertOccupancyPeriod(trx, {
        tenantId,
        persons: body.persons,
        validFrom: date,
        validUntil: next ? addDays(next.validFrom, -1) : null,
      });
    }
    await logActivity(trx, {
      userId,
      key: "tenant.occupancy_changed",
      entityId: tenantId,
      entityName: tenant.name,
      metadata: { persons: body.persons, validFrom: date },
    });
    return listOccupancyPeriods(trx, tenantId);
  });
}

/** Corrects the persons of one period. */
export async function updateOccupancyPersons(
  db: Db,
  userId: string,
  periodId: string,
  body: OccupancyUpdate,
): Promise<OccupancyPeriod[]> {
  requireResourceId(periodId, OCCUPANCY_MESSAGES.notFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const period = await findOccupancyPeriodOfAccount(trx, userId, periodId);
    if (!period) throw new NotFound(OCCUPANCY_MESSAGES.notFound);
    await lockTenantRow(trx, userId, period.tenantId);
    await updateOccupancyPeriod(trx, periodId, { persons: body.persons });
    await logActivity(trx, {
      userId,
      key: "tenant.occupancy_changed",
      entityId: period.tenantId,
      entityName: period.tenantName,
      metadata: {
        persons: body.persons,
        previousPersons: period.persons,
        validFrom: period.validFrom,
      },
    });
    return listOccupancyPeriods(trx, period.tenantId);
  });
}

/**
 * Removes a period; its days go to the period before it (or, for the first one, to the period
 * after it), so the tenancy stays covered. The only period cannot be removed.
 */
export async function removeOccupancyPeriod(
  db: Db,
  userId: string,
  periodId: string,
): Promise<OccupancyPeriod[]> {
  requireResourceId(periodId, OCCUPANCY_MESSAGES.notFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const period = await findOccupancyPeriodOfAccount(trx, userId, periodId);
    if (!period) throw new NotFound(OCCUPANCY_MESSAGES.notFound);
    await lockTenantRow(trx, userId, period.tenantId);
    const periods = await listOccupancyPeriods(trx, period.tenantId);
    if (periods.length <= 1) throw new Conflict(OCCUPANCY_MESSAGES.lastPeriod);
    const index = periods.findIndex((p) => p.id === periodId);
    const previous = index > 0 ? periods[index - 1] : undefined;
    const next = periods[index + 1];
    await deleteOccupancyPeriod(trx, periodId);
    if (previous) await updateOccupancyPeriod(trx, previous.id, { validUntil: period.validUntil });
    else if (next) await updateOccupancyPeriod(trx, next.id, { validFrom: period.validFrom });
    await logActivity(trx, {
      userId,
      key: "tenant.occupancy_changed",
      entityId: period.tenantId,
      entityName: period.tenantName,
      metadata: {
        removedPeriod: {
          persons: period.persons,
          validFrom: period.validFrom,
          validUntil: period.validUntil,
        },
      },
    });
    return listOccupancyPeriods(trx, period.tenantId);
  });
}

/**
 * A changed move-in date moves the start of the first period with it, so the periods keep
 * starting at the move-in. A move-in after the end of the first period (a later change) is refused.
 */
export async function alignOccupancyToMoveIn(
  trx: Db,
  tenantId: string,
  moveInDate: string,
): Promise<void> {
  const [first] = await listOccupancyPeriods(trx, tenantId);
  if (!first) return;
  if (first.validUntil !== null && moveInDate > first.validUntil) {
    throw new ValidationFailed({ moveInDate: OCCUPANCY_MESSAGES.moveInAfterLaterChange });
  }
  await updateOccupancyPeriod(trx, first.id, { validFrom: moveInDate });
}
