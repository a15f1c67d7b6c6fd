import { z } from "zod";
import { isCalendarDate } from "./calendar-dates.ts";
import { wholeNumberSchema } from "./decimal-text.ts";
import { optionalMonthlyPrepaymentSchema } from "./tenant-prepayments.ts";

// Tenants: docs/rules/master-data.md#entities 'tenant', docs/rules/master-data.md#tenant-form (messages exact)
// and docs/rules/master-data.md#messages 'Tenants'. Prepayments and occupants live in their own files, re-exported here.
export * from "./tenant-prepayments.ts";
export * from "./tenant-occupants.ts";

export const TENANT_MESSAGES = {
  nameRequired: "Name ist erforderlich",
  nameTooShort: "Name muss mindestens 2 Zeichen lang sein",
  nameTooLong: "Name darf höchstens 200 Zeichen lang sein",
  unitRequired: "Wohneinheit ist erforderlich",
  moveInRequired: "Einzugsdatum ist erforderlich",
  moveInInvalid: "Einzugsdatum ist ungültig",
  moveOutInvalid: "Auszugsdatum ist ungültig",
  forwardingAddressRequired: "Bitte geben Sie Straße und Hausnummer der neuen Anschrift ein.",
  /** Issue 24: the move-out dialog asks where the statement should go. */
  forwardingAddressHint:
    "Die Nebenkostenabrechnung wird an diese Anschrift geschickt. Ohne neue Anschrift ginge sie an die alte Wohnung, wo sie den Mieter meist nicht erreicht.",
  addressHint:
    "Postanschrift des Mieters, falls sie von der Wohnung abweicht; nach dem Auszug die neue Anschrift. Abrechnungen gehen an diese Anschrift.",
  moveOutNotAfterMoveIn: "Auszugsdatum muss nach Einzugsdatum liegen",
  addressTooShort: "Adresse muss mindestens 5 Zeichen lang sein",
  postalCodeInvalid: "Postleitzahl muss 5 Ziffern haben (z.B. 12345)",
  cityTooShort: "Ort muss mindestens 2 Zeichen lang sein",
  phoneInvalid: "Ungültige Telefonnummer. Verwenden Sie Format: +49... oder 0...",
  emailInvalid: "Ungültige E-Mail-Adresse",
  birthDateInvalid: "Geburtsdatum ist ungültig",
  tooYoung: "Person muss mindestens 18 Jahre alt sein",
  contractStartInvalid: "Vertragsbeginn ist ungültig",
  contractEndInvalid: "Vertragsende ist ungültig",
  contractEndNotAfterStart: "Vertragsende muss nach Vertragsbeginn liegen",
  idNumberTooShort: "Ausweisnummer muss mindestens 6 Zeichen lang sein",
  textTooLong: "Der Text ist zu lang",
  personsInvalid: "Personenanzahl muss eine ganze Zahl ab 0 sein",
  /** Summary box above the form. */
  summaryTitle: "Bitte korrigieren Sie folgende Fehler:",
  /** Warning toast of an invalid submit. */
  invalidSubmit: "Bitte korrigieren Sie die Eingabefehler.",
  /** Form hint under the move-out date (docs/rules/master-data.md#states 'Tenant active/inactive'). */
  moveOutHint: "Ein eingetragenes Auszugsdatum markiert den Mieter als ausgezogen (inaktiv).",
  unitNotFound: "Wohneinheit nicht gefunden",
  propertyNotFound: "Immobilie nicht gefunden",
  tenantNotFound: "Mieter nicht gefunden",
  deleteConfirm: "Sind Sie sicher, dass Sie diesen Mieter löschen möchten?",
  /** A finalized statement is a document (issue 26, decision 1021): its tenant stays. */
  deleteBlockedByFinalStatements:
    "Mieter kann nicht gelöscht werden: Für diesen Mieter gibt es finalisierte Abrechnungen, die als Dokumente erhalten bleiben. Ist er ausgezogen, genügt das Auszugsdatum.",
} as const;

/** docs/rules/master-data.md#messages 'Tenants': the toast texts. `{message}` is the server's message. */
export const TENANT_TOASTS = {
  deleted: "Mieter erfolgreich gelöscht!",
  deleteFailed: (message: string) => `Fehler beim Löschen: ${message}`,
  added: "Mieter erfolgreich hinzugefügt!",
  addFailed: (message: string) => `Fehler beim Hinzufügen: ${message}`,
  updated: "Mieter erfolgreich aktualisiert!",
  updateFailed: (message: string) => `Fehler beim Aktualisieren: ${message}`,
  noTenantSelected: "Fehler: Kein Mieter zum Bearbeiten ausgewählt.",
  statusChanged: (isActive: boolean) =>
    `Mieter-Status auf ${isActive ? "aktiv" : "inaktiv"} geändert`,
  statusFailed: (message: string) => `Fehler beim Ändern des Status: ${message}`,
} as const;

