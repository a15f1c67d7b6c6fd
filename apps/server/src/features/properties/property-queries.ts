import { sql } from "kysely";
import { getTodayInGermany } from "@nk/contract";
import type { Db } from "../../db/database.ts";

// The SQL of the properties area. Every query is scoped to the owning account (user_id), so an
// id of another account finds nothing.

const PROPERTY_COLUMNS = [
  "properties.id",
  "properties.name",
  "properties.street",
  "properties.houseNumber",
  "properties.addressAddition",
  "properties.postalCode",
  "properties.city",
  "properties.state",
  "properties.country",
  "properties.address",
  "properties.propertyType",
  "properties.efficiencyClass",
  "properties.efficiencyDeterminedDate",
  "properties.efficiencyDeterminationMethod",
  "properties.heatingFuel",
  "properties.createdAt",
  "properties.updatedAt",
] as const;

const UNIT_COLUMNS = [
  "units.id",
  "units.propertyId",
  "units.name",
  "units.area",
  "units.persons",
  "units.hasDecentralizedHotWater",
  "units.createdAt",
  "units.updatedAt",
] as const;

// Raw SQL below is not case-converted: it names the snake_case columns itself.
const unitCount = sql<number>`(select count(*) from units u where u.property_id = properties.id)::int`;
const totalArea = sql<string>`(select coalesce(sum(u.area), 0)::numeric(12, 2)::text from units u where u.property_id = properties.id)`;
// A tenant counts as active while the tenancy is current or still to come (no move-out date, or
// one after today in Germany): the same rule as the tenant's status and the plan usage (issue 23,
// decision 0952), so a future move-out never shows the unit empty.
const activeTenantCount = () =>
  sql<number>`(select count(*) from tenants t where t.unit_id = units.id and (t.move_out_date is null or t.move_out_date > ${getTodayInGermany()}::date))::int`;

function selectProperties(db: Db, userId: string) {
  return db
    .selectFrom("properties")
    .select(PROPERTY_COLUMNS)
    .select([unitCount.as("unitCount"), totalArea.as("totalArea")])
    .where("properties.userId", "=", userId);
}

export type PropertyRow = Awaited<ReturnType<typeof findPropertyRow>> & {};

/** Newest first (docs/rules/master-data.md#queries: properties by user, newest first). */
export function listPropertyRows(db: Db, userId: string) {
  return selectProperties(db, userId)
    .orderBy("properties.createdAt", "desc")
    .orderBy("properties.id", "desc")
    .execute();
}

export function findPropertyRow(db: Db, userId: string, propertyId: string) {
  return selectProperties(db, userId).where("properties.id", "=", propertyId).executeTakeFirst();
}

export type UnitRow = Awaited<ReturnType<typeof listUnitRows>>[number];

