import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

// Issue 30, item 2 (decision 1630): the rows the monthly consumption information needs, always
// scoped to the account.

export async function findPropertyOfAccount(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("properties")
    .select(["id", "name"])
    .where("id", "=", propertyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export async function listUnitsOfProperty(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("units")
    .select(["id", "name", "area"])
    .where("propertyId", "=", propertyId)
    .where("userId", "=", userId)
    .orderBy("name")
    .execute();
}

/** The tenancies of the property that share a day with [from, to]. */
export async function listTenanciesInRange(
  db: Db,
  userId: string,
  propertyId: string,
  from: string,
  to: string,
) {
  return db
    .selectFrom("tenants as t")
    .innerJoin("units as u", "u.id", "t.unitId")
    .select([
      "t.id",
      "t.name",
      "t.email",
      "t.unitId",
      "t.moveInDate",
      "t.moveOutDate",
      "u.name as unitName",
    ])
    .where("t.userId", "=", userId)
    .where("u.propertyId", "=", propertyId)
    .where("t.moveInDate", "<=", to)
    .where((eb) => eb.or([eb("t.moveOutDate", "is", null), eb("t.moveOutDate", ">=", from)]))
    .orderBy("u.name")
    .orderBy("t.name")
    .execute();
}

/** The meters of the property's units with their readings dated in [from, to]. */
export async function listUnitMetersWithReadings(
  db: Db,
  userId: string,
  propertyId: string,
  from: string,
  to: string,
) {
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
    readings: readings
      .filter((reading) => reading.meterId === meter.id)
      .map((reading) => ({ date: reading.readingDate, value: reading.readingValue })),
  }));
}

/** The letters of a property, optionally of one month, with the tenant's name. */
export async function listLettersOfProperty(
  db: Db,
  userId: string,
  propertyId: string,
  month?: string,
) {
  let query = db
    .selectFrom("monthlyInformationLetters as l")
    .innerJoin("tenants as t", "t.id", "l.tenantId")
    .select([
      "l.id",
      "l.month",
      "l.tenantId",
      "t.name as tenantName",
      "l.channel",
      "l.recipient",
      "l.postedOn",
      "l.queuedAt",
      "l.sentAt",
    ])
    .where("l.userId", "=", userId)
    .where("l.propertyId", "=", propertyId);
  if (month) query = query.where("l.month", "=", month);
  return query.orderBy("l.month", "desc").orderBy("t.name").execute();
}

/**
 * Records a tenant's letter of a month, by e-mail (recipient) or by post (postedOn); null when
 * one was recorded before (the unique key): on PostgreSQL a second instance's insert waits for
 * the first one's commit and then finds its row.
 */
export async function insertLetterOnce(
  db: Db,
  values: {
    userId: string;
    propertyId: string;
    tenantId: string;
    month: string;
  } & ({ channel: "email"; recipient: string } | { channel: "post"; postedOn: string }),
): Promise<string | null> {
  const row = await db
    .insertInto("monthlyInformationLetters")
    .values(values)
    .onConflict((oc) => oc.columns(["tenantId", "month"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function markLetterSent(
  db: Db,
  userId: string,
  letterId: string,
  sentAt: Date,
): Promise<void> {
  await db
    .updateTable("monthlyInformationLetters")
    .set({ sentAt })
    .where("id", "=", letterId)
    .where("userId", "=", userId)
    .execute();
}

export async function findLetter(db: Db, userId: string, letterId: string) {
  return db
    .selectFrom("monthlyInformationLetters")
    .select(["id", "sentAt"])
    .where("id", "=", letterId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/**
 * Decision 1690: the properties where the daily job may send the monthly information by itself:
 * a unit with a remote-readable heating or hot-water meter (the caller keeps the HeizkV types),
 * of an account that did not turn the sending off (no settings row: on). Over all accounts.
 */
export function listRemoteReadableMetersForAutoSend(db: Db) {
  return db
    .selectFrom("meters as m")
    .innerJoin("units as u", "u.id", "m.unitId")
    .leftJoin("notificationSettings as n", "n.userId", "m.userId")
    .select(["m.userId", "u.propertyId", "m.meterType"])
    .where("m.isRemoteReadable", "=", true)
    .where(sql<boolean>`coalesce(n.monthly_information_auto, true)`)
    .execute();
}

export async function findMonthlyInformationAuto(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("notificationSettings")
    .select("monthlyInformationAuto")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.monthlyInformationAuto ?? true;
}

/** Sets the monthly sending; a new settings row takes the other toggles as given (their defaults). */
export async function upsertMonthlyInformationAuto(
  db: Db,
  userId: string,
  autoSend: boolean,
  otherToggles: { emailBilling: boolean; emailSystem: boolean; emailMarketing: boolean },
): Promise<void> {
  await db
    .insertInto("notificationSettings")
    .values({ userId, ...otherToggles, monthlyInformationAuto: autoSend, updatedAt: new Date() })
    .onConflict((oc) =>
      oc.column("userId").doUpdateSet({ monthlyInformationAuto: autoSend, updatedAt: new Date() }),
    )
    .execute();
}
