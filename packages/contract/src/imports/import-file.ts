import { z } from "zod";

// A file the user uploads for an import (issue 28). The API speaks JSON only (decision 1022),
// so the file travels as base64: its bytes arrive unchanged, whatever their encoding, and the
// server decides how to read them (UTF-8 or Windows-1252) and refuses what it cannot read.

/** The largest file an import reads (5 MB: a year of 10,000 bookings fits several times). */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;

export const IMPORT_FILE_MESSAGES = {
  fileRequired: "Bitte wählen Sie eine Datei aus.",
  fileNameTooLong: "Der Dateiname ist zu lang (höchstens 200 Zeichen).",
  notBase64: "Die Datei wurde nicht vollständig übertragen. Bitte wählen Sie sie erneut aus.",
  empty: "Die Datei ist leer.",
  tooLarge: (limitText: string) =>
    `Die Datei ist zu groß (höchstens ${limitText}). Bitte teilen Sie sie auf, z. B. nach Monaten.`,
  wrongEncoding:
    "Die Datei ist weder als UTF-8 noch als Windows-1252 (ANSI) lesbar. Bitte exportieren Sie sie erneut als CSV (UTF-8) oder im Format Ihrer Bank.",
  binaryFile:
    "Die Datei ist keine Textdatei (z. B. eine Excel- oder PDF-Datei). Bitte exportieren Sie die Umsätze als CSV oder camt.053 (XML).",
} as const;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const importFileSchema = z.object({
  fileName: z
    .string({ error: IMPORT_FILE_MESSAGES.fileRequired })
    .trim()
    .min(1, IMPORT_FILE_MESSAGES.fileRequired)
    .max(200, IMPORT_FILE_MESSAGES.fileNameTooLong),
  /** The file's bytes, base64; at most MAX_IMPORT_FILE_BYTES once decoded (the server checks its own limit). */
  contentBase64: z
    .string({ error: IMPORT_FILE_MESSAGES.fileRequired })
    .min(1, IMPORT_FILE_MESSAGES.empty)
    .max(Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4 + 4, IMPORT_FILE_MESSAGES.tooLarge("5 MB"))
    .refine(
      (value) => value.length % 4 === 0 && BASE64.test(value),
      IMPORT_FILE_MESSAGES.notBase64,
    ),
});
export type ImportFile = z.output<typeof importFileSchema>;

/** '5 MB', '32 KB': the limit as the messages name it. */
export function formatFileLimit(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}
