import type { EfficiencyClass, Fuel, PropertyType } from "../constants/domain.ts";
import { countDaysInclusive, type IsoDate, isFullYear, parseIsoDate } from "../dates/calendar.ts";
import { Decimal, type DecimalValue, HUNDRED, ONE } from "../money/decimal.ts";
import { formatCents, roundEurosHalfUpToCents } from "../money/money.ts";
import { MESSAGES } from "../messages/messages.ts";
import { type Co2PricePart, priceCo2Emissions } from "./co2-price-parts.ts";
import {
  CO2_PRICE_BY_YEAR,
  CO2_STAGES,
  type Co2Stage,
  COMMERCIAL_LANDLORD_PERCENT,
  DEFAULT_CO2_STAGE_CLASS,
  EMISSION_FACTORS,
  GAS_UPPER_TO_LOWER_HEATING_VALUE,
} from "./co2-constants.ts";

/** What the CO2 split needs: the supplier's figures and the building's. */
export interface Co2SplitInput {
  period: { start: IsoDate; end: IsoDate };
  /** Default residential. § 8 CO2KostAufG: commercial buildings split 50 / 50. */
  propertyType?: PropertyType;
  /** The stored class, used only when no emissions can be computed (docs/rules/co2.md#co2-split). */
  efficiencyClass?: EfficiencyClass | null;
  /**
   * Living area in m2 (residential) or usable area (commercial); must be above 0. This and the
   * other quantities: decimal text, read exactly, or a number (decision 1640).
   */
  area: DecimalValue;
  /** kg CO2 as stated on the supplier's invoice; wins over the computation. */
  emissionsKg?: DecimalValue | null;
  fuel?: Fuel | null;
  consumptionKwh?: DecimalValue | null;
  /** "upper": a gas bill in kWh of the upper heating value (x 0.903 first). Default lower. */
  heatingValue?: "upper" | "lower" | null;
  /** kg CO2 per kWh as stated by the supplier (district heating); default by fuel. */
  emissionFactor?: DecimalValue | null;
  /** Euros per tonne for the whole period; default: each calendar year's statutory price (BEHG § 10 (2)). */
  pricePerTonne?: DecimalValue | null;
  /** The supplier's stated CO2 cost in euros, overrides the price. */
  cost?: DecimalValue | null;
  /** VAT on the computed CO2 cost in percent (default 0). */
  vatPercent?: DecimalValue | null;
}

/** Where the stage came from. */
export type Co2Source = "supplier" | "computed" | "efficiencyClass" | "default";

/**
 * Issue 24, items 7 and 8: the whole basis of the CO2 cost, so that the tenant can reconcile
 * it (§ 7 (3) CO2KostAufG): energy, heating-value conversion, emission factor, the price per
 * calendar-year part, VAT and which source the cost came from.
 */
export interface Co2Calculation {
  /** The fuel's energy in kWh as entered (the invoice's figure); null with the supplier's emissions or without consumption. */
  energyKwh: string | null;
  /** The heating value the kWh are stated in; null without energy. */
  heatingValue: "upper" | "lower" | null;
  /** 0.903: gas billed on the upper heating value is converted to the lower one first; null otherwise. */
  heatingValueFactor: string | null;
  /** The energy in kWh of the lower heating value, the basis of the emission factor. */
  energyKwhLowerHeatingValue: string | null;
  /** kg CO2 per kWh used; null with the supplier's emissions. */
  emissionFactor: string | null;
  /** "supplier": as the supplier states it; "standard": the product's factor for the fuel. */
  emissionFactorSource: "supplier" | "standard" | null;
  /** "supplierInvoice": the CO2 cost stated on the invoice (§ 3 CO2KostAufG); "price": emissions x price; null: no cost. */
  costSource: "supplierInvoice" | "price" | null;
  /** The priced parts (one per calendar year, or one with an entered price); empty with the invoice's cost. */
  priceParts: Co2PricePart[];
  /** VAT in percent on the priced cost; null with the invoice's cost. */
  vatPercent: string | null;
  /** The net cost and the VAT on it (they add up to the cost); null with the invoice's cost. */
  netCost: string | null;
  vat: string | null;
}

export interface Co2SplitResult {
  /** kg CO2, two decimals; null when no emissions are known. */
  emissionsKg: string | null;
  /** kg CO2 per m2, rounded to one decimal (§ 5 (1) CO2KostAufG); null when unknown. */
  kgPerM2: string | null;
  stage: number;
  class: EfficiencyClass;
  tenantPercent: number;
  landlordPercent: number;
  source: Co2Source;
  /** The factor the stage limits were scaled by (days / 365 for a period shorter than a year). */
  stageLimitFactor: string;
  pricePerTonne: string | null;
  /** The CO2 cost in euros, half up; null when neither emissions nor a stated cost exist. */
  cost: string | null;
  tenantCost: string | null;
  landlordCost: string | null;
  /** The landlord's share in cents (0 when no cost is known): what moves off the heating costs. */
  landlordCostCents: number;
  /** The stored class differs from the computed stage. */
  hasClassMismatch: boolean;
  /** The basis of emissions and cost, for the letter (issue 24). */
  calculation: Co2Calculation;
}

