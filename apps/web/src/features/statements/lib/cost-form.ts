import {
  countDecimals,
  parseDecimalText,
  subtractDecimalText,
  type AnnualInformationValues,
  type BillingPeriodCosts,
  type BillingPeriodCostsBody,
  type CostItemMode,
  type EnergySource,
  type HeatingCosts,
  type QuickSetupTemplateItem,
  type TaxCategory,
} from "@nk/contract";
import {
  DEFAULT_CONSUMPTION_SHARE_PERCENT,
  DEFAULT_METER_BY_COST_TYPE,
  isHeizkvCostType,
  type DistributionKey,
  type Fuel,
  type FuelQuantityUnit,
  type ItemMeter,
  type MeterKind,
} from "@nk/engine";

// The inputs of step 1 'Kosten erfassen' as the form holds them: every number as the canonical
// text the one number field hands on ("48000" for a typed "48.000"; decision 1000). Field names
// are the body's (billingPeriodCostsBodySchema), so the contract's messages land on the inputs.

/** Decision 1403: a tenancy's own amount under the key "direct", as the form holds it. */
export interface DirectAmountValues {
  tenancyId: string;
  amount: string;
  laborCosts: string;
}

export interface CostItemValues {
  costType: string;
  amount: string;
  key: DistributionKey | "";
  /** Mixed only: percent by consumption; the base percent is 100 minus it. */
  consumptionShare: string;
  meter: ItemMeter | "";
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
  /** Issue 30: § 12 (1) HeizkV 3 % cut applied up front (meters without the required remote reading). */
  heizkvRemoteReadingCut: boolean;
  /** Decision 1403, key "direct": one entry per tenancy of the period. */
  directAmounts: DirectAmountValues[];
  /** Decision 1403, key "direct": the vacancy's amount. */
  vacancyAmount: string;
}

export interface Co2Values {
  fuel: Fuel | "";
  consumptionKwh: string;
  heatingValue: "upper" | "lower";
  emissionsKg: string;
  cost: string;
  /** € per tonne; empty: the BEHG price of the period's first year (docs/rules/co2.md#co2-split). */
  pricePerTonne: string;
  vatPercent: string;
  /** kg CO2 per kWh as the district-heating supplier states it. */
  emissionFactor: string;
}

/** Issue 24, item 6: one delivery of a stored fuel. */
interface FuelDeliveryValues {
  date: string;
  quantity: string;
  amount: string;
}

/** Issue 24, item 6: the heating cost sheet as the form holds it. */
export interface HeatingSheetValues {
  isEnabled: boolean;
  fuel: Fuel | "";
  quantityUnit: FuelQuantityUnit;
  openingQuantity: string;
  openingAmount: string;
  deliveries: FuelDeliveryValues[];
  closingQuantity: string;
  quantity: string;
  fuelCost: string;
  operatingPower: string;
  maintenance: string;
  emissionMeasurement: string;
  meteringService: string;
  isCombined: boolean;
  totalEnergyKwh: string;
  hotWaterVolumeM3: string;
  hotWaterTemperatureCelsius: string;
  hotWaterAreaM2: string;
  isGasUpperHeatingValue: boolean;
  isCommercialHeatSupply: boolean;
}

export const EMPTY_HEATING_SHEET: HeatingSheetValues = {
  isEnabled: false,
  fuel: "",
  quantityUnit: "l",
  openingQuantity: "",
  openingAmount: "",
  deliveries: [],
  closingQuantity: "",
  quantity: "",
  fuelCost: "",
  operatingPower: "",
  maintenance: "",
  emissionMeasurement: "",
  meteringService: "",
  isCombined: false,
  totalEnergyKwh: "",
  hotWaterVolumeM3: "",
  hotWaterTemperatureCelsius: "",
  hotWaterAreaM2: "",
  isGasUpperHeatingValue: false,
  isCommercialHeatSupply: false,
};

/** Issue 24, item 12: the § 6a (3) HeizkV inputs as the form holds them (names as in the body). */
export interface AnnualInformationFormValues {
  energyMix: { carrier: string; percent: string }[];
  primaryEnergyFactor: string;
  taxesAndLevies: { label: string; amount: string }[];
  meteringDeviceFee: string;
  readingAndBillingFee: string;
}

export const EMPTY_ANNUAL_INFORMATION: AnnualInformationFormValues = {
  energyMix: [],
  primaryEnergyFactor: "",
  taxesAndLevies: [],
  meteringDeviceFee: "",
  readingAndBillingFee: "",
};

interface ConsumptionOverrideValues {
  unitId: string;
  meter: MeterKind;
  value: string;
  reason: string;
}

export interface CostsFormValues {
  costItems: CostItemValues[];
  co2: Co2Values;
  consumptionOverrides: ConsumptionOverrideValues[];
  /** docs/rules/heating.md#consumption-analysis: the site's Klimafaktor for the period (DWD); empty: 1.0, not weather-corrected. */
  climateFactor: string;
  /** Issue 24, item 6: the heating cost sheet. */
  heatingSheet: HeatingSheetValues;
  /** Issue 24, item 12: the § 6a (3) HeizkV inputs. */
  annualInformation: AnnualInformationFormValues;
}

