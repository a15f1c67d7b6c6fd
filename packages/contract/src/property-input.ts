import { z } from "zod";
import { optionalText } from "./common.ts";
import { calendarDate } from "./calendar-dates.ts";
import { decimalTextSchema } from "./decimal-text.ts";
import { EFFICIENCY_CLASSES, EFFICIENCY_METHODS, PROPERTY_TYPES } from "./properties.ts";
import { FUELS } from "@nk/engine";

// Requests and rules of the properties area: docs/rules/master-data.md#entities (property, unit),
// 5 (validation), 8 (messages). The server validates with these schemas and the forms reuse them.

export const COUNTRY_GERMANY = "Deutschland";
/** docs/rules/master-data.md#entities: the country list offers only Deutschland. */
export const COUNTRIES = [COUNTRY_GERMANY] as const;
/** The state/region choice outside Germany. */
export const OTHER_REGION = "Andere Region";

export const GERMAN_STATES = [
  "Baden-Württemberg",
  "Bayern",
  "Berlin",
  "Brandenburg",
  "Bremen",
  "Hamburg",
  "Hessen",
  "Mecklenburg-Vorpommern",
  "Niedersachsen",
  "Nordrhein-Westfalen",
  "Rheinland-Pfalz",
  "Saarland",
  "Sachsen",
  "Sachsen-Anhalt",
  "Schleswig-Holstein",
  "Thüringen",
] as const;

/** The state/region options: the 16 federal states for Deutschland, otherwise 'Andere Region'. */
export function getStateOptions(country: string): readonly string[] {
  return country === COUNTRY_GERMANY ? GERMAN_STATES : [OTHER_REGION];
}

/** Shown under the property type select. */
export const PROPERTY_TYPE_DESCRIPTIONS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  Mehrfamilienhaus: "Wohngebäude mit mehreren vermieteten Wohneinheiten",
  "Einfamilienhaus mit Einliegerwohnung":
    "Eigengenutztes Haus mit einer oder mehreren vermieteten Einliegerwohnungen",
  "Wohnungseigentümergemeinschaft (WEG)":
    "Gemeinschaftseigentum mit Verteilerschlüsseln der WEG (z.B. Aufzug, Allgemeinstrom, Verwaltung)",
  Gewerbeobjekt: "Gewerblich genutzte Einheiten; CO₂-Kosten werden 50/50 geteilt (§ 8 CO2KostAufG)",
  "Gemischt genutztes Objekt": "Wohn- und Gewerbeeinheiten in einem Gebäude",
};

export const EFFICIENCY_METHOD_LABELS: Record<(typeof EFFICIENCY_METHODS)[number], string> = {
  energieausweis: "Energieausweis",
  messung: "CO₂-Emissionsmessung",
  berechnung: "Berechnung",
  schaetzung: "Qualifizierte Schätzung",
};

/** docs/rules/master-data.md#messages 'Properties and units'. */
export const PROPERTY_MESSAGES = {
  created: "Immobilie erfolgreich erstellt!",
  createdByWizard: "Immobilie erfolgreich angelegt!",
  updated: "Immobilie erfolgreich aktualisiert",
  deleted: "Immobilie erfolgreich gelöscht",
  notFound: "Immobilie nicht gefunden",
  deleteBlockedByStatements:
    "Immobilie kann nicht gelöscht werden: Es existieren bereits Abrechnungen",
  /** Like a unit (issue 26): deleting the property would take an active tenancy with it. */
  deleteBlockedByActiveTenants: "Immobilie kann nicht gelöscht werden: Es gibt noch aktive Mieter",
  createFailed: "Fehler beim Erstellen der Immobilie",
  wizardSaveFailed: "Ein Fehler ist aufgetreten",
} as const;

export const UNIT_MESSAGES = {
  created: "Wohneinheit erfolgreich erstellt",
  updated: "Wohneinheit erfolgreich aktualisiert",
  deleted: "Wohneinheit erfolgreich gelöscht",
  notFound: "Wohneinheit nicht gefunden",
  deleteBlockedByActiveTenants:
    "Wohneinheit kann nicht gelöscht werden: Es gibt noch aktive Mieter",
  /** A finalized statement is a document (issue 26, decision 1021): its unit and tenants stay. */
  deleteBlockedByFinalStatements:
    "Wohneinheit kann nicht gelöscht werden: Es gibt finalisierte Abrechnungen für diese Wohneinheit oder ihre Mieter. Sie bleiben als Dokumente erhalten.",
  atLeastOne: "Mindestens eine Wohneinheit ist erforderlich",
} as const;

