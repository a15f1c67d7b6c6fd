import {
  sortUnitsByFloor,
  UNIT_MESSAGES,
  type Unit,
  type UnitUpdateValues,
  type UnitValues,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound } from "../../domain/domain-errors.ts";
import { isResourceId } from "../../domain/resource-id.ts";
import { assertCanCreate } from "../account/subscription-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  collectChanges,
  describeUnitActivity,
  requirePropertyRow,
  type Actor,
} from "./property-service.ts";
import {
  deleteUnitRow,
  findUnitRow,
  hasActiveTenant,
  insertUnitRows,
  listUnitRows,
  updateUnitRow,
} from "./property-queries.ts";
import { toUnit } from "./property-responses.ts";
import { detachDraftStatements, hasFinalStatement } from "../statements/statement-link-queries.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";

/** The unit of the account, or 404 'Wohneinheit nicht gefunden' (also for another account's id). */
async function requireUnitRow(db: Db, userId: string, unitId: string) {
  const row = isResourceId(unitId) ? await findUnitRow(db, userId, unitId) : undefined;
  if (!row) throw new NotFound(UNIT_MESSAGES.notFound);
  return row;
}

async function getUnit(db: Db, userId: string, unitId: string): Promise<Unit> {
  return toUnit(await requireUnitRow(db, userId, unitId));
}

/** GET /api/properties/:id/units, in the building's order ("EG" before "1. OG"). */
export async function listUnits(db: Db, userId: string, propertyId: string): Promise<Unit[]> {
  const property = await requirePropertyRow(db, userId, propertyId);
  return sortUnitsByFloor(await listUnitRows(db, userId, [property.id])).map(toUnit);
}

/** POST /api/properties/:id/units: within the plan's unit limit. */
export async function createUnit(
  db: Db,
  actor: Actor,
  propertyId: string,
  values: UnitValues,
): Promise<Unit> {
  // Answered from inside the transaction: a delete that runs right after it cannot empty the answer.
  return inAccountTransaction(db, actor.userId, async (trx) => {
    const property = await requirePropertyRow(trx, actor.userId, propertyId);
    await assertCanCreate(trx, actor.userId, "units");
    const [unit] = await insertUnitRows(trx, actor.userId, property.id, [values]);
    if (!unit) throw new Error("unit insert returned no row");
    await logActivity(trx, {
      userId: actor.userId,
      key: "unit.created",
      entityId: unit.id,
      entityName: unit.name,
      description: describeUnitActivity("unit.created", unit.name, property.name),
      metadata: {
        propertyId: property.id,
        propertyName: property.name,
        area: unit.area,
        persons: unit.persons,
        source: "form",
      },
      userAgent: actor.userAgent,
    });
    return getUnit(trx, actor.userId, unit.id);
  });
}

/** PATCH /api/units/:id: name, area, persons (and the hot-water flag when given). */
export async function updateUnit(
  db: Db,
  actor: Actor,
  unitId: string,
  values: UnitUpdateValues,
): Promise<Unit> {
  await inAccountTransaction(db, actor.userId, async (trx) => {
    const current = await requireUnitRow(trx, actor.userId, unitId);
    await updateUnitRow(trx, actor.userId, unitId, values);
    // Compare the stored decimal ("62.50") with what numeric(10,2) makes of the input ("62.5").
    const after = await requireUnitRow(trx, actor.userId, unitId);
    const changes = collectChanges(current, {
      name: after.name,
      area: after.area,
      persons: after.persons,
      hasDecentralizedHotWater: after.hasDecentralizedHotWater,
    });
    await logActivity(trx, {
      userId: actor.userId,
      key: "unit.updated",
      entityId: unitId,
      entityName: after.name,
      description: describeUnitActivity("unit.updated", after.name, current.propertyName),
      metadata: {
        propertyId: current.propertyId,
        propertyName: current.propertyName,
        changedFields: Object.keys(changes),
        changes,
      },
      userAgent: actor.userAgent,
    });
  });
  return getUnit(db, actor.userId, unitId);
}

/**
 * DELETE /api/units/:id: blocked while the unit has an active tenant (409, docs/rules/master-data.md#messages) or a
 * finalized statement names it or one of its tenants (decision 1021). Former tenants go with it;
 * drafts that name them forget the link.
 */
export async function deleteUnit(db: Db, actor: Actor, unitId: string): Promise<void> {
  await inAccountTransaction(db, actor.userId, async (trx) => {
    const current = await requireUnitRow(trx, actor.userId, unitId);
    if (await hasActiveTenant(trx, actor.userId, unitId))
      throw new Conflict(UNIT_MESSAGES.deleteBlockedByActiveTenants);
    if (await hasFinalStatement(trx, actor.userId, { unitId }))
      throw new Conflict(UNIT_MESSAGES.deleteBlockedByFinalStatements, {
        code: "UNIT_HAS_FINAL_STATEMENTS",
      });
    await detachDraftStatements(trx, actor.userId, { unitId });
    const formerTenantCount = await deleteUnitRow(trx, actor.userId, unitId);
    await logActivity(trx, {
      userId: actor.userId,
      key: "unit.deleted",
      entityId: unitId,
      entityName: current.name,
      description: describeUnitActivity("unit.deleted", current.name, current.propertyName),
      metadata: {
        propertyId: current.propertyId,
        propertyName: current.propertyName,
        area: current.area,
        persons: current.persons,
        formerTenantCount,
      },
      userAgent: actor.userAgent,
    });
  });
}
