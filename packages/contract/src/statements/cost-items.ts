import { z } from "zod";
import {
  DISTRIBUTION_KEYS,
  FUELS,
  ITEM_METERS,
  METER_KIND_LABELS,
  METER_KINDS,
  TAX_CATEGORIES,
  type TaxCategory,
} from "@nk/engine";
import {
  compareDecimalText,
  decimalTextSchema,
  formatEuroDe,
  optionalBoundedDecimalTextSchema,
  optionalDecimalTextSchema,
  sumDecimalTexts,
} from "../decimal-text.ts";
import { isUuidText } from "../ids.ts";
import { STATEMENT_MESSAGES as M } from "./statement-messages.ts";
import { climateFactorSchema } from "./statement-analysis.ts";
import { ALLOCABILITY_MESSAGES } from "./cost-type-allocability.ts";
import { heatingCostsSchema } from "./heating-costs.ts";
import { annualInformationSchema } from "./annual-information.ts";

// Cost items and CO2 inputs of a billing period (issue 11, docs/rules/statement-inputs.md#assembly). Field names are those
// of the calculation contract v1.1 (costType, amount, key, consumptionShare, meter,
// excludedUnits, laborCosts, taxCategory; co2.fuel, consumptionKwh, heatingValue, emissionsKg,
// cost, ...); mode, rateId, consumptionAmount and energySource are the app's own.

/** docs/rules/statements.md#statement-entities: energy sources of a cost item. */
export const ENERGY_SOURCES = [
  "gas",
  "oil",
  "district_heating",
  "electricity",
  "pellets",
  "wood",
  "solar",
  "water",
  "other",
] as const;
export type EnergySource = (typeof ENERGY_SOURCES)[number];

export const ENERGY_SOURCE_LABELS: Record<EnergySource, string> = {
  gas: "Erdgas",
  oil: "Heizöl",
  district_heating: "Fernwärme",
  electricity: "Strom",
  pellets: "Holzpellets",
  wood: "Holz",
  solar: "Solar",
  water: "Wasser",
  other: "Sonstige",
};

/** CO2 fuels (calculation contract), in German: the wizard's choices and the letters' "Energieträger". */
export const FUEL_LABELS: Record<(typeof FUELS)[number], string> = {
  gas: "Erdgas",
  oil: "Heizöl",
  lpg: "Flüssiggas",
  coal: "Kohle",
  wood: "Holz",
  pellets: "Holzpellets",
  district_heating: "Fernwärme",
  other: "Sonstiger Energieträger",
};

/** § 35a EStG: household services (para. 2) or craftsmen's services (para. 3): the engine's list (issue 25). */
export { TAX_CATEGORIES, type TaxCategory };
/** The categories in German, as the wizard offers them and the letters print them. */
export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = {
  householdServices: "Haushaltsnahe Dienstleistungen (§ 35a Abs. 2 EStG)",
  craftsmen: "Handwerkerleistungen (§ 35a Abs. 3 EStG)",
};

export const COST_ITEM_MODES = ["manual", "rate"] as const;
export type CostItemMode = (typeof COST_ITEM_MODES)[number];

/** The meter kinds' German names live with the engine (its messages name them too). */
export { METER_KIND_LABELS } from "@nk/engine";

/**
 * Issue 24, item 9: the series a cost item can be distributed by; "water" is all the fresh
 * water of a unit, cold-water plus hot-water meters (for water supply and sewage).
 */
export const ITEM_METER_LABELS: Record<(typeof ITEM_METERS)[number], string> = {
  ...METER_KIND_LABELS,
  water: "Wasser gesamt (Kalt- und Warmwasserzähler)",
};

/** Cost types that are read from meters: only these may be rate-based (docs/rules/statements.md#statement-checks). */
export const CONSUMPTION_COST_TYPES = [
  "Heizung",
  "Warmwasser",
  "Kaltwasser",
  "Beleuchtung",
  "Aufzug",
] as const;

export function isConsumptionCostType(costType: string): boolean {
  return (CONSUMPTION_COST_TYPES as readonly string[]).includes(costType);
}

export const MAX_COST_ITEMS = 100;

const amountMessages = {
  required: M.amountRequired,
  notANumber: M.amountNotANumber,
  negative: M.amountNegative,
  tooManyDecimals: M.amountTooManyDecimals,
  tooLarge: M.amountTooLarge,
};
const laborMessages = {
  required: M.laborCostsNotANumber,
  notANumber: M.laborCostsNotANumber,
  negative: M.laborCostsNegative,
  tooManyDecimals: M.laborCostsTooManyDecimals,
  tooLarge: M.laborCostsTooLarge,
};
const consumptionMessages = {
  required: M.rateConsumptionRequired,
  notANumber: M.consumptionNotANumber,
  negative: M.consumptionNegative,
  tooManyDecimals: M.consumptionTooManyDecimals,
  tooLarge: M.consumptionTooLarge,
};

