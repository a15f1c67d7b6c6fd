import { z } from "zod";
import { optionalText } from "./common.ts";
import { formatCalendarDateDe, isCalendarDate } from "./calendar-dates.ts";
import { compareDecimalText, optionalDecimalTextSchema } from "./decimal-text.ts";
import { getLatestBillingPeriodEnd } from "./metering/billing-periods.ts";
import { METER_TYPES, type MeterType } from "./metering/meters.ts";
import { READING_MESSAGES } from "./metering/readings.ts";
import { areaSchema, personsSchema } from "./property-input.ts";
import { optionalMonthlyPrepaymentSchema } from "./tenant-prepayments.ts";
import { TENANT_MESSAGES } from "./tenants.ts";

// Issue 27, step 2: the house in one table (decision 1101). A row is a tenancy of a unit, or a
// unit without a tenant: unit, area, persons, tenant with move-in and move-out, monthly
// prepayment, one meter (type and number) and its start and end readings in the billing period.
// Rows with the same unit name are the same unit (a tenant change takes two rows); a meter
// number on two rows of that unit is the same meter. Everything is saved in one transaction or
// nothing is (POST /api/properties/:id/house-setup).

export const HOUSE_SETUP_MAX_ROWS = 500;

export const HOUSE_SETUP_MESSAGES = {
  unitRequired: "Wohneinheit ist erforderlich",
  unitTooLong: "Höchstens 200 Zeichen",
  areaRequired: "Fläche ist erforderlich (erste Zeile der Wohneinheit)",
  personsRequired: "Personenanzahl ist erforderlich (erste Zeile der Wohneinheit)",
  areaDiffers: (first: number) => `Fläche weicht von Zeile ${first} derselben Wohneinheit ab`,
  tenantRequired:
    "Ohne Mieter gibt es hier nichts einzutragen: bitte Mieter eintragen oder das Feld leeren",
  moveInRequired: TENANT_MESSAGES.moveInRequired,
  moveInInvalid: TENANT_MESSAGES.moveInInvalid,
  moveOutInvalid: TENANT_MESSAGES.moveOutInvalid,
  moveOutNotAfterMoveIn: TENANT_MESSAGES.moveOutNotAfterMoveIn,
  tenancyOverlap: (other: number) =>
    `Überschneidet sich mit dem Mieter in Zeile ${other} (dieselbe Wohneinheit, eine Mietzeit nach der anderen)`,
  meterTypeRequired: "Bitte Zählerart wählen",
  meterTypeInvalid: "Bitte wählen Sie einen gültigen Zählertyp aus.",
  meterNumberRequired: "Bitte Zählernummer eintragen",
  meterNumberTooLong: "Die Zählernummer darf höchstens 100 Zeichen lang sein.",
  meterOfOtherUnit: (other: number) =>
    `Diese Zählernummer gehört schon zur Wohneinheit in Zeile ${other}`,
  meterTypeDiffers: (other: number) => `Dieser Zähler hat in Zeile ${other} eine andere Zählerart`,
  readingNeedsMeter: "Zählerstand ohne Zähler: bitte Zählerart und Zählernummer eintragen",
  readingNeedsPeriod: "Für Zählerstände bitte den Abrechnungszeitraum angeben",
  readingOutsidePeriod:
    "Die Mietzeit liegt außerhalb des Abrechnungszeitraums; hier gibt es keinen Zählerstand",
  readingInFuture: (date: string) =>
    `Der Stand zum ${formatCalendarDateDe(date)} liegt in der Zukunft`,
  endBelowStart: "Der Endstand darf nicht unter dem Anfangsstand liegen",
  allocatorStart:
    "Heizkostenverteiler beginnen jede Periode bei 0 und brauchen keinen Anfangsstand.",
  sameReadingDate: (other: number, date: string) =>
    `Zum ${formatCalendarDateDe(date)} steht für diesen Zähler schon ein anderer Stand in Zeile ${other}`,
  periodStartRequired: "Bitte Beginn des Abrechnungszeitraums angeben",
  periodEndRequired: "Bitte Ende des Abrechnungszeitraums angeben",
  periodInvalid: "Ungültiges Datum",
  periodEndNotAfterStart: "Das Ende muss nach dem Beginn liegen",
  periodTooLong: "Ein Abrechnungszeitraum umfasst höchstens 12 Monate (§ 556 Abs. 3 BGB)",
  rowsRequired: "Bitte mindestens eine Zeile ausfüllen",
  tooManyRows: `Höchstens ${HOUSE_SETUP_MAX_ROWS} Zeilen auf einmal`,
  existingUnitDiffers: (field: "Fläche" | "Personen", stored: string) =>
    `${field} weicht von der gespeicherten Wohneinheit ab (${stored}); bitte dort ändern`,
  saved: (rows: number) =>
    `${rows === 1 ? "1 Zeile" : `${rows} Zeilen`} gespeichert: Wohneinheiten, Mieter, Zähler und Zählerstände sind angelegt.`,
  invalid: "Bitte korrigieren Sie die markierten Zellen. Es wurde nichts gespeichert.",
} as const;

