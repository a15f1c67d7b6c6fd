import { isHeizkvCostType } from "../constants/domain.ts";
import { Decimal, ZERO } from "../money/decimal.ts";
import type { StatementInput, UnitConsumption } from "../types.ts";
import { analyzeHeatingBenchmark, type HeatingBenchmarkResult } from "./heating-benchmark.ts";

/**
 * The consumption analysis of a calculated statement (issue 17, docs/rules/heating.md#consumption-analysis; display only), with
 * every figure computed here (issue 25, decision 1043): the building's and the heated area, each
 * unit's heating consumption, the heating costs, then the Heizspiegel comparison. The server
 * adds names, notes and the plan's limits; the web app only formats.
 */

export interface StatementHeatingOptions {
  /** kWh of the fuel invoice as entered (decimal text); null when not entered. */
  invoiceKwh: string | null;
  /** Klimafaktor of the period (decimal text); null: 1. */
  climateFactor: string | null;
  /** Issue 24: each unit's consumption as the engine computed it (every reading counted once). */
  unitConsumption?: readonly UnitConsumption[] | null;
}

export interface StatementHeatingAnalysis extends HeatingBenchmarkResult {
  /** The invoice's kWh as entered; null when missing. */
  invoiceKwh: string | null;
  /** m² the kWh are divided by: the CO2 area, default the units' sum (decimal text). */
  heatedArea: string;
  /** The units' sum of m² (decimal text): selects the Heizspiegel's size column. */
  buildingArea: string;
}

/**
 * Heating consumption per unit (issue 24, item 5): the engine's figure of each unit. Without it
 * (results saved before), the unit's own input values; a tenancy's intermediate value is part of
 * its unit's value and is not added again.
 */
function sumHeatingConsumptionByUnit(
  input: StatementInput,
  unitConsumption: readonly UnitConsumption[] | null | undefined,
): Map<string, Decimal> {
  const byUnit = new Map<string, Decimal>();
  if (unitConsumption) {
    for (const entry of unitConsumption)
      if (entry.meter === "heating") byUnit.set(entry.unitId, new Decimal(entry.value));
    return byUnit;
  }
  for (const entry of input.consumption ?? []) {
    if (entry.meter !== "heating" || entry.tenancyId) continue;
    byUnit.set(entry.unitId, (byUnit.get(entry.unitId) ?? ZERO).plus(entry.value));
  }
  return byUnit;
}

export function analyzeStatementHeating(
  input: StatementInput,
  options: StatementHeatingOptions,
): StatementHeatingAnalysis {
  const consumption = sumHeatingConsumptionByUnit(input, options.unitConsumption);
  const buildingArea = input.units.reduce((sum, unit) => sum.plus(unit.area), ZERO);
  const heatedArea =
    input.co2?.area !== null && input.co2?.area !== undefined
      ? new Decimal(input.co2.area)
      : buildingArea;
  const heatingCosts = input.costItems
    .filter((item) => isHeizkvCostType(item.costType))
    .reduce((sum, item) => sum.plus(item.amount), ZERO);
  const figures = analyzeHeatingBenchmark({
    period: input.period,
    fuel: input.co2?.fuel ?? null,
    invoiceKwh: options.invoiceKwh,
    heatedArea,
    buildingArea,
    heatingCosts: heatingCosts.toFixed(2),
    climateFactor: options.climateFactor ?? "1",
    decentralizedHotWater:
      input.units.length > 0 && input.units.every((unit) => unit.decentralizedHotWater === true),
    storedEfficiencyClass: input.efficiencyClass ?? null,
    units: input.units.map((unit) => ({
      unitId: unit.id,
      area: unit.area,
      consumption: consumption.get(unit.id) ?? null,
    })),
  });
  return {
    ...figures,
    invoiceKwh: options.invoiceKwh,
    heatedArea: heatedArea.toString(),
    buildingArea: buildingArea.toString(),
  };
}
