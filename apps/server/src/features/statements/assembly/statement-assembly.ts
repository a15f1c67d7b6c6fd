import {
  classifyCostType,
  getTenancyLaw,
  STATEMENT_MESSAGES,
  sumDecimalTexts,
  toHeatingCostSheetInput,
  type ConsumptionValue,
  type MeterConsumption,
  type MissingReading,
  type StatementConsumption,
  type TenancyLaw,
} from "@nk/contract";
import {
  DEFAULT_METER_BY_COST_TYPE,
  getMeterKindsOfItemMeter,
  isHeizkvCostType,
  isRemoteReadingMissingInPeriod,
  type EfficiencyClass,
  type MeterKind,
  type MeterReadingsInput,
  type StatementInput,
} from "@nk/engine";
import type {
  AssemblyCosts,
  AssemblyData,
  AssemblyTenant,
  ResolvedCostItem,
} from "./assembly-data.ts";
import { buildMissingReadingMessage, deriveMeterConsumption } from "./meter-consumption.ts";

// docs/rules/statement-inputs.md#assembly: the calculation input (calculation contract v1.1) built from the stored data of a
// billing period. Unit and tenancy ids are the database ids of units and tenants.

export interface AssembledStatement {
  engineInput: StatementInput;
  consumption: StatementConsumption;
  /** Unit meters without an end value that a cost item needs and no manual value replaces. */
  blockingMissing: MissingReading[];
}

/** Decision 1140: the fictitious person of a vacant unit under the persons key. */
const VACANCY_PERSONS = 1;

const EFFICIENCY = new Set(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]);

/** Gewerbeobjekt is commercial (CO2KostAufG § 8: 50/50); every other property type residential. */
function toEnginePropertyType(propertyType: string): "residential" | "commercial" {
  return getTenancyLaw(propertyType);
}

/** The meter kinds the cost items read consumption from (consumption and mixed keys). */
function getUsedMeterKinds(
  items: readonly Pick<ResolvedCostItem, "key" | "meter" | "costType">[],
): Set<MeterKind> {
  const kinds = new Set<MeterKind>();
  for (const item of items) {
    if (item.key !== "consumption" && item.key !== "mixed") continue;
    const meter = item.meter ?? DEFAULT_METER_BY_COST_TYPE[item.costType];
    // Issue 24, item 9: total water needs the cold-water and the hot-water meters.
    if (meter) for (const kind of getMeterKindsOfItemMeter(meter)) kinds.add(kind);
  }
  return kinds;
}

function groupBy<T>(list: readonly T[], key: (entry: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of list) {
    const group = groups.get(key(entry));
    if (group) group.push(entry);
    else groups.set(key(entry), [entry]);
  }
  return groups;
}

function overlapsPeriod(tenant: AssemblyTenant, start: string, end: string): boolean {
  return tenant.moveInDate <= end && (tenant.moveOutDate === null || tenant.moveOutDate >= start);
}

function buildTenancies(
  data: AssemblyData,
  tenants: AssemblyTenant[],
): StatementInput["tenancies"] {
  return tenants.map((tenant) => ({
    id: tenant.id,
    unitId: tenant.unitId,
    start: tenant.moveInDate,
    end: tenant.moveOutDate,
    // v1.1: who lived there when; days without an occupant period count the unit's persons.
    ...(tenant.occupants.length > 0
      ? {
          occupants: tenant.occupants.map((o) => ({
            from: o.validFrom,
            to: o.validUntil,
            persons: o.persons,
          })),
        }
      : {}),
    prepayments: tenant.prepayments.map((p) => ({
      monthlyAmount: p.monthlyAmount,
      validFrom: p.validFrom,
      validUntil: p.validUntil,
    })),
  }));
}

interface ConsumptionOutcome {
  values: ConsumptionValue[];
  /** Issue 24: the meters whose readings the engine divides between tenancies and vacancies. */
  meterReadings: MeterReadingsInput[];
  missing: MissingReading[];
}

/** A meter's readings as the engine reads them: start, end and the boundary readings (issue 24). */
function toMeterReadings(
  meter: MeterConsumption,
  unitId: string,
  kind: MeterKind,
): MeterReadingsInput {
  const point = (reading: { date: string; value: string }) => ({
    date: reading.date,
    value: reading.value,
  });
  return {
    meterId: meter.meterId,
    unitId,
    meter: kind,
    cumulative: meter.isCumulative,
    start: meter.isCumulative && meter.start ? point(meter.start) : null,
    end: point(meter.end!),
    readings: meter.intermediate.map((entry) => point(entry.reading)),
  };
}

/**
 * Per unit and meter kind: the meters' readings for the engine (issue 24: it divides them between
 * the tenancies and vacancies by the readings on their boundaries, § 9b HeizkV) and the unit's
 * value for display (several meters of a kind add up); a manual value (an estimate, § 9a
 * HeizkV) in place of the readings.
 */