/** Optional date cell: empty becomes null; otherwise a real YYYY-MM-DD date. */
function optionalDate(message: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || isCalendarDate(v), { message });
}

const readingSchema = optionalDecimalTextSchema("reading", {
  required: READING_MESSAGES.requiredFields,
  notANumber: READING_MESSAGES.notANumber,
  negative: READING_MESSAGES.negative,
  tooManyDecimals: READING_MESSAGES.tooManyDecimals,
  tooLarge: READING_MESSAGES.tooLarge,
});

/** Empty text, null or a missing field becomes null; anything else goes through `schema`. */
function blankOr<T extends z.ZodType>(schema: T) {
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx): z.output<T> | null => {
      if (
        value === null ||
        value === undefined ||
        (typeof value === "string" && value.trim() === "")
      )
        return null;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data as z.output<T>;
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}

export const houseSetupRowSchema = z.object({
  unitName: z
    .string({ error: HOUSE_SETUP_MESSAGES.unitRequired })
    .trim()
    .min(1, HOUSE_SETUP_MESSAGES.unitRequired)
    .max(200, HOUSE_SETUP_MESSAGES.unitTooLong),
  area: blankOr(areaSchema),
  persons: blankOr(personsSchema),
  tenantName: optionalText()
    .refine((v) => v === null || v.length >= 2, TENANT_MESSAGES.nameTooShort)
    .refine((v) => v === null || v.length <= 200, TENANT_MESSAGES.nameTooLong),
  moveInDate: optionalDate(HOUSE_SETUP_MESSAGES.moveInInvalid),
  moveOutDate: optionalDate(HOUSE_SETUP_MESSAGES.moveOutInvalid),
  monthlyPrepayment: optionalMonthlyPrepaymentSchema,
  meterType: z
    .string({ error: HOUSE_SETUP_MESSAGES.meterTypeInvalid })
    .nullish()
    .transform((v, ctx): MeterType | null => {
      const text = v?.trim();
      if (!text) return null;
      const type = METER_TYPES.find((known) => known === text);
      if (type) return type;
      ctx.addIssue({ code: "custom", message: HOUSE_SETUP_MESSAGES.meterTypeInvalid });
      return z.NEVER;
    }),
  meterNumber: optionalText().refine(
    (v) => v === null || v.length <= 100,
    HOUSE_SETUP_MESSAGES.meterNumberTooLong,
  ),
  startReading: readingSchema,
  endReading: readingSchema,
});
export type HouseSetupRowInput = z.input<typeof houseSetupRowSchema>;
export type HouseSetupRow = z.output<typeof houseSetupRowSchema>;

/** Where each row's readings are dated: its tenancy's days inside the period. */
export interface HouseSetupReadingDates {
  start: string;
  end: string;
}

