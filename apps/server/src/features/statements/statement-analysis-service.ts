import {
  ANALYSIS_MESSAGES,
  efficiencyClassMismatchWarning,
  type FeatureFlags,
  type StatementAnalysis,
} from "@nk/contract";
import { analyzeStatementHeating, type StatementInput, type UnitConsumption } from "@nk/engine";

// The consumption analysis of a calculated statement (issue 17, docs/rules/heating.md#consumption-analysis; display only): the
// engine computes every figure (analyzeStatementHeating, decision 1043); here the unit names are
// added, the notes chosen and the parts the plan lacks left out (docs/rules/heating.md#analysis-plan-features:
// verbrauchsanalyse, benchmarkVergleich).

export interface AnalysisSource {
  engineInput: StatementInput;
  /** kWh of the fuel invoice as entered (decimal text). */
  invoiceKwh: string | null;
  climateFactor: string | null;
  unitNames: Map<string, string>;
  /** Issue 24: each unit's consumption as the engine computed it (every reading counted once). */
  unitConsumption?: readonly UnitConsumption[] | null;
}

export function buildStatementAnalysis(source: AnalysisSource): StatementAnalysis {
  const figures = analyzeStatementHeating(source.engineInput, {
    invoiceKwh: source.invoiceKwh,
    climateFactor: source.climateFactor,
    unitConsumption: source.unitConsumption ?? null,
  });
  const notes: string[] = [];
  if (!figures.isWeatherCorrected) notes.push(ANALYSIS_MESSAGES.notWeatherCorrected);
  if (figures.kwhPerM2 === null) notes.push(ANALYSIS_MESSAGES.noInvoiceKwh);
  else if (figures.carrier === null) notes.push(ANALYSIS_MESSAGES.noBenchmarkRow);
  return {
    periodDays: figures.periodDays,
    isOneYear: figures.isOneYear,
    invoiceKwh: figures.invoiceKwh,
    heatedArea: figures.heatedArea,
    kwhPerM2: figures.kwhPerM2,
    climateFactor: figures.climateFactor,
    isWeatherCorrected: figures.isWeatherCorrected,
    adjustedKwhPerM2: figures.adjustedKwhPerM2,
    pricePerKwh: figures.pricePerKwh,
    expectedEfficiencyClass: figures.expectedEfficiencyClass,
    storedEfficiencyClass: figures.storedEfficiencyClass,
    efficiencyClassMatches: figures.efficiencyClassMatches,
    averagePerM2: figures.averagePerM2,
    units: figures.units.map((unit) => ({
      ...unit,
      unitName: source.unitNames.get(unit.unitId) ?? "",
    })),
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

/** docs/rules/heating.md#efficiency-class-check: the stored class against the kWh/m² figure, as a warning (never a block). */
export function efficiencyClassWarnings(analysis: StatementAnalysis): string[] {
  if (
    analysis.efficiencyClassMatches !== false ||
    !analysis.storedEfficiencyClass ||
    !analysis.expectedEfficiencyClass ||
    !analysis.kwhPerM2
  )
    return [];
  return [
    efficiencyClassMismatchWarning(
      analysis.storedEfficiencyClass,
      analysis.expectedEfficiencyClass,
      analysis.kwhPerM2,
    ),
  ];
}

/** What the plan shows: nothing without verbrauchsanalyse, no Heizspiegel without benchmarkVergleich. */
export function limitToPlan(
  analysis: StatementAnalysis,
  features: FeatureFlags,
): StatementAnalysis | null {
  if (!features.verbrauchsanalyse) return null;
  return features.benchmarkVergleich ? analysis : { ...analysis, benchmark: null };
}