export const EMPTY_CO2: Co2Values = {
  fuel: "",
  consumptionKwh: "",
  heatingValue: "lower",
  emissionsKg: "",
  cost: "",
  pricePerTonne: "",
  vatPercent: "",
  emissionFactor: "",
};

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
    heizkvRemoteReadingCut: false,
    directAmounts: [],
    vacancyAmount: "",
  };
}

/** A Quick-Setup item without an amount: the invoice's figure is typed, never a guess kept (issue 27). */
export function buildTemplateCostItem(item: QuickSetupTemplateItem): CostItemValues {
  return {
    ...buildEmptyCostItem(item.costType),
    key: item.key,
    consumptionShare: String(item.consumptionShare ?? DEFAULT_CONSUMPTION_SHARE_PERCENT),
    meter:
      item.key === "area" ? "" : (item.meter ?? DEFAULT_METER_BY_COST_TYPE[item.costType] ?? ""),
    isMandatory: item.isMandatory,
  };
}

/** docs/rules/statements.md#statement-checks: rate-based mode only where the cost type requires consumption. */
/**
 * docs/rules/statements.md#statement-checks: editing the base percent sets the consumption percent to 100 minus it, exactly
 * ("30.5" -> "69.5"); text that is not a number stays as it is, so the schema names the problem.
 */
export function complementPercent(text: string): string {
  const value = parseDecimalText(text);
  if (value === null || countDecimals(value) > 2) return text;
  return subtractDecimalText("100", value, 2).replace(/\.?0+$/, "");
}

const textOrNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

/** A stored number (a percentage, a factor) as the form holds it: canonical text, "" for none. */

/** The form's values as the body of PUT /costs, preview and save. */
/** Issue 24, item 6: the sheet as the body sends it; null while it is off or has no fuel. */
export function toHeatingCostsBody(
  sheet: HeatingSheetValues | undefined,
): NonNullable<BillingPeriodCostsBody["heatingCosts"]> | null {
  if (!sheet || !sheet.isEnabled || sheet.fuel === "") return null;
  return {
    fuel: sheet.fuel,
    quantityUnit: sheet.quantityUnit,
    openingQuantity: textOrNull(sheet.openingQuantity),
    openingAmount: textOrNull(sheet.openingAmount),
    deliveries: sheet.deliveries.map((d) => ({
      date: d.date.trim(),
      quantity: textOrNull(d.quantity),
      amount: textOrNull(d.amount),
    })),
    closingQuantity: textOrNull(sheet.closingQuantity),
    quantity: textOrNull(sheet.quantity),
    fuelCost: textOrNull(sheet.fuelCost),
    operatingPower: textOrNull(sheet.operatingPower),
    maintenance: textOrNull(sheet.maintenance),
    emissionMeasurement: textOrNull(sheet.emissionMeasurement),
    meteringService: textOrNull(sheet.meteringService),
    isCombined: sheet.isCombined,
    totalEnergyKwh: sheet.isCombined ? textOrNull(sheet.totalEnergyKwh) : null,
    hotWaterVolumeM3: sheet.isCombined ? textOrNull(sheet.hotWaterVolumeM3) : null,
    hotWaterTemperatureCelsius: sheet.isCombined
      ? textOrNull(sheet.hotWaterTemperatureCelsius)
      : null,
    hotWaterAreaM2: sheet.isCombined ? textOrNull(sheet.hotWaterAreaM2) : null,
    isGasUpperHeatingValue: sheet.isCombined && sheet.isGasUpperHeatingValue,
    isCommercialHeatSupply: sheet.isCombined && sheet.isCommercialHeatSupply,
  };
}

/** Issue 24, item 12: the § 6a inputs as the body sends them; null while nothing is entered. */
function toAnnualInformationBody(
  info: AnnualInformationFormValues | undefined,
): NonNullable<BillingPeriodCostsBody["annualInformation"]> | null {
  if (!info) return null;
  const energyMix = info.energyMix.map((share) => ({
    carrier: share.carrier.trim(),
    percent: share.percent.trim(),
  }));
  const taxesAndLevies = info.taxesAndLevies.map((levy) => ({
    label: levy.label.trim(),
    amount: levy.amount.trim(),
  }));
  const fees = {
    primaryEnergyFactor: textOrNull(info.primaryEnergyFactor),
    meteringDeviceFee: textOrNull(info.meteringDeviceFee),
    readingAndBillingFee: textOrNull(info.readingAndBillingFee),
  };
  if (
    energyMix.length === 0 &&
    taxesAndLevies.length === 0 &&
    Object.values(fees).every((value) => value === null)
  )
    return null;
  return { energyMix, taxesAndLevies, ...fees };
}