/**
 * The start reading is dated on the row's first day in the period (the period's start, or the
 * move-in), the end reading on its last (the period's end, or the move-out): the readings the
 * statement assembly takes as a period's start and end and as a tenancy boundary (§ 9b HeizkV,
 * decision 1141). Null when the tenancy lies outside the period.
 */
export function getRowReadingDates(
  row: Pick<HouseSetupRow, "tenantName" | "moveInDate" | "moveOutDate">,
  periodStart: string,
  periodEnd: string,
): HouseSetupReadingDates | null {
  const hasTenant = row.tenantName !== null && row.moveInDate !== null;
  const start = hasTenant && row.moveInDate! > periodStart ? row.moveInDate! : periodStart;
  const end =
    hasTenant && row.moveOutDate !== null && row.moveOutDate < periodEnd
      ? row.moveOutDate
      : periodEnd;
  return start > end ? null : { start, end };
}

type Sink = z.RefinementCtx;
const issue = (ctx: Sink, path: (string | number)[], message: string) =>
  ctx.addIssue({ code: "custom", path, message });

function checkRowAlone(row: HouseSetupRow, index: number, ctx: Sink) {
  const at = (field: string) => ["rows", index, field];
  if (row.tenantName === null) {
    if (row.moveInDate !== null || row.moveOutDate !== null || row.monthlyPrepayment !== null)
      issue(ctx, at("tenantName"), HOUSE_SETUP_MESSAGES.tenantRequired);
  } else {
    if (row.moveInDate === null) issue(ctx, at("moveInDate"), HOUSE_SETUP_MESSAGES.moveInRequired);
    if (row.moveInDate !== null && row.moveOutDate !== null && row.moveOutDate <= row.moveInDate)
      issue(ctx, at("moveOutDate"), HOUSE_SETUP_MESSAGES.moveOutNotAfterMoveIn);
  }
  if (row.meterType !== null && row.meterNumber === null)
    issue(ctx, at("meterNumber"), HOUSE_SETUP_MESSAGES.meterNumberRequired);
  if (row.meterType === null && row.meterNumber !== null)
    issue(ctx, at("meterType"), HOUSE_SETUP_MESSAGES.meterTypeRequired);
  const hasMeter = row.meterType !== null && row.meterNumber !== null;
  for (const field of ["startReading", "endReading"] as const) {
    if (row[field] !== null && !hasMeter)
      issue(ctx, at(field), HOUSE_SETUP_MESSAGES.readingNeedsMeter);
  }
  if (
    row.startReading !== null &&
    row.endReading !== null &&
    compareDecimalText(row.endReading, row.startReading) < 0
  ) {
    issue(ctx, at("endReading"), HOUSE_SETUP_MESSAGES.endBelowStart);
  }
}

function checkPeriod(
  body: {
    billingPeriodStart: string | null;
    billingPeriodEnd: string | null;
    rows: HouseSetupRow[];
  },
  ctx: Sink,
) {
  const { billingPeriodStart: start, billingPeriodEnd: end } = body;
  const hasReadings = body.rows.some((row) => row.startReading !== null || row.endReading !== null);
  if (start === null && (end !== null || hasReadings))
    issue(ctx, ["billingPeriodStart"], HOUSE_SETUP_MESSAGES.periodStartRequired);
  if (end === null && (start !== null || hasReadings))
    issue(ctx, ["billingPeriodEnd"], HOUSE_SETUP_MESSAGES.periodEndRequired);
  if (start !== null && end !== null) {
    if (end <= start) issue(ctx, ["billingPeriodEnd"], HOUSE_SETUP_MESSAGES.periodEndNotAfterStart);
    else if (end > getLatestBillingPeriodEnd(start))
      issue(ctx, ["billingPeriodEnd"], HOUSE_SETUP_MESSAGES.periodTooLong);
  }
}