const unitIdList = z
  .array(z.string({ error: M.unitInvalid }).refine(isUuidText, M.unitInvalid), {
    error: M.unitInvalid,
  })
  .max(1000)
  .default([]);

/**
 * Contract v1.4 (decision 1403): a tenancy's own amount of an item with the key "direct". While
 * the user types an amount may be empty: it counts as 0 and is not stored.
 */
export const directAmountSchema = z.object({
  tenancyId: z.string({ error: M.directTenancyInvalid }).refine(isUuidText, M.directTenancyInvalid),
  amount: optionalDecimalTextSchema("money", amountMessages),
  laborCosts: optionalDecimalTextSchema("money", laborMessages),
});
export type DirectAmount = z.output<typeof directAmountSchema>;

const directAmountList = z
  .array(directAmountSchema)
  .max(5000)
  .nullish()
  .transform((v) => v ?? [])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      if (seen.has(entry.tenancyId))
        ctx.addIssue({ code: "custom", path: [index, "tenancyId"], message: M.directTenancyTwice });
      seen.add(entry.tenancyId);
      if (
        entry.amount !== null &&
        entry.laborCosts !== null &&
        compareDecimalText(entry.laborCosts, entry.amount) > 0
      ) {
        ctx.addIssue({
          code: "custom",
          path: [index, "laborCosts"],
          message: M.directLaborAboveAmount,
        });
      }
    });
  });

/** The direct amounts and the vacancy's amount added up (empty counts as 0), two decimals. */
export function sumDirectAmounts(
  directAmounts: readonly Pick<DirectAmount, "amount">[],
  vacancyAmount: string | null,
): string {
  return sumDecimalTexts(
    [...directAmounts.map((entry) => entry.amount ?? "0"), vacancyAmount ?? "0"],
    2,
  );
}

const costItemFields = {
  costType: z.string({ error: M.costTypeRequired }).trim().max(100, M.costTypeTooLong),
  /** Euros as decimal text; for a rate-based item the server computes it from the tariff. */
  amount: optionalDecimalTextSchema("money", amountMessages),
  key: z.enum(DISTRIBUTION_KEYS, { error: M.keyInvalid }),
  /** mixed only: percent by consumption (HeizkV 50-70 for Heizung and Warmwasser, checked by the engine). */
  consumptionShare: optionalBoundedDecimalTextSchema("percent", M.consumptionShareRange, "100"),
  meter: z
    .enum(ITEM_METERS, { error: M.meterInvalid })
    .nullish()
    .transform((v) => v ?? null),
  excludedUnits: unitIdList,
  energySource: z
    .enum(ENERGY_SOURCES, { error: M.energySourceInvalid })
    .nullish()
    .transform((v) => v ?? null),
  laborCosts: optionalDecimalTextSchema("money", laborMessages),
  taxCategory: z
    .enum(TAX_CATEGORIES, { error: M.taxCategoryInvalid })
    .nullish()
    .transform((v) => v ?? null),
  mode: z.enum(COST_ITEM_MODES, { error: M.modeInvalid }).default("manual"),
  rateId: z
    .string({ error: M.rateNotFound })
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .refine((v) => v === null || isUuidText(v), M.rateNotFound),
  /** Rate-based: the consumption entered for the tariff (kWh, m³). */
  consumptionAmount: optionalDecimalTextSchema("consumption", consumptionMessages),
  /**
   * Issue 24: the lease clause under which a cost type that needs agreement is charged (the
   * landlord's confirmation, printed on the letter); see cost-type-allocability.ts.
   */
  allocationNote: z
    .string({ error: ALLOCABILITY_MESSAGES.noteTooShort })
    .trim()
    .max(300, ALLOCABILITY_MESSAGES.noteTooLong)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length >= 3, ALLOCABILITY_MESSAGES.noteTooShort),
  /** Issue 24: § 12 (1) HeizkV: cut each tenancy's share of heating by area by 15 % up front. */
  heizkvReduction: z
    .boolean({ error: M.heizkvReductionInvalid })
    .nullish()
    .transform((v) => v ?? false),
  /** Issue 30 (decision 1630): § 12 (1) HeizkV: cut each tenancy's share of heating by 3 % (no remote reading). */
  heizkvRemoteReadingCut: z
    .boolean({ error: M.heizkvRemoteReadingCutInvalid })
    .nullish()
    .transform((v) => v ?? false),
  /** Contract v1.4, key "direct" only: each tenancy's amount (decision 1403). */
  directAmounts: directAmountList,
  /** Contract v1.4, key "direct" only: the vacancy's amount (the landlord's). */
  vacancyAmount: optionalDecimalTextSchema("money", amountMessages),
};

