import type { Db } from "../../db/database.ts";
import { NotFound } from "../../domain/domain-errors.ts";
import { isResourceId } from "../../domain/resource-id.ts";
import { findPropertyOfAccount, findUnitOfAccount } from "./ownership-queries.ts";

// A row of another account is "not found" (404), never "forbidden", so ids leak nothing (docs/rules/accounts-and-plans.md#account-data).

export async function findOwnedProperty(
  db: Db,
  userId: string,
  propertyId: string,
  message: string,
) {
  const property = isResourceId(propertyId)
    ? await findPropertyOfAccount(db, userId, propertyId)
    : undefined;
  if (!property) throw new NotFound(message);
  return property;
}

export async function findOwnedUnit(db: Db, userId: string, unitId: string, message: string) {
  const unit = isResourceId(unitId) ? await findUnitOfAccount(db, userId, unitId) : undefined;
  if (!unit) throw new NotFound(message);
  return unit;
}