/** The rules between rows: one unit's area and persons, its tenancies one after the other, its meters. */
function checkRowsTogether(
  body: {
    billingPeriodStart: string | null;
    billingPeriodEnd: string | null;
    rows: HouseSetupRow[];
  },
  today: string,
  ctx: Sink,
) {
  const firstOfUnit = new Map<string, number>();
  const meterRows = new Map<string, { index: number; unit: string; type: MeterType }>();
  const readingDates = new Map<string, { index: number; value: string }>();
  const { billingPeriodStart: periodStart, billingPeriodEnd: periodEnd } = body;
  const hasPeriod = periodStart !== null && periodEnd !== null && periodEnd > periodStart;
  for (const [index, row] of body.rows.entries()) {
    const at = (field: string) => ["rows", index, field];
    const unitKey = row.unitName.toLocaleLowerCase("de-DE");
    const first = firstOfUnit.get(unitKey);
    if (first === undefined) {
      firstOfUnit.set(unitKey, index);
      if (row.area === null) issue(ctx, at("area"), HOUSE_SETUP_MESSAGES.areaRequired);
      if (row.persons === null) issue(ctx, at("persons"), HOUSE_SETUP_MESSAGES.personsRequired);
    } else {
      const firstRow = body.rows[first]!;
      if (
        row.area !== null &&
        firstRow.area !== null &&
        compareDecimalText(row.area, firstRow.area) !== 0
      )
        issue(ctx, at("area"), HOUSE_SETUP_MESSAGES.areaDiffers(first + 1));
      // A later row's persons are its tenant's; only the unit's own persons come from the first row.
      const other = body.rows
        .slice(first, index)
        .findIndex(
          (earlier) =>
            earlier.unitName.toLocaleLowerCase("de-DE") === unitKey && overlaps(earlier, row),
        );
      if (other >= 0)
        issue(ctx, at("moveInDate"), HOUSE_SETUP_MESSAGES.tenancyOverlap(first + other + 1));
    }
    if (row.meterType !== null && row.meterNumber !== null) {
      const meterKey = row.meterNumber.toLocaleLowerCase("de-DE");
      const known = meterRows.get(meterKey);
      if (known === undefined)
        meterRows.set(meterKey, { index, unit: unitKey, type: row.meterType });
      else if (known.unit !== unitKey)
        issue(ctx, at("meterNumber"), HOUSE_SETUP_MESSAGES.meterOfOtherUnit(known.index + 1));
      else if (known.type !== row.meterType)
        issue(ctx, at("meterType"), HOUSE_SETUP_MESSAGES.meterTypeDiffers(known.index + 1));
      if (!hasPeriod) continue;
      const dates = getRowReadingDates(row, periodStart, periodEnd);
      for (const [field, position] of [
        ["startReading", "start"],
        ["endReading", "end"],
      ] as const) {
        const value = row[field];
        if (value === null) continue;
        if (dates === null) {
          issue(ctx, at(field), HOUSE_SETUP_MESSAGES.readingOutsidePeriod);
          continue;
        }
        const date = dates[position];
        if (
          position === "start" &&
          row.meterType === "Heizkostenverteiler" &&
          date === periodStart
        ) {
          issue(ctx, at(field), HOUSE_SETUP_MESSAGES.allocatorStart);
          continue;
        }
        if (date > today) {
          issue(ctx, at(field), HOUSE_SETUP_MESSAGES.readingInFuture(date));
          continue;
        }
        const key = `${meterKey}|${date}`;
        const same = readingDates.get(key);
        if (same === undefined) readingDates.set(key, { index, value });
        else if (compareDecimalText(same.value, value) !== 0)
          issue(ctx, at(field), HOUSE_SETUP_MESSAGES.sameReadingDate(same.index + 1, date));
      }
    } else if (row.startReading !== null || row.endReading !== null) {
      if (!hasPeriod)
        issue(
          ctx,
          at(row.startReading !== null ? "startReading" : "endReading"),
          HOUSE_SETUP_MESSAGES.readingNeedsPeriod,
        );
    }
  }
}