export type Co2SplitOutcome =
  { ok: true; result: Co2SplitResult; warnings: string[] } | { ok: false; errors: string[] };

/** Returns the stage of the table by its efficiency class (A = stage 1 ... J = stage 10). */
export function getCo2StageByClass(efficiencyClass: EfficiencyClass): Co2Stage {
  const stage = CO2_STAGES.find((candidate) => candidate.class === efficiencyClass);
  if (!stage) throw new RangeError(`Unknown efficiency class ${efficiencyClass}`);
  return stage;
}

/**
 * Returns the stage for kg CO2 per m2 and year (already rounded to one decimal). For a
 * period shorter than a year the limits shrink by `limitFactor` (days / 365), § 5 (1) sentence 4
 * CO2KostAufG.
 */
export function getCo2StageByKgPerM2(
  kgPerM2: DecimalValue,
  limitFactor: DecimalValue = 1,
): Co2Stage {
  const kg = new Decimal(kgPerM2);
  const factor = new Decimal(limitFactor);
  for (const stage of CO2_STAGES) {
    if (stage.maxKgPerM2 === null || kg.lessThan(factor.times(stage.maxKgPerM2))) return stage;
  }
  return CO2_STAGES[CO2_STAGES.length - 1] as Co2Stage;
}

/** A quantity above 0 (text read exactly; NaN and other non-numbers are not). */
function isPositiveQuantity(value: DecimalValue): boolean {
  if (typeof value === "number" && !Number.isFinite(value)) return false;
  if (typeof value === "string" && !/^-?\d+(\.\d+)?$/.test(value)) return false;
  return new Decimal(value).greaterThan(0);
}

/** A consumption was given and is above 0. */
function hasConsumption(value: DecimalValue | null | undefined): value is DecimalValue {
  return value !== null && value !== undefined && isPositiveQuantity(value);
}

/**
 * Returns the CO2 emissions in kg: the supplier's figure, or consumption x emission factor,
 * a gas bill in upper heating value converted with 0.903 first (docs/rules/co2.md#co2-split). Null when
 * neither a figure nor a consumption above 0 is known.
 */
export function calculateCo2EmissionsKg(
  input: Pick<
    Co2SplitInput,
    "emissionsKg" | "fuel" | "consumptionKwh" | "heatingValue" | "emissionFactor"
  >,
): Decimal | null {
  if (input.emissionsKg !== null && input.emissionsKg !== undefined)
    return new Decimal(input.emissionsKg);
  if (!hasConsumption(input.consumptionKwh)) return null;
  const fuel: Fuel = input.fuel ?? "other";
  let kwh = new Decimal(input.consumptionKwh);
  if (fuel === "gas" && input.heatingValue === "upper")
    kwh = kwh.times(GAS_UPPER_TO_LOWER_HEATING_VALUE);
  const factor = input.emissionFactor ?? EMISSION_FACTORS[fuel];
  return kwh.times(factor);
}

/** The energy and factor behind computed emissions, as the letter prints them. */
function describeEmissionBasis(
  input: Co2SplitInput,
): Pick<
  Co2Calculation,
  | "energyKwh"
  | "heatingValue"
  | "heatingValueFactor"
  | "energyKwhLowerHeatingValue"
  | "emissionFactor"
  | "emissionFactorSource"
> {
  const none = {
    energyKwh: null,
    heatingValue: null,
    heatingValueFactor: null,
    energyKwhLowerHeatingValue: null,
    emissionFactor: null,
    emissionFactorSource: null,
  };
  if (input.emissionsKg !== null && input.emissionsKg !== undefined) return none;
  if (!hasConsumption(input.consumptionKwh)) return none;
  const fuel: Fuel = input.fuel ?? "other";
  const energy = new Decimal(input.consumptionKwh);
  const isConverted = fuel === "gas" && input.heatingValue === "upper";
  const hasSupplierFactor = input.emissionFactor !== null && input.emissionFactor !== undefined;
  return {
    energyKwh: energy.toFixed(),
    heatingValue: input.heatingValue === "upper" ? "upper" : "lower",
    heatingValueFactor: isConverted ? String(GAS_UPPER_TO_LOWER_HEATING_VALUE) : null,
    energyKwhLowerHeatingValue: (isConverted
      ? energy.times(GAS_UPPER_TO_LOWER_HEATING_VALUE)
      : energy
    ).toFixed(),
    emissionFactor: new Decimal(
      hasSupplierFactor ? (input.emissionFactor as DecimalValue) : EMISSION_FACTORS[fuel],
    ).toFixed(),
    emissionFactorSource: hasSupplierFactor ? "supplier" : "standard",
  };
}

/**
 * The CO2 cost split of the CO2KostAufG: emissions, kg/m2 rounded to one decimal (§ 5 (1)),
 * the stage and the shares of the table (Anlage; § 8 for non-residential buildings: 50/50),
 * the cost (stated, or emissions / 1000 x price x (1 + VAT)) and the landlord's and tenants'
 * cost. Single figures round half up to cents. Errors are returned, never thrown.
 */