/** A cost item as saved while the user types: anything may still be missing. */
export const costItemDraftSchema = z.object({
  ...costItemFields,
  key: costItemFields.key.nullish().transform((v) => v ?? null),
});
export type CostItemDraftInput = z.input<typeof costItemDraftSchema>;
export type CostItemDraft = z.output<typeof costItemDraftSchema>;

function isZeroText(value: string | null): boolean {
  return value === null || /^0+(\.0+)?$/.test(value);
}

/** A cost item to calculate: cost type and key set, an amount (manual) or tariff and consumption (rate). */
export const costItemSchema = z.object(costItemFields).superRefine((item, ctx) => {
  if (item.costType === "")
    ctx.addIssue({ code: "custom", path: ["costType"], message: M.costTypeRequired });
  if (item.mode === "manual" && item.amount === null)
    ctx.addIssue({ code: "custom", path: ["amount"], message: M.amountRequired });
  if (
    item.mode === "manual" &&
    item.amount !== null &&
    item.laborCosts !== null &&
    compareDecimalText(item.laborCosts, item.amount) > 0
  ) {
    ctx.addIssue({ code: "custom", path: ["laborCosts"], message: M.laborCostsAboveAmount });
  }
  // Decision 1403: the direct amounts, vacancy included, add up to the item's amount.
  const hasDirectAmounts =
    item.directAmounts.some((entry) => entry.amount !== null && !isZeroText(entry.amount)) ||
    !isZeroText(item.vacancyAmount);
  if (item.key !== "direct" && hasDirectAmounts)
    ctx.addIssue({ code: "custom", path: ["directAmounts"], message: M.directAmountsOnlyDirect });
  if (item.key === "direct" && item.mode === "rate")
    ctx.addIssue({ code: "custom", path: ["mode"], message: M.directNotByRate });
  if (item.key === "direct" && item.mode === "manual" && item.amount !== null) {
    const sum = sumDirectAmounts(item.directAmounts, item.vacancyAmount);
    if (compareDecimalText(sum, item.amount) !== 0)
      ctx.addIssue({
        code: "custom",
        path: ["directAmounts"],
        message: M.directSumMismatch(formatEuroDe(sum), formatEuroDe(item.amount)),
      });
  }
  if (item.mode === "rate") {
    // docs/rules/statements.md#statement-checks: rate-based mode only where the cost type requires consumption.
    if (item.costType !== "" && !isConsumptionCostType(item.costType))
      ctx.addIssue({ code: "custom", path: ["mode"], message: M.rateModeNotAllowed });
    if (item.rateId === null)
      ctx.addIssue({ code: "custom", path: ["rateId"], message: M.rateRequired });
    if (isZeroText(item.consumptionAmount))
      ctx.addIssue({
        code: "custom",
        path: ["consumptionAmount"],
        message: M.rateConsumptionRequired,
      });
  }
});
export type CostItemInput = z.input<typeof costItemSchema>;
export type CostItem = z.output<typeof costItemSchema>;

/** CO2 inputs (CO2KostAufG, docs/rules/co2.md#co2-split): from the fuel supplier's invoice. */
export const co2InputSchema = z.object({
  fuel: z
    .enum(FUELS, { error: M.fuelInvalid })
    .nullish()
    .transform((v) => v ?? null),
  /** kWh from the invoice. */
  consumptionKwh: optionalDecimalTextSchema("consumption", consumptionMessages),
  /** upper: a gas invoice in Brennwert (Ho), converted with 0.903; default lower. */
  heatingValue: z
    .enum(["upper", "lower"], { error: M.heatingValueInvalid })
    .nullish()
    .transform((v) => v ?? null),
  /** The supplier's stated emissions in kg. */
  emissionsKg: optionalDecimalTextSchema("consumption", {
    required: M.emissionsNotANumber,
    notANumber: M.emissionsNotANumber,
    negative: M.emissionsNegative,
    tooManyDecimals: M.emissionsTooManyDecimals,
    tooLarge: M.emissionsTooLarge,
  }),
  /** The supplier's stated CO2 cost in euros; overrides the price per tonne. */
  cost: optionalDecimalTextSchema("money", {
    required: M.co2CostNotANumber,
    notANumber: M.co2CostNotANumber,
    negative: M.co2CostNegative,
    tooManyDecimals: M.co2CostTooManyDecimals,
    tooLarge: M.co2CostTooLarge,
  }),
  pricePerTonne: optionalBoundedDecimalTextSchema("money", M.co2PriceInvalid, "1000"),
  vatPercent: optionalBoundedDecimalTextSchema("percent", M.vatPercentInvalid, "100"),
  /** kg CO2 per kWh as the district-heating supplier states it. */
  emissionFactor: optionalBoundedDecimalTextSchema("factor", M.emissionFactorInvalid, "1"),
});
export type Co2FormInput = z.input<typeof co2InputSchema>;
export type Co2FormValues = z.output<typeof co2InputSchema>;