/** Two tenancies of one unit share a day (rows without a tenant share none). */
function overlaps(a: HouseSetupRow, b: HouseSetupRow): boolean {
  if (
    a.tenantName === null ||
    b.tenantName === null ||
    a.moveInDate === null ||
    b.moveInDate === null
  )
    return false;
  const aEnd = a.moveOutDate ?? "9999-12-31";
  const bEnd = b.moveOutDate ?? "9999-12-31";
  return a.moveInDate <= bEnd && b.moveInDate <= aEnd;
}

/**
 * POST /api/properties/:id/house-setup. `getToday` answers today's date in Germany (readings
 * may not lie in the future). Every problem is reported at its cell: `rows.<index>.<field>`.
 */
export function buildHouseSetupBodySchema(getToday: () => string) {
  return z
    .object({
      billingPeriodStart: optionalDate(HOUSE_SETUP_MESSAGES.periodInvalid),
      billingPeriodEnd: optionalDate(HOUSE_SETUP_MESSAGES.periodInvalid),
      rows: z
        .array(houseSetupRowSchema, { error: HOUSE_SETUP_MESSAGES.rowsRequired })
        .min(1, HOUSE_SETUP_MESSAGES.rowsRequired)
        .max(HOUSE_SETUP_MAX_ROWS, HOUSE_SETUP_MESSAGES.tooManyRows),
    })
    .superRefine((body, ctx) => {
      for (const [index, row] of body.rows.entries()) checkRowAlone(row, index, ctx);
      checkPeriod(body, ctx);
      checkRowsTogether(body, getToday(), ctx);
    });
}
export type HouseSetupBody = z.input<ReturnType<typeof buildHouseSetupBodySchema>>;
export type HouseSetupValues = z.output<ReturnType<typeof buildHouseSetupBodySchema>>;

/** The column names as the grid heads them, for messages that name a cell. */
export const HOUSE_SETUP_COLUMN_LABELS = {
  unitName: "Wohneinheit",
  area: "Fläche (m²)",
  persons: "Personen",
  tenantName: "Mieter",
  moveInDate: "Einzug",
  moveOutDate: "Auszug",
  monthlyPrepayment: "Vorauszahlung (EUR/Monat)",
  meterType: "Zählerart",
  meterNumber: "Zählernummer",
  startReading: "Anfangsstand",
  endReading: "Endstand",
} as const;
export type HouseSetupColumn = keyof typeof HOUSE_SETUP_COLUMN_LABELS;

/**
 * The answer's message names the first wrong row and cell: "Zeile 4, Fläche (m²): Fläche ist
 * erforderlich …". Field keys as `collectFieldErrors` writes them ("rows.3.area").
 */
export function describeHouseSetupErrors(fields: Record<string, string>): string {
  const rowKeys = Object.keys(fields)
    .map((key) => /^rows\.(\d+)\.(\w+)$/.exec(key))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  const first = rowKeys[0];
  if (first) {
    const label = HOUSE_SETUP_COLUMN_LABELS[first[2] as HouseSetupColumn] ?? first[2];
    const others = new Set(rowKeys.map((match) => match[1])).size - 1;
    const more =
      others > 0 ? ` (und ${others === 1 ? "1 weitere Zeile" : `${others} weitere Zeilen`})` : "";
    return `Zeile ${Number(first[1]) + 1}, ${label}: ${withoutFullStop(fields[first[0]]!)}${more}. Es wurde nichts gespeichert.`;
  }
  const [message] = Object.values(fields);
  return message
    ? `${withoutFullStop(message)}. Es wurde nichts gespeichert.`
    : HOUSE_SETUP_MESSAGES.invalid;
}

function withoutFullStop(message: string): string {
  return message.replace(/\.$/, "");
}

export const houseSetupResponseSchema = z.object({
  message: z.string(),
  unitCount: z.number().int(),
  tenantCount: z.number().int(),
  meterCount: z.number().int(),
  readingCount: z.number().int(),
  billingPeriodId: z.string().nullable(),
});
export type HouseSetupResponse = z.infer<typeof houseSetupResponseSchema>;
