import type { Db } from "../../db/database.ts";

// Issue 30, item 2 (decision 1630): the rows the monthly consumption information needs, always
// scoped to the account.

export async function findPropertyOfAccount(db: Db, userId: string, propertyId: string) {
  return db.selectFrom("properties").select(["id", "name"]).where("id", "=", propertyId).where("userId", "=", userId).executeTakeFirst();
}

export async function listUnitsOfProperty(db: Db, userId: string, propertyId: string) {
  return db.selectFrom("units").select(["id", "name", "area"]).where("propertyId", "=", propertyId).where("userId", "=", userId).orderBy("name").execute();
}

/** The tenancies of the property that share a day with [from, to]. */
export async function listTenanciesInRange(db: Db, userId: string, propertyId: string, from: string, to: string) {
  return db
    .selectFrom("tenants as t")
    .innerJoin("units as u", "u.id", "t.unitId")
    .select(["t.id", "t.name", "t.email", "t.unitId", "t.moveInDate", "t.moveOutDate", "u.name as unitName"])
    .where("t.userId", "=", userId)
    .where("u.propertyId", "=", propertyId)
    .where("t.moveInDate", "<=", to)
    .where((eb) => eb.or([eb("t.moveOutDate", "is", null), eb("t.moveOutDate", ">=", from)]))
    .orderBy("u.name")
    .orderBy("t.name")
    .execute();
}

/** The meters of the property's units with their readings dated in [from, to]. */
export async function listUnitMetersWithReadings(db: Db, userId: string, propertyId: string, from: string, to: string) {
  const meters = await db
    .selectFrom("meters as m")
    .innerJoin("units as u", "u.id", "m.unitId")
    .select(["m.id", "m.unitId", "m.meterType", "m.isRemoteReadable"])
    .where("m.userId", "=", userId)
    .where("u.propertyId", "=", propertyId)
    .execute();
  if (meters.length === 0) return [];
  const readings = await db
    .selectFrom("meterReadings")
    .select(["meterId", "readingDate", "readingValue"])
    .where("userId", "=", userId)
    .where(
      "meterId",
      "in",
      meters.map((meter) => meter.id),
    )
    .where("readingDate", ">=", from)
    .where("readingDate", "<=", to)
    .orderBy("readingDate")
    .orderBy("createdAt")
    .execute();
  return meters.map((meter) => ({
    ...meter,
    readings: readings.filter((reading) => reading.meterId === meter.id).map((reading) => ({ date: reading.readingDate, value: reading.readingValue })),
  }));
}
