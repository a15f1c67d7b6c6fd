import type { EfficiencyClass, Fuel } from "../constants/domain.ts";
import { addDays, isoToDayNumber, type IsoDate } from "../dates/calendar.ts";
import { Decimal, type DecimalValue } from "../money/decimal.ts";
import {
  classifyEfficiencyByKwhPerM2,
  EFFICIENCY_CLASS_KWH_RANGES,
  pricePerKwh,
} from "./consumption-analysis.ts";

/**
 * The building's heating energy against the Heizspiegel (docs/rules/heating.md#consumption-analysis, display only): kWh per m²
 * and year from the invoice, weather-corrected with the Klimafaktor the user entered, rated by
 * the table for its energy carrier and size, the savings to the upper limit of 'mittel', and each
 * unit's heating consumption per m² against the building's average (§ 6a (3) HeizkV compares
 * with the building's average too).
 */

/** The Heizspiegel's carriers; other fuels have no row and get no rating. */
export const BENCHMARK_CARRIERS = ["oil", "gas", "district_heating"] as const;
export type BenchmarkCarrier = (typeof BENCHMARK_CARRIERS)[number];

export const BENCHMARK_RATINGS = ["niedrig", "mittel", "erhoeht", "zu_hoch"] as const;
export type BenchmarkRating = (typeof BENCHMARK_RATINGS)[number];

export const BENCHMARK_CATEGORIES = [
  "sehr_effizient",
  "effizient",
  "durchschnittlich",
  "ineffizient",
  "sehr_ineffizient",
] as const;
export type BenchmarkCategory = (typeof BENCHMARK_CATEGORIES)[number];

/**
 * docs/rules/heating.md#consumption-analysis: the four Heizspiegel bands on the specification's five categories. The table
 * has no band between 'niedrig' and 'mittel', so 'effizient' is not given (decision 0451).
 */
export const RATING_CATEGORY: Record<BenchmarkRating, BenchmarkCategory> = {
  niedrig: "sehr_effizient",
  mittel: "durchschnittlich",
  erhoeht: "ineffizient",
  zu_hoch: "sehr_ineffizient",
};

export const SIZE_BANDS = ["bis250", "bis500", "bis1000", "ueber1000"] as const;
export type SizeBand = (typeof SIZE_BANDS)[number];

export interface BenchmarkLimits {
  /** Upper limits in kWh/m²a, inclusive. */
  niedrig: number;
  mittel: number;
  erhoeht: number;
}

/**
 * docs/rules/heating.md#consumption-analysis (Heizspiegel für Deutschland, co2online, billing year 2014; the values include hot
 * water). Columns by the building's total area: 100-250 m² (and below), 251-500, 501-1,000,
 * above 1,000. Fernwärme above 1,000 m² 'erhöht': the 501-1,000 value stands in (docs/rules/heating.md#consumption-analysis).
 */
export const HEIZSPIEGEL_LIMITS: Record<BenchmarkCarrier, Record<SizeBand, BenchmarkLimits>> = {
  oil: {
    bis250: { niedrig: 106, mittel: 161, erhoeht: 238 },
    bis500: { niedrig: 102, mittel: 158, erhoeht: 233 },
    bis1000: { niedrig: 99, mittel: 155, erhoeht: 230 },
    ueber1000: { niedrig: 96, mittel: 153, erhoeht: 227 },
  },
  gas: {
    bis250: { niedrig: 95, mittel: 162, erhoeht: 254 },
    bis500: { niedrig: 91, mittel: 156, erhoeht: 245 },
    bis1000: { niedrig: 87, mittel: 150, erhoeht: 235 },
    ueber1000: { niedrig: 85, mittel: 146, erhoeht: 230 },
  },
  district_heating: {
    bis250: { niedrig: 86, mittel: 138, erhoeht: 223 },
    bis500: { niedrig: 83, mittel: 133, erhoeht: 216 },
    bis1000: { niedrig: 80, mittel: 129, erhoeht: 210 },
    ueber1000: { niedrig: 78, mittel: 126, erhoeht: 210 },
  },
};

/** docs/rules/heating.md#consumption-analysis: the Heizspiegel includes hot water; a building heating water decentrally adds 24 kWh/m². */
export const DECENTRALIZED_HOT_WATER_KWH_PER_M2 = 24;

export function isBenchmarkCarrier(fuel: Fuel | null | undefined): fuel is BenchmarkCarrier {
  return fuel === "oil" || fuel === "gas" || fuel === "district_heating";
}

/** The size column: up to 250 m² (smaller buildings use the first), up to 500, up to 1,000, above. */
export function sizeBandOf(totalArea: DecimalValue): SizeBand {
  const area = new Decimal(totalArea);
  if (area.lte(250)) return "bis250";
  if (area.lte(500)) return "bis500";
  if (area.lte(1000)) return "bis1000";
  return "ueber1000";
}