function fromSavedAnnualInformation(
  saved: AnnualInformationValues | null | undefined,
): AnnualInformationFormValues {
  if (!saved) return EMPTY_ANNUAL_INFORMATION;
  return {
    energyMix: saved.energyMix.map((share) => ({ carrier: share.carrier, percent: share.percent })),
    primaryEnergyFactor: saved.primaryEnergyFactor ?? "",
    taxesAndLevies: saved.taxesAndLevies.map((levy) => ({
      label: levy.label,
      amount: levy.amount,
    })),
    meteringDeviceFee: saved.meteringDeviceFee ?? "",
    readingAndBillingFee: saved.readingAndBillingFee ?? "",
  };
}

function fromSavedHeatingCosts(saved: HeatingCosts | null | undefined): HeatingSheetValues {
  if (!saved) return EMPTY_HEATING_SHEET;
  const text = (value: string | null) => value ?? "";
  return {
    isEnabled: true,
    fuel: saved.fuel,
    quantityUnit: saved.quantityUnit,
    openingQuantity: text(saved.openingQuantity),
    openingAmount: text(saved.openingAmount),
    deliveries: saved.deliveries.map((d) => ({
      date: d.date,
      quantity: text(d.quantity),
      amount: text(d.amount),
    })),
    closingQuantity: text(saved.closingQuantity),
    quantity: text(saved.quantity),
    fuelCost: text(saved.fuelCost),
    operatingPower: text(saved.operatingPower),
    maintenance: text(saved.maintenance),
    emissionMeasurement: text(saved.emissionMeasurement),
    meteringService: text(saved.meteringService),
    isCombined: saved.isCombined,
    totalEnergyKwh: text(saved.totalEnergyKwh),
    hotWaterVolumeM3: text(saved.hotWaterVolumeM3),
    hotWaterTemperatureCelsius: text(saved.hotWaterTemperatureCelsius),
    hotWaterAreaM2: text(saved.hotWaterAreaM2),
    isGasUpperHeatingValue: saved.isGasUpperHeatingValue,
    isCommercialHeatSupply: saved.isCommercialHeatSupply,
  };
}

export function toCostsBody(
  values: CostsFormValues,
): Required<
  Pick<
    BillingPeriodCostsBody,
    | "costItems"
    | "co2"
    | "consumptionOverrides"
    | "climateFactor"
    | "heatingCosts"
    | "annualInformation"
  >
> {
  const co2 = values.co2;
  const hasCo2 = Boolean(
    co2.fuel ||
    [
      co2.consumptionKwh,
      co2.emissionsKg,
      co2.cost,
      co2.pricePerTonne,
      co2.vatPercent,
      co2.emissionFactor,
    ].some((text) => text.trim() !== ""),
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
        heizkvReduction:
          item.heizkvReduction === true &&
          isHeizkvCostType(item.costType) &&
          item.key !== "consumption" &&
          item.key !== "mixed" &&
          item.key !== "direct",
        heizkvRemoteReadingCut:
          item.heizkvRemoteReadingCut === true &&
          isHeizkvCostType(item.costType) &&
          item.key !== "direct",
        directAmounts:
          item.key === "direct"
            ? (item.directAmounts ?? []).flatMap((entry) => {
                const amount = textOrNull(entry.amount);
                return amount === null
                  ? []
                  : [
                      {
                        tenancyId: entry.tenancyId,
                        amount,
                        laborCosts: textOrNull(entry.laborCosts),
                      },
                    ];
              })
            : [],
        vacancyAmount: item.key === "direct" ? textOrNull(item.vacancyAmount ?? "") : null,
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
    consumptionOverrides: values.consumptionOverrides.map((entry) => ({
      ...entry,
      value: entry.value.trim(),
      reason: entry.reason.trim(),
    })),
    climateFactor: textOrNull(values.climateFactor ?? ""),
    heatingCosts: toHeatingCostsBody(values.heatingSheet),
    annualInformation: toAnnualInformationBody(values.annualInformation),
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
      meter:
        item.key === "area" ? "" : (item.meter ?? DEFAULT_METER_BY_COST_TYPE[item.costType] ?? ""),
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
      heizkvRemoteReadingCut: item.heizkvRemoteReadingCut,
      directAmounts: item.directAmounts.map((entry) => ({
        tenancyId: entry.tenancyId,
        amount: entry.amount ?? "",
        laborCosts: entry.laborCosts ?? "",
      })),
      vacancyAmount: item.vacancyAmount ?? "",
    })),
    co2: saved.co2
      ? {
          fuel: saved.co2.fuel ?? "",
          consumptionKwh: saved.co2.consumptionKwh ?? "",
          heatingValue: saved.co2.heatingValue ?? "lower",
          emissionsKg: saved.co2.emissionsKg ?? "",
          cost: saved.co2.cost ?? "",
          pricePerTonne: saved.co2.pricePerTonne ?? "",
          vatPercent: saved.co2.vatPercent ?? "",
          emissionFactor: saved.co2.emissionFactor ?? "",
        }
      : EMPTY_CO2,
    consumptionOverrides: saved.consumptionOverrides.map((entry) => ({
      ...entry,
      value: entry.value,
    })),
    climateFactor: saved.climateFactor ?? "",
    heatingSheet: fromSavedHeatingCosts(saved.heatingCosts),
    annualInformation: fromSavedAnnualInformation(saved.annualInformation),
  };
}
