import { isUuidText } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { notFound } from "../../http/http-error.ts";

// Ownership look-ups shared by meters, billing periods and rates: a row of another account is
// "not found" (404), never "forbidden", so ids leak nothing (DECISIONS 7).

/** Throws 404 with `message` unless `id` can name a row at all (ids are UUIDs). */
export function assertIdFormat(id: string, message: string): void {
  if (!isUuidText(id)) throw notFound(message);
}

export async function findOwnedProperty(db: Db, userId: string, propertyId: string, message: string) {
  assertIdFormat(propertyId, message);
  const property = await db
    .selectFrom("properties")
    .select(["id", "name", "state"])
    .where("id", "=", propertyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!property) throw notFound(message);
  return property;
}

export async function findOwnedUnit(db: Db, userId: string, unitId: string, message: string) {
  assertIdFormat(unitId, message);
  const unit = await db
    .selectFrom("units")
    .select(["id", "name", "propertyId"])
    .where("id", "=", unitId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!unit) throw notFound(message);
  return unit;
}
