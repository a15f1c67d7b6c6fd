import { z } from "zod";
import { optionalText } from "../common.ts";
import { calendarDate, isCalendarDate } from "../calendar-dates.ts";
import { optionalUuidField } from "../ids.ts";
import {
  compareDecimalText,
  decimalTextSchema,
  isDecimalText,
  optionalDecimalTextSchema,
  wholeNumberSchema,
} from "../decimal-text.ts";
import {
  DEFAULT_RATE_REGION,
  RATE_REGIONS,
  RATE_TARIFF_TYPES,
  RATE_TIER_TYPES,
  UTILITY_TYPE_LABELS,
  UTILITY_TYPES,
  type UtilityType,
} from "./utility-types.ts";

// Utility tariffs (Versorgertarife): docs/rules/master-data.md#entities 'utility rate', docs/rules/master-data.md#states 'Rate',
// docs/rules/master-data.md#validation 'Rate form', docs/rules/master-data.md#messages 'Rates', docs/rules/master-data.md#field-limits.

export const RATE_MESSAGES = {
  loadFailed: "Fehler beim Laden der Tarife",
  saveFailed: "Fehler beim Speichern des Tarifs",
  deleteFailed: "Fehler beim Löschen des Tarifs",
  deleteConfirm: "Möchten Sie diesen Tarif wirklich löschen?",
  saved: "Tarif erfolgreich gespeichert!",
  deleted: "Tarif erfolgreich gelöscht!",
  notFound: "Tarif nicht gefunden",
  propertyNotFound: "Immobilie nicht gefunden",
  utilityTypeRequired: "Bitte wählen Sie eine gültige Versorgungsart aus.",
  nameRequired: "Tarifname ist erforderlich",
  nameTooLong: "Der Tarifname darf höchstens 200 Zeichen lang sein.",
  unitPriceRequired: "Preis pro Einheit ist erforderlich",
  unitPriceNotANumber: "Der Preis pro Einheit muss eine Zahl sein.",
  unitPriceNegative: "Der Preis pro Einheit darf nicht negativ sein.",
  unitPriceDecimals: "Der Preis pro Einheit darf höchstens 6 Nachkommastellen haben.",
  unitPriceTooLarge: "Der Preis pro Einheit ist zu groß.",
  basePriceNotANumber: "Der Grundpreis muss eine Zahl sein.",
  basePriceNegative: "Der Grundpreis darf nicht negativ sein.",
  basePriceDecimals: "Der Grundpreis darf höchstens 2 Nachkommastellen haben.",
  basePriceTooLarge: "Der Grundpreis ist zu groß.",
  priorityRange: "Die Priorität muss eine ganze Zahl von 1 bis 999 sein.",
  propertyRequired: "Bitte wählen Sie eine Immobilie aus (nicht globaler Tarif).",
  invalidDate: "Bitte geben Sie ein gültiges Datum ein.",
  validUntilBeforeFrom: "„Gültig bis“ darf nicht vor „Gültig ab“ liegen.",
  regionInvalid: "Bitte wählen Sie eine gültige Region aus.",
  tierNameRequired: "Bitte geben Sie einen Namen für die Stufe ein.",
  timeTiersRequired: "Ein HT/NT-Tarif braucht genau zwei Zeitstufen: HT und NT.",
  usageTiersRequired: "Ein Staffeltarif braucht mindestens eine Verbrauchsstufe.",
  tierFromRequired: "Bitte geben Sie an, ab welchem Verbrauch die Stufe gilt.",
  tierToNotAfterFrom: "Das Ende der Stufe muss größer als ihr Beginn sein.",
  tiersOverlap: "Die Stufen dürfen sich nicht überschneiden.",
  tooManyTiers: "Höchstens 20 Stufen pro Tarif.",
} as const;

/** 'Strom-Tarif eingeben' (docs/rules/master-data.md#screens, the rate form's title). */
export function buildRateFormTitle(utilityType: UtilityType): string {
  return `${UTILITY_TYPE_LABELS[utilityType]}-Tarif eingeben`;
}

/** docs/rules/master-data.md#constants: priority 1 to 999, default 100 (a lower number means a higher priority). */
export const RATE_DEFAULT_PRIORITY = 100;
export const RATE_MIN_PRIORITY = 1;
export const RATE_MAX_PRIORITY = 999;
/** docs/rules/master-data.md#constants: the example calculator's defaults. */
export const RATE_CALCULATOR_DEFAULT_CONSUMPTION = 1000;
export const RATE_CALCULATOR_DEFAULT_MONTHS = 12;

