import {
  ACTIVITY_TEXTS,
  getTodayInGermany,
  joinAddress,
  PROPERTY_MESSAGES,
  type ActivityKey,
  type OnboardingValues,
  type PropertyCreateValues,
  type PropertyUpdateValues,
  type PropertyWithUnits,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound } from "../../domain/domain-errors.ts";
import { isResourceId } from "../../domain/resource-id.ts";
import { assertCanCreate } from "../account/subscription-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  deletePropertyRows,
  findPropertyRow,
  hasActiveTenantInProperty,
  hasStatements,
  insertPropertyRow,
  insertUnitRows,
  listPropertyRows,
  listUnitRows,
  listUnitRowsOfAccount,
  updatePropertyRow,
  type PropertyRow,
  type UnitRow,
  type PropertyColumnValues,
} from "./property-queries.ts";
import { toPropertyWithUnits } from "./property-responses.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";

/** Who makes a change: the account, and the browser for the activity entry. */
export interface Actor {
  userId: string;
  userAgent: string | null;
}

/** An activity description naming the unit and its property: 'Wohneinheit erstellt: EG links (Haus A)'. */
export function describeUnitActivity(
  key: ActivityKey,
  unitName: string,
  propertyName: string,
): string {
  return `${ACTIVITY_TEXTS[key]}: ${unitName} (${propertyName})`;
}

/** The property of the account, or 404 'Immobilie nicht gefunden' (also for another account's id). */
export async function requirePropertyRow(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<PropertyRow> {
  const row = isResourceId(propertyId) ? await findPropertyRow(db, userId, propertyId) : undefined;
  if (!row) throw new NotFound(PROPERTY_MESSAGES.notFound);
  return row;
}

export async function listProperties(db: Db, userId: string): Promise<PropertyWithUnits[]> {
  // Both at once (issue 32): every unit of the account belongs to one of its properties, so the
  // units need not wait for the properties' ids.
  const [rows, units] = await Promise.all([
    listPropertyRows(db, userId),
    listUnitRowsOfAccount(db, userId),
  ]);
  const unitsByProperty = new Map<string, UnitRow[]>();
  for (const unit of units) {
    const list = unitsByProperty.get(unit.propertyId);
    if (list) list.push(unit);
    else unitsByProperty.set(unit.propertyId, [unit]);
  }
  return rows.map((row) => toPropertyWithUnits(row, unitsByProperty.get(row.id) ?? []));
}

export async function getProperty(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<PropertyWithUnits> {
  const row = await requirePropertyRow(db, userId, propertyId);
  return toPropertyWithUnits(row, await listUnitRows(db, userId, [row.id]));
}

function toPropertyValues(
  values: Omit<PropertyCreateValues, "propertyType" | "efficiencyClass" | "heatingFuel">,
): PropertyColumnValues {
  return {
    name: values.name,
    street: values.street,
    houseNumber: values.houseNumber,
    addressAddition: values.addressAddition,
    postalCode: values.postalCode,
    city: values.city,
    state: values.state,
    country: values.country,
    address: joinAddress(values),
  };
}

/** A class chosen at creation is dated today, as the edit page dates a newly chosen class. */
function toEfficiencyValues(efficiencyClass: string | null | undefined) {
  return efficiencyClass ? { efficiencyClass, efficiencyDeterminedDate: getTodayInGermany() } : {};
}

/** POST /api/properties: within the plan's property limit. */
export async function createProperty(
  db: Db,
  actor: Actor,
  values: PropertyCreateValues,
): Promise<PropertyWithUnits> {
  const propertyId = await inAccountTransaction(db, actor.userId, async (trx) => {
    await assertCanCreate(trx, actor.userId, "properties");
    const stored = toPropertyValues(values);
    const id = await insertPropertyRow(trx, actor.userId, {
      ...stored,
      propertyType: values.propertyType,
      ...toEfficiencyValues(values.efficiencyClass),
      heatingFuel: values.heatingFuel,
    });
    await logActivity(trx, {
      userId: actor.userId,
      key: "property.created",
      entityId: id,
      entityName: values.name,
      metadata: { address: stored.address, propertyType: values.propertyType, source: "form" },
      userAgent: actor.userAgent,
    });
    return id;
  });
  return getProperty(db, actor.userId, propertyId);
}

/**
 * POST /api/onboarding: the wizard's property with all its units in one transaction, all or
 * nothing. The property limit and the unit limit (for all units at once) are checked first.
 */
export async function createPropertyWithUnits(
  db: Db,
  actor: Actor,
  body: OnboardingValues,
): Promise<PropertyWithUnits> {
  const { property, units } = body;
  const propertyId = await inAccountTransaction(db, actor.userId, async (trx) => {
    await assertCanCreate(trx, actor.userId, "properties");
    await assertCanCreate(trx, actor.userId, "units", units.length);
    const stored = toPropertyValues(property);
    const id = await insertPropertyRow(trx, actor.userId, {
      ...stored,
      propertyType: property.propertyType,
      ...toEfficiencyValues(property.efficiencyClass),
      heatingFuel: property.heatingFuel,
    });
    const inserted = await insertUnitRows(trx, actor.userId, id, units);
    for (const unit of inserted) {
      await logActivity(trx, {
        userId: actor.userId,
        key: "unit.created",
        entityId: unit.id,
        entityName: unit.name,
        description: describeUnitActivity("unit.created", unit.name, property.name),
        metadata: {
          propertyId: id,
          propertyName: property.name,
          area: unit.area,
          persons: unit.persons,
          source: "onboarding",
        },
        userAgent: actor.userAgent,
      });
    }
    // Logged last, so the overview lists the property above its units.
    await logActivity(trx, {
      userId: actor.userId,
      key: "property.created",
      entityId: id,
      entityName: property.name,
      metadata: {
        address: stored.address,
        propertyType: property.propertyType,
        source: "onboarding",
        unitCount: inserted.length,
      },
      userAgent: actor.userAgent,
    });
    return id;
  });
  return getProperty(db, actor.userId, propertyId);
}

type Change = { from: unknown; to: unknown };

/** Field -> { from, to } for the fields whose value differs. */
export function collectChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (to !== undefined && from !== to) changes[field] = { from, to };
  }
  return changes;
}