/** The band of a kWh/m²a figure: each upper limit belongs to its band ('bis 106'). */
export function rateKwhPerM2(kwhPerM2: DecimalValue, limits: BenchmarkLimits): BenchmarkRating {
  const value = new Decimal(kwhPerM2);
  if (value.lte(limits.niedrig)) return "niedrig";
  if (value.lte(limits.mittel)) return "mittel";
  if (value.lte(limits.erhoeht)) return "erhoeht";
  return "zu_hoch";
}

/** Days of the period, and whether it is one calendar year long (start + 1 year - 1 day). */
export function periodLength(start: IsoDate, end: IsoDate): { days: number; isOneYear: boolean } {
  const days = isoToDayNumber(end) - isoToDayNumber(start) + 1;
  const [year, month, day] = start.split("-") as [string, string, string];
  const sameDayNextYear = `${String(Number(year) + 1).padStart(4, "0")}-${month}-${day}`;
  // 29 February starts: the year ends on 28 February.
  const oneYearEnd =
    month === "02" && day === "29"
      ? `${String(Number(year) + 1).padStart(4, "0")}-02-28`
      : addDays(sameDayNextYear, -1);
  return { days, isOneYear: end === oneYearEnd };
}

export interface UnitHeatingInput {
  unitId: string;
  /** m², decimal text or number (issue 25: quantities as decimal text). */
  area: DecimalValue;
  /** The unit's heating consumption of the period (meter units or kWh); null without a value. */
  consumption: DecimalValue | null;
}

export interface HeatingBenchmarkInput {
  period: { start: IsoDate; end: IsoDate };
  fuel: Fuel | null;
  /** kWh of the fuel invoice; null or 0 when not entered. */
  invoiceKwh: DecimalValue | null;
  /** Heated area in m² (the CO2 area, default the units' sum). */
  heatedArea: DecimalValue;
  /** The building's total area in m²: selects the size column. */
  buildingArea: DecimalValue;
  /** Heizung and Warmwasser costs of the period (decimal text): price per kWh. */
  heatingCosts: DecimalValue;
  /** Klimafaktor of the site for the period (DWD); 1 when not entered. */
  climateFactor: DecimalValue;
  /** Every unit heats its own water: the invoice holds no hot water (docs/rules/heating.md#consumption-analysis, + 24 kWh/m²). */
  decentralizedHotWater: boolean;
  /** The efficiency class stored with the property. */
  storedEfficiencyClass: EfficiencyClass | null;
  units: UnitHeatingInput[];
}

export interface UnitHeatingFigures {
  unitId: string;
  area: string;
  consumption: string | null;
  /** Consumption per m², 2 decimals. */
  perM2: string | null;
  /** perM2 against the average in percent, whole number (100 = average). */
  percentOfAverage: string | null;
}

export interface HeatingBenchmarkResult {
  periodDays: number;
  isOneYear: boolean;
  /** kWh/m² and year before the Klimafaktor (scaled to a year, + 24 for decentralised water), 1 decimal. */
  kwhPerM2: string | null;
  climateFactor: string;
  isWeatherCorrected: boolean;
  /** kwhPerM2 x Klimafaktor, 1 decimal: the figure rated. */
  adjustedKwhPerM2: string | null;
  carrier: BenchmarkCarrier | null;
  sizeBand: SizeBand;
  limits: BenchmarkLimits | null;
  rating: BenchmarkRating | null;
  category: BenchmarkCategory | null;
  /** Euros per kWh, 4 decimals (docs/rules/heating.md#price-per-kwh). */
  pricePerKwh: string | null;
  /** kWh a year above the upper limit of 'mittel' (weather-corrected), whole kWh; "0" within it. */
  savingsKwh: string | null;
  /** savingsKwh x price per kWh, euros with 2 decimals. */
  savingsEuro: string | null;
  /** docs/rules/heating.md#efficiency-class-check: the class of the kWh/m² figure, against the stored one. */
  expectedEfficiencyClass: EfficiencyClass | null;
  storedEfficiencyClass: EfficiencyClass | null;
  efficiencyClassMatches: boolean | null;
  /** Average heating consumption per m² of the units with a value, 2 decimals. */
  averagePerM2: string | null;
  units: UnitHeatingFigures[];
}

/** A finite figure above zero; decimal text is read exactly (issue 25), text that is no number is not. */
function toPositiveDecimal(value: DecimalValue | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  let decimal: Decimal;
  try {
    decimal = new Decimal(value);
  } catch {
    return null;
  }
  return decimal.isFinite() && decimal.gt(0) ? decimal : null;
}

/** A consumption of zero or more as a Decimal; null without a value. */
function toConsumptionDecimal(value: DecimalValue | null): Decimal | null {
  if (value === null) return null;
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  const decimal = new Decimal(value);
  return decimal.isFinite() && decimal.gte(0) ? decimal : null;
}

