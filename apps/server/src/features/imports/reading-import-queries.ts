import type { Db } from "../../db/database.ts";

// SQL of the readings import (issue 28, item 4): the account's meters with where they are, their
// readings, and the insert of one confirmed import. Scoped to the account.

export interface ImportMeter {
  id: string;
  meterNumber: string;
  meterType: string;
  unitName: string | null;
  propertyName: string | null;
}

export async function listMetersForImport(db: Db, userId: string): Promise<ImportMeter[]> {
  return db
    .selectFrom("meters as m")
    .leftJoin("units as u", "u.id", "m.unitId")
    .leftJoin("properties as p", (join) => join.onRef("p.id", "=", "m.propertyId"))
    .leftJoin("properties as up", "up.id", "u.propertyId")
    .select((eb) => [
      "m.id",
      "m.meterNumber",
      "m.meterType",
      "u.name as unitName",
      eb.fn.coalesce("up.name", "p.name").as("propertyName"),
    ])
    .where("m.userId", "=", userId)
    .execute();
}

export interface StoredReading {
  meterId: string;
  readingDate: string;
  readingValue: string;
}

export async function listReadingsOfMeters(
  db: Db,
  userId: string,
  meterIds: readonly string[],
): Promise<StoredReading[]> {
  const readings: StoredReading[] = [];
  for (let start = 0; start < meterIds.length; start += 5000) {
    readings.push(
      ...(await db
        .selectFrom("meterReadings")
        .select(["meterId", "readingDate", "readingValue"])
        .where("userId", "=", userId)
        .where("meterId", "in", meterIds.slice(start, start + 5000))
        .execute()),
    );
  }
  return readings;
}

export async function insertImportedReadings(
  db: Db,
  userId: string,
  readings: readonly {
    meterId: string;
    readingDate: string;
    readingValue: string;
    note: string | null;
  }[],
): Promise<void> {
  for (let start = 0; start < readings.length; start += 1000) {
    await db
      .insertInto("meterReadings")
      .values(
        readings.slice(start, start + 1000).map((reading) => ({
          userId,
          billingPeriodId: null,
          ...reading,
          readingType: "import",
          validationStatus: "pending",
          updatedAt: new Date(),
        })),
      )
      .execute();
  }
}