/** The units of the given properties with their active tenants, by name. */
export function listUnitRows(db: Db, userId: string, propertyIds: readonly string[]) {
  if (propertyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("units")
    .select(UNIT_COLUMNS)
    .select(activeTenantCount().as("activeTenantCount"))
    .where("units.userId", "=", userId)
    .where("units.propertyId", "in", propertyIds)
    .orderBy("units.name")
    .orderBy("units.createdAt")
    .orderBy("units.id")
    .execute();
}

/** Every unit of the account with its active tenants, by name: the properties list's units. */
export function listUnitRowsOfAccount(db: Db, userId: string) {
  return db
    .selectFrom("units")
    .select(UNIT_COLUMNS)
    .select(activeTenantCount().as("activeTenantCount"))
    .where("units.userId", "=", userId)
    .orderBy("units.name")
    .orderBy("units.createdAt")
    .orderBy("units.id")
    .execute();
}

export function findUnitRow(db: Db, userId: string, unitId: string) {
  return db
    .selectFrom("units")
    .innerJoin("properties", "properties.id", "units.propertyId")
    .select(UNIT_COLUMNS)
    .select([activeTenantCount().as("activeTenantCount"), "properties.name as propertyName"])
    .where("units.userId", "=", userId)
    .where("units.id", "=", unitId)
    .executeTakeFirst();
}

export interface PropertyColumnValues {
  name: string;
  street: string;
  houseNumber: string;
  addressAddition: string | null;
  postalCode: string;
  city: string;
  state: string | null;
  country: string;
  address: string;
}

export async function insertPropertyRow(
  db: Db,
  userId: string,
  values: PropertyColumnValues & {
    propertyType: string;
    efficiencyClass?: string | null;
    efficiencyDeterminedDate?: string | null;
    heatingFuel?: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto("properties")
    .values({
      userId,
      ...values,
      efficiencyClass: values.efficiencyClass ?? null,
      efficiencyDeterminedDate: values.efficiencyDeterminedDate ?? null,
      efficiencyDeterminationMethod: null,
      heatingFuel: values.heatingFuel ?? null,
      updatedAt: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePropertyRow(
  db: Db,
  userId: string,
  propertyId: string,
  values: PropertyColumnValues & {
    efficiencyClass: string | null;
    efficiencyDeterminedDate: string | null;
    efficiencyDeterminationMethod: string | null;
    heatingFuel: string | null;
  },
): Promise<void> {
  await db
    .updateTable("properties")
    .set({ ...values, updatedAt: new Date() })
    .where("userId", "=", userId)
    .where("id", "=", propertyId)
    .execute();
}

/** docs/rules/master-data.md#validation 'Deleting': any statement of the property blocks its deletion (a saved run without letters too). */
export async function hasStatements(db: Db, userId: string, propertyId: string): Promise<boolean> {
  const row = await db
    .selectFrom("tenancyStatements")
    .select("id")
    .where("userId", "=", userId)
    .where("propertyId", "=", propertyId)
    .union(
      db
        .selectFrom("statementRuns")
        .select("id")
        .where("userId", "=", userId)
        .where("propertyId", "=", propertyId),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An active tenant in any unit of the property (it blocks deleting the property, as it blocks the unit). */
export async function hasActiveTenantInProperty(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("tenants")
    .innerJoin("units", "units.id", "tenants.unitId")
    .select("tenants.id")
    .where("tenants.userId", "=", userId)
    .where("units.propertyId", "=", propertyId)
    .where("tenants.isActive", "=", true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The former tenants of its units, the units, then the property (docs/rules/master-data.md#queries); meters and billing
 * periods follow by cascade. Tenants and units are deleted here, not by cascade (migration 1150):
 * the database refuses a unit or property that still has tenants nobody checked.
 */
export async function deletePropertyRows(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<void> {
  await db
    .deleteFrom("tenants")
    .where("userId", "=", userId)
    .where("unitId", "in", (eb) =>
      eb.selectFrom("units").select("units.id").where("units.propertyId", "=", propertyId),
    )
    .execute();
  await db
    .deleteFrom("units")
    .where("userId", "=", userId)
    .where("propertyId", "=", propertyId)
    .execute();
  await db
    .deleteFrom("properties")
    .where("userId", "=", userId)
    .where("id", "=", propertyId)
    .execute();
}

export interface UnitColumnValues {
  name: string;
  area: string;
  persons: number;
  hasDecentralizedHotWater: boolean;
}

export async function insertUnitRows(
  db: Db,
  userId: string,
  propertyId: string,
  units: readonly UnitColumnValues[],
) {
  const now = new Date();
  return db
    .insertInto("units")
    .values(units.map((unit) => ({ userId, propertyId, ...unit, updatedAt: now })))
    .returning(["id", "name", "area", "persons"])
    .execute();
}

export async function updateUnitRow(
  db: Db,
  userId: string,
  unitId: string,
  values: Partial<UnitColumnValues>,
): Promise<void> {
  await db
    .updateTable("units")
    .set({ ...values, updatedAt: new Date() })
    .where("userId", "=", userId)
    .where("id", "=", unitId)
    .execute();
}

/** docs/rules/master-data.md#validation 'Deleting': an active tenant blocks the unit's deletion. */
export async function hasActiveTenant(db: Db, userId: string, unitId: string): Promise<boolean> {
  const row = await db
    .selectFrom("tenants")
    .select("id")
    .where("userId", "=", userId)
    .where("unitId", "=", unitId)
    .where("isActive", "=", true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The unit with its former tenants (their prepayments and occupancy periods follow by cascade); how many tenants went. */
export async function deleteUnitRow(db: Db, userId: string, unitId: string): Promise<number> {
  const tenants = await db
    .deleteFrom("tenants")
    .where("userId", "=", userId)
    .where("unitId", "=", unitId)
    .executeTakeFirst();
  await db.deleteFrom("units").where("userId", "=", userId).where("id", "=", unitId).execute();
  return Number(tenants.numDeletedRows);
}
