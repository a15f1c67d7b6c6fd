import type { Db } from "../../db/database.ts";

// Ownership look-ups shared by meters, billing periods and rates, always scoped to the account.

export function findPropertyOfAccount(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("properties")
    .select(["id", "name", "state"])
    .where("id", "=", propertyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export function findUnitOfAccount(db: Db, userId: string, unitId: string) {
  return db
    .selectFrom("units")
    .select(["id", "name", "propertyId"])
    .where("id", "=", unitId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** Whether a meter is the account's, with what its readings need (not the list's latest reading and count). */
export function findMeterOfAccount(db: Db, userId: string, meterId: string) {
  return db
    .selectFrom("meters")
    .select(["id", "meterNumber"])
    .where("id", "=", meterId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}