/**
 * PATCH /api/properties/:id (edit page). docs/rules/master-data.md#states 'Efficiency class': choosing a class sets the
 * determination date to today (unless one is given); clearing the class empties date and method.
 */
export async function updateProperty(
  db: Db,
  actor: Actor,
  propertyId: string,
  values: PropertyUpdateValues,
): Promise<PropertyWithUnits> {
  await inAccountTransaction(db, actor.userId, async (trx) => {
    const current = await requirePropertyRow(trx, actor.userId, propertyId);
    const efficiencyClass =
      values.efficiencyClass === undefined ? current.efficiencyClass : values.efficiencyClass;
    const isClassChosen = efficiencyClass !== null && efficiencyClass !== current.efficiencyClass;
    let efficiencyDeterminedDate =
      values.efficiencyDeterminedDate === undefined
        ? current.efficiencyDeterminedDate
        : values.efficiencyDeterminedDate;
    if (isClassChosen && values.efficiencyDeterminedDate === undefined)
      efficiencyDeterminedDate = getTodayInGermany();
    let efficiencyDeterminationMethod =
      values.efficiencyDeterminationMethod === undefined
        ? current.efficiencyDeterminationMethod
        : values.efficiencyDeterminationMethod;
    if (efficiencyClass === null) {
      efficiencyDeterminedDate = null;
      efficiencyDeterminationMethod = null;
    }
    const heatingFuel = values.heatingFuel === undefined ? current.heatingFuel : values.heatingFuel;
    const next = {
      ...toPropertyValues(values),
      efficiencyClass,
      efficiencyDeterminedDate,
      efficiencyDeterminationMethod,
      heatingFuel,
    };
    await updatePropertyRow(trx, actor.userId, propertyId, next);
    const changes = collectChanges(current, next);
    await logActivity(trx, {
      userId: actor.userId,
      key: "property.updated",
      entityId: propertyId,
      entityName: next.name,
      metadata: { changedFields: Object.keys(changes), changes },
      userAgent: actor.userAgent,
    });
  });
  return getProperty(db, actor.userId, propertyId);
}

/**
 * DELETE /api/properties/:id. Blocked while any statement exists (409, docs/rules/master-data.md#messages) and, like a
 * unit, while a unit has an active tenant (issue 26); otherwise the former tenants and the units
 * go first, then the property, in one transaction; meters and billing periods follow by cascade.
 * Each deleted unit gets its own activity entry, the property the last one.
 */
export async function deleteProperty(db: Db, actor: Actor, propertyId: string): Promise<void> {
  await inAccountTransaction(db, actor.userId, async (trx) => {
    const current = await requirePropertyRow(trx, actor.userId, propertyId);
    if (await hasStatements(trx, actor.userId, propertyId))
      throw new Conflict(PROPERTY_MESSAGES.deleteBlockedByStatements);
    if (await hasActiveTenantInProperty(trx, actor.userId, propertyId))
      throw new Conflict(PROPERTY_MESSAGES.deleteBlockedByActiveTenants);
    const units = await listUnitRows(trx, actor.userId, [propertyId]);
    await deletePropertyRows(trx, actor.userId, propertyId);
    for (const unit of units) {
      await logActivity(trx, {
        userId: actor.userId,
        key: "unit.deleted",
        entityId: unit.id,
        entityName: unit.name,
        description: describeUnitActivity("unit.deleted", unit.name, current.name),
        metadata: {
          propertyId,
          propertyName: current.name,
          area: unit.area,
          persons: unit.persons,
          reason: "property_deleted",
        },
        userAgent: actor.userAgent,
      });
    }
    await logActivity(trx, {
      userId: actor.userId,
      key: "property.deleted",
      entityId: propertyId,
      entityName: current.name,
      metadata: {
        address: current.address,
        propertyType: current.propertyType,
        unitCount: units.length,
        activeTenantCount: units.reduce((sum, unit) => sum + Number(unit.activeTenantCount), 0),
      },
      userAgent: actor.userAgent,
    });
  });
}