function buildConsumption(
  data: AssemblyData,
  meters: MeterConsumption[],
  costs: AssemblyCosts,
  usedKinds: Set<MeterKind>,
): ConsumptionOutcome {
  const values: ConsumptionValue[] = [];
  const meterReadings: MeterReadingsInput[] = [];
  const missing: MissingReading[] = [];
  const manual = new Map(costs.consumptionOverrides.map((o) => [`${o.unitId}:${o.meter}`, o]));
  const metersByUnit = groupBy(
    meters.filter((m) => m.meter !== null),
    (m) => m.unitId ?? "",
  );
  const overridesByUnit = groupBy(costs.consumptionOverrides, (o) => o.unitId);
  for (const unit of data.units) {
    const unitMeters = metersByUnit.get(unit.id) ?? [];
    const kinds = new Set<MeterKind>([
      ...unitMeters.map((m) => m.meter!),
      ...(overridesByUnit.get(unit.id) ?? []).map((o) => o.meter),
    ]);
    for (const kind of kinds) {
      const override = manual.get(`${unit.id}:${kind}`);
      const ofKind = unitMeters.filter((m) => m.meter === kind);
      for (const meter of ofKind.filter((m) => m.status === "missingEnd")) {
        missing.push({
          meterId: meter.meterId,
          label: meter.label,
          meterType: meter.meterType,
          meter: kind,
          unitId: unit.id,
          unitName: unit.name,
          message: buildMissingReadingMessage(meter),
          isBlocking: !override && usedKinds.has(kind),
        });
      }
      if (override) {
        values.push({
          unitId: unit.id,
          tenancyId: null,
          meter: kind,
          value: override.value,
          source: "manual",
          reason: override.reason,
        });
        continue;
      }
      if (ofKind.some((m) => m.consumption === null)) continue;
      values.push({
        unitId: unit.id,
        tenancyId: null,
        meter: kind,
        value: sumDecimalTexts(
          ofKind.map((m) => m.consumption!),
          3,
        ),
        source: "readings",
        reason: null,
      });
      for (const meter of ofKind) meterReadings.push(toMeterReadings(meter, unit.id, kind));
    }
  }
  return { values, meterReadings, missing };
}

/**
 * Issue 30 (docs/rules/heating.md#cut-3-percent): heating and hot water of a period in which a
 * device lacked the remote reading § 5 HeizkV required; where the landlord did not take the cut
 * up front, the engine tells the tenant of the right (a cut already chosen says it itself).
 */
function isRemoteReadingRightNoted(
  item: ResolvedCostItem,
  isRemoteReadingMissing: boolean,
): boolean {
  return (
    isRemoteReadingMissing &&
    isHeizkvCostType(item.costType) &&
    item.key !== "direct" &&
    !item.heizkvReduction &&
    !item.heizkvRemoteReadingCut
  );
}

function buildCostItems(
  items: ResolvedCostItem[],
  law: TenancyLaw,
  period: { start: string; end: string },
  isRemoteReadingMissing: boolean,
): StatementInput["costItems"] {
  return items.map((item) => {
    // Issue 24: a cost type charged only up to a day (cable fees) by the contract's code list.
    const allocableUntil = classifyCostType(item.costType, law, period).allocableUntil;
    return {
      costType: item.costType,
      amount: item.amount,
      key: item.key,
      ...(item.consumptionShare !== null ? { consumptionShare: item.consumptionShare } : {}),
      ...(item.meter !== null ? { meter: item.meter } : {}),
      excludedUnits: item.excludedUnits,
      ...(item.laborCosts !== null
        ? { laborCosts: item.laborCosts, taxCategory: item.taxCategory ?? "householdServices" }
        : {}),
      ...(item.heizkvReduction ? { heizkvReduction: true } : {}),
      ...(item.heizkvRemoteReadingCut ? { heizkvRemoteReadingCut: true } : {}),
      ...(isRemoteReadingRightNoted(item, isRemoteReadingMissing)
        ? { heizkvRemoteReadingMissing: true }
        : {}),
      ...(allocableUntil ? { allocableUntil } : {}),
      ...(item.allocationNote ? { allocationNote: item.allocationNote } : {}),
      // Contract v1.4 (decision 1403): the tenancies' own amounts; empty ones count as 0.
      ...(item.key === "direct"
        ? {
            directAmounts: item.directAmounts.flatMap((entry) =>
              entry.amount === null
                ? []
                : [
                    {
                      tenancyId: entry.tenancyId,
                      amount: entry.amount,
                      ...(entry.laborCosts !== null ? { laborCosts: entry.laborCosts } : {}),
                    },
                  ],
            ),
            ...(item.vacancyAmount !== null ? { vacancyAmount: item.vacancyAmount } : {}),
          }
        : {}),
    };
  });
}

function buildCo2(costs: AssemblyCosts): StatementInput["co2"] {
  const co2 = costs.co2;
  if (!co2 || (co2.consumptionKwh === null && co2.emissionsKg === null && co2.cost === null))
    return undefined;
  return {
    fuel: co2.fuel,
    consumptionKwh: co2.consumptionKwh,
    heatingValue: co2.heatingValue,
    emissionsKg: co2.emissionsKg,
    cost: co2.cost,
    pricePerTonne: co2.pricePerTonne,
    vatPercent: co2.vatPercent,
    emissionFactor: co2.emissionFactor,
  };
}

