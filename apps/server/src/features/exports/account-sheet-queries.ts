import type { Db } from "../../db/database.ts";

// The account's master data for the spreadsheet export (decision 1660), each list scoped by the
// account and in a stable order (property, unit, tenant or meter name, date).

export function listSheetProperties(db: Db, userId: string) {
  return db
    .selectFrom("properties")
    .select(["id", "name", "street", "houseNumber", "postalCode", "city", "propertyType"])
    .where("userId", "=", userId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export function listSheetUnits(db: Db, userId: string) {
  return db
    .selectFrom("units as u")
    .innerJoin("properties as p", "p.id", "u.propertyId")
    .select(["p.name as propertyName", "u.name", "u.area", "u.persons"])
    .where("u.userId", "=", userId)
    .orderBy("p.name")
    .orderBy("u.name")
    .orderBy("u.id")
    .execute();
}

export function listSheetTenants(db: Db, userId: string) {
  return db
    .selectFrom("tenants as t")
    .innerJoin("units as u", "u.id", "t.unitId")
    .innerJoin("properties as p", "p.id", "u.propertyId")
    .select([
      "p.name as propertyName",
      "u.name as unitName",
      "t.name",
      "t.moveInDate",
      "t.moveOutDate",
      "t.email",
      "t.phone",
    ])
    .where("t.userId", "=", userId)
    .orderBy("p.name")
    .orderBy("u.name")
    .orderBy("t.moveInDate")
    .orderBy("t.id")
    .execute();
}

export function listSheetPrepayments(db: Db, userId: string) {
  return db
    .selectFrom("tenantPrepayments as x")
    .innerJoin("tenants as t", "t.id", "x.tenantId")
    .innerJoin("units as u", "u.id", "t.unitId")
    .innerJoin("properties as p", "p.id", "u.propertyId")
    .select([
      "p.name as propertyName",
      "u.name as unitName",
      "t.name as tenantName",
      "x.monthlyAmount",
      "x.validFrom",
      "x.validUntil",
    ])
    .where("t.userId", "=", userId)
    .orderBy("p.name")
    .orderBy("u.name")
    .orderBy("t.name")
    .orderBy("x.validFrom")
    .orderBy("x.id")
    .execute();
}

export function listSheetMeters(db: Db, userId: string) {
  return db
    .selectFrom("meters as m")
    .leftJoin("units as u", "u.id", "m.unitId")
    .leftJoin("properties as p", (join) =>
      join.on((eb) =>
        eb.or([eb("p.id", "=", eb.ref("m.propertyId")), eb("p.id", "=", eb.ref("u.propertyId"))]),
      ),
    )
    .select([
      "m.id",
      "p.name as propertyName",
      "u.name as unitName",
      "m.meterNumber",
      "m.meterType",
      "m.location",
    ])
    .where("m.userId", "=", userId)
    .orderBy("p.name")
    .orderBy("m.meterNumber")
    .orderBy("m.id")
    .execute();
}

export function listSheetReadings(db: Db, userId: string) {
  return db
    .selectFrom("meterReadings as r")
    .innerJoin("meters as m", "m.id", "r.meterId")
    .select(["m.meterNumber", "m.meterType", "r.readingDate", "r.readingValue", "r.note"])
    .where("r.userId", "=", userId)
    .orderBy("m.meterNumber")
    .orderBy("r.readingDate")
    .orderBy("r.id")
    .execute();
}
