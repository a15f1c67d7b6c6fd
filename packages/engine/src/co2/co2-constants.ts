import type { EfficiencyClass, Fuel } from "../constants/domain.ts";

/** One stage of the CO2KostAufG table for residential buildings (Anlage zu §§ 5-7). */
export interface Co2Stage {
  stage: number;
  /** The efficiency class the product shows for the stage (docs/rules/co2.md#co2-split). */
  class: EfficiencyClass;
  /** Lower limit in kg CO2 per m2 and year, inclusive. */
  minKgPerM2: number;
  /** Upper limit, exclusive; null for the last stage (>= 52). */
  maxKgPerM2: number | null;
  tenantPercent: number;
  landlordPercent: number;
}

/**
 * The ten stages of the CO2KostAufG (Anlage, § 5 (1)): kg CO2 per m2 living area and year,
 * and the shares of tenant and landlord. docs/rules/co2.md#co2-split replaces the specification's tables.
 */
export const CO2_STAGES: readonly Co2Stage[] = Object.freeze([
  { stage: 1, class: "A", minKgPerM2: 0, maxKgPerM2: 12, tenantPercent: 100, landlordPercent: 0 },
  { stage: 2, class: "B", minKgPerM2: 12, maxKgPerM2: 17, tenantPercent: 90, landlordPercent: 10 },
  { stage: 3, class: "C", minKgPerM2: 17, maxKgPerM2: 22, tenantPercent: 80, landlordPercent: 20 },
  { stage: 4, class: "D", minKgPerM2: 22, maxKgPerM2: 27, tenantPercent: 70, landlordPercent: 30 },
  { stage: 5, class: "E", minKgPerM2: 27, maxKgPerM2: 32, tenantPercent: 60, landlordPercent: 40 },
  { stage: 6, class: "F", minKgPerM2: 32, maxKgPerM2: 37, tenantPercent: 50, landlordPercent: 50 },
  { stage: 7, class: "G", minKgPerM2: 37, maxKgPerM2: 42, tenantPercent: 40, landlordPercent: 60 },
  { stage: 8, class: "H", minKgPerM2: 42, maxKgPerM2: 47, tenantPercent: 30, landlordPercent: 70 },
  { stage: 9, class: "I", minKgPerM2: 47, maxKgPerM2: 52, tenantPercent: 20, landlordPercent: 80 },
  {
    stage: 10,
    class: "J",
    minKgPerM2: 52,
    maxKgPerM2: null,
    tenantPercent: 5,
    landlordPercent: 95,
  },
] satisfies Co2Stage[]);

/** The stage used when neither emissions nor a stored class are known (docs/rules/co2.md#co2-split: E). */
export const DEFAULT_CO2_STAGE_CLASS: EfficiencyClass = "E";

/** § 8 CO2KostAufG: non-residential buildings split the CO2 cost 50 / 50. */
export const COMMERCIAL_LANDLORD_PERCENT = 50;

/**
 * Emission factors in kg CO2 per kWh (lower heating value), docs/rules/co2.md#co2-split. Natural gas as the
 * federal ministry's CO2 calculator uses it; district heating only as a fallback where the
 * supplier states none; "other" is the specification's factor for an unknown fuel.
 */
export const EMISSION_FACTORS: Readonly<Record<Fuel, number>> = Object.freeze({
  gas: 0.20088,
  oil: 0.266,
  lpg: 0.239,
  coal: 0.338,
  wood: 0,
  pellets: 0,
  district_heating: 0.164,
  other: 0.2,
});

/** A gas bill in kWh of the upper heating value (Brennwert) times this gives the lower one. */
export const GAS_UPPER_TO_LOWER_HEATING_VALUE = 0.903;

/**
 * CO2 price in euros per tonne by the first year of the billing period (§ 10 (2) BEHG;
 * 2026 is the midpoint of the 55-65 corridor). Later years: the user enters the price.
 */
export const CO2_PRICE_BY_YEAR: Readonly<Record<number, number>> = Object.freeze({
  2021: 25,
  2022: 30,
  2023: 30,
  2024: 45,
  2025: 55,
  2026: 60,
});
