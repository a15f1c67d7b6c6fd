import { z } from "zod";
import { compareDecimalText, decimalTextSchema, sumDecimalTexts } from "../decimal-text.ts";
import { requiredUuidField } from "../ids.ts";
import { STATEMENT_MESSAGES } from "../statements/statement-messages.ts";
import { importFileSchema } from "./import-file.ts";

// Bank statements to costs (issue 28, item 3; decision 1400): a camt.053 file or a bank's CSV
// export is read into bookings; the user assigns each outgoing booking to a cost type of a
// billing period (or splits it over several); nothing is saved until the user confirms, then
// everything in one transaction. A booking imported before is recognised and left alone.

export const BANK_FILE_FORMATS = ["camt053", "csv"] as const;
export type BankFileFormat = (typeof BANK_FILE_FORMATS)[number];
export const BANK_FILE_FORMAT_LABELS: Record<BankFileFormat, string> = {
  camt053: "camt.053 (ISO 20022, XML)",
  csv: "CSV-Umsatzexport",
};

export const TEXT_ENCODINGS = ["utf-8", "windows-1252"] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];
export const TEXT_ENCODING_LABELS: Record<TextEncoding, string> = {
  "utf-8": "UTF-8",
  "windows-1252": "Windows-1252 (ANSI)",
};

/**
 * new: an outgoing payment that can become costs; duplicate: imported before (or twice in this
 * file); ignored: not a cost (incoming payment, not booked yet, another currency); error: the row
 * cannot be read (its message says why).
 */
export const BANK_ROW_STATUSES = ["new", "duplicate", "ignored", "error"] as const;
export type BankRowStatus = (typeof BANK_ROW_STATUSES)[number];

/** Most parts one booking can be split into. */
export const MAX_BOOKING_PARTS = 10;
/** Most bookings one file may hold. */
export const MAX_BANK_BOOKINGS = 20_000;