/** docs/rules/master-data.md#field-limits: minimum age 18. */
export const TENANT_MINIMUM_AGE = 18;

// docs/rules/master-data.md#validation: spaces, hyphens, parentheses and slashes are removed first; then +49 or 0, a
// non-zero digit and 1 to 14 more digits.
const PHONE_SEPARATORS = /[\s\-()/]/g;
const PHONE_PATTERN = /^(\+49|0)[1-9]\d{1,14}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTAL_CODE_PATTERN = /^\d{5}$/;

export function isValidGermanPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone.replace(PHONE_SEPARATORS, ""));
}

export function isValidEmailAddress(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/**
 * True when a person born on `birthDate` has turned `years` by `today` (both YYYY-MM-DD).
 * Dates of four-digit years compare as text; a 29 February birthday counts from 1 March.
 */
export function hasReachedAge(
  birthDate: string,
  today: string,
  years = TENANT_MINIMUM_AGE,
): boolean {
  const birthYear = Number(birthDate.slice(0, 4));
  const birthday = `${String(birthYear + years).padStart(4, "0")}${birthDate.slice(4)}`;
  return birthday <= today;
}

/** Optional text: trimmed, empty becomes null; at least `min` characters when set. */
function optionalMinText(min: number, message: string, max = 500) {
  return z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length >= min, { message })
    .refine((v) => v === null || v.length <= max, { message: TENANT_MESSAGES.textTooLong });
}

/** Optional calendar date: empty becomes null; otherwise a real YYYY-MM-DD date. */
function optionalCalendarDate(message: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || isCalendarDate(v), { message });
}

function requiredCalendarDate(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((v) => v === "" || isCalendarDate(v), { message: invalidMessage });
}

/** The fields of the tenant form, each checked on its own (docs/rules/master-data.md#tenant-form). */
export const tenantFieldsSchema = z.object({
  name: z
    .string({ error: TENANT_MESSAGES.nameRequired })
    .trim()
    .min(1, TENANT_MESSAGES.nameRequired)
    .refine((v) => v.length === 0 || v.length >= 2, { message: TENANT_MESSAGES.nameTooShort })
    .refine((v) => v.length <= 200, { message: TENANT_MESSAGES.nameTooLong }),
  unitId: z
    .string({ error: TENANT_MESSAGES.unitRequired })
    .trim()
    .min(1, TENANT_MESSAGES.unitRequired),
  moveInDate: requiredCalendarDate(TENANT_MESSAGES.moveInRequired, TENANT_MESSAGES.moveInInvalid),
  moveOutDate: optionalCalendarDate(TENANT_MESSAGES.moveOutInvalid),
  address: optionalMinText(5, TENANT_MESSAGES.addressTooShort),
  postalCode: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || POSTAL_CODE_PATTERN.test(v), {
      message: TENANT_MESSAGES.postalCodeInvalid,
    }),
  city: optionalMinText(2, TENANT_MESSAGES.cityTooShort, 200),
  phone: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || isValidGermanPhone(v), { message: TENANT_MESSAGES.phoneInvalid }),
  email: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || (v.length <= 254 && isValidEmailAddress(v)), {
      message: TENANT_MESSAGES.emailInvalid,
    }),
  birthDate: optionalCalendarDate(TENANT_MESSAGES.birthDateInvalid),
  contractStartDate: optionalCalendarDate(TENANT_MESSAGES.contractStartInvalid),
  contractEndDate: optionalCalendarDate(TENANT_MESSAGES.contractEndInvalid),
  idDocumentNumber: optionalMinText(6, TENANT_MESSAGES.idNumberTooShort, 100),
  notes: optionalMinText(0, TENANT_MESSAGES.textTooLong, 5000),
});
export type TenantFields = z.output<typeof tenantFieldsSchema>;

type IssueSink = { addIssue(issue: { code: "custom"; path: string[]; message: string }): void };

/** The rules that compare fields with each other or with today. */
export function addTenantCrossFieldIssues(
  tenant: Partial<TenantFields>,
  today: string,
  ctx: IssueSink,
): void {
  const isDate = (v: string | null | undefined): v is string =>
    typeof v === "string" && isCalendarDate(v);
  if (
    isDate(tenant.moveInDate) &&
    isDate(tenant.moveOutDate) &&
    tenant.moveOutDate <= tenant.moveInDate
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["moveOutDate"],
      message: TENANT_MESSAGES.moveOutNotAfterMoveIn,
    });
  }
  if (
    isDate(tenant.contractStartDate) &&
    isDate(tenant.contractEndDate) &&
    tenant.contractEndDate <= tenant.contractStartDate
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["contractEndDate"],
      message: TENANT_MESSAGES.contractEndNotAfterStart,
    });
  }
  if (isDate(tenant.birthDate) && !hasReachedAge(tenant.birthDate, today)) {
    ctx.addIssue({ code: "custom", path: ["birthDate"], message: TENANT_MESSAGES.tooYoung });
  }
}