/** A unit's consumption entered by hand where a reading is missing (docs/rules/statement-inputs.md#assembly, § 9a HeizkV). */
export const consumptionOverrideSchema = z.object({
  unitId: z.string({ error: M.unitInvalid }).refine(isUuidText, M.unitInvalid),
  meter: z.enum(METER_KINDS, { error: M.meterInvalid }),
  value: decimalTextSchema("consumption", consumptionMessages),
  reason: z
    .string({ error: M.overrideReasonRequired })
    .trim()
    .min(1, M.overrideReasonRequired)
    .max(500, M.overrideReasonTooLong),
});
export type ConsumptionOverrideInput = z.input<typeof consumptionOverrideSchema>;
export type ConsumptionOverride = z.output<typeof consumptionOverrideSchema>;

// Without a default: a preview body without the list uses the saved one (zod applies a default
// inside .optional(), which hid the saved manual values).
const overrideArray = z
  .array(consumptionOverrideSchema)
  .max(5000)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      const key = `${entry.unitId}:${entry.meter}`;
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: [index, "unitId"], message: M.overrideDuplicate });
      seen.add(key);
    });
  });
const overrideList = overrideArray.default([]);

/** PUT /api/billing-periods/:id/costs: the period's draft inputs, saved as the user types. */
export const billingPeriodCostsBodySchema = z.object({
  costItems: z.array(costItemDraftSchema).max(MAX_COST_ITEMS, M.tooManyItems).default([]),
  co2: co2InputSchema.nullish().transform((v) => v ?? null),
  consumptionOverrides: overrideList,
  /** docs/rules/heating.md#consumption-analysis: the Klimafaktor of the site for the period; null = not entered (1.0). */
  climateFactor: climateFactorSchema,
  /** Issue 24, item 6: the heating cost sheet; null = none. */
  heatingCosts: heatingCostsSchema.nullish().transform((v) => v ?? null),
  /** Issue 24, item 12: the § 6a (3) HeizkV inputs; null = none. */
  annualInformation: annualInformationSchema.nullish().transform((v) => v ?? null),
});
export type BillingPeriodCostsBody = z.input<typeof billingPeriodCostsBodySchema>;

/** GET/PUT /api/billing-periods/:id/costs answer. */
export const billingPeriodCostsSchema = z.object({
  billingPeriodId: z.string(),
  costItems: z.array(costItemDraftSchema),
  co2: co2InputSchema.nullable(),
  consumptionOverrides: z.array(consumptionOverrideSchema),
  climateFactor: z.string().nullable(),
  heatingCosts: heatingCostsSchema.nullable(),
  annualInformation: annualInformationSchema.nullable(),
  /** null while nothing was saved for the period. */
  updatedAt: z.string().nullable(),
});
export type BillingPeriodCosts = z.output<typeof billingPeriodCostsSchema>;

/** Body of preview and save: given items, or (without costItems) those saved for the period. */
export const statementCalculationFields = {
  billingPeriodId: z
    .string({ error: M.billingPeriodRequired })
    .trim()
    .min(1, M.billingPeriodRequired),
  costItems: z
    .array(costItemSchema)
    .min(1, M.noCostItems)
    .max(MAX_COST_ITEMS, M.tooManyItems)
    .optional(),
  co2: co2InputSchema.nullish(),
  consumptionOverrides: overrideArray.optional(),
  /** Without it: the Klimafaktor saved for the period. */
  climateFactor: climateFactorSchema.optional(),
  /** Without it: the heating cost sheet saved for the period (issue 24, item 6). */
  heatingCosts: heatingCostsSchema.nullish(),
  /** Without it: the § 6a (3) HeizkV inputs saved for the period (issue 24, item 12). */
  annualInformation: annualInformationSchema.nullish(),
};