export const BANK_IMPORT_MESSAGES = {
  billingPeriodNotFound: STATEMENT_MESSAGES.billingPeriodNotFound,
  costsLocked:
    "Die Abrechnungen dieses Zeitraums sind finalisiert; Kosten können nicht mehr importiert werden.",
  unknownFormat:
    "Das Dateiformat wurde nicht erkannt. Unterstützt werden Kontoauszüge im Format camt.053 (XML) und CSV-Umsatzexporte mit Spalten für Buchungstag, Betrag und Verwendungszweck.",
  xmlHasDoctype:
    "Die XML-Datei enthält eine DOCTYPE- oder ENTITY-Deklaration. Kontoauszüge im Format camt.053 enthalten so etwas nie; die Datei wird aus Sicherheitsgründen nicht gelesen.",
  xmlInvalid: (detail: string) =>
    `Die XML-Datei ist fehlerhaft und kann nicht gelesen werden (${detail}).`,
  notCamt053:
    "Die XML-Datei ist kein Kontoauszug im Format camt.053 (es fehlt „BkToCstmrStmt“). camt.052 (Umsatzvorschau) und camt.054 (Sammlerauflösung) werden nicht importiert.",
  csvUnreadable: (detail: string) => `Die CSV-Datei kann nicht gelesen werden (${detail}).`,
  csvNoHeader:
    "In der CSV-Datei wurde keine Kopfzeile mit den Spalten Buchungstag (oder Buchungsdatum), Betrag und Verwendungszweck gefunden. Bitte exportieren Sie die Umsätze im CSV-Format Ihrer Bank.",
  noBookings: "Die Datei enthält keine Buchungen.",
  tooManyBookings: (max: number) =>
    `Die Datei enthält mehr als ${max.toLocaleString("de-DE")} Buchungen. Bitte teilen Sie sie auf, z. B. nach Monaten.`,
  rowDateMissing: "Buchungstag fehlt oder ist kein gültiges Datum (erwartet z. B. 31.12.2025).",
  rowAmountInvalid: "Betrag fehlt oder ist keine Zahl (erwartet z. B. -1.234,56).",
  rowAmountZero: "Betrag ist 0,00 € – keine Kosten.",
  rowAmountTooLarge: "Betrag ist größer als 9.999.999.999,99 €.",
  rowIncoming: "Zahlungseingang (Gutschrift) – keine Kosten.",
  rowPending:
    "Vorgemerkte Buchung (noch nicht gebucht) – wird erst als gebuchter Umsatz importiert.",
  rowForeignCurrency: (currency: string) =>
    `Buchung in ${currency} – nur Buchungen in Euro werden importiert.`,
  rowDuplicateImported: "Bereits importiert – wird nicht noch einmal gebucht.",
  rowDuplicateInFile: "Steht doppelt in der Datei – nur die erste Zeile wird gebucht.",
  rowOutsidePeriod: (period: string) =>
    `Buchungstag liegt außerhalb des Abrechnungszeitraums ${period}. Bitte prüfen Sie, ob die Kosten zu diesem Zeitraum gehören.`,
  assignmentsRequired: "Bitte ordnen Sie mindestens einer Buchung eine Kostenart zu.",
  assignmentRowUnknown: "Diese Zeile gibt es in der Datei nicht.",
  assignmentRowNotNew:
    "Diese Buchung kann nicht importiert werden (bereits importiert, keine Kosten oder fehlerhaft).",
  assignmentRowTwice: "Diese Buchung ist doppelt zugeordnet.",
  costTypeRequired: "Bitte wählen Sie eine Kostenart.",
  costTypeTooLong: "Die Kostenart ist zu lang (höchstens 100 Zeichen).",
  partsRequired: "Bitte wählen Sie eine Kostenart.",
  tooManyParts: `Eine Buchung kann auf höchstens ${MAX_BOOKING_PARTS} Kostenarten aufgeteilt werden.`,
  partsSumMismatch: (parts: string, booking: string) =>
    `Die Teilbeträge (${parts}) ergeben nicht den Buchungsbetrag (${booking}).`,
  costTypeTwiceInSplit: "Jede Kostenart nur einmal je Buchung.",
  costTypeByRate: (costType: string) =>
    `„${costType}“ wird in diesem Abrechnungszeitraum über einen Tarif berechnet; Buchungen können dieser Kostenart nicht zugeordnet werden.`,
  tooManyCostItems:
    "Mit diesen Kostenarten hätte der Abrechnungszeitraum mehr als 100 Kostenpositionen.",
  partAmount: {
    required: "Bitte geben Sie den Teilbetrag ein.",
    notANumber: "Der Teilbetrag muss eine Zahl sein.",
    negative: "Der Teilbetrag muss größer als 0 sein.",
    tooManyDecimals: "Der Teilbetrag darf höchstens 2 Nachkommastellen haben.",
    tooLarge: "Der Teilbetrag ist zu groß.",
  },
  imported: (count: number, total: string) =>
    `${count === 1 ? "1 Buchung" : `${count.toLocaleString("de-DE")} Buchungen`} über ${total} importiert.`,
  nothingNew: "Alle Buchungen dieser Datei waren bereits importiert; es wurde nichts geändert.",
} as const;

export const bankImportPreviewBodySchema = z.object({
  billingPeriodId: requiredUuidField(BANK_IMPORT_MESSAGES.billingPeriodNotFound),
  file: importFileSchema,
});
export type BankImportPreviewBody = z.input<typeof bankImportPreviewBodySchema>;

export const bankBookingRowSchema = z.object({
  /** 1-based: the entry of the camt file, or the line of the CSV file. */
  row: z.number().int(),
  bookingDate: z.string().nullable(),
  /** Always positive, canonical text ("1234.56"); the direction says which way. */
  amount: z.string().nullable(),
  direction: z.enum(["debit", "credit"]).nullable(),
  currency: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  purpose: z.string().nullable(),
  status: z.enum(BANK_ROW_STATUSES),
  /** Why the row is ignored, a duplicate or an error (German). */
  message: z.string().nullable(),
  warnings: z.array(z.string()),
  /** From a remembered rule (counterparty and purpose), else null. */
  suggestedCostType: z.string().nullable(),
});
export type BankBookingRow = z.infer<typeof bankBookingRowSchema>;

