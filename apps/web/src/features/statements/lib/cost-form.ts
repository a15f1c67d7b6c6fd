import { DEFAULT_CONSUMPTION_SHARE_PERCENT, DEFAULT_METER_BY_COST_TYPE, type DistributionKey, type Fuel, type MeterKind } from "@nk/engine";

// The inputs of step 1 'Kosten erfassen' as the form holds them (text as typed), one cost item
// per card, the CO2 inputs and the manual consumption values.

export type CostItemMode = "manual" | "rate";
export type TaxCategory = "householdServices" | "craftsmen";

export interface CostItemValues {
  costType: string;
  amount: string;
  key: DistributionKey | "";
  /** Mixed only: percent by consumption; the base percent is 100 minus it. */
  consumptionShare: string;
  meter: MeterKind | "";
  excludedUnits: string[];
  laborCosts: string;
  taxCategory: TaxCategory;
  mode: CostItemMode;
  rateId: string;
  rateConsumption: string;
  /** A template's mandatory item (Quick-Setup). */
  isMandatory: boolean;
}

export interface Co2Values {
  fuel: Fuel | "";
  consumptionKwh: string;
  heatingValue: "upper" | "lower";
  emissionsKg: string;
  cost: string;
}

export interface ConsumptionOverrideValues {
  unitId: string;
  meter: MeterKind;
  value: string;
  reason: string;
}

export interface CostsFormValues {
  items: CostItemValues[];
  co2: Co2Values;
  consumptionOverrides: ConsumptionOverrideValues[];
}

export const EMPTY_CO2: Co2Values = { fuel: "", consumptionKwh: "", heatingValue: "lower", emissionsKg: "", cost: "" };

export function buildEmptyCostItem(costType = ""): CostItemValues {
  return {
    costType,
    amount: "",
    key: "",
    consumptionShare: String(DEFAULT_CONSUMPTION_SHARE_PERCENT),
    meter: "",
    excludedUnits: [],
    laborCosts: "",
    taxCategory: "householdServices",
    mode: "manual",
    rateId: "",
    rateConsumption: "",
    isMandatory: false,
  };
}

/** Part 2, section 5: rate-based mode only where the cost type is read from a meter. */
export function isConsumptionCostType(costType: string): boolean {
  return costType in DEFAULT_METER_BY_COST_TYPE;
}

/** Section 5: editing the base percent sets the consumption percent to 100 minus it. */
export function complementPercent(text: string): string {
  const value = Number(text.replace(",", "."));
  if (text.trim() === "" || !Number.isFinite(value)) return "";
  return String(Math.round((100 - value) * 100) / 100);
}