/** Unit prices: up to 6 decimals (numeric(14,6)); form step 0.0001. */
export const unitPriceSchema = decimalTextSchema("unitPrice", {
  required: RATE_MESSAGES.unitPriceRequired,
  notANumber: RATE_MESSAGES.unitPriceNotANumber,
  negative: RATE_MESSAGES.unitPriceNegative,
  tooManyDecimals: RATE_MESSAGES.unitPriceDecimals,
  tooLarge: RATE_MESSAGES.unitPriceTooLarge,
});

/** Base price in EUR per month, 2 decimals, optional. */
export const basePriceSchema = optionalDecimalTextSchema("money", {
  required: RATE_MESSAGES.basePriceNotANumber,
  notANumber: RATE_MESSAGES.basePriceNotANumber,
  negative: RATE_MESSAGES.basePriceNegative,
  tooManyDecimals: RATE_MESSAGES.basePriceDecimals,
  tooLarge: RATE_MESSAGES.basePriceTooLarge,
});

const tierQuantitySchema = optionalDecimalTextSchema("consumption", {
  required: RATE_MESSAGES.tierFromRequired,
  notANumber: "Die Grenze der Stufe muss eine Zahl sein.",
  negative: "Die Grenze der Stufe darf nicht negativ sein.",
  tooManyDecimals: "Die Grenze der Stufe darf höchstens 3 Nachkommastellen haben.",
  tooLarge: "Die Grenze der Stufe ist zu groß.",
});

export const rateTierBodySchema = z.object({
  tierName: z
    .string({ error: RATE_MESSAGES.tierNameRequired })
    .trim()
    .min(1, RATE_MESSAGES.tierNameRequired)
    .max(100),
  tierType: z.enum(RATE_TIER_TYPES, { error: "Ungültiger Stufentyp." }),
  /** Usage tiers: consumption from (inclusive) ... */
  from: tierQuantitySchema,
  /** ... up to (null: no upper limit; only the last tier). */
  to: tierQuantitySchema,
  unitPrice: unitPriceSchema,
});
export type RateTierBody = z.input<typeof rateTierBodySchema>;

const optionalDate = z
  .string()
  .nullish()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .pipe(calendarDate(RATE_MESSAGES.invalidDate).nullable());

const prioritySchema = z.preprocess(
  (v) =>
    v === undefined || v === null || (typeof v === "string" && v.trim() === "")
      ? RATE_DEFAULT_PRIORITY
      : v,
  wholeNumberSchema(RATE_MESSAGES.priorityRange, RATE_MIN_PRIORITY, RATE_MAX_PRIORITY),
);

type TierOutput = z.output<typeof rateTierBodySchema>;

function isOptionalDecimal(value: unknown): boolean {
  return value === null || (typeof value === "string" && isDecimalText(value));
}

function isTier(tier: TierOutput | undefined): boolean {
  return (
    Boolean(tier) &&
    typeof tier!.tierType === "string" &&
    isOptionalDecimal(tier!.from) &&
    isOptionalDecimal(tier!.to)
  );
}

/** Tier rules per tariff type; tiers of a standard tariff are dropped. */
function checkTiers(tariffType: string, tiers: TierOutput[], ctx: z.RefinementCtx): void {
  // Zod runs this even when a tier failed its own checks; such a tier is already reported.
  if (!Array.isArray(tiers) || tiers.some((t) => !isTier(t))) return;
  if (tariffType === "time_based") {
    if (tiers.length !== 2 || tiers.some((t) => t.tierType !== "time_based")) {
      ctx.addIssue({ code: "custom", path: ["tiers"], message: RATE_MESSAGES.timeTiersRequired });
    }
    return;
  }
  if (tariffType !== "tier_based") return;
  if (tiers.length === 0 || tiers.some((t) => t.tierType !== "usage_tier")) {
    ctx.addIssue({ code: "custom", path: ["tiers"], message: RATE_MESSAGES.usageTiersRequired });
    return;
  }
  tiers.forEach((tier, index) => {
    if (tier.from === null)
      ctx.addIssue({
        code: "custom",
        path: ["tiers", index, "from"],
        message: RATE_MESSAGES.tierFromRequired,
      });
    else if (tier.to !== null && compareDecimalText(tier.to, tier.from) <= 0) {
      ctx.addIssue({
        code: "custom",
        path: ["tiers", index, "to"],
        message: RATE_MESSAGES.tierToNotAfterFrom,
      });
    }
  });
  // Bands in order of their start; each must begin at or after the end of the one before.
  const ordered = tiers
    .map((tier, index) => ({ tier, index }))
    .filter(({ tier }) => tier.from !== null)
    .sort((a, b) => compareDecimalText(a.tier.from!, b.tier.from!));
  for (let i = 1; i < ordered.length; i += 1) {
    const previous = ordered[i - 1]!.tier;
    const current = ordered[i]!;
    if (previous.to === null || compareDecimalText(current.tier.from!, previous.to) < 0) {
      ctx.addIssue({
        code: "custom",
        path: ["tiers", current.index, "from"],
        message: RATE_MESSAGES.tiersOverlap,
      });
    }
  }
}

