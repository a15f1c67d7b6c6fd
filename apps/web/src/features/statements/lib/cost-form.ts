import {
  countDecimals,
  isConsumptionCostType,
  parseDecimalText,
  subtractDecimalText,
  type BillingPeriodCosts,
  type BillingPeriodCostsBody,
  type CostItemMode,
  type EnergySource,
  type QuickSetupTemplateItem,
  type TaxCategory,
} from "@nk/contract";
import { DEFAULT_CONSUMPTION_SHARE_PERCENT, DEFAULT_METER_BY_COST_TYPE, isHeizkvCostType, type DistributionKey, type Fuel, type MeterKind } from "@nk/engine";

// The inputs of step 1 'Kosten erfassen' as the form holds them: every number as the canonical
// text the one number field hands on ("48000" for a typed "48.000"; decision 1000). Field names
// are the body's (billingPeriodCostsBodySchema), so the contract's messages land on the inputs.

export interface CostItemValues {
  costType: string;
  amount: string;
  key: DistributionKey | "";
  /** Mixed only: percent by consumption; the base percent is 100 minus it. */
  consumptionShare: string;
  meter: MeterKind | "";
  excludedUnits: string[];
  energySource: EnergySource | "";
  laborCosts: string;
  taxCategory: TaxCategory;
  mode: CostItemMode;
  rateId: string;
  /** Rate-based: the consumption entered for the tariff. */
  consumptionAmount: string;
  /** A template's mandatory item (Quick-Setup); shown only, not stored. */
  isMandatory: boolean;
  /** Issue 24: the lease clause for a cost type that needs agreement (cost-type-allocability.ts). */
  allocationNote: string;
  /** Issue 24: § 12 (1) HeizkV cut applied up front (heating or hot water not by consumption). */
  heizkvReduction: boolean;
}

export interface Co2Values {
  fuel: Fuel | "";
  consumptionKwh: string;
  heatingValue: "upper" | "lower";
  emissionsKg: string;
  cost: string;
  /** € per tonne; empty: the BEHG price of the period's first year (DECISIONS 4). */
  pricePerTonne: string;
  vatPercent: string;
  /** kg CO2 per kWh as the district-heating supplier states it. */
  emissionFactor: string;
}

export interface ConsumptionOverrideValues {
  unitId: string;
  meter: MeterKind;
  value: string;
  reason: string;
}

export interface CostsFormValues {
  costItems: CostItemValues[];
  co2: Co2Values;
  consumptionOverrides: ConsumptionOverrideValues[];
  /** DECISIONS 11: the site's Klimafaktor for the period (DWD); empty: 1.0, not weather-corrected. */
  climateFactor: string;
}

export const EMPTY_CO2: Co2Values = { fuel: "", consumptionKwh: "", heatingValue: "lower", emissionsKg: "", cost: "", pricePerTonne: "", vatPercent: "", emissionFactor: "" };

export function buildEmptyCostItem(costType = ""): CostItemValues {
  return {
    costType,
    amount: "",
    key: "",
    consumptionShare: String(DEFAULT_CONSUMPTION_SHARE_PERCENT),
    meter: DEFAULT_METER_BY_COST_TYPE[costType] ?? "",
    excludedUnits: [],
    energySource: "",
    laborCosts: "",
    taxCategory: "householdServices",
    mode: "manual",
    rateId: "",
    consumptionAmount: "",
    isMandatory: false,
    allocationNote: "",
    heizkvReduction: false,
  };
}

/** A Quick-Setup item with its estimated amount. */
export function buildTemplateCostItem(item: QuickSetupTemplateItem, amount: string): CostItemValues {
  return {
    ...buildEmptyCostItem(item.costType),
    amount,
    key: item.key,
    consumptionShare: String(item.consumptionShare ?? DEFAULT_CONSUMPTION_SHARE_PERCENT),
    meter: item.meter ?? DEFAULT_METER_BY_COST_TYPE[item.costType] ?? "",
    isMandatory: item.isMandatory,
  };
}

/** Part 2, section 5: rate-based mode only where the cost type requires consumption. */
export { isConsumptionCostType };

/**
 * Section 5: editing the base percent sets the consumption percent to 100 minus it, exactly
 * ("30.5" -> "69.5"); text that is not a number stays as it is, so the schema names the problem.
 */
