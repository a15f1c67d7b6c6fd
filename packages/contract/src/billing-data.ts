import { z } from "zod";
import { findIbanProblem, normalizeIban } from "./iban.ts";
import { isValidGermanPhone } from "./tenants.ts";

// Billing data (Abrechnungsdaten): docs/rules/master-data.md#settings and docs/rules/master-data.md#validation
// 'Billing data'. They are the sender of every statement letter (docs/rules/statements.md#letter-contents, docs/rules/statements.md#pdfs-and-sending): company
// or name, phone, street and number, postal code, city and IBAN required; BIC and bank optional.

export const BILLING_DATA_MESSAGES = {
  nameRequired: "Firma oder Vor- und Nachname ist erforderlich",
  firstNameWithoutLastName: "Bitte geben Sie auch den Nachnamen an",
  lastNameWithoutFirstName: "Bitte geben Sie auch den Vornamen an",
  phoneRequired: "Telefon ist erforderlich",
  phoneInvalid: "Ungültige Telefonnummer. Verwenden Sie Format: +49... oder 0...",
  streetRequired: "Straße ist erforderlich",
  houseNumberRequired: "Hausnummer ist erforderlich",
  houseNumberInvalid: "Hausnummer darf höchstens 10 Zeichen lang sein",
  postalCodeRequired: "Postleitzahl ist erforderlich",
  postalCodeInvalid: "Postleitzahl muss 5 Ziffern haben (z.B. 12345)",
  cityRequired: "Ort ist erforderlich",
  cityTooShort: "Ort muss mindestens 2 Zeichen lang sein",
  ibanRequired: "IBAN ist erforderlich",
  ibanFormat:
    "Ungültige IBAN: Ländercode, zwei Prüfziffern und bis zu 30 Buchstaben oder Ziffern (z.B. DE89 3704 0044 0532 0130 00)",
  ibanChecksum: "Ungültige IBAN: Die Prüfsumme stimmt nicht. Bitte prüfen Sie die Eingabe.",
  bicInvalid: "Ungültige BIC: 8 oder 11 Zeichen (z.B. COBADEFFXXX)",
  textTooLong: "Der Text ist zu lang",
  /** docs/rules/statements.md#pdfs-and-sending: finalizing a statement without billing data. */
  missingForFinalize: "Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten in den Einstellungen.",
  /** Toasts of the settings tab. */
  saved: "Abrechnungsdaten gespeichert",
  saveFailed: (message: string) => `Fehler beim Speichern der Abrechnungsdaten: ${message}`,
  /** Hint above the form (docs/rules/master-data.md#screens). */
  hint: "Diese Daten werden für Ihre Nebenkostenabrechnungen verwendet und erscheinen als Absender auf allen PDFs.",
} as const;

/** The error code of a finalize refused for missing billing data (409). */
export const BILLING_DATA_MISSING_CODE = "BILLING_DATA_MISSING";

const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export function isValidBic(bic: string): boolean {
  return BIC_PATTERN.test(bic.replace(/\s+/g, "").toUpperCase());
}

function requiredText(
  requiredMessage: string,
  max = 200,
  tooLongMessage: string = BILLING_DATA_MESSAGES.textTooLong,
) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage);
}

function optionalText(max = 200) {
  return z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, { message: BILLING_DATA_MESSAGES.textTooLong });
}

/** PUT /api/billing-data: every field checked on its own, then 'company or full name'. */
export const billingDataBodySchema = z
  .object({
    companyName: optionalText(),
    firstName: optionalText(100),
    lastName: optionalText(100),
    phone: requiredText(BILLING_DATA_MESSAGES.phoneRequired, 40).refine(
      (v) => v === "" || isValidGermanPhone(v),
      {
        message: BILLING_DATA_MESSAGES.phoneInvalid,
      },
    ),
    street: requiredText(BILLING_DATA_MESSAGES.streetRequired),
    houseNumber: requiredText(
      BILLING_DATA_MESSAGES.houseNumberRequired,
      10,
      BILLING_DATA_MESSAGES.houseNumberInvalid,
    ),
    postalCode: requiredText(BILLING_DATA_MESSAGES.postalCodeRequired, 20).refine(
      (v) => /^\d{5}$/.test(v),
      {
        message: BILLING_DATA_MESSAGES.postalCodeInvalid,
      },
    ),
    city: requiredText(BILLING_DATA_MESSAGES.cityRequired, 100).refine((v) => v.length >= 2, {
      message: BILLING_DATA_MESSAGES.cityTooShort,
    }),
    iban: requiredText(BILLING_DATA_MESSAGES.ibanRequired, 50)
      .transform(normalizeIban)
      .superRefine((v, ctx) => {
        const problem = findIbanProblem(v);
        if (problem === "format")
          ctx.addIssue({ code: "custom", message: BILLING_DATA_MESSAGES.ibanFormat });
        else if (problem === "checksum")
          ctx.addIssue({ code: "custom", message: BILLING_DATA_MESSAGES.ibanChecksum });
      }),
    bic: optionalText(20)
      .transform((v) => (v === null ? null : v.replace(/\s+/g, "").toUpperCase()))
      .refine((v) => v === null || isValidBic(v), { message: BILLING_DATA_MESSAGES.bicInvalid }),
    bankName: optionalText(100),
  })
  .superRefine((data, ctx) => {
    if (data.firstName && !data.lastName) {
      ctx.addIssue({
        code: "custom",
        path: ["lastName"],
        message: BILLING_DATA_MESSAGES.firstNameWithoutLastName,
      });
    } else if (data.lastName && !data.firstName) {
      ctx.addIssue({
        code: "custom",
        path: ["firstName"],
        message: BILLING_DATA_MESSAGES.lastNameWithoutFirstName,
      });
    } else if (!data.companyName && !data.firstName && !data.lastName) {
      ctx.addIssue({
        code: "custom",
        path: ["companyName"],
        message: BILLING_DATA_MESSAGES.nameRequired,
      });
    }
  });
export type BillingDataBody = z.input<typeof billingDataBodySchema>;
export type BillingDataFields = z.output<typeof billingDataBodySchema>;

/** The stored billing data; IBAN without spaces, BIC upper case. */
export const billingDataSchema = z.object({
  companyName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  updatedAt: z.string(),
});
export type BillingData = z.infer<typeof billingDataSchema>;

/** GET and PUT /api/billing-data: null until saved once; `complete` tells whether letters can be finalized. */
export const billingDataResponseSchema = z.object({
  billingData: billingDataSchema.nullable(),
  complete: z.boolean(),
});
export type BillingDataResponse = z.infer<typeof billingDataResponseSchema>;

/**
 * True when the stored data carry every required field of docs/rules/master-data.md (the sender of a letter).
 * Stored data always passed the schema; this also guards rows written before a rule changed.
 */
export function isBillingDataComplete(
  data: Omit<BillingData, "updatedAt"> | null | undefined,
): boolean {
  if (!data) return false;
  return billingDataBodySchema.safeParse(data).success;
}

/** The sender's name as printed: the company, else 'Vorname Nachname'. */
export function billingSenderName(
  data: Pick<BillingData, "companyName" | "firstName" | "lastName">,
): string {
  const person = [data.firstName, data.lastName].filter(Boolean).join(" ");
  return data.companyName || person;
}