/**
 * POST /api/rates and PATCH /api/rates/:id (the whole rate). Defaults (docs/rules/master-data.md#constants): tariff type
 * standard, global, priority 100, valid from today (set by the server). Choosing global clears
 * the property; a property-specific rate requires one (docs/rules/master-data.md#states 'Rate').
 */
export const rateBodySchema = z
  .object({
    utilityType: z.enum(UTILITY_TYPES, { error: RATE_MESSAGES.utilityTypeRequired }),
    rateName: z
      .string({ error: RATE_MESSAGES.nameRequired })
      .trim()
      .min(1, RATE_MESSAGES.nameRequired)
      .max(200, RATE_MESSAGES.nameTooLong),
    unitPrice: unitPriceSchema,
    basePrice: basePriceSchema,
    providerName: optionalText().refine(
      (v) => v === null || v.length <= 200,
      "Der Anbieter darf höchstens 200 Zeichen lang sein.",
    ),
    contractNumber: optionalText().refine(
      (v) => v === null || v.length <= 100,
      "Die Vertragsnummer darf höchstens 100 Zeichen lang sein.",
    ),
    notes: optionalText({ multiLine: true }).refine(
      (v) => v === null || v.length <= 2000,
      "Die Notizen dürfen höchstens 2000 Zeichen lang sein.",
    ),
    tariffType: z
      .enum(RATE_TARIFF_TYPES, { error: "Ungültiger Tariftyp." })
      .optional()
      .default("standard"),
    isGlobal: z.boolean().optional().default(true),
    propertyId: optionalUuidField(RATE_MESSAGES.propertyNotFound),
    priority: prioritySchema,
    /** Omitted: today (in Germany). */
    validFrom: optionalDate,
    validUntil: optionalDate,
    region: z
      .enum(RATE_REGIONS, { error: RATE_MESSAGES.regionInvalid })
      .optional()
      .default(DEFAULT_RATE_REGION),
    tiers: z.array(rateTierBodySchema).max(20, RATE_MESSAGES.tooManyTiers).optional().default([]),
    /** The user confirmed a unit price outside 50-200 % of the regional average (decision 0982). */
    confirmPriceWarning: z
      .boolean({ error: "Ungültige Bestätigung der Preiswarnung." })
      .optional()
      .default(false),
  })
  .superRefine((body, ctx) => {
    if (!body.isGlobal && !body.propertyId) {
      ctx.addIssue({
        code: "custom",
        path: ["propertyId"],
        message: RATE_MESSAGES.propertyRequired,
      });
    }
    const hasDates = typeof body.validFrom === "string" && typeof body.validUntil === "string";
    if (
      hasDates &&
      isCalendarDate(body.validFrom!) &&
      isCalendarDate(body.validUntil!) &&
      body.validUntil! < body.validFrom!
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["validUntil"],
        message: RATE_MESSAGES.validUntilBeforeFrom,
      });
    }
    checkTiers(body.tariffType, body.tiers, ctx);
  })
  .transform((body) => ({
    ...body,
    propertyId: body.isGlobal ? null : body.propertyId,
    tiers: body.tariffType === "standard" ? [] : body.tiers,
  }));
export type RateBody = z.input<typeof rateBodySchema>;
export type ParsedRateBody = z.output<typeof rateBodySchema>;

export const listRatesQuerySchema = z.object({
  utilityType: z.enum(UTILITY_TYPES, { error: RATE_MESSAGES.utilityTypeRequired }).optional(),
  propertyId: z.string().optional(),
});

export const rateTierSchema = z.object({
  tierName: z.string(),
  tierType: z.enum(RATE_TIER_TYPES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  unitPrice: z.string(),
});
export type RateTierView = z.infer<typeof rateTierSchema>;

export const rateSchema = z.object({
  id: z.string(),
  utilityType: z.enum(UTILITY_TYPES),
  rateName: z.string(),
  /** Decimal text, 6 decimals as stored ("0.350000"). */
  unitPrice: z.string(),
  /** kWh or m³, from the utility type. */
  unit: z.string(),
  /** EUR per month, 2 decimals, or null. */
  basePrice: z.string().nullable(),
  tariffType: z.enum(RATE_TARIFF_TYPES),
  isGlobal: z.boolean(),
  propertyId: z.string().nullable(),
  propertyName: z.string().nullable(),
  priority: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  isActive: z.boolean(),
  providerName: z.string().nullable(),
  contractNumber: z.string().nullable(),
  notes: z.string().nullable(),
  region: z.string(),
  tiers: z.array(rateTierSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rate = z.infer<typeof rateSchema>;