/** Each unit's heating consumption per m² and its percentage of the building's average. */
export function compareUnitsPerM2(units: UnitHeatingInput[]): {
  averagePerM2: string | null;
  units: UnitHeatingFigures[];
} {
  const read = units.map((unit) => ({
    area: toPositiveDecimal(unit.area),
    consumption: toConsumptionDecimal(unit.consumption),
  }));
  const measured = read.filter((unit) => unit.area !== null && unit.consumption !== null);
  const totalConsumption = measured.reduce(
    (sum, unit) => sum.plus(unit.consumption!),
    new Decimal(0),
  );
  const totalArea = measured.reduce((sum, unit) => sum.plus(unit.area!), new Decimal(0));
  const average =
    totalArea.gt(0) && totalConsumption.gt(0) ? totalConsumption.dividedBy(totalArea) : null;
  return {
    averagePerM2: average ? average.toFixed(2) : null,
    units: units.map((unit, index) => {
      const { area, consumption } = read[index]!;
      const perM2 = area !== null && consumption !== null ? consumption.dividedBy(area) : null;
      return {
        unitId: unit.unitId,
        area: new Decimal(unit.area).toString(),
        consumption: unit.consumption === null ? null : new Decimal(unit.consumption).toString(),
        perM2: perM2 ? perM2.toFixed(2) : null,
        percentOfAverage: perM2 && average ? perM2.dividedBy(average).times(100).toFixed(0) : null,
      };
    }),
  };
}

export function analyzeHeatingBenchmark(input: HeatingBenchmarkInput): HeatingBenchmarkResult {
  const { days, isOneYear } = periodLength(input.period.start, input.period.end);
  const climateFactor = new Decimal(input.climateFactor);
  const carrier = isBenchmarkCarrier(input.fuel) ? input.fuel : null;
  const sizeBand = sizeBandOf(input.buildingArea);
  const limits = carrier ? HEIZSPIEGEL_LIMITS[carrier][sizeBand] : null;
  const invoiceKwh = toPositiveDecimal(input.invoiceKwh);
  const heatedArea = toPositiveDecimal(input.heatedArea);
  let kwhPerM2: Decimal | null = null;
  if (invoiceKwh && heatedArea) {
    const annualKwh = isOneYear ? invoiceKwh : invoiceKwh.times(365).dividedBy(days);
    kwhPerM2 = annualKwh.dividedBy(heatedArea);
    if (input.decentralizedHotWater) kwhPerM2 = kwhPerM2.plus(DECENTRALIZED_HOT_WATER_KWH_PER_M2);
  }
  const adjusted = kwhPerM2 ? kwhPerM2.times(climateFactor) : null;
  const rating = adjusted && limits ? rateKwhPerM2(adjusted, limits) : null;
  const price = invoiceKwh ? pricePerKwh(input.heatingCosts, invoiceKwh) : null;
  let savingsKwh: Decimal | null = null;
  if (adjusted && limits) {
    const above = adjusted.minus(limits.mittel);
    savingsKwh = above.gt(0)
      ? above.times(heatedArea ?? 0).toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
      : new Decimal(0);
  }
  const savingsEuro =
    savingsKwh && price
      ? savingsKwh.times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)
      : null;
  // docs/rules/heating.md#efficiency-class-check: the class follows the measured figure, not the weather-corrected one.
  const expected = kwhPerM2 ? classifyEfficiencyByKwhPerM2(kwhPerM2.toNumber()) : null;
  const stored = input.storedEfficiencyClass ?? null;
  const comparison = compareUnitsPerM2(input.units);
  return {
    periodDays: days,
    isOneYear,
    kwhPerM2: kwhPerM2 ? kwhPerM2.toFixed(1) : null,
    climateFactor: climateFactor.toString(),
    isWeatherCorrected: !climateFactor.eq(1),
    adjustedKwhPerM2: adjusted ? adjusted.toFixed(1) : null,
    carrier,
    sizeBand,
    limits,
    rating,
    category: rating ? RATING_CATEGORY[rating] : null,
    pricePerKwh: price,
    savingsKwh: savingsKwh ? savingsKwh.toFixed(0) : null,
    savingsEuro,
    expectedEfficiencyClass: expected,
    storedEfficiencyClass: stored,
    efficiencyClassMatches: expected && stored ? expected === stored : null,
    averagePerM2: comparison.averagePerM2,
    units: comparison.units,
  };
}

/** The kWh/m² range of an efficiency class (docs/rules/heating.md#efficiency-class-check), for the warning text. */
export function efficiencyClassRange(efficiencyClass: EfficiencyClass): {
  min: number;
  max: number | null;
} {
  const range = EFFICIENCY_CLASS_KWH_RANGES.find((entry) => entry.class === efficiencyClass)!;
  return { min: range.minKwhPerM2, max: range.maxKwhPerM2 };
}