export interface AddressParts {
  street: string;
  houseNumber: string;
  addressAddition?: string | null;
  postalCode: string;
  city: string;
  state?: string | null;
  country: string;
}

/**
 * docs/rules/master-data.md#entities: 'street plus house number, addition, postal code plus city, state, country,
 * skipping empty parts, separated by comma and space'.
 */
export function joinAddress(parts: AddressParts): string {
  const join = (...values: (string | null | undefined)[]) =>
    values.map((v) => v?.trim() ?? "").filter(Boolean);
  return [
    join(parts.street, parts.houseNumber).join(" "),
    parts.addressAddition?.trim() ?? "",
    join(parts.postalCode, parts.city).join(" "),
    parts.state?.trim() ?? "",
    parts.country.trim(),
  ]
    .filter(Boolean)
    .join(", ");
}

/** The postal-code input keeps digits only and stops at 5 (docs/rules/master-data.md#validation). */
export function normalizePostalCodeInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, 5);
}

const MAX_TEXT = 200;
const TOO_LONG = `Höchstens ${MAX_TEXT} Zeichen`;
const MAX_HOUSE_NUMBER = 20;

function requiredText(message: string, max = MAX_TEXT) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Höchstens ${max} Zeichen`);
}

function optionalShortText() {
  return optionalText().refine((v) => v === null || v.length <= MAX_TEXT, TOO_LONG);
}

const addressShape = {
  street: requiredText("Straße ist erforderlich"),
  houseNumber: requiredText("Hausnummer ist erforderlich", MAX_HOUSE_NUMBER),
  addressAddition: optionalShortText(),
  postalCode: requiredText("Postleitzahl ist erforderlich"),
  city: requiredText("Stadt ist erforderlich"),
  state: optionalShortText(),
  country: z
    .string({ error: "Land ist erforderlich" })
    .trim()
    .min(1, "Land ist erforderlich")
    .refine((v) => (COUNTRIES as readonly string[]).includes(v), "Ungültiges Land"),
};

/** docs/rules/master-data.md#validation: for Deutschland exactly 5 digits; the state must be one the country offers. */
function checkAddress(
  value: { postalCode: string; state: string | null; country: string },
  ctx: z.RefinementCtx,
) {
  if (value.country === COUNTRY_GERMANY && !/^\d{5}$/.test(value.postalCode)) {
    ctx.addIssue({
      code: "custom",
      path: ["postalCode"],
      message: "Postleitzahl muss 5 Ziffern haben",
    });
  }
  if (value.state !== null && !getStateOptions(value.country).includes(value.state)) {
    ctx.addIssue({ code: "custom", path: ["state"], message: "Ungültiges Bundesland" });
  }
}

// The address check needs country and postal code to have parsed; it runs whenever they did,
// so its message shows together with the other fields' messages.
const whenAddressParsed = {
  when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((issue) =>
      ["postalCode", "state", "country"].includes(String(issue.path?.[0])),
    ),
};

const propertyTypeSchema = z
  .string({ error: "Immobilientyp ist erforderlich" })
  .trim()
  .min(1, "Immobilientyp ist erforderlich")
  .refine((v) => (PROPERTY_TYPES as readonly string[]).includes(v), "Ungültiger Immobilientyp");

const efficiencyClassSchema = z
  .enum(EFFICIENCY_CLASSES, { error: "Ungültige Effizienzklasse" })
  .nullable();
const efficiencyMethodSchema = z
  .enum(EFFICIENCY_METHODS, { error: "Ungültige Ermittlungsmethode" })
  .nullable();
/** Decision 1620: optional; "" (the select's "Nicht angegeben") is none. */
const heatingFuelSchema = z.union([z.literal("").transform(() => null), z.enum(FUELS), z.null()], {
  error: "Ungültiger Energieträger",
});

/**
 * A new property (form /dashboard/properties/new and wizard step 1). The standalone form names
 * the missing name 'Name der Immobilie ist erforderlich', the wizard 'Name ist erforderlich'.
 */
export function buildPropertyCreateSchema(nameMessage: string) {
  return z
    .object({
      name: requiredText(nameMessage),
      ...addressShape,
      propertyType: propertyTypeSchema,
      // Issue 27: the class where the property is set up, not on a separate edit page; optional.
      efficiencyClass: z
        .union([z.literal("").transform(() => null), efficiencyClassSchema], {
          error: "Ungültige Effizienzklasse",
        })
        .nullish()
        .transform((v) => v ?? null),
      heatingFuel: heatingFuelSchema.nullish().transform((v) => v ?? null),
    })
    .superRefine(checkAddress, whenAddressParsed);
}

export const propertyCreateBodySchema = buildPropertyCreateSchema(
  "Name der Immobilie ist erforderlich",
);
export type PropertyCreateBody = z.input<typeof propertyCreateBodySchema>;
export type PropertyCreateValues = z.output<typeof propertyCreateBodySchema>;

export const wizardPropertySchema = buildPropertyCreateSchema("Name ist erforderlich");

/**
 * PATCH /api/properties/:id, the edit page: name and address are required (docs/rules/master-data.md#validation 'Edit
 * property'); the efficiency fields are optional (left out = unchanged, null = cleared). Without a
 * class there is no determination date or method (docs/rules/master-data.md#states: clearing the class empties the date).
 */
export const propertyUpdateBodySchema = z
  .object({
    name: requiredText("Name ist erforderlich"),
    ...addressShape,
    efficiencyClass: z
      .union([z.literal("").transform(() => null), efficiencyClassSchema], {
        error: "Ungültige Effizienzklasse",
      })
      .optional(),
    efficiencyDeterminedDate: z
      .union([z.literal("").transform(() => null), calendarDate("Ungültiges Datum"), z.null()], {
        error: "Ungültiges Datum",
      })
      .optional(),
    efficiencyDeterminationMethod: z
      .union([z.literal("").transform(() => null), efficiencyMethodSchema], {
        error: "Ungültige Ermittlungsmethode",
      })
      .optional(),
    heatingFuel: heatingFuelSchema.optional(),
  })
  .superRefine(checkAddress, whenAddressParsed);
export type PropertyUpdateBody = z.input<typeof propertyUpdateBodySchema>;
export type PropertyUpdateValues = z.output<typeof propertyUpdateBodySchema>;

/** m² as an exact decimal string with up to 2 decimals (numeric(10,2)), above 0. */
export const areaSchema = decimalTextSchema("area", {
  required: "Fläche ist erforderlich",
  notANumber: "Fläche muss eine Zahl sein",
  negative: "Fläche muss größer als 0 sein",
  zero: "Fläche muss größer als 0 sein",
  tooManyDecimals: "Fläche darf höchstens 2 Nachkommastellen haben",
  tooLarge: "Fläche ist zu groß",
});

export const MAX_PERSONS = 999;

/** Persons living in the unit: a whole number of at least 1. */
export const personsSchema = z
  .union([z.number(), z.string()], { error: "Personenanzahl ist erforderlich" })
  .transform((v, ctx) => {
    const text = typeof v === "number" ? String(v) : v.trim();
    if (text === "") {
      ctx.addIssue({ code: "custom", message: "Personenanzahl ist erforderlich" });
      return z.NEVER;
    }
    if (!/^-?\d+$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Personenanzahl muss eine ganze Zahl sein" });
      return z.NEVER;
    }
    return Number(text);
  })
  .pipe(
    z
      .number()
      .int()
      .min(1, "Personenanzahl muss größer als 0 sein")
      .max(MAX_PERSONS, `Personenanzahl darf höchstens ${MAX_PERSONS} sein`),
  );

/** POST /api/properties/:id/units, PATCH /api/units/:id, and each unit of the wizard. */
export const unitBodySchema = z.object({
  name: requiredText("Name ist erforderlich"),
  area: areaSchema,
  persons: personsSchema,
  hasDecentralizedHotWater: z.boolean({ error: "Ungültiger Wert" }).optional().default(false),
});
export type UnitBody = z.input<typeof unitBodySchema>;
export type UnitValues = z.output<typeof unitBodySchema>;

/** PATCH /api/units/:id: as a new unit, but a left-out hot-water flag stays as it is. */
export const unitUpdateBodySchema = unitBodySchema.extend({
  hasDecentralizedHotWater: z.boolean({ error: "Ungültiger Wert" }).optional(),
});
export type UnitUpdateBody = z.input<typeof unitUpdateBodySchema>;
export type UnitUpdateValues = z.output<typeof unitUpdateBodySchema>;

/** A wizard can add many units, but not unboundedly many in one request. */
export const MAX_UNITS_PER_ONBOARDING = 500;

/** POST /api/onboarding: the wizard's property with all its units, saved all or nothing. */
export const onboardingBodySchema = z.object({
  property: wizardPropertySchema,
  units: z
    .array(unitBodySchema, { error: UNIT_MESSAGES.atLeastOne })
    .min(1, UNIT_MESSAGES.atLeastOne)
    .max(
      MAX_UNITS_PER_ONBOARDING,
      `Höchstens ${MAX_UNITS_PER_ONBOARDING} Wohneinheiten auf einmal`,
    ),
});
export type OnboardingBody = z.input<typeof onboardingBodySchema>;
export type OnboardingValues = z.output<typeof onboardingBodySchema>;
