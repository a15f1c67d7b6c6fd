import { z } from "zod";
import { optionalText } from "../common.ts";
import { calendarDate, formatCalendarDateDe } from "../calendar-dates.ts";
import { decimalTextSchema, formatDecimalTextDe } from "../decimal-text.ts";
import { requiredUuidField } from "../ids.ts";
import { formatCountDe } from "../german-counts.ts";
import {
  formerBillingPeriodIdField,
  formerReadingFields,
  hasBillingPeriodId,
  withBillingPeriodId,
} from "../legacy-names.ts";

// Meter readings (Zählerstände): docs/rules/master-data.md#entities 'meter reading', docs/rules/master-data.md#validation 'Meter reading',
// docs/rules/master-data.md#messages 'Meters and readings'. Values have up to 3 decimals (numeric(14,3), step 0.001).

export const READING_MESSAGES = {
  requiredFields: "Bitte füllen Sie alle Pflichtfelder aus.",
  notANumber: "Der Zählerstand muss eine Zahl sein.",
  negative: "Der Zählerstand darf nicht negativ sein.",
  tooManyDecimals: "Der Zählerstand darf höchstens 3 Nachkommastellen haben.",
  tooLarge: "Der Zählerstand ist zu groß (höchstens 11 Stellen vor dem Komma).",
  invalidDate: "Bitte geben Sie ein gültiges Ablesedatum ein.",
  futureDate: "Das Ablesedatum darf nicht in der Zukunft liegen.",
  notFound: "Zählerstand nicht gefunden",
  added: "Zählerstand erfolgreich hinzugefügt!",
  deleted: "Zählerstand erfolgreich gelöscht!",
  addFailed: (message: string) => `Fehler beim Hinzufügen: ${message}`,
  deleteFailed: (message: string) => `Fehler beim Löschen: ${message}`,
  deleteConfirm: "Sind Sie sicher, dass Sie diesen Zählerstand löschen möchten?",
  decreaseQuestion: "Zähler getauscht oder übergelaufen?",
  bulkPeriodRequired: "Bitte wählen Sie eine Abrechnungsperiode aus.",
  bulkValueRequired: "Bitte geben Sie mindestens einen Zählerstand ein.",
  bulkSaved: (count: number) =>
    `${formatCountDe(count, "Zählerstand", "Zählerstände")} erfolgreich gespeichert!`,
  bulkSaveFailed: (message: string) => `Fehler beim Speichern: ${message}`,
  bulkDuplicateMeter: "Jeder Zähler darf nur einmal vorkommen.",
  bulkTooMany: "Höchstens 500 Zählerstände pro Speichervorgang.",
  bulkMeterOfOtherProperty: "Der Zähler gehört nicht zur Immobilie dieser Abrechnungsperiode.",
  /** Issue 27: a start reading belongs to the period's first day (or before). */
  startAfterPeriodStart: (periodStart: string) =>
    `Der Anfangsstand gilt zum Beginn der Periode (${formatCalendarDateDe(periodStart)}); bitte dieses Datum oder ein früheres wählen.`,
  billingPeriodNotFound: "Abrechnungsperiode nicht gefunden",
} as const;

/** Error code of the answer that asks the user to confirm a lower reading (HTTP 409). */
export const READING_DECREASE_CODE = "READING_DECREASE";

export const BULK_READINGS_MAX = 500;

export const readingValueSchema = decimalTextSchema("reading", {
  required: READING_MESSAGES.requiredFields,
  notANumber: READING_MESSAGES.notANumber,
  negative: READING_MESSAGES.negative,
  tooManyDecimals: READING_MESSAGES.tooManyDecimals,
  tooLarge: READING_MESSAGES.tooLarge,
});

const readingDateSchema = z
  .string({ error: READING_MESSAGES.requiredFields })
  .min(1, READING_MESSAGES.requiredFields)
  .pipe(calendarDate(READING_MESSAGES.invalidDate));

/**
 * POST /api/meters/:id/readings: a reading of its own (no billing period; bulk entry links
 * readings to a period). A value lower than the neighbouring reading is answered with 409
 * READING_DECREASE until the request repeats with confirmDecrease: true.
 */
export const createReadingBodySchema = z.object({
  readingValue: readingValueSchema,
  readingDate: readingDateSchema,
  note: optionalText({ multiLine: true }).refine(
    (v) => v === null || v.length <= 500,
    "Die Notiz darf höchstens 500 Zeichen lang sein.",
  ),
  confirmDecrease: z.boolean().optional().default(false),
});
export type CreateReadingBody = z.input<typeof createReadingBodySchema>;

