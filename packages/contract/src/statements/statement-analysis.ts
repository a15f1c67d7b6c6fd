import { z } from "zod";
import {
  BENCHMARK_CARRIERS,
  BENCHMARK_CATEGORIES,
  BENCHMARK_RATINGS,
  EFFICIENCY_CLASSES,
  SIZE_BANDS,
  type BenchmarkCategory,
  type BenchmarkRating,
  type SizeBand,
} from "@nk/engine";
import {
  compareDecimalText,
  formatDecimalTextDe,
  optionalDecimalTextSchema,
} from "../decimal-text.ts";

// The consumption analysis of the preview and the saved run (issue 17, docs/rules/heating.md#consumption-analysis; docs/rules/statements.md#wizard, docs/rules/heating.md#efficiency-class-check): the building's kWh/m² against the Heizspiegel, the Klimafaktor,
// the savings to 'mittel', each unit per m² against the average. Display only.

export const ANALYSIS_MESSAGES = {
  climateFactorInvalid: "Klimafaktor muss eine Zahl zwischen 0,5 und 2 sein (z. B. 1,12).",
  notWeatherCorrected:
    "Nicht witterungsbereinigt: Klimafaktor 1,0 angenommen. Den Klimafaktor des Standorts veröffentlicht der Deutsche Wetterdienst je Postleitzahl.",
  noInvoiceKwh:
    "Für den Vergleich fehlt der Verbrauch in kWh laut Brennstoffrechnung (Angaben zur CO₂-Aufteilung).",
  noBenchmarkRow:
    "Für diesen Energieträger enthält der Heizspiegel keine Vergleichswerte (nur Heizöl, Erdgas und Fernwärme).",
  source:
    "Vergleichswerte: Heizspiegel für Deutschland (co2online), Abrechnungsjahr 2014; einschließlich Warmwasser.",
} as const;

/** docs/rules/heating.md#efficiency-class-check: the stored class does not fit the kWh/m² figure; a warning, never a block. */
export function efficiencyClassMismatchWarning(
  stored: string,
  expected: string,
  kwhPerM2: string,
): string {
  return `Die hinterlegte Effizienzklasse ${stored} passt nicht zum Verbrauch von ${formatDecimalTextDe(kwhPerM2, 1)} kWh/m²·a (entspricht Klasse ${expected}). Bitte die Angabe der Immobilie prüfen.`;
}

export const BENCHMARK_RATING_LABELS: Record<BenchmarkRating, string> = {
  niedrig: "niedrig",
  mittel: "mittel",
  erhoeht: "erhöht",
  zu_hoch: "zu hoch",
};

export const BENCHMARK_CATEGORY_LABELS: Record<BenchmarkCategory, string> = {
  sehr_effizient: "sehr effizient",
  effizient: "effizient",
  durchschnittlich: "durchschnittlich",
  ineffizient: "ineffizient",
  sehr_ineffizient: "sehr ineffizient",
};

export const SIZE_BAND_LABELS: Record<SizeBand, string> = {
  bis250: "bis 250 m² Gebäudefläche",
  bis500: "251 bis 500 m² Gebäudefläche",
  bis1000: "501 bis 1.000 m² Gebäudefläche",
  ueber1000: "über 1.000 m² Gebäudefläche",
};

/** The Klimafaktor of a billing period (DWD, per postal code): 0.5 to 2, null = not entered (1.0). */
export const climateFactorSchema = optionalDecimalTextSchema("consumption", {
  required: ANALYSIS_MESSAGES.climateFactorInvalid,
  notANumber: ANALYSIS_MESSAGES.climateFactorInvalid,
  negative: ANALYSIS_MESSAGES.climateFactorInvalid,
  tooManyDecimals: ANALYSIS_MESSAGES.climateFactorInvalid,
  tooLarge: ANALYSIS_MESSAGES.climateFactorInvalid,
}).refine(
  (value) =>
    value === null ||
    (compareDecimalText(value, "0.5") >= 0 && compareDecimalText(value, "2") <= 0),
  ANALYSIS_MESSAGES.climateFactorInvalid,
);

const limitsSchema = z.object({ niedrig: z.number(), mittel: z.number(), erhoeht: z.number() });

export const unitHeatingComparisonSchema = z.object({
  unitId: z.string(),
  unitName: z.string(),
  area: z.string(),
  /** The unit's heating consumption (meter units or kWh, decimal text); null without a value. */
  consumption: z.string().nullable(),
  perM2: z.string().nullable(),
  /** perM2 in percent of the building's average, whole number (100 = average). */
  percentOfAverage: z.string().nullable(),
});
export type UnitHeatingComparison = z.infer<typeof unitHeatingComparisonSchema>;

/** Heizspiegel comparison: plan feature benchmarkVergleich (docs/rules/heating.md#analysis-plan-features); null without it. */
export const heatingBenchmarkSchema = z.object({
  carrier: z.enum(BENCHMARK_CARRIERS).nullable(),
  sizeBand: z.enum(SIZE_BANDS),
  limits: limitsSchema.nullable(),
  rating: z.enum(BENCHMARK_RATINGS).nullable(),
  category: z.enum(BENCHMARK_CATEGORIES).nullable(),
  /** kWh a year above the upper limit of 'mittel', whole kWh. */
  savingsKwh: z.string().nullable(),
  /** savingsKwh at the period's price per kWh, euros. */
  savingsEuro: z.string().nullable(),
});
export type HeatingBenchmark = z.infer<typeof heatingBenchmarkSchema>;

export const statementAnalysisSchema = z.object({
  periodDays: z.number().int(),
  isOneYear: z.boolean(),
  /** The invoice's kWh of the period as entered; null when missing. */
  invoiceKwh: z.string().nullable(),
  heatedArea: z.string(),
  /** kWh/m² and year, 1 decimal, before the Klimafaktor. */
  kwhPerM2: z.string().nullable(),
  climateFactor: z.string(),
  isWeatherCorrected: z.boolean(),
  adjustedKwhPerM2: z.string().nullable(),
  pricePerKwh: z.string().nullable(),
  expectedEfficiencyClass: z.enum(EFFICIENCY_CLASSES).nullable(),
  storedEfficiencyClass: z.enum(EFFICIENCY_CLASSES).nullable(),
  efficiencyClassMatches: z.boolean().nullable(),
  averagePerM2: z.string().nullable(),
  units: z.array(unitHeatingComparisonSchema),
  benchmark: heatingBenchmarkSchema.nullable(),
  /** German notes: not weather-corrected, kWh missing, no Heizspiegel row. */
  notes: z.array(z.string()),
});
export type StatementAnalysis = z.infer<typeof statementAnalysisSchema>;