/** Issue 24, item 6: the heating cost sheet as the engine reads it (decision 1043: quantities as decimal text). */
function buildHeatingCosts(costs: AssemblyCosts): StatementInput["heatingCosts"] {
  return costs.heatingCosts ? toHeatingCostSheetInput(costs.heatingCosts) : undefined;
}

/**
 * Issue 24, item 12 (decision 1160): the § 6a (3) HeizkV inputs and the period's Klimafaktor as
 * the engine reads them; absent when neither was entered.
 */
function buildAnnualInformation(costs: AssemblyCosts): StatementInput["annualInformation"] {
  const info = costs.annualInformation ?? null;
  const climateFactor = costs.climateFactor ?? null;
  if (!info && climateFactor === null) return undefined;
  return {
    energyMix: (info?.energyMix ?? []).map((share) => ({
      carrier: share.carrier,
      percent: share.percent,
    })),
    primaryEnergyFactor: info?.primaryEnergyFactor ?? null,
    taxesAndLevies: (info?.taxesAndLevies ?? []).map((levy) => ({
      label: levy.label,
      amount: levy.amount,
    })),
    meteringDeviceFee: info?.meteringDeviceFee ?? null,
    readingAndBillingFee: info?.readingAndBillingFee ?? null,
    climateFactor,
  };
}

export function assembleStatement(data: AssemblyData, costs: AssemblyCosts): AssembledStatement {
  const { period } = data;
  const unitIds = new Set(data.units.map((u) => u.id));
  // By unit in the input order, then by move-in: the order of the engine's lines.
  const unitOrder = new Map(data.units.map((u, index) => [u.id, index]));
  const tenants = data.tenants
    .filter((t) => unitIds.has(t.unitId) && overlapsPeriod(t, period.start, period.end))
    .sort(
      (a, b) =>
        unitOrder.get(a.unitId)! - unitOrder.get(b.unitId)! ||
        a.moveInDate.localeCompare(b.moveInDate),
    );
  const unitsById = new Map(data.units.map((u) => [u.id, u]));
  const readingsByMeter = groupBy(data.readings, (r) => r.meterId);
  const tenantsByUnit = groupBy(tenants, (t) => t.unitId);
  const meters = data.meters.map((meter) =>
    deriveMeterConsumption({
      meter,
      unit: (meter.unitId && unitsById.get(meter.unitId)) || null,
      period,
      readings: readingsByMeter.get(meter.id) ?? [],
      tenants: (meter.unitId && tenantsByUnit.get(meter.unitId)) || [],
    }),
  );
  const usedKinds = getUsedMeterKinds(costs.costItems);
  const { values, meterReadings, missing } = buildConsumption(data, meters, costs, usedKinds);
  const efficiencyClass =
    data.property.efficiencyClass && EFFICIENCY.has(data.property.efficiencyClass)
      ? (data.property.efficiencyClass as EfficiencyClass)
      : null;
  const co2 = buildCo2(costs);
  const heatingCosts = buildHeatingCosts(costs);
  const annualInformation = buildAnnualInformation(costs);
  const engineInput: StatementInput = {
    period: { start: period.start, end: period.end },
    propertyType: toEnginePropertyType(data.property.propertyType),
    efficiencyClass,
    // Decision 1043: areas and values go on as the decimal text the database holds.
    units: data.units.map((unit) => ({
      id: unit.id,
      area: unit.area,
      persons: unit.persons,
      decentralizedHotWater: unit.hasDecentralizedHotWater,
    })),
    tenancies: buildTenancies(data, tenants),
    // Manual values are estimates (§ 9a HeizkV); values from readings go to the engine as readings.
    consumption: values
      .filter((v) => v.source === "manual")
      .map((v) => ({ unitId: v.unitId, meter: v.meter, value: v.value, estimated: true })),
    ...(meterReadings.length > 0 ? { meterReadings } : {}),
    // Decision 1140: under the persons key a vacancy counts one person, borne by the landlord.
    vacancyPersons: VACANCY_PERSONS,
    costItems: buildCostItems(
      costs.costItems,
      toEnginePropertyType(data.property.propertyType),
      period,
      data.meters.some((meter) => isRemoteReadingMissingInPeriod(meter, period.end)),
    ),
    ...(co2 ? { co2 } : {}),
    ...(heatingCosts ? { heatingCosts } : {}),
    ...(annualInformation ? { annualInformation } : {}),
  };
  return {
    engineInput,
    consumption: { values, meters, missing },
    blockingMissing: missing.filter((m) => m.isBlocking),
  };
}

/** The one message for the blocking missing readings, naming each meter. */
export function buildMissingReadingsMessage(missing: readonly MissingReading[]): string {
  return STATEMENT_MESSAGES.missingReadings(missing.map((m) => `${m.label} (${m.unitName})`));
}
