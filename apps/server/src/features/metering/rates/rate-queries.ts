import type { Rate, RateTariffType, RateTierType, UtilityType } from "@nk/contract";
import type { Db } from "../../../db/database.ts";

function selectRates(db: Db, userId: string) {
  return db
    .selectFrom("utilityRates as r")
    .leftJoin("properties as p", "p.id", "r.propertyId")
    .select([
      "r.id",
      "r.utilityType",
      "r.rateName",
      "r.unitPrice",
      "r.unit",
      "r.basePrice",
      "r.tariffType",
      "r.isGlobal",
      "r.propertyId",
      "p.name as propertyName",
      "r.priority",
      "r.validFrom",
      "r.validUntil",
      "r.isActive",
      "r.providerName",
      "r.contractNumber",
      "r.notes",
      "r.region",
      "r.createdAt",
      "r.updatedAt",
    ])
    .where("r.userId", "=", userId)
    .where("r.isActive", "=", true);
}

async function attachTiers(
  db: Db,
  rows: Awaited<ReturnType<ReturnType<typeof selectRates>["execute"]>>,
): Promise<Rate[]> {
  const ids = rows.map((row) => row.id);
  const tiers = ids.length
    ? await db
        .selectFrom("utilityRateTiers")
        .selectAll()
        .where("rateId", "in", ids)
        .orderBy("rateId")
        .orderBy("position")
        .execute()
    : [];
  return rows.map((row) => ({
    ...row,
    utilityType: row.utilityType as UtilityType,
    tariffType: row.tariffType as RateTariffType,
    region: row.region ?? "Deutschland",
    tiers: tiers
      .filter((tier) => tier.rateId === row.id)
      .map((tier) => ({
        tierName: tier.tierName,
        tierType: tier.tierType as RateTierType,
        from: tier.fromValue,
        to: tier.toValue,
        unitPrice: tier.unitPrice,
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Active rates, by utility type, then priority (lower first), then newest validity (docs/rules/master-data.md#queries). */
export async function listActiveRates(
  db: Db,
  userId: string,
  filter: { utilityType?: UtilityType; propertyId?: string },
): Promise<Rate[]> {
  let query = selectRates(db, userId);
  if (filter.utilityType) query = query.where("r.utilityType", "=", filter.utilityType);
  // A property's rates are its own and the global ones (the statement's rate lookup, docs/rules/statements.md).
  if (filter.propertyId)
    query = query.where((eb) =>
      eb.or([eb("r.isGlobal", "=", true), eb("r.propertyId", "=", filter.propertyId!)]),
    );
  const rows = await query
    .orderBy("r.utilityType")
    .orderBy("r.priority")
    .orderBy("r.validFrom", "desc")
    .orderBy("r.createdAt")
    .execute();
  return attachTiers(db, rows);
}

export async function findActiveRate(
  db: Db,
  userId: string,
  id: string,
): Promise<Rate | undefined> {
  const rows = await selectRates(db, userId).where("r.id", "=", id).execute();
  const [rate] = await attachTiers(db, rows);
  return rate;
}

export interface RateValues {
  utilityType: UtilityType;
  rateName: string;
  unitPrice: string;
  unit: string;
  basePrice: string | null;
  tariffType: RateTariffType;
  isGlobal: boolean;
  propertyId: string | null;
  priority: number;
  validFrom: string;
  validUntil: string | null;
  providerName: string | null;
  contractNumber: string | null;
  notes: string | null;
  region: string;
}

export interface TierValues {
  tierName: string;
  tierType: RateTierType;
  from: string | null;
  to: string | null;
  unitPrice: string;
}

export async function insertRate(db: Db, userId: string, values: RateValues): Promise<string> {
  const row = await db
    .insertInto("utilityRates")
    .values({ userId, ...values, updatedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRateRow(
  db: Db,
  userId: string,
  id: string,
  values: RateValues,
): Promise<void> {
  await db
    .updateTable("utilityRates")
    .set({ ...values, updatedAt: new Date() })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .execute();
}

/** The tiers are replaced as a whole with the rate they belong to. */
export async function replaceTiers(db: Db, rateId: string, tiers: TierValues[]): Promise<void> {
  await db.deleteFrom("utilityRateTiers").where("rateId", "=", rateId).execute();
  if (tiers.length === 0) return;
  await db
    .insertInto("utilityRateTiers")
    .values(
      tiers.map((tier, position) => ({
        rateId,
        position,
        tierName: tier.tierName,
        tierType: tier.tierType,
        fromValue: tier.from,
        toValue: tier.to,
        unitPrice: tier.unitPrice,
      })),
    )
    .execute();
}

/** docs/rules/master-data.md#states 'Rate': deleting sets is_active false; lists show only active rates. */
export async function deactivateRate(db: Db, userId: string, id: string): Promise<void> {
  await db
    .updateTable("utilityRates")
    .set({ isActive: false, updatedAt: new Date() })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .execute();
}
