import { sql } from "kysely";
import type { Tenant } from "@nk/contract";
import { PREPAYMENT_OPEN_END } from "@nk/contract";
import type { Db } from "../../db/database.ts";

// SQL of the tenants area. Every query is scoped to the account (tenants.user_id).

/** The columns the tenant form edits (all but the unit are optional and stored as null). */
export interface TenantValues {
  name: string;
  unitId: string;
  moveInDate: string;
  moveOutDate: string | null;
  isActive: boolean;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  contractStartDate: string | null;
  contractEndDate: string | null;
  birthDate: string | null;
  idDocumentNumber: string | null;
  notes: string | null;
}

function selectTenantsWithUnit(db: Db, userId: string, today: string) {
  return (
    db
      .selectFrom("tenants as t")
      .innerJoin("units as u", "u.id", "t.unitId")
      .innerJoin("properties as p", "p.id", "u.propertyId")
      .where("t.userId", "=", userId)
      .select([
        "t.id",
        "t.name",
        "t.unitId",
        "t.moveInDate",
        "t.moveOutDate",
        "t.address",
        "t.postalCode",
        "t.city",
        "t.phone",
        "t.email",
        "t.contractStartDate",
        "t.contractEndDate",
        "t.birthDate",
        "t.idDocumentNumber",
        "t.notes",
        "t.createdAt",
        "t.updatedAt",
        "u.name as unitName",
        "u.area as unitArea",
        "u.persons as unitPersons",
        "u.propertyId",
        "p.name as propertyName",
        "p.address as propertyAddress",
      ])
      // Active while the tenancy is current or still to come, by the dates, not a stored flag that a
      // future move-out date would turn stale (issue 23; the plan usage counts the same, 0952).
      .select(
        sql<boolean>`(t.move_out_date is null or t.move_out_date > ${today}::date)`.as("isActive"),
      )
      // The period covering today; else the latest before today; else the first one.
      .select(
        sql<number | null>`(
        select a.persons from tenant_attributes a
        where a.tenant_id = t.id and a.is_active
        order by case when a.valid_from <= ${today}::date then 0 else 1 end,
                 case when a.valid_from <= ${today}::date then a.valid_from end desc,
                 a.valid_from asc
        limit 1)`.as("currentPersons"),
      )
      .select(
        sql<string | null>`(
        select pp.monthly_amount from tenant_prepayments pp
        where pp.tenant_id = t.id and pp.is_active
          and pp.valid_from <= ${today}::date
          and coalesce(pp.valid_until, ${PREPAYMENT_OPEN_END}::date) >= ${today}::date
        order by pp.valid_from desc
        limit 1)`.as("currentMonthlyPrepayment"),
      )
  );
}

type TenantRow = Awaited<
  ReturnType<ReturnType<typeof selectTenantsWithUnit>["executeTakeFirstOrThrow"]>
>;

function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    unitId: row.unitId,
    moveInDate: row.moveInDate,
    moveOutDate: row.moveOutDate,
    isActive: row.isActive,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    phone: row.phone,
    email: row.email,
    contractStartDate: row.contractStartDate,
    contractEndDate: row.contractEndDate,
    birthDate: row.birthDate,
    idDocumentNumber: row.idDocumentNumber,
    notes: row.notes,
    currentPersons: row.currentPersons === null ? null : Number(row.currentPersons),
    currentMonthlyPrepayment: row.currentMonthlyPrepayment,
    unit: {
      id: row.unitId,
      name: row.unitName,
      area: row.unitArea,
      persons: row.unitPersons,
      propertyId: row.propertyId,
    },
    property: { id: row.propertyId, name: row.propertyName, address: row.propertyAddress },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** docs/rules/master-data.md#queries: tenants with their unit and the unit's property, ordered by name. */
export async function listTenants(
  db: Db,
  userId: string,
  options: { propertyId?: string; today: string },
): Promise<Tenant[]> {
  let query = selectTenantsWithUnit(db, userId, options.today);
  if (options.propertyId) query = query.where("u.propertyId", "=", options.propertyId);
  const rows = await query.orderBy("t.name").orderBy("t.id").execute();
  return rows.map(toTenant);
}

export async function findTenant(
  db: Db,
  userId: string,
  tenantId: string,
  today: string,
): Promise<Tenant | undefined> {
  const row = await selectTenantsWithUnit(db, userId, today)
    .where("t.id", "=", tenantId)
    .executeTakeFirst();
  return row ? toTenant(row) : undefined;
}

/** The stored tenant row of the account, or undefined. */
export function findTenantRow(db: Db, userId: string, tenantId: string) {
  return db
    .selectFrom("tenants")
    .selectAll()
    .where("userId", "=", userId)
    .where("id", "=", tenantId)
    .executeTakeFirst();
}

export function findUnitOfAccount(db: Db, userId: string, unitId: string) {
  return db
    .selectFrom("units")
    .select(["id", "name", "persons", "propertyId"])
    .where("userId", "=", userId)
    .where("id", "=", unitId)
    .executeTakeFirst();
}

export async function isPropertyOfAccount(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("properties")
    .select("id")
    .where("userId", "=", userId)
    .where("id", "=", propertyId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTenantRow(
  db: Db,
  userId: string,
  values: TenantValues,
): Promise<string> {
  const row = await db
    .insertInto("tenants")
    .values({ userId, ...values, updatedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTenantRow(
  db: Db,
  userId: string,
  tenantId: string,
  values: Partial<TenantValues>,
): Promise<void> {
  await db
    .updateTable("tenants")
    .set({ ...values, updatedAt: new Date() })
    .where("userId", "=", userId)
    .where("id", "=", tenantId)
    .execute();
}

/** Deletes the tenant; its prepayments and occupancy periods go with it (on delete cascade). */
export async function deleteTenantRow(db: Db, userId: string, tenantId: string): Promise<void> {
  await db.deleteFrom("tenants").where("userId", "=", userId).where("id", "=", tenantId).execute();
}

/** The tenant row, locked until the transaction ends, so concurrent changes of its periods queue up. */
export function lockTenantRow(db: Db, userId: string, tenantId: string) {
  return db
    .selectFrom("tenants")
    .selectAll()
    .where("userId", "=", userId)
    .where("id", "=", tenantId)
    .forUpdate()
    .executeTakeFirst();
}