export function calculateCo2Split(input: Co2SplitInput): Co2SplitOutcome {
  const errors: string[] = [];
  const warnings: string[] = [];
  const start = parseIsoDate(input.period.start);
  if (!start || !parseIsoDate(input.period.end) || input.period.end < input.period.start) {
    return { ok: false, errors: [MESSAGES.periodEndBeforeStart()] };
  }
  if (!isPositiveQuantity(input.area)) errors.push(MESSAGES.co2AreaMissing());
  const emissions = calculateCo2EmissionsKg(input);
  const statedCost =
    input.cost === null || input.cost === undefined ? null : new Decimal(input.cost);
  const enteredPrice =
    input.pricePerTonne === null || input.pricePerTonne === undefined ? null : input.pricePerTonne;
  // Issue 24, item 8: each calendar year's part at its own price (§ 3 (3) CO2KostAufG, BEHG § 10 (2)).
  const pricing =
    emissions && !statedCost
      ? priceCo2Emissions({
          period: input.period,
          emissionsKg: emissions,
          enteredPricePerTonne: enteredPrice,
          vatPercent: input.vatPercent ?? null,
        })
      : null;
  if (pricing && !pricing.ok) errors.push(MESSAGES.co2PriceMissing(pricing.missingYears));
  if (errors.length > 0) return { ok: false, errors };
  const priced = pricing && pricing.ok ? pricing.priced : null;

  // § 5 (1) sentence 4: a period shorter than a year shrinks the stage limits pro rata by days.
  const days = countDaysInclusive(input.period.start, input.period.end);
  const limitFactor = isFullYear(input.period.start, input.period.end)
    ? ONE
    : new Decimal(days).dividedBy(365);

  let stage: Co2Stage;
  let source: Co2Source;
  let kgPerM2: Decimal | null = null;
  let hasClassMismatch = false;
  if (emissions) {
    kgPerM2 = emissions.dividedBy(input.area).toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
    stage = getCo2StageByKgPerM2(kgPerM2, limitFactor);
    source =
      input.emissionsKg !== null && input.emissionsKg !== undefined ? "supplier" : "computed";
    // docs/rules/co2.md#co2-split: the computed stage decides; a different stored class is worth a warning.
    if (input.efficiencyClass && input.efficiencyClass !== stage.class) {
      hasClassMismatch = true;
      warnings.push(MESSAGES.efficiencyClassMismatch());
    }
  } else if (input.efficiencyClass) {
    stage = getCo2StageByClass(input.efficiencyClass);
    source = "efficiencyClass";
    warnings.push(MESSAGES.co2ConsumptionMissing());
  } else {
    stage = getCo2StageByClass(DEFAULT_CO2_STAGE_CLASS);
    source = "default";
    warnings.push(MESSAGES.co2ConsumptionMissing(), MESSAGES.efficiencyClassMissing());
  }

  const landlordPercent =
    input.propertyType === "commercial" ? COMMERCIAL_LANDLORD_PERCENT : stage.landlordPercent;
  const tenantPercent = 100 - landlordPercent;

  let costCents: number | null = null;
  if (statedCost) costCents = roundEurosHalfUpToCents(statedCost);
  else if (priced) costCents = priced.costCents;
  // Without emissions nothing is priced; the price stays what it was before the parts (issue 24).
  const unpricedPrice = enteredPrice ?? CO2_PRICE_BY_YEAR[start.year] ?? null;
  const prices = priced
    ? [...new Set(priced.parts.map((part) => part.pricePerTonne))]
    : statedCost || unpricedPrice === null
      ? []
      : [new Decimal(unpricedPrice).toFixed(2)];
  const landlordCostCents =
    costCents === null
      ? 0
      : roundEurosHalfUpToCents(
          new Decimal(costCents).times(landlordPercent).dividedBy(HUNDRED).dividedBy(HUNDRED),
        );

  return {
    ok: true,
    warnings,
    result: {
      emissionsKg: emissions ? emissions.toFixed(2) : null,
      kgPerM2: kgPerM2 ? kgPerM2.toFixed(1) : null,
      stage: stage.stage,
      class: stage.class,
      tenantPercent,
      landlordPercent,
      source,
      stageLimitFactor: limitFactor.toDecimalPlaces(6).toString(),
      // One price for the whole period; null when the parts have different prices (see calculation).
      pricePerTonne: prices.length === 1 ? (prices[0] as string) : null,
      cost: costCents === null ? null : formatCents(costCents),
      tenantCost: costCents === null ? null : formatCents(costCents - landlordCostCents),
      landlordCost: costCents === null ? null : formatCents(landlordCostCents),
      landlordCostCents,
      hasClassMismatch,
      calculation: {
        ...describeEmissionBasis(input),
        costSource: statedCost ? "supplierInvoice" : priced ? "price" : null,
        priceParts: priced ? priced.parts : [],
        vatPercent: priced ? new Decimal(input.vatPercent ?? 0).toFixed() : null,
        netCost: priced ? formatCents(priced.netCostCents) : null,
        vat: priced ? formatCents(priced.vatCents) : null,
      },
    },
  };
}
