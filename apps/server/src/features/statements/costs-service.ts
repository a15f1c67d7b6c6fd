import {
  STATEMENT_ERROR_CODES,
  STATEMENT_MESSAGES,
  type BillingPeriodCosts,
  type billingPeriodCostsBodySchema,
  type Co2FormValues,
  type ConsumptionOverride,
  type CostItemDraft,
  type AnnualInformationValues,
  type HeatingCosts,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { findOwnedBillingPeriod, type OwnedBillingPeriod } from "./assembly/assembly-queries.ts";
import {
  findAnnualInformationRow,
  findClimateFactor,
  findCo2Row,
  findCostsUpdatedAt,
  findHeatingCostsRow,
  listCostItemRows,
  listDirectAmountRows,
  listOverrideRows,
  listOwnRateIds,
  listOwnTenantIdsOfProperty,
  listOwnUnitIdsOfProperty,
  replaceCosts,
} from "./costs-queries.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";

// Cost items, CO2 inputs and manual consumption values belong to the billing period and are
// saved as the user types (docs/rules/statement-inputs.md#assembly), until the period's statements are finalized.

type CostsBody = z.output<typeof billingPeriodCostsBodySchema>;

export interface StoredCosts {
  costItems: CostItemDraft[];
  co2: Co2FormValues | null;
  consumptionOverrides: ConsumptionOverride[];
  climateFactor: string | null;
  heatingCosts: HeatingCosts | null;
  annualInformation: AnnualInformationValues | null;
  updatedAt: Date | null;
}

/** The account's billing period or 404 (also for another account's id). */
export async function requireOwnedBillingPeriod(
  db: Db,
  userId: string,
  id: string,
): Promise<OwnedBillingPeriod> {
  requireResourceId(id, STATEMENT_MESSAGES.billingPeriodNotFound);
  const period = await findOwnedBillingPeriod(db, userId, id);
  if (!period) throw new NotFound(STATEMENT_MESSAGES.billingPeriodNotFound);
  return period;
}

export async function loadStoredCosts(
  db: Db,
  userId: string,
  billingPeriodId: string,
): Promise<StoredCosts> {
  const rows = await listCostItemRows(db, userId, billingPeriodId);
  const directRows = await listDirectAmountRows(
    db,
    userId,
    rows.filter((row) => row.distributionKey === "direct").map((row) => row.id),
  );
  const co2 = await findCo2Row(db, userId, billingPeriodId);
  const overrides = await listOverrideRows(db, userId, billingPeriodId);
  return {
    costItems: rows.map((row) => ({
      costType: row.costType,
      amount: row.amount,
      key: row.distributionKey as CostItemDraft["key"],
      consumptionShare: row.consumptionShare,
      meter: row.meterKind as CostItemDraft["meter"],
      excludedUnits: row.excludedUnitIds as string[],
      energySource: row.energySource as CostItemDraft["energySource"],
      laborCosts: row.laborCosts,
      taxCategory: row.taxCategory as CostItemDraft["taxCategory"],
      mode: row.mode as CostItemDraft["mode"],
      rateId: row.rateId,
      consumptionAmount: row.consumptionAmount,
      allocationNote: row.allocationNote,
      heizkvReduction: row.heizkvReduction,
      heizkvRemoteReadingCut: row.heizkvRemoteReadingCut,
      directAmounts: directRows
        .filter((entry) => entry.costItemId === row.id)
        .map((entry) => ({
          tenancyId: entry.tenantId,
          amount: entry.amount,
          laborCosts: entry.laborCosts,
        })),
      vacancyAmount: row.vacancyAmount,
    })),
    co2: co2
      ? {
          fuel: co2.fuel as Co2FormValues["fuel"],
          consumptionKwh: co2.consumptionKwh,
          heatingValue: co2.heatingValue as Co2FormValues["heatingValue"],
          emissionsKg: co2.emissionsKg,
          cost: co2.cost,
          pricePerTonne: co2.pricePerTonne,
          vatPercent: co2.vatPercent,
          emissionFactor: co2.emissionFactor,
        }
      : null,
    consumptionOverrides: overrides.map((o) => ({
      unitId: o.unitId,
      meter: o.meterKind as ConsumptionOverride["meter"],
      value: o.value,
      reason: o.reason,
    })),
    climateFactor: await findClimateFactor(db, userId, billingPeriodId),
    heatingCosts: toHeatingCosts(await findHeatingCostsRow(db, userId, billingPeriodId)),
    annualInformation: toAnnualInformation(
      await findAnnualInformationRow(db, userId, billingPeriodId),
    ),
    updatedAt: await findCostsUpdatedAt(db, userId, billingPeriodId),
  };
}

type HeatingCostsRow = NonNullable<Awaited<ReturnType<typeof findHeatingCostsRow>>>;

/** Issue 24, item 6: the stored heating cost sheet in the contract's shape. */
function toHeatingCosts(row: HeatingCostsRow | undefined): HeatingCosts | null {
  if (!row) return null;
  return {
    fuel: row.fuel as HeatingCosts["fuel"],
    quantityUnit: row.quantityUnit as HeatingCosts["quantityUnit"],
    openingQuantity: row.openingQuantity,
    openingAmount: row.openingAmount,
    deliveries: row.deliveries as HeatingCosts["deliveries"],
    closingQuantity: row.closingQuantity,
    quantity: row.quantity,
    fuelCost: row.fuelCost,
    operatingPower: row.operatingPower,
    maintenance: row.maintenance,
    emissionMeasurement: row.emissionMeasurement,
    meteringService: row.meteringService,
    isCombined: row.isCombined,
    totalEnergyKwh: row.totalEnergyKwh,
    hotWaterVolumeM3: row.hotWaterVolumeM3,
    hotWaterTemperatureCelsius: row.hotWaterTemperatureCelsius,
    hotWaterAreaM2: row.hotWaterAreaM2,
    isGasUpperHeatingValue: row.isGasUpperHeatingValue,
    isCommercialHeatSupply: row.isCommercialHeatSupply,
  };
}

type AnnualInformationRow = NonNullable<Awaited<ReturnType<typeof findAnnualInformationRow>>>;

/** Issue 24, item 12: the stored § 6a (3) HeizkV inputs in the contract's shape. */
function toAnnualInformation(
  row: AnnualInformationRow | undefined,
): AnnualInformationValues | null {
  if (!row) return null;
  return {
    energyMix: row.energyMix as AnnualInformationValues["energyMix"],
    primaryEnergyFactor: row.primaryEnergyFactor,
    taxesAndLevies: row.taxesAndLevies as AnnualInformationValues["taxesAndLevies"],
    meteringDeviceFee: row.meteringDeviceFee,
    readingAndBillingFee: row.readingAndBillingFee,
  };
}

function toResponse(billingPeriodId: string, stored: StoredCosts): BillingPeriodCosts {
  return {
    billingPeriodId,
    costItems: stored.costItems,
    co2: stored.co2,
    consumptionOverrides: stored.consumptionOverrides,
    climateFactor: stored.climateFactor,
    heatingCosts: stored.heatingCosts,
    annualInformation: stored.annualInformation,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
  };
}

export async function getBillingPeriodCosts(
  db: Db,
  userId: string,
  id: string,
): Promise<BillingPeriodCosts> {
  const period = await requireOwnedBillingPeriod(db, userId, id);
  return toResponse(period.id, await loadStoredCosts(db, userId, period.id));
}

/**
 * Units and tariffs named in the inputs must be the account's own, units of this property:
 * another account's id answers a field error and nothing is stored.
 */
export async function assertOwnReferences(
  db: Db,
  userId: string,
  period: OwnedBillingPeriod,
  costs: {
    costItems?: Pick<CostItemDraft, "excludedUnits" | "rateId" | "directAmounts">[] | undefined;
    consumptionOverrides?: Pick<ConsumptionOverride, "unitId">[] | undefined;
  },
): Promise<void> {
  const unitIds = new Set(await listOwnUnitIdsOfProperty(db, userId, period.propertyId));
  const hasDirectAmounts = (costs.costItems ?? []).some((item) => item.directAmounts.length > 0);
  const tenantIds = new Set(
    hasDirectAmounts ? await listOwnTenantIdsOfProperty(db, userId, period.propertyId) : [],
  );
  const items = costs.costItems ?? [];
  const rateIds = new Set(
    await listOwnRateIds(db, userId, [
      ...new Set(items.flatMap((item) => (item.rateId ? [item.rateId] : []))),
    ]),
  );
  const fields: Record<string, string> = {};
  items.forEach((item, index) => {
    item.excludedUnits.forEach((unitId, unitIndex) => {
      if (!unitIds.has(unitId))
        fields[`costItems.${index}.excludedUnits.${unitIndex}`] = STATEMENT_MESSAGES.unitInvalid;
    });
    if (item.rateId && !rateIds.has(item.rateId))
      fields[`costItems.${index}.rateId`] = STATEMENT_MESSAGES.rateNotFound;
    item.directAmounts.forEach((entry, entryIndex) => {
      if (!tenantIds.has(entry.tenancyId))
        fields[`costItems.${index}.directAmounts.${entryIndex}.tenancyId`] =
          STATEMENT_MESSAGES.directTenancyInvalid;
    });
  });
  (costs.consumptionOverrides ?? []).forEach((override, index) => {
    if (!unitIds.has(override.unitId))
      fields[`consumptionOverrides.${index}.unitId`] = STATEMENT_MESSAGES.unitInvalid;
  });
  const names = Object.keys(fields);
  // Only tariffs missing: the error screen shows the tariff help (issue 23).
  const code =
    names.length > 0 && names.every((name) => name.endsWith(".rateId"))
      ? STATEMENT_ERROR_CODES.rateInvalid
      : undefined;
  if (names.length > 0) throw new ValidationFailed(fields, undefined, code);
}

export async function putBillingPeriodCosts(
  db: Db,
  userId: string,
  id: string,
  body: CostsBody,
): Promise<BillingPeriodCosts> {
  const period = await requireOwnedBillingPeriod(db, userId, id);
  await inAccountTransaction(db, userId, async (trx) => {
    const current = await findOwnedBillingPeriod(trx, userId, period.id);
    if (!current) throw new NotFound(STATEMENT_MESSAGES.billingPeriodNotFound);
    if (current.isFinal) throw new Conflict(STATEMENT_MESSAGES.costsLocked);
    await assertOwnReferences(trx, userId, current, body);
    await replaceCosts(trx, userId, current.id, body);
  });
  return getBillingPeriodCosts(db, userId, period.id);
}
