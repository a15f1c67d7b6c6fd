import { withFormerReadingFields, type Reading } from "@nk/contract";
import { sql, type Expression } from "kysely";
import type { Db } from "../../../db/database.ts";

function selectReadings(db: Db, userId: string) {
  return db
    .selectFrom("meterReadings as r")
    .leftJoin("billingPeriods as g", "g.id", "r.billingPeriodId")
    .select([
      "r.id",
      "r.meterId",
      "r.billingPeriodId",
      "g.name as billingPeriodName",
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
  return withFormerReadingFields({ ...row, createdAt: row.createdAt.toISOString() });
}

/** Newest reading date first (docs/rules/master-data.md#queries 'meter_readings by meter_id, reading_date descending'). */
export async function listReadingsOfMeter(
  db: Db,
  userId: string,
  meterId: string,
): Promise<Reading[]> {
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

export async function findReading(
  db: Db,
  userId: string,
  readingId: string,
): Promise<Reading | undefined> {
  const row = await selectReadings(db, userId).where("r.id", "=", readingId).executeTakeFirst();
  return row ? toReading(row) : undefined;
}

export interface NewReading {
  meterId: string;
  billingPeriodId: string | null;
  readingValue: string;
  readingDate: string;
  note: string | null;
}

/** docs/rules/master-data.md#queries: created as reading_type 'manual', validation_status 'pending'. */
/** A new manual reading, answered as the list shows it, in one statement (no second read). */
export async function insertReading(db: Db, userId: string, reading: NewReading): Promise<Reading> {
  const row = await db
    .with("r", (query) =>
      query
        .insertInto("meterReadings")
        .values({
          userId,
          ...reading,
          readingType: "manual",
          validationStatus: "pending",
          updatedAt: new Date(),
        })
        .returning([
          "id",
          "meterId",
          "billingPeriodId",
          "readingValue",
          "readingDate",
          "readingType",
          "validationStatus",
          "note",
          "createdAt",
        ]),
    )
    .selectFrom("r")
    .leftJoin("billingPeriods as g", "g.id", "r.billingPeriodId")
    .select([
      "r.id",
      "r.meterId",
      "r.billingPeriodId",
      "g.name as billingPeriodName",
      "r.readingValue",
      "r.readingDate",
      "r.readingType",
      "r.validationStatus",
      "r.note",
      "r.createdAt",
    ])
    .executeTakeFirstOrThrow();
  return toReading(row);
}

/** Bulk entry's update: the value and date change, so the reading is pending validation again. */
export async function updateReadingValue(
  db: Db,
  readingId: string,
  values: { readingValue: string; readingDate: string; note: string | null },
): Promise<void> {
  await db
    .updateTable("meterReadings")
    .set({ ...values, readingType: "manual", validationStatus: "pending", updatedAt: new Date() })
    .where("id", "=", readingId)
    .execute();
}

export async function deleteReadingRow(db: Db, userId: string, readingId: string): Promise<void> {
  await db
    .deleteFrom("meterReadings")
    .where("id", "=", readingId)
    .where("userId", "=", userId)
    .execute();
}

/** The reading of a meter in a billing period that bulk entry updates (the newest, if several). */
export async function findReadingsOfPeriod(db: Db, billingPeriodId: string, meterIds: string[]) {
  if (meterIds.length === 0) return new Map<string, { id: string }>();
  const rows = await db
    .selectFrom("meterReadings")
    .select(["id", "meterId"])
    .where("billingPeriodId", "=", billingPeriodId)
    .where("meterId", "in", meterIds)
    .orderBy("readingDate", "asc")
    .orderBy("createdAt", "asc")
    .execute();
  // Later rows overwrite earlier ones: the newest reading per meter remains.
  return new Map(rows.map((row) => [row.meterId, { id: row.id }]));
}

interface NeighbourRow {
  previousValue: string | null;
  previousDate: string | null;
  nextValue: string | null;
  nextDate: string | null;
}

/** The reading before (on or before the date, the higher value first) and after a date: one statement. */
function selectNeighbours(
  meterId: Expression<string>,
  date: string,
  excludeReadingId: string | null,
) {
  const excluded = excludeReadingId ? sql`and id <> ${excludeReadingId}` : sql``;
  return sql<NeighbourRow>`
    select p.reading_value as previous_value, p.reading_date as previous_date, n.reading_value as next_value, n.reading_date as next_date
      from (select 1) as one
      left join lateral (select reading_value, reading_date from meter_readings
                          where meter_id = ${meterId} and reading_date <= ${date} ${excluded}
                          order by reading_date desc, reading_value desc limit 1) p on true
      left join lateral (select reading_value, reading_date from meter_readings
                          where meter_id = ${meterId} and reading_date > ${date} ${excluded}
                          order by reading_date asc, reading_value asc limit 1) n on true`;
}

function toNeighbours(row: NeighbourRow | undefined) {
  const previous =
    row?.previousValue != null && row.previousDate != null
      ? { readingValue: row.previousValue, readingDate: row.previousDate }
      : undefined;
  const next =
    row?.nextValue != null && row.nextDate != null
      ? { readingValue: row.nextValue, readingDate: row.nextDate }
      : undefined;
  return { previous, next };
}

/** The latest reading on or before `date` and the earliest after it, leaving one reading out. */
export async function findNeighbourReadings(
  db: Db,
  meterId: string,
  date: string,
  excludeReadingId: string | null,
) {
  const result = await selectNeighbours(sql.val(meterId), date, excludeReadingId).execute(db);
  return toNeighbours(result.rows[0]);
}

/**
 * A new reading's checks in one statement (issue 19): whether the meter is the account's, its
 * number for the activity entry, and the readings next to the date. Undefined: not the account's.
 */
export async function findMeterWithNeighbours(
  db: Db,
  userId: string,
  meterId: string,
  date: string,
) {
  const result = await sql<NeighbourRow & { meterNumber: string }>`
    select m.meter_number, nb.*
      from meters m
      cross join lateral (${selectNeighbours(sql.ref("m.id"), date, null)}) nb
     where m.id = ${meterId} and m.user_id = ${userId}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return { meterNumber: row.meterNumber, ...toNeighbours(row) };
}

/**
 * The readings of the meters on exactly `date` (one per meter and date, decision 0983; of
 * duplicates stored before, the newest). Locks the meter rows first, so concurrent bulk saves of
 * one meter queue up instead of both inserting.
 */
export async function findReadingsOnDate(db: Db, userId: string, meterIds: string[], date: string) {
  if (meterIds.length === 0) return new Map<string, { id: string }>();
  await db
    .selectFrom("meters")
    .select("id")
    .where("userId", "=", userId)
    .where("id", "in", meterIds)
    .forUpdate()
    .execute();
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
export async function setReadingBillingPeriod(
  db: Db,
  readingId: string,
  billingPeriodId: string,
): Promise<void> {
  await db
    .updateTable("meterReadings")
    .set({ billingPeriodId, updatedAt: new Date() })
    .where("id", "=", readingId)
    .execute();
}
