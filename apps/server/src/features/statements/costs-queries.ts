import type {
  AnnualInformationValues,
  CostItemDraft,
  ConsumptionOverride,
  Co2FormValues,
  HeatingCosts,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";

// The cost items, CO2 inputs and manual consumption values of a billing period (docs/rules/statement-inputs.md#assembly).

export async function listCostItemRows(db: Db, userId: string, billingPeriodId: string) {
  return db
    .selectFrom("billingPeriodCostItems")
    .selectAll()
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .orderBy("position")
    .execute();
}

/** Decision 1403: the direct key's amounts of the period's items, in their order of entry. */
export async function listDirectAmountRows(db: Db, userId: string, costItemIds: string[]) {
  if (costItemIds.length === 0) return [];
  return db
    .selectFrom("billingPeriodDirectAmounts")
    .select(["costItemId", "tenantId", "amount", "laborCosts"])
    .where("costItemId", "in", costItemIds)
    .where("userId", "=", userId)
    .orderBy("costItemId")
    .orderBy("position")
    .execute();
}

/** The account's tenancies of units of the property (direct amounts must name these). */
export async function listOwnTenantIdsOfProperty(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("tenants")
    .innerJoin("units", "units.id", "tenants.unitId")
    .select("tenants.id")
    .where("units.propertyId", "=", propertyId)
    .where("tenants.userId", "=", userId)
    .execute();
  return rows.map((row) => row.id);
}

export async function findCo2Row(db: Db, userId: string, billingPeriodId: string) {
  return db
    .selectFrom("billingPeriodCo2Inputs")
    .selectAll()
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** Issue 24, item 6: the period's heating cost sheet. */
export async function findHeatingCostsRow(db: Db, userId: string, billingPeriodId: string) {
  return db
    .selectFrom("billingPeriodHeatingCosts")
    .selectAll()
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** Issue 24, item 12: the period's § 6a (3) HeizkV inputs. */
export async function findAnnualInformationRow(db: Db, userId: string, billingPeriodId: string) {
  return db
    .selectFrom("billingPeriodAnnualInformation")
    .selectAll()
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export async function listOverrideRows(db: Db, userId: string, billingPeriodId: string) {
  return db
    .selectFrom("billingPeriodConsumptionOverrides")
    .select(["unitId", "meterKind", "value", "reason"])
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export async function findCostsUpdatedAt(
  db: Db,
  userId: string,
  billingPeriodId: string,
): Promise<Date | null> {
  const row = await db
    .selectFrom("billingPeriods")
    .select("costsUpdatedAt")
    .where("id", "=", billingPeriodId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.costsUpdatedAt ?? null;
}

/** docs/rules/heating.md#consumption-analysis: the Klimafaktor entered for the period; null = not entered. */
export async function findClimateFactor(
  db: Db,
  userId: string,
  billingPeriodId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("billingPeriods")
    .select("climateFactor")
    .where("id", "=", billingPeriodId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.climateFactor ?? null;
}

/** The account's ids among the given unit ids (excluded units and manual values must be its own). */
export async function listOwnUnitIdsOfProperty(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("units")
    .select("id")
    .where("propertyId", "=", propertyId)
    .where("userId", "=", userId)
    .execute();
  return rows.map((row) => row.id);
}

export async function listOwnRateIds(db: Db, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("utilityRates")
    .select("id")
    .where("id", "in", ids)
    .where("userId", "=", userId)
    .execute();
  return rows.map((row) => row.id);
}

/** Replaces the period's inputs; call inside a transaction. */
export async function replaceCosts(
  db: Db,
  userId: string,
  billingPeriodId: string,
  costs: {
    costItems: CostItemDraft[];
    co2: Co2FormValues | null;
    consumptionOverrides: ConsumptionOverride[];
    climateFactor: string | null;
    heatingCosts: HeatingCosts | null;
    annualInformation: AnnualInformationValues | null;
  },
): Promise<void> {
  await db
    .deleteFrom("billingPeriodAnnualInformation")
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
  await db
    .deleteFrom("billingPeriodHeatingCosts")
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
  await db
    .deleteFrom("billingPeriodCostItems")
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
  await db
    .deleteFrom("billingPeriodCo2Inputs")
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
  await db
    .deleteFrom("billingPeriodConsumptionOverrides")
    .where("billingPeriodId", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
  if (costs.costItems.length > 0) {
    const inserted = await db
      .insertInto("billingPeriodCostItems")
      .values(
        costs.costItems.map((item, position) => ({
          userId,
          billingPeriodId,
          position,
          costType: item.costType,
          amount: item.amount,
          distributionKey: item.key,
          consumptionShare: item.consumptionShare,
          meterKind: item.meter,
          excludedUnitIds: JSON.stringify(item.excludedUnits),
          energySource: item.energySource,
          laborCosts: item.laborCosts,
          taxCategory: item.taxCategory,
          mode: item.mode,
          rateId: item.rateId,
          consumptionAmount: item.consumptionAmount,
          allocationNote: item.allocationNote,
          heizkvReduction: item.heizkvReduction,
          heizkvRemoteReadingCut: item.heizkvRemoteReadingCut,
          vacancyAmount: item.key === "direct" ? item.vacancyAmount : null,
        })),
      )
      .returning(["id", "position"])
      .execute();
    // Decision 1403: the direct key's amounts go with their item (deleted with it above).
    const idByPosition = new Map(inserted.map((row) => [row.position, row.id]));
    const directRows = costs.costItems.flatMap((item, position) =>
      item.key !== "direct"
        ? []
        : item.directAmounts.flatMap((entry, entryPosition) =>
            entry.amount === null
              ? []
              : [
                  {
                    userId,
                    costItemId: idByPosition.get(position)!,
                    tenantId: entry.tenancyId,
                    position: entryPosition,
                    amount: entry.amount,
                    laborCosts: entry.laborCosts,
                  },
                ],
          ),
    );
    if (directRows.length > 0)
      await db.insertInto("billingPeriodDirectAmounts").values(directRows).execute();
  }
  if (costs.co2) {
    const co2 = costs.co2;
    await db
      .insertInto("billingPeriodCo2Inputs")
      .values({
        billingPeriodId,
        userId,
        fuel: co2.fuel,
        consumptionKwh: co2.consumptionKwh,
        heatingValue: co2.heatingValue,
        emissionsKg: co2.emissionsKg,
        cost: co2.cost,
        pricePerTonne: co2.pricePerTonne,
        vatPercent: co2.vatPercent,
        emissionFactor: co2.emissionFactor,
      })
      .execute();
  }
  if (costs.heatingCosts) {
    const { deliveries, ...sheet } = costs.heatingCosts;
    await db
      .insertInto("billingPeriodHeatingCosts")
      .values({ billingPeriodId, userId, ...sheet, deliveries: JSON.stringify(deliveries) })
      .execute();
  }
  if (costs.annualInformation) {
    const { energyMix, taxesAndLevies, ...fees } = costs.annualInformation;
    await db
      .insertInto("billingPeriodAnnualInformation")
      .values({
        billingPeriodId,
        userId,
        ...fees,
        energyMix: JSON.stringify(energyMix),
        taxesAndLevies: JSON.stringify(taxesAndLevies),
      })
      .execute();
  }
  if (costs.consumptionOverrides.length > 0) {
    await db
      .insertInto("billingPeriodConsumptionOverrides")
      .values(
        costs.consumptionOverrides.map((o) => ({
          userId,
          billingPeriodId,
          unitId: o.unitId,
          meterKind: o.meter,
          value: o.value,
          reason: o.reason,
        })),
      )
      .execute();
  }
  await db
    .updateTable("billingPeriods")
    .set({ costsUpdatedAt: new Date(), climateFactor: costs.climateFactor })
    .where("id", "=", billingPeriodId)
    .where("userId", "=", userId)
    .execute();
}

export async function findPropertyType(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("properties")
    .select("propertyType")
    .where("id", "=", propertyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.propertyType ?? null;
}
