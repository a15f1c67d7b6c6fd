import {
  ANALYSIS_MESSAGES,
  efficiencyClassMismatchWarning,
  sumDecimalTexts,
  type FeatureFlags,
  type StatementAnalysis,
} from "@nk/contract";
import { analyzeHeatingBenchmark, isHeizkvCostType, type StatementInput, type UnitConsumption } from "@nk/engine";

// The consumption analysis of a calculated statement (issue 17, DECISIONS 11; display only): the
// engine's Heizspiegel comparison from the assembled input and the CO2 invoice figures, the unit
// names added, the parts the plan lacks left out (part 2, section 6: verbrauchsanalyse,
// benchmarkVergleich).

export interface AnalysisSource {
  engineInput: StatementInput;
  /** kWh of the fuel invoice as entered (decimal text). */
  invoiceKwh: string | null;
  climateFactor: string | null;
  unitNames: Map<string, string>;
  /** Issue 24: each unit's consumption as the engine computed it (every reading counted once). */
  unitConsumption?: readonly UnitConsumption[] | null;
}

/**
 * Heating consumption per unit (issue 24, item 5): the engine's figure of each unit. Without it
 * (results saved before), the unit's own input values; a tenancy's intermediate value is part of
 * its unit's value and is not added again.
 */
function heatingConsumptionByUnit(input: StatementInput, unitConsumption: readonly UnitConsumption[] | null | undefined): Map<string, number> {
  const byUnit = new Map<string, number>();
  if (unitConsumption) {
    // A quantity for the display-only analysis: the engine's JSON number.
    for (const entry of unitConsumption) if (entry.meter === "heating") byUnit.set(entry.unitId, Number(entry.value));
    return byUnit;
  }
  for (const entry of input.consumption ?? []) {
    if (entry.meter !== "heating" || entry.tenancyId) continue;
    byUnit.set(entry.unitId, (byUnit.get(entry.unitId) ?? 0) + entry.value);
  }
  return byUnit;
}

function sumAreas(input: StatementInput): number {
  return input.units.reduce((sum, unit) => sum + unit.area, 0);
}

export function buildStatementAnalysis(source: AnalysisSource): StatementAnalysis {
  const { engineInput } = source;
  const consumption = heatingConsumptionByUnit(engineInput, source.unitConsumption);
  const buildingArea = sumAreas(engineInput);
  const heatedArea = engineInput.co2?.area ?? buildingArea;
  const heatingCosts = sumDecimalTexts(
    engineInput.costItems.filter((item) => isHeizkvCostType(item.costType)).map((item) => item.amount),
    2,
  );
  const figures = analyzeHeatingBenchmark({
    period: engineInput.period,
    fuel: engineInput.co2?.fuel ?? null,
    // kWh is a quantity, not money: the engine's JSON number.
    invoiceKwh: source.invoiceKwh === null ? null : Number(source.invoiceKwh),
    heatedArea,
    buildingArea,
    heatingCosts,
    climateFactor: source.climateFactor ?? "1",
    decentralizedHotWater: engineInput.units.length > 0 && engineInput.units.every((unit) => unit.decentralizedHotWater === true),
    storedEfficiencyClass: engineInput.efficiencyClass ?? null,
    units: engineInput.units.map((unit) => ({ unitId: unit.id, area: unit.area, consumption: consumption.get(unit.id) ?? null })),
  });
  const notes: string[] = [];
  if (!figures.isWeatherCorrected) notes.push(ANALYSIS_MESSAGES.notWeatherCorrected);
  if (figures.kwhPerM2 === null) notes.push(ANALYSIS_MESSAGES.noInvoiceKwh);
  else if (figures.carrier === null) notes.push(ANALYSIS_MESSAGES.noBenchmarkRow);
  return {
    periodDays: figures.periodDays,
    isOneYear: figures.isOneYear,
    invoiceKwh: source.invoiceKwh,
    heatedArea: String(heatedArea),
    kwhPerM2: figures.kwhPerM2,
    climateFactor: figures.climateFactor,
    isWeatherCorrected: figures.isWeatherCorrected,
    adjustedKwhPerM2: figures.adjustedKwhPerM2,
    pricePerKwh: figures.pricePerKwh,
    expectedEfficiencyClass: figures.expectedEfficiencyClass,
    storedEfficiencyClass: figures.storedEfficiencyClass,
    efficiencyClassMatches: figures.efficiencyClassMatches,
    averagePerM2: figures.averagePerM2,
    units: figures.units.map((unit) => ({ ...unit, unitName: source.unitNames.get(unit.unitId) ?? "" })),
    benchmark: {
      carrier: figures.carrier,
      sizeBand: figures.sizeBand,
      limits: figures.limits,
      rating: figures.rating,
      category: figures.category,
      savingsKwh: figures.savingsKwh,
      savingsEuro: figures.savingsEuro,
    },
    notes,
  };
}

/** Part 2, section 5: the stored class against the kWh/m² figure, as a warning (never a block). */
export function efficiencyClassWarnings(analysis: StatementAnalysis): string[] {
  if (analysis.efficiencyClassMatches !== false || !analysis.storedEfficiencyClass || !analysis.expectedEfficiencyClass || !analysis.kwhPerM2) return [];
  return [efficiencyClassMismatchWarning(analysis.storedEfficiencyClass, analysis.expectedEfficiencyClass, analysis.kwhPerM2)];
}

/** What the plan shows: nothing without verbrauchsanalyse, no Heizspiegel without benchmarkVergleich. */
export function limitToPlan(analysis: StatementAnalysis, features: FeatureFlags): StatementAnalysis | null {
  if (!features.verbrauchsanalyse) return null;
  return features.benchmarkVergleich ? analysis : { ...analysis, benchmark: null };
}