export const bankImportPreviewSchema = z.object({
  billingPeriodId: z.string(),
  format: z.enum(BANK_FILE_FORMATS),
  encoding: z.enum(TEXT_ENCODINGS),
  /** The account the statement is for, where the file names it. */
  accountIban: z.string().nullable(),
  rows: z.array(bankBookingRowSchema),
  counts: z.object({
    new: z.number().int(),
    duplicate: z.number().int(),
    ignored: z.number().int(),
    error: z.number().int(),
  }),
  /** Sum of the new outgoing bookings. */
  newTotal: z.string(),
  /** Cost types of the period, and those the rules name: what the user chooses from first. */
  periodCostTypes: z.array(z.string()),
});
export type BankImportPreview = z.infer<typeof bankImportPreviewSchema>;

export const bookingPartSchema = z.object({
  costType: z
    .string({ error: BANK_IMPORT_MESSAGES.costTypeRequired })
    .trim()
    .min(1, BANK_IMPORT_MESSAGES.costTypeRequired)
    .max(100, BANK_IMPORT_MESSAGES.costTypeTooLong),
  amount: decimalTextSchema("money", BANK_IMPORT_MESSAGES.partAmount).refine(
    (value) => compareDecimalText(value, "0") > 0,
    BANK_IMPORT_MESSAGES.partAmount.negative,
  ),
});
export type BookingPart = z.output<typeof bookingPartSchema>;

export const bookingAssignmentSchema = z
  .object({
    row: z
      .number({ error: BANK_IMPORT_MESSAGES.assignmentRowUnknown })
      .int(BANK_IMPORT_MESSAGES.assignmentRowUnknown)
      .min(1, BANK_IMPORT_MESSAGES.assignmentRowUnknown),
    parts: z
      .array(bookingPartSchema, { error: BANK_IMPORT_MESSAGES.partsRequired })
      .min(1, BANK_IMPORT_MESSAGES.partsRequired)
      .max(MAX_BOOKING_PARTS, BANK_IMPORT_MESSAGES.tooManyParts),
  })
  .superRefine((assignment, ctx) => {
    const seen = new Set<string>();
    assignment.parts.forEach((part, index) => {
      const key = part.costType.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["parts", index, "costType"],
          message: BANK_IMPORT_MESSAGES.costTypeTwiceInSplit,
        });
      seen.add(key);
    });
  });
export type BookingAssignment = z.output<typeof bookingAssignmentSchema>;

export const bankImportCommitBodySchema = z.object({
  billingPeriodId: requiredUuidField(BANK_IMPORT_MESSAGES.billingPeriodNotFound),
  file: importFileSchema,
  assignments: z
    .array(bookingAssignmentSchema, { error: BANK_IMPORT_MESSAGES.assignmentsRequired })
    .min(1, BANK_IMPORT_MESSAGES.assignmentsRequired)
    .max(MAX_BANK_BOOKINGS),
});
export type BankImportCommitBody = z.input<typeof bankImportCommitBodySchema>;

export const bankImportResultSchema = z.object({
  billingPeriodId: z.string(),
  imported: z.number().int(),
  skippedDuplicates: z.number().int(),
  importedTotal: z.string(),
  /** Per cost type: what the import added and the item's amount afterwards. */
  costItems: z.array(
    z.object({ costType: z.string(), added: z.string(), amount: z.string(), isNew: z.boolean() }),
  ),
  message: z.string(),
});
export type BankImportResult = z.infer<typeof bankImportResultSchema>;

/** Sum of the parts of one assignment, canonical with 2 decimals. */
export function sumBookingParts(parts: readonly Pick<BookingPart, "amount">[]): string {
  return sumDecimalTexts(
    parts.map((part) => part.amount),
    2,
  );
}
