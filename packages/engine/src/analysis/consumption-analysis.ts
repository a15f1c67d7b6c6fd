import type { EfficiencyClass } from "../constants/domain.ts";
import { Decimal, type DecimalValue } from "../money/decimal.ts";

/**
 * The efficiency class check by kWh per m2 and year (docs/rules/heating.md#efficiency-class-check): each class covers
 * its lower limit up to (not including) the next class's limit; J is 300 and above.
 */
export const EFFICIENCY_CLASS_KWH_RANGES: readonly {
  class: EfficiencyClass;
  minKwhPerM2: number;
  maxKwhPerM2: number | null;
}[] = Object.freeze([
  { class: "A", minKwhPerM2: 0, maxKwhPerM2: 30 },
  { class: "B", minKwhPerM2: 30, maxKwhPerM2: 50 },
  { class: "C", minKwhPerM2: 50, maxKwhPerM2: 75 },
  { class: "D", minKwhPerM2: 75, maxKwhPerM2: 100 },
  { class: "E", minKwhPerM2: 100, maxKwhPerM2: 130 },
  { class: "F", minKwhPerM2: 130, maxKwhPerM2: 160 },
  { class: "G", minKwhPerM2: 160, maxKwhPerM2: 200 },
  { class: "H", minKwhPerM2: 200, maxKwhPerM2: 250 },
  { class: "I", minKwhPerM2: 250, maxKwhPerM2: 300 },
  { class: "J", minKwhPerM2: 300, maxKwhPerM2: null },
] as const);

/**
 * Returns the efficiency class for a consumption in kWh per m2 and year (A below 30 ...
 * J from 300). Null for a negative or non-finite figure.
 */
export function classifyEfficiencyByKwhPerM2(kwhPerM2: number): EfficiencyClass | null {
  if (!Number.isFinite(kwhPerM2) || kwhPerM2 < 0) return null;
  for (const range of EFFICIENCY_CLASS_KWH_RANGES) {
    if (range.maxKwhPerM2 === null || kwhPerM2 < range.maxKwhPerM2) return range.class;
  }
  return "J";
}

/**
 * Returns the price per kWh: total cost / kWh, rounded half up to 4 decimals (docs/rules/heating.md#price-per-kwh). Null without a consumption above 0.
 */
export function pricePerKwh(totalCost: DecimalValue, consumptionKwh: DecimalValue): string | null {
  if (typeof consumptionKwh === "number" && !Number.isFinite(consumptionKwh)) return null;
  const kwh = new Decimal(consumptionKwh);
  if (!kwh.isFinite() || kwh.lte(0)) return null;
  return new Decimal(totalCost).dividedBy(kwh).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

export interface ConsumptionAnalysisInput {
  totalCost: DecimalValue;
  consumptionKwh: number;
  /** Heated area in m2. */
  area: number;
}

export interface ConsumptionAnalysisFigures {
  /** Euros per kWh, 4 decimals; null without consumption. */
  pricePerKwh: string | null;
  /** kWh per m2, 2 decimals; null without area. */
  kwhPerM2: string | null;
  /** Euros per m2, 2 decimals; null without area. */
  costPerM2: string | null;
  efficiencyClass: EfficiencyClass | null;
}

/**
 * The inputs of the consumption analysis (display only, docs/rules/heating.md#price-per-kwh): price per kWh,
 * kWh and cost per m2, and the efficiency class of the kWh per m2.
 */
export function analyzeConsumption(input: ConsumptionAnalysisInput): ConsumptionAnalysisFigures {
  const hasArea = Number.isFinite(input.area) && input.area > 0;
  const hasConsumption = Number.isFinite(input.consumptionKwh) && input.consumptionKwh >= 0;
  const kwhPerM2 =
    hasArea && hasConsumption ? new Decimal(input.consumptionKwh).dividedBy(input.area) : null;
  return {
    pricePerKwh: pricePerKwh(input.totalCost, input.consumptionKwh),
    kwhPerM2: kwhPerM2 ? kwhPerM2.toFixed(2) : null,
    costPerM2: hasArea ? new Decimal(input.totalCost).dividedBy(input.area).toFixed(2) : null,
    efficiencyClass: kwhPerM2 ? classifyEfficiencyByKwhPerM2(kwhPerM2.toNumber()) : null,
  };
}
