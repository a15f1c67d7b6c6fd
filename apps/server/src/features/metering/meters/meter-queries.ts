import type { Meter, MeterType } from "@nk/contract";

/** A meter as stored; the service adds what § 5 HeizkV asks of it today (decision 1630). */
export type MeterRecord = Omit<Meter, "remoteReading">;
import type { Db } from "../../../db/database.ts";

/**
 * Meters of an account with their unit, their property (directly, or through the unit: a
 * unit's meter stores property_id null), the latest reading and the number of readings.
 */
function selectMeters(db: Db, userId: string) {
  return db
    .selectFrom("meters as m")
    .leftJoin("units as u", "u.id", "m.unitId")
    .innerJoin("properties as p", (join) =>
      join.on((eb) => eb("p.id", "=", eb.fn.coalesce("m.propertyId", "u.propertyId"))),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("meterReadings as r")
          .select(["r.readingValue", "r.readingDate"])
          .whereRef("r.meterId", "=", "m.id")
          .orderBy("r.readingDate", "desc")
          .orderBy("r.createdAt", "desc")
          .limit(1)
          .as("lr"),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      "m.id",
      "m.meterNumber",
      "m.meterType",
      "m.unitId",
      "m.propertyId",
      "m.location",
      "m.displayName",
      "m.isRemoteReadable",
      "m.installedOn",
      "m.createdAt",
      "m.updatedAt",
      "u.name as unitName",
      "u.area as unitArea",
      "p.id as owningPropertyId",
      "p.name as propertyName",
      "lr.readingValue as latestValue",
      "lr.readingDate as latestDate",
      eb
        .selectFrom("meterReadings as c")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("c.meterId", "=", "m.id")
        .as("readingCount"),
    ])
    .where("m.userId", "=", userId);
}

type MeterRow = Awaited<ReturnType<ReturnType<typeof selectMeters>["executeTakeFirstOrThrow"]>>;

function toMeter(row: MeterRow): MeterRecord {
  return {
    id: row.id,
    meterNumber: row.meterNumber,
    meterType: row.meterType as MeterType,
    unitId: row.unitId,
    propertyId: row.propertyId,
    location: row.location,
    displayName: row.displayName,
    isRemoteReadable: row.isRemoteReadable,
    installedOn: row.installedOn,
    unit:
      row.unitId && row.unitName !== null && row.unitArea !== null
        ? { id: row.unitId, name: row.unitName, area: row.unitArea }
        : null,
    property: { id: row.owningPropertyId, name: row.propertyName },
    latestReading:
      row.latestValue !== null && row.latestDate !== null
        ? { readingValue: row.latestValue, readingDate: row.latestDate }
        : null,
    readingCount: Number(row.readingCount ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Ordered by meter number (docs/rules/master-data.md#queries); a property filter includes the meters of its units. */
export async function listMeters(
  db: Db,
  userId: string,
  propertyId?: string,
): Promise<MeterRecord[]> {
  let query = selectMeters(db, userId);
  if (propertyId) query = query.where("p.id", "=", propertyId);
  const rows = await query.orderBy("m.meterNumber").orderBy("m.createdAt").execute();
  return rows.map(toMeter);
}

export async function findMeter(
  db: Db,
  userId: string,
  meterId: string,
): Promise<MeterRecord | undefined> {
  const row = await selectMeters(db, userId).where("m.id", "=", meterId).executeTakeFirst();
  return row ? toMeter(row) : undefined;
}

export interface MeterValues {
  meterNumber: string;
  meterType: MeterType;
  unitId: string | null;
  propertyId: string | null;
  location: string | null;
  displayName: string | null;
  isRemoteReadable: boolean;
  installedOn: string | null;
}

export async function insertMeter(db: Db, userId: string, values: MeterValues): Promise<string> {
  const row = await db
    .insertInto("meters")
    .values({ userId, ...values, updatedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMeterRow(
  db: Db,
  userId: string,
  meterId: string,
  values: MeterValues,
): Promise<void> {
  await db
    .updateTable("meters")
    .set({ ...values, updatedAt: new Date() })
    .where("id", "=", meterId)
    .where("userId", "=", userId)
    .execute();
}

export async function deleteMeterRow(db: Db, userId: string, meterId: string): Promise<void> {
  await db.deleteFrom("meters").where("id", "=", meterId).where("userId", "=", userId).execute();
}

/** The account's meters among `meterIds`, with the property each belongs to (directly or via its unit). */
export async function findMetersWithOwningProperty(db: Db, userId: string, meterIds: string[]) {
  const rows = await db
    .selectFrom("meters as m")
    .leftJoin("units as u", "u.id", "m.unitId")
    .select((eb) => [
      "m.id",
      "m.meterNumber",
      eb.fn.coalesce("m.propertyId", "u.propertyId").as("owningPropertyId"),
    ])
    .where("m.userId", "=", userId)
    .where("m.id", "in", meterIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
