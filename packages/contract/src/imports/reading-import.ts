import { z } from "zod";
import { importFileSchema } from "./import-file.ts";

// Readings from a file (issue 28, item 4; decision 1401): a CSV with meter number, date and
// value (the metering company's or a spreadsheet's) is matched to the account's meters by
// number and checked like a typed reading: no date in the future, a value the reading field
// takes, a lower value than the reading before only when the user confirms it. A reading that
// is already stored (same meter, day and value) is skipped: a second import changes nothing.

export const READING_IMPORT_FEATURE = "bulkImportExport";
export const MAX_IMPORTED_READINGS = 20_000;

/** new: will be stored; duplicate: stored before; decrease: lower than the reading before (needs confirming); error: refused. */
export const READING_ROW_STATUSES = ["new", "duplicate", "decrease", "error"] as const;
export type ReadingRowStatus = (typeof READING_ROW_STATUSES)[number];

export const READING_IMPORT_MESSAGES = {
  csvNoHeader:
    "In der Datei wurde keine Kopfzeile mit den Spalten Zählernummer, Datum (oder Ablesedatum) und Zählerstand (oder Wert) gefunden.",
  csvUnreadable: (detail: string) => `Die CSV-Datei kann nicht gelesen werden (${detail}).`,
  noRows: "Die Datei enthält keine Zählerstände.",
  tooManyRows: (max: number) =>
    `Die Datei enthält mehr als ${max.toLocaleString("de-DE")} Zählerstände. Bitte teilen Sie sie auf.`,
  meterNumberMissing: "Zählernummer fehlt.",
  meterNotFound: (number: string) =>
    `Kein Zähler mit der Nummer „${number}“ in Ihrem Konto. Bitte legen Sie ihn zuerst unter „Zähler“ an.`,
  meterAmbiguous: (number: string) =>
    `Mehrere Zähler haben die Nummer „${number}“; bitte geben Sie ihnen eindeutige Nummern.`,
  dateInvalid: "Ablesedatum fehlt oder ist kein gültiges Datum (erwartet z. B. 31.12.2025).",
  valueAmbiguous: (text: string) =>
    `„${text}“ ist nicht eindeutig: Nachkommastellen bitte mit Komma, der Punkt trennt nur Tausender.`,
  alreadyStored: "Bereits erfasst – wird nicht noch einmal gespeichert.",
  otherValueStored: (value: string) =>
    `Für diesen Zähler und Tag ist bereits der Stand ${value} erfasst. Bitte korrigieren Sie ihn beim Zähler, wenn er falsch ist.`,
  twiceInFile: (line: number) => `Derselbe Zähler und Tag steht schon in Zeile ${line}.`,
  decreasesNeedConfirmation: (count: number) =>
    `${count === 1 ? "Ein Zählerstand ist" : `${count} Zählerstände sind`} niedriger als der vorherige Stand. Bitte prüfen Sie die markierten Zeilen und bestätigen Sie, dass sie stimmen (Zählertausch oder Überlauf).`,
  rowsHaveErrors: (count: number) =>
    `${count === 1 ? "Eine Zeile ist" : `${count} Zeilen sind`} fehlerhaft. Bitte korrigieren Sie die Datei; es wurde nichts gespeichert.`,
  imported: (count: number) =>
    `${count === 1 ? "1 Zählerstand" : `${count.toLocaleString("de-DE")} Zählerstände`} gespeichert.`,
  nothingNew: "Alle Zählerstände dieser Datei waren bereits erfasst; es wurde nichts geändert.",
  // The metering service's monthly file in the shape of the EED consumption interface (decision
  // 1690): optional columns service (HEATING, HOT_WATER, COLD_WATER), unit and estimated.
  serviceUnknown: (text: string) =>
    `Unbekannte Sparte „${text}“ (erwartet HEATING, HOT_WATER oder COLD_WATER).`,
  serviceMismatch: (service: string, meterType: string) =>
    `Die Sparte ${service} passt nicht zum Zähler (${meterType}).`,
  unitUnknown: (text: string) =>
    `Unbekannte Einheit „${text}“ (erwartet kWh, Einheiten des Heizkostenverteilers oder m³).`,
  unitMismatch: (unit: string, meterType: string, meterUnit: string) =>
    `Die Einheit ${unit} passt nicht zum Zähler (${meterType} zählt in ${meterUnit}).`,
  estimatedInvalid: (text: string) =>
    `„${text}“ bei „geschätzt“ ist nicht eindeutig (erwartet true/false, ja/nein oder 1/0).`,
  estimatedNote: "Schätzwert des Messdienstes",
} as const;

export const readingImportPreviewBodySchema = z.object({ file: importFileSchema });
export type ReadingImportPreviewBody = z.input<typeof readingImportPreviewBodySchema>;

export const readingImportCommitBodySchema = z.object({
  file: importFileSchema,
  /** The user checked the lower values (meter replaced or rolled over). */
  confirmDecreases: z.boolean().optional().default(false),
});
export type ReadingImportCommitBody = z.input<typeof readingImportCommitBodySchema>;

export const readingImportRowSchema = z.object({
  /** 1-based line of the file. */
  row: z.number().int(),
  meterNumber: z.string().nullable(),
  meterId: z.string().nullable(),
  /** Unit or common area and meter type, for the user to recognise the meter. */
  meterLabel: z.string().nullable(),
  readingDate: z.string().nullable(),
  readingValue: z.string().nullable(),
  status: z.enum(READING_ROW_STATUSES),
  message: z.string().nullable(),
});
export type ReadingImportRow = z.infer<typeof readingImportRowSchema>;

export const readingImportPreviewSchema = z.object({
  encoding: z.enum(["utf-8", "windows-1252"]),
  rows: z.array(readingImportRowSchema),
  counts: z.object({
    new: z.number().int(),
    duplicate: z.number().int(),
    decrease: z.number().int(),
    error: z.number().int(),
  }),
});
export type ReadingImportPreview = z.infer<typeof readingImportPreviewSchema>;

export const readingImportResultSchema = z.object({
  imported: z.number().int(),
  skippedDuplicates: z.number().int(),
  message: z.string(),
});
export type ReadingImportResult = z.infer<typeof readingImportResultSchema>;