export const readingSchema = z.object({
  id: z.string(),
  meterId: z.string(),
  billingPeriodId: z.string().nullable(),
  billingPeriodName: z.string().nullable(),
  /** Decimal text with 3 decimals as stored ("1234.500"). */
  readingValue: z.string(),
  readingDate: z.string(),
  readingType: z.string(),
  validationStatus: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  ...formerReadingFields,
});
export type Reading = z.infer<typeof readingSchema>;

export const BULK_READING_POSITIONS = ["start", "end"] as const;
export type BulkReadingPosition = (typeof BULK_READING_POSITIONS)[number];

/** POST /api/readings/bulk (docs/rules/master-data.md#queries 'bulk save'). */
export const bulkReadingsBodySchema = z
  .object({
    billingPeriodId: requiredUuidField(READING_MESSAGES.bulkPeriodRequired).optional(),
    ...formerBillingPeriodIdField(READING_MESSAGES.bulkPeriodRequired),
    readingDate: readingDateSchema,
    readings: z
      .array(
        z.object({
          meterId: requiredUuidField("Zähler nicht gefunden"),
          readingValue: readingValueSchema,
        }),
        {
          error: READING_MESSAGES.bulkValueRequired,
        },
      )
      .min(1, READING_MESSAGES.bulkValueRequired)
      .max(BULK_READINGS_MAX, READING_MESSAGES.bulkTooMany)
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((row, index) => {
          if (seen.has(row.meterId))
            ctx.addIssue({
              code: "custom",
              path: [index, "meterId"],
              message: READING_MESSAGES.bulkDuplicateMeter,
            });
          seen.add(row.meterId);
        });
      }),
    /** Confirms every lower reading the previous answer listed (meter replaced or rolled over). */
    confirmDecrease: z.boolean().optional().default(false),
    /**
     * Issue 27: 'end' (default) is the period's reading; 'start' the reading at its beginning,
     * kept apart from it (dated on or before the period's first day, linked to no period), so
     * entering the end readings never overwrites the start readings.
     */
    position: z
      .enum(BULK_READING_POSITIONS, { error: "Ungültige Art des Zählerstands" })
      .optional()
      .default("end"),
  })
  .superRefine((body, ctx) => {
    if (!hasBillingPeriodId(body))
      ctx.addIssue({
        code: "custom",
        path: ["billingPeriodId"],
        message: READING_MESSAGES.bulkPeriodRequired,
      });
  })
  .transform(withBillingPeriodId);
export type BulkReadingsBody = z.input<typeof bulkReadingsBodySchema>;

export const bulkReadingsResponseSchema = z.object({
  savedCount: z.number().int(),
  insertedCount: z.number().int(),
  updatedCount: z.number().int(),
  /** '{n} Zählerstände erfolgreich gespeichert!' */
  message: z.string(),
  readings: z.array(readingSchema),
});
export type BulkReadingsResponse = z.infer<typeof bulkReadingsResponseSchema>;

export interface NeighbourReading {
  readingValue: string;
  readingDate: string;
}

/**
 * The German warning for a reading lower than the previous one, or higher than a later one
 * (then the later reading would show the drop): it names the other value and its date.
 */
export function buildReadingDecreaseMessage(
  newValue: string,
  neighbour: NeighbourReading,
  isLaterReading: boolean,
): string {
  const value = formatDecimalTextDe(newValue);
  const other = formatDecimalTextDe(neighbour.readingValue);
  const date = formatCalendarDateDe(neighbour.readingDate);
  return isLaterReading
    ? `Der Zählerstand ${value} ist höher als der spätere Stand ${other} vom ${date}. ${READING_MESSAGES.decreaseQuestion}`
    : `Der Zählerstand ${value} ist niedriger als der vorherige Stand ${other} vom ${date}. ${READING_MESSAGES.decreaseQuestion}`;
}

/** The note stored with a confirmed lower reading, so the drop stays explained in the history. */
export function buildConfirmedDecreaseNote(
  neighbour: NeighbourReading,
  isLaterReading: boolean,
): string {
  const other = formatDecimalTextDe(neighbour.readingValue);
  const date = formatCalendarDateDe(neighbour.readingDate);
  return isLaterReading
    ? `Zählerwechsel oder Überlauf bestätigt (späterer Stand ${other} vom ${date})`
    : `Zählerwechsel oder Überlauf bestätigt (vorheriger Stand ${other} vom ${date})`;
}

export function buildBulkDecreaseMessage(count: number): string {
  const meters = count === 1 ? "1 Zähler" : `${count} Zählern`;
  return `Bei ${meters} passt der neue Stand nicht zu den bisherigen Ständen (niedriger als zuvor). ${READING_MESSAGES.decreaseQuestion}`;
}