const personsSchema = wholeNumberSchema(TENANT_MESSAGES.personsInvalid, 0, 999);

/**
 * POST /api/tenants. `getToday` answers today's date in Germany (the age rule is relative to
 * it). `persons`: occupants from the move-in date on; default the unit's persons.
 * `monthlyPrepayment` (issue 27): the first prepayment, valid from the move-in date until the
 * move-out date; empty: none.
 */
export function buildCreateTenantBodySchema(getToday: () => string) {
  return tenantFieldsSchema
    .extend({
      persons: personsSchema.nullish(),
      monthlyPrepayment: optionalMonthlyPrepaymentSchema,
    })
    .superRefine((tenant, ctx) => addTenantCrossFieldIssues(tenant, getToday(), ctx));
}
export type CreateTenantBody = z.input<ReturnType<typeof buildCreateTenantBodySchema>>;

/** The full tenant as the form edits it, with every rule (client-side and for merged PATCHes). */
export function buildTenantFormSchema(getToday: () => string) {
  return tenantFieldsSchema.superRefine((tenant, ctx) =>
    addTenantCrossFieldIssues(tenant, getToday(), ctx),
  );
}

/**
 * PATCH /api/tenants/:id: any subset of the fields. The rules between fields apply to what is
 * sent here; the server checks the merged tenant against every rule again.
 */
export function buildUpdateTenantBodySchema(getToday: () => string) {
  return tenantFieldsSchema
    .partial()
    .superRefine((tenant, ctx) => addTenantCrossFieldIssues(tenant, getToday(), ctx));
}
export type UpdateTenantBody = z.input<ReturnType<typeof buildUpdateTenantBodySchema>>;

/**
 * Issue 24, item 14: where the tenant can be reached after moving out. Saved as the tenant's
 * address, so the statement letter goes there and not to the flat (decision 1063).
 */
export const forwardingAddressSchema = z.object({
  address: z
    .string({ error: TENANT_MESSAGES.forwardingAddressRequired })
    .trim()
    .min(5, TENANT_MESSAGES.addressTooShort)
    .max(200, TENANT_MESSAGES.textTooLong),
  postalCode: z
    .string({ error: TENANT_MESSAGES.postalCodeInvalid })
    .trim()
    .refine((v) => POSTAL_CODE_PATTERN.test(v), { message: TENANT_MESSAGES.postalCodeInvalid }),
  city: z
    .string({ error: TENANT_MESSAGES.cityTooShort })
    .trim()
    .min(2, TENANT_MESSAGES.cityTooShort)
    .max(200, TENANT_MESSAGES.textTooLong),
});
export type ForwardingAddress = z.output<typeof forwardingAddressSchema>;

/** POST /api/tenants/:id/move-out: move-out date, default today (docs/rules/master-data.md#states), and the forwarding address (issue 24). */
export const moveOutBodySchema = z.object({
  moveOutDate: optionalCalendarDate(TENANT_MESSAGES.moveOutInvalid),
  forwardingAddress: forwardingAddressSchema.nullish().transform((v) => v ?? null),
});
export type MoveOutBody = z.input<typeof moveOutBodySchema>;

export const tenantListQuerySchema = z.object({
  propertyId: z.string().optional(),
});

export const tenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  unitId: z.string(),
  moveInDate: z.string(),
  moveOutDate: z.string().nullable(),
  isActive: z.boolean(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  contractStartDate: z.string().nullable(),
  contractEndDate: z.string().nullable(),
  birthDate: z.string().nullable(),
  idDocumentNumber: z.string().nullable(),
  notes: z.string().nullable(),
  /** Occupants on today's date (or the nearest period); null when none is recorded. */
  currentPersons: z.number().int().nullable(),
  /** The active prepayment valid today, decimal string ("150.00"); null when none. */
  currentMonthlyPrepayment: z.string().nullable(),
  unit: z.object({
    id: z.string(),
    name: z.string(),
    area: z.string(),
    persons: z.number().int(),
    propertyId: z.string(),
  }),
  property: z.object({ id: z.string(), name: z.string(), address: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const tenantListResponseSchema = z.array(tenantSchema);

/** A validated PATCH body: absent fields are undefined, cleared optional fields null. */
export type UpdateTenantFields = z.output<ReturnType<typeof buildUpdateTenantBodySchema>>;

/**
 * A tenancy counts against the plan's tenant limit (issue 15) while it is current or still to
 * come: no move-out date, or a move-out date after today. A tenant moving out in 2099 is a
 * tenant today; one who moves out today frees the slot (as 'Als ausgezogen markieren' does).
 */
export function isTenancyCurrentOrFuture(moveOutDate: string | null, today: string): boolean {
  return moveOutDate === null || moveOutDate > today;
}