export function complementPercent(text: string): string {
  const value = parseDecimalText(text);
  if (value === null || countDecimals(value) > 2) return text;
  return subtractDecimalText("100", value, 2).replace(/\.?0+$/, "");
}

const textOrNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

/** A stored number (a percentage, a factor) as the form holds it: canonical text, "" for none. */
const numberToText = (value: number | null): string => (value === null ? "" : String(value));

/** The form's values as the body of PUT /costs, preview and save. */
export function toCostsBody(values: CostsFormValues): Required<Pick<BillingPeriodCostsBody, "costItems" | "co2" | "consumptionOverrides" | "climateFactor">> {
  const co2 = values.co2;
  const hasCo2 = Boolean(
    co2.fuel || [co2.consumptionKwh, co2.emissionsKg, co2.cost, co2.pricePerTonne, co2.vatPercent, co2.emissionFactor].some((text) => text.trim() !== ""),
  );
  return {
    costItems: values.costItems.map((item) => {
      const isRate = item.mode === "rate";
      const laborCosts = textOrNull(item.laborCosts);
      return {
        costType: item.costType,
        amount: textOrNull(item.amount),
        key: item.key === "" ? null : item.key,
        consumptionShare: item.key === "mixed" ? textOrNull(item.consumptionShare) : null,
        meter: item.key === "consumption" || item.key === "mixed" ? item.meter || null : null,
        excludedUnits: item.excludedUnits,
        energySource: item.energySource || null,
        laborCosts,
        taxCategory: laborCosts === null ? null : item.taxCategory,
        mode: item.mode,
        rateId: isRate ? textOrNull(item.rateId) : null,
        consumptionAmount: isRate ? textOrNull(item.consumptionAmount) : null,
        allocationNote: textOrNull(item.allocationNote ?? ""),
        heizkvReduction: item.heizkvReduction === true && isHeizkvCostType(item.costType) && item.key !== "consumption" && item.key !== "mixed",
      };
    }),
    co2: hasCo2
      ? {
          fuel: co2.fuel || null,
          consumptionKwh: textOrNull(co2.consumptionKwh),
          heatingValue: co2.heatingValue,
          emissionsKg: textOrNull(co2.emissionsKg),
          cost: textOrNull(co2.cost),
          pricePerTonne: textOrNull(co2.pricePerTonne),
          vatPercent: textOrNull(co2.vatPercent),
          emissionFactor: textOrNull(co2.emissionFactor),
        }
      : null,
    consumptionOverrides: values.consumptionOverrides.map((entry) => ({ ...entry, value: entry.value.trim(), reason: entry.reason.trim() })),
    climateFactor: textOrNull(values.climateFactor ?? ""),
  };
}

/** The saved inputs of a billing period as form values. */
export function fromSavedCosts(saved: BillingPeriodCosts): CostsFormValues {
  return {
    costItems: saved.costItems.map((item) => ({
      costType: item.costType,
      amount: item.amount ?? "",
      key: item.key ?? "",
      consumptionShare: String(item.consumptionShare ?? DEFAULT_CONSUMPTION_SHARE_PERCENT),
      meter: item.meter ?? DEFAULT_METER_BY_COST_TYPE[item.costType] ?? "",
      excludedUnits: item.excludedUnits,
      energySource: item.energySource ?? "",
      laborCosts: item.laborCosts ?? "",
      taxCategory: item.taxCategory ?? "householdServices",
      mode: item.mode,
      rateId: item.rateId ?? "",
      consumptionAmount: item.consumptionAmount ?? "",
      isMandatory: false,
      allocationNote: item.allocationNote ?? "",
      heizkvReduction: item.heizkvReduction,
    })),
    co2: saved.co2
      ? {
          fuel: saved.co2.fuel ?? "",
          consumptionKwh: saved.co2.consumptionKwh ?? "",
          heatingValue: saved.co2.heatingValue ?? "lower",
          emissionsKg: saved.co2.emissionsKg ?? "",
          cost: saved.co2.cost ?? "",
          pricePerTonne: numberToText(saved.co2.pricePerTonne),
          vatPercent: numberToText(saved.co2.vatPercent),
          emissionFactor: numberToText(saved.co2.emissionFactor),
        }
      : EMPTY_CO2,
    consumptionOverrides: saved.consumptionOverrides.map((entry) => ({ ...entry, value: entry.value })),
    climateFactor: saved.climateFactor ?? "",
  };
}
