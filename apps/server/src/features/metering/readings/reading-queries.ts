import type { Reading } from "@nk/contract";
import type { Db } from "../../../db/database.ts";

function selectReadings(db: Db, userId: string) {
  return db
    .selectFrom("meterReadings as r")
    .leftJoin("costGroups as g", "g.id", "r.costGroupId")
    .select([
      "r.id",
      "r.meterId",
      "r.costGroupId",
      "g.name as costGroupName",
      "r.readingValue",
      "r.readingDate",
      "r.readingType",
      "r.validationStatus",
      "r.note",
      "r.createdAt",
    ])
    .where("r.userId", "=", userId);
}

type ReadingRow = Awaited<ReturnType<ReturnType<typeof selectReadings>["executeTakeFirstOrThrow"]>>;

function toReading(row: ReadingRow): Reading {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Newest reading date first (section 7 'meter_readings by meter_id, reading_date descending'). */
export async function listReadingsOfMeter(db: Db, userId: string, meterId: string): Promise<Reading[]> {
  const rows = await selectReadings(db, userId)
    .where("r.meterId", "=", meterId)
    .orderBy("r.readingDate", "desc")
    .orderBy("r.createdAt", "desc")
    .execute();
  return rows.map(toReading);
}

export async function listReadingsByIds(db: Db, userId: string, ids: string[]): Promise<Reading[]> {
  if (ids.length === 0) return [];
  const rows = await selectReadings(db, userId).where("r.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, toReading(row)]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

export async function findReading(db: Db, userId: string, readingId: string): Promise<Reading | undefined> {
  const row = await selectReadings(db, userId).where("r.id", "=", readingId).executeTakeFirst();
  return row ? toReading(row) : undefined;
}

export interface NewReading {
  meterId: string;
  costGroupId: string | null;
  readingValue: string;
  readingDate: string;
  note: string | null;
}

/** Section 7: created as reading_type 'manual', validation_status 'pending'. */
export async function insertReading(db: Db, userId: string, reading: NewReading): Promise<string> {
  const row = await db
    .insertInto("meterReadings")
    .values({ userId, ...reading, readingType: "manual", validationStatus: "pending", updatedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Bulk entry's update: the value and date change, so the reading is pending validation again. */
export async function updateReadingValue(db: Db, readingId: string, values: { readingValue: string; readingDate: string; note: string | null }): Promise<void> {
  await db
    .updateTable("meterReadings")
    .set({ ...values, readingType: "manual", validationStatus: "pending", updatedAt: new Date() })
    .where("id", "=", readingId)
    .execute();
}

export async function deleteReadingRow(db: Db, userId: string, readingId: string): Promise<void> {
  await db.deleteFrom("meterReadings").where("id", "=", readingId).where("userId", "=", userId).execute();
}

/** The reading of a meter in a billing period that bulk entry updates (the newest, if several). */
export async function findReadingsOfPeriod(db: Db, costGroupId: string, meterIds: string[]) {
  if (meterIds.length === 0) return new Map<string, { id: string }>();
  const rows = await db
    .selectFrom("meterReadings")
    .select(["id", "meterId"])
    .where("costGroupId", "=", costGroupId)
    .where("meterId", "in", meterIds)
    .orderBy("readingDate", "asc")
    .orderBy("createdAt", "asc")
    .execute();
  // Later rows overwrite earlier ones: the newest reading per meter remains.
  return new Map(rows.map((row) => [row.meterId, { id: row.id }]));
}

/** The latest reading on or before `date` and the earliest after it, leaving one reading out. */
export async function findNeighbourReadings(db: Db, meterId: string, date: string, excludeReadingId: string | null) {
  let before = db
    .selectFrom("meterReadings")
    .select(["readingValue", "readingDate"])
    .where("meterId", "=", meterId)
    .where("readingDate", "<=", date);
  let after = db
    .selectFrom("meterReadings")
    .select(["readingValue", "readingDate"])
    .where("meterId", "=", meterId)
    .where("readingDate", ">", date);
  if (excludeReadingId) {
    before = before.where("id", "<>", excludeReadingId);
    after = after.where("id", "<>", excludeReadingId);
  }
  const previous = await before.orderBy("readingDate", "desc").orderBy("readingValue", "desc").limit(1).executeTakeFirst();
  const next = await after.orderBy("readingDate", "asc").orderBy("readingValue", "asc").limit(1).executeTakeFirst();
  return { previous, next };
}

/**
 * The readings of the meters on exactly `date` (one per meter and date, decision 0983; of
 * duplicates stored before, the newest). Locks the meter rows first, so concurrent bulk saves of
 * one meter queue up instead of both inserting.
 */
export async function findReadingsOnDate(db: Db, userId: string, meterIds: string[], date: string) {
  if (meterIds.length === 0) return new Map<string, { id: string }>();
  await db.selectFrom("meters").select("id").where("userId", "=", userId).where("id", "in", meterIds).forUpdate().execute();
  const rows = await db
    .selectFrom("meterReadings")
    .select(["id", "meterId"])
    .where("userId", "=", userId)
    .where("meterId", "in", meterIds)
    .where("readingDate", "=", date)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .execute();
  return new Map(rows.map((row) => [row.meterId, { id: row.id }]));
}

/** Moves a reading into the billing period bulk entry saves for. */
export async function setReadingCostGroup(db: Db, readingId: string, costGroupId: string): Promise<void> {
  await db.updateTable("meterReadings").set({ costGroupId, updatedAt: new Date() }).where("id", "=", readingId).execute();
}
