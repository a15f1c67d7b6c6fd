import { z } from "zod";

// The export for the metering company (issue 28, item 2, second half; decision 1600): ARGE
// Heiwako / bved "Standard-Datenaustausch" 3.05 files the manager sends to the firm, fixed width,
// ISO-8859-15, CR LF (docs/imports/arge-heiwako.md). "users" is the DTM305 file (L record of the
// property, one M record per user: tenancies with move-in and move-out, vacancies, persons,
// prepayments), "costs" the DTK305 file (B record of the fuel with its stocks, one K record per
// invoice or cost item, § 35a EStG shares included), "mapping" the DTA305 file (one A record
// per flat: the firm's Liegenschaft + Wohnung and the manager's key of it, decision 1702).

export const METERING_EXPORT_PARTS = ["users", "costs", "mapping"] as const;
export type MeteringExportPart = (typeof METERING_EXPORT_PARTS)[number];

export const METERING_EXPORT_PART_LABELS: Record<MeteringExportPart, string> = {
  users: "Nutzer-Datei (L/M)",
  costs: "Kosten-Datei (B/K)",
  mapping: "Zuordnungs-Datei (A)",
};

export const METERING_EXPORT_MESSAGES = {
  partInvalid:
    "Bitte wählen Sie, welche Datei erstellt werden soll (Nutzer, Kosten oder Zuordnung).",
  customerNumberInvalid: "Die Kundennummer beim Messdienst hat höchstens 10 Ziffern.",
  customerNumberRequired:
    "Bitte die Kundennummer beim Messdienst angeben (steht auf seinen Abrechnungen).",
  numbersSaved: "Die Nummern des Messdienstes sind für diese Immobilie gespeichert.",
  propertyNumberInvalid: "Die Liegenschaftsnummer des Messdienstes hat höchstens 9 Ziffern.",
  propertyNumberRequired:
    "Bitte die Liegenschaftsnummer des Messdienstes angeben (steht auf seinen Abrechnungen); nach dem ersten Import seiner Ergebnisse ist sie bekannt.",
  propertyNumberAmbiguous:
    "Die zugeordneten Wohnungen des Messdienstes gehören zu mehreren Liegenschaften; bitte die Liegenschaftsnummer angeben.",
  tooManyUnits:
    "Die Immobilie hat mehr als 9999 Wohnungen; so viele fasst die Wohnungsnummer des Standards nicht.",
  amountMissing: (costType: string) =>
    `„${costType}“ wird aus einem Tarif berechnet und hat noch keinen Betrag. Bitte den Betrag in der Abrechnung eintragen, dann erneut exportieren.`,
  valueTooLarge: (field: string) =>
    `Der Wert für „${field}“ ist zu groß für das Feld des Standards.`,
  heatingSheet: (message: string) => `Kostenaufstellung der Heizung: ${message}`,
  laborWithoutInvoice: (costType: string) =>
    `Der Lohnanteil nach § 35a EStG von „${costType}“ ist größer als jede Rechnung der Heizungsanlage (Wartung, Messungen, Messdienst, Betriebsstrom); bitte in der Kostenaufstellung prüfen.`,
  noCosts: "Für diesen Zeitraum sind keine Kosten erfasst, die an den Messdienst gehen könnten.",
} as const;

const M = METERING_EXPORT_MESSAGES;

export const meteringExportQuerySchema = z.object({
  part: z.enum(METERING_EXPORT_PARTS, { error: M.partInvalid }),
  /** The manager's customer number at the firm (field 3 of every record); empty: the one remembered for the property. */
  customerNumber: z
    .string({ error: M.customerNumberInvalid })
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{1,10}$/.test(v), M.customerNumberInvalid),
  /** The firm's Liegenschaftsnummer; empty: the one remembered, else the one of the flats mapped at an import. */
  propertyNumber: z
    .string({ error: M.propertyNumberInvalid })
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{1,9}$/.test(v), M.propertyNumberInvalid),
});
export type MeteringExportQuery = z.output<typeof meteringExportQuerySchema>;

// Decision 1701: the firm's numbers are remembered per property (the period's property) and
// shown in the export form; changing them there saves the new ones.

export const meteringFirmNumbersBodySchema = z.object({
  customerNumber: z
    .string({ error: M.customerNumberRequired })
    .trim()
    .min(1, M.customerNumberRequired)
    .regex(/^\d{1,10}$/, M.customerNumberInvalid),
  /** Empty or null: the one of the flats mapped at an import. Stored with 9 digits. */
  propertyNumber: z
    .string({ error: M.propertyNumberInvalid })
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{1,9}$/.test(v), M.propertyNumberInvalid)
    .transform((v) => (v === null ? null : v.padStart(9, "0"))),
});
export type MeteringFirmNumbersBody = z.input<typeof meteringFirmNumbersBodySchema>;

export const meteringFirmNumbersSchema = z.object({
  propertyId: z.string(),
  /** As remembered; null: never given for this property. */
  customerNumber: z.string().nullable(),
  propertyNumber: z.string().nullable(),
  /** The Liegenschaftsnummer of the flats mapped at an import (null: none, or several). */
  propertyNumberFromImport: z.string().nullable(),
});
export type MeteringFirmNumbers = z.infer<typeof meteringFirmNumbersSchema>;
