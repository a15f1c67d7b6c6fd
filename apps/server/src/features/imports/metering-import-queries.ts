import type { Db } from "../../db/database.ts";

// SQL of the metering results import (decision 1404).

export async function listPropertyUnits(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("units")
    .select(["id", "name"])
    .where("propertyId", "=", propertyId)
    .where("userId", "=", userId)
    .orderBy("name")
    .execute();
}

export async function listPropertyTenancies(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("tenants")
    .innerJoin("units", "units.id", "tenants.unitId")
    .select([
      "tenants.id",
      "tenants.unitId",
      "tenants.name",
      "tenants.moveInDate",
      "tenants.moveOutDate",
    ])
    .where("units.propertyId", "=", propertyId)
    .where("tenants.userId", "=", userId)
    .orderBy("tenants.moveInDate")
    .execute();
}

export async function listFlatMappings(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("meteringFlatMappings")
    .select(["firmFlat", "unitId", "managerKey"])
    .where("propertyId", "=", propertyId)
    .where("userId", "=", userId)
    .execute();
}

export async function upsertFlatMappings(
  db: Db,
  userId: string,
  propertyId: string,
  mappings: { firmFlat: string; managerKey: string | null; unitId: string | null }[],
): Promise<void> {
  if (mappings.length === 0) return;
  await db
    .insertInto("meteringFlatMappings")
    .values(mappings.map((mapping) => ({ userId, propertyId, ...mapping })))
    .onConflict((conflict) =>
      conflict.columns(["userId", "propertyId", "firmFlat"]).doUpdateSet((eb) => ({
        unitId: eb.ref("excluded.unitId"),
        managerKey: eb.ref("excluded.managerKey"),
        updatedAt: new Date(),
      })),
    )
    .execute();
}

export interface StoredMeteringResult {
  unitId: string;
  tenantId: string | null;
  firmFlat: string;
  lastDay: string;
  costTypeCode: string;
  costType: string;
  costs: string;
  prepayments: string | null;
  balance: string | null;
  consumption: string | null;
  consumptionUnit: string | null;
  readingCode: number | null;
  isEstimated: boolean;
  laborCosts: string | null;
  taxCategory: string | null;
  fileName: string;
}

export async function listMeteringResults(db: Db, userId: string, billingPeriodId: string) {
  return db
    .selectFrom("meteringResults")
    .select([
      "unitId",
      "tenantId",
      "firmFlat",
      "lastDay",
      "costTypeCode",
      "costType",
      "costs",
      "prepayments",
      "balance",
      "consumption",
      "laborCosts",
      "taxCategory",
    ])
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
}

/** Replaces the period's imported results; call inside the account transaction. */
export async function replaceMeteringResults(
  db: Db,
  userId: string,
  billingPeriodId: string,
  results: StoredMeteringResult[],
): Promise<void> {
  await db
    .deleteFrom("meteringResults")
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
  for (let start = 0; start < results.length; start += 500) {
    await db
      .insertInto("meteringResults")
      .values(
        results.slice(start, start + 500).map((result) => ({ userId, billingPeriodId, ...result })),
      )
      .execute();
  }
}
