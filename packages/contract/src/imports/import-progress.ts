import { z } from "zod";
import { errorBodySchema } from "../errors.ts";

// Progress of a large import (issue 28: "Progress is shown for large files (10,000 bookings,
// 5 MB)"; decision 1700). A client that asks for `application/x-ndjson` gets the answer of an
// import route as lines of JSON: progress lines while the server reads, checks and saves the
// file, then one line with the result or the error (the same bodies as the plain JSON answer).
// A client that asks for JSON gets the plain answer, as before.

export const IMPORT_PROGRESS_CONTENT_TYPE = "application/x-ndjson";

/** read: the file is being read; check: its rows are checked; save: the confirmed rows are stored. */
export const IMPORT_PROGRESS_PHASES = ["read", "check", "save"] as const;
export type ImportProgressPhase = (typeof IMPORT_PROGRESS_PHASES)[number];

/** What the rows of the file are, for the progress text. */
export const IMPORT_PROGRESS_UNITS = ["bookings", "readings", "records"] as const;
export type ImportProgressUnit = (typeof IMPORT_PROGRESS_UNITS)[number];

export const importProgressSchema = z.object({
  phase: z.enum(IMPORT_PROGRESS_PHASES),
  unit: z.enum(IMPORT_PROGRESS_UNITS),
  done: z.number().int().nonnegative(),
  /** 0 while the file is read (the number of rows is not known yet). */
  total: z.number().int().nonnegative(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** One line of a streamed import answer. */
export const importStreamLineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), progress: importProgressSchema }),
  z.object({ type: z.literal("result"), result: z.unknown() }),
  z.object({ type: z.literal("error"), status: z.number().int(), body: errorBodySchema }),
]);
export type ImportStreamLine = z.infer<typeof importStreamLineSchema>;

/** After "von": the dative ("von 240 Sätzen"). */
const UNIT_NOUNS: Record<ImportProgressUnit, [singular: string, plural: string]> = {
  bookings: ["Buchung", "Buchungen"],
  readings: ["Zählerstand", "Zählerständen"],
  records: ["Satz", "Sätzen"],
};

const PHASE_VERBS: Record<Exclude<ImportProgressPhase, "read">, string> = {
  check: "geprüft",
  save: "gespeichert",
};

const NUMBER = new Intl.NumberFormat("de-DE");

/** "Datei wird gelesen …", "1.200 von 10.000 Buchungen geprüft", "12 von 240 Sätzen geprüft". */
export function describeImportProgress(progress: ImportProgress): string {
  if (progress.phase === "read") return "Datei wird gelesen …";
  const [singular, plural] = UNIT_NOUNS[progress.unit];
  return `${NUMBER.format(progress.done)} von ${NUMBER.format(progress.total)} ${
    progress.total === 1 ? singular : plural
  } ${PHASE_VERBS[progress.phase]}`;
}

/** Whole percent of a progress for a progress bar: reading 0, checking up to 50 (or 100 in a dry run), saving the rest. */
export function getImportProgressPercent(progress: ImportProgress, hasSavePhase: boolean): number {
  if (progress.phase === "read" || progress.total === 0) return 0;
  const share = Math.min(1, progress.done / progress.total);
  if (!hasSavePhase) return Math.floor(share * 100);
  return Math.floor(progress.phase === "check" ? share * 50 : 50 + share * 50);
}
