import {
  compareDecimalText,
  formatDecimalTextDe,
  getTodayInGermany,
  METER_TYPE_UNITS,
  type MeterType,
  MAX_IMPORTED_READINGS,
  READING_DECREASE_CODE,
  READING_IMPORT_MESSAGES as M,
  READING_MESSAGES,
  readDecimalInput,
  readingValueSchema,
  type ReadingImportPreview,
  type ReadingImportResult,
  type ReadingImportRow,
  type readingImportCommitBodySchema,
  type readingImportPreviewBodySchema,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { Conflict, ValidationFailed } from "../../domain/domain-errors.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { assertFeature } from "../account/subscription-change-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  judgeReadingDecrease,
  type ReadingDecrease,
} from "../metering/readings/reading-decrease.ts";
import { cleanText, readGermanDate } from "./bank-booking.ts";
import { getCell, readCsvTable, type ColumnNames } from "./csv-table.ts";
import { decodeImportBytes, readImportText } from "./import-file-reader.ts";
import { forEachWithProgress, IGNORE_PROGRESS, type ReportProgress } from "./import-progress.ts";
import {
  insertImportedReadings,
  listMetersForImport,
  listReadingsOfMeters,
  type ImportMeter,
} from "./reading-import-queries.ts";

// Readings from a file (issue 28, item 4; decision 1401). Plan feature bulkImportExport.
// The preview says per line what happens; the commit reads the file again and stores every new
// reading in one account transaction, or nothing: a line with an error refuses the import,
// lower values than the reading before need the user's confirmation (as a typed reading does).

type Column = "meterNumber" | "date" | "value" | "note" | "service" | "unit" | "estimated";

const COLUMN_NAMES: ColumnNames<Column> = {
  meterNumber: [
    "zaehlernummer",
    "zaehlernr",
    "geraetenummer",
    "geraetenr",
    "zaehler",
    "nummer",
    "meternumber",
    "meter",
    "seriennummer",
    "deviceid",
    "meterid",
    "device",
  ],
  date: [
    "ablesedatum",
    "datum",
    "ablesetag",
    "stichtag",
    "date",
    "readingdate",
    "periodend",
    "timestamp",
  ],
  value: [
    "zaehlerstand",
    "stand",
    "ablesewert",
    "messwert",
    "wert",
    "value",
    "reading",
    "meterreading",
  ],
  note: ["bemerkung", "notiz", "hinweis", "note"],
  // Decision 1690: the EED consumption interface's monthly values carry the service, the unit
  // and whether the value is estimated; a file without these columns is read as before.
  // ("Einheit" alone is left out: in landlords' spreadsheets it names the flat.)
  service: ["service", "servicetype", "sparte", "medium"],
  unit: ["unit", "masseinheit", "messeinheit"],
  estimated: ["estimated", "geschaetzt", "schaetzwert", "isestimated"],
};

/** The meter types a service of the EED interface may name. */
const SERVICE_METER_TYPES: Record<string, readonly MeterType[]> = {
  HEATING: ["Heizkostenverteiler", "Wärmemengenzähler"],
  HOT_WATER: ["Warmwasserzähler", "Wärmemengenzähler"],
  COLD_WATER: ["Kaltwasser"],
};

/** "KWH" -> kWh, "HCA"/"Einheiten" -> Einheiten, "M3"/"m³" -> m³; null when unknown. */
function readMeasurementUnit(text: string): string | null {
  const key = text.toLowerCase().replace(/\s+/g, "").replace("³", "3");
  if (key === "kwh") return "kWh";
  if (["hca", "hcaunits", "units", "einheiten", "einh", "ve"].includes(key)) return "Einheiten";
  if (["m3", "cbm", "cubicmetre", "cubicmeter"].includes(key)) return "m³";
  return null;
}

/** true/false, ja/nein, 1/0, x/empty; undefined when unreadable. */
function readFlag(text: string): boolean | undefined {
  const key = text.trim().toLowerCase();
  if (["true", "ja", "yes", "1", "x", "wahr", "j"].includes(key)) return true;
  if (["false", "nein", "no", "0", "", "falsch", "n"].includes(key)) return false;
  return undefined;
}

/** The EED columns of a line against its meter: an error message, or the note an estimate adds. */
function checkEedColumns(
  meter: ImportMeter,
  cells: { service: string | null; unit: string | null; estimated: string | null },
): { message: string } | { note: string | null } {
  const service = cells.service
    ?.trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
  if (service) {
    const types = SERVICE_METER_TYPES[service];
    if (!types) return { message: M.serviceUnknown(cells.service!.trim()) };
    if (!types.includes(meter.meterType as MeterType))
      return { message: M.serviceMismatch(service, meter.meterType) };
  }
  const unitText = cells.unit?.trim();
  if (unitText) {
    const unit = readMeasurementUnit(unitText);
    if (unit === null) return { message: M.unitUnknown(unitText) };
    const meterUnit = METER_TYPE_UNITS[meter.meterType as MeterType];
    if (meterUnit && unit !== meterUnit)
      return { message: M.unitMismatch(unitText, meter.meterType, meterUnit) };
  }
  const estimated = readFlag(cells.estimated ?? "");
  if (estimated === undefined) return { message: M.estimatedInvalid(cells.estimated!.trim()) };
  return { note: estimated ? M.estimatedNote : null };
}

interface ClassifiedReading {
  row: ReadingImportRow;
  decrease: ReadingDecrease | null;
}

/** Meter numbers compared without case and spaces ("WZ 4711" = "wz4711"). */
function normalizeMeterNumber(number: string): string {
  return number.replace(/\s+/g, "").toLowerCase();
}

function describeMeter(meter: ImportMeter): string {
  return [meter.meterType, meter.propertyName, meter.unitName ?? "Gemeinschaftsbereich"]
    .filter(Boolean)
    .join(" · ");
}

function readValue(text: string): { value: string } | { error: string } {
  const reading = readDecimalInput(text);
  if (reading.kind === "ambiguous") return { error: M.valueAmbiguous(text.trim()) };
  if (reading.kind !== "value") return { error: READING_MESSAGES.notANumber };
  const checked = readingValueSchema.safeParse(reading.value);
  return checked.success
    ? { value: checked.data }
    : { error: checked.error.issues[0]?.message ?? READING_MESSAGES.notANumber };
}

async function classifyReadings(
  db: Db,
  userId: string,
  file: z.output<typeof readingImportPreviewBodySchema>["file"],
  maxBytes: number,
  report: ReportProgress,
) {
  await report({ phase: "read", unit: "readings", done: 0, total: 0 });
  const { text, encoding } = readImportText(decodeImportBytes(file, maxBytes));
  const table = readCsvTable(
    text,
    COLUMN_NAMES,
    (columns) =>
      columns.meterNumber !== undefined &&
      columns.date !== undefined &&
      columns.value !== undefined,
    {
      noHeader: M.csvNoHeader,
      unreadable: M.csvUnreadable,
    },
  );
  if (table.rows.length === 0) throw new ValidationFailed({ file: M.noRows }, M.noRows);
  if (table.rows.length > MAX_IMPORTED_READINGS)
    throw new ValidationFailed(
      { file: M.tooManyRows(MAX_IMPORTED_READINGS) },
      M.tooManyRows(MAX_IMPORTED_READINGS),
    );
  const meters = await listMetersForImport(db, userId);
  const metersByNumber = new Map<string, ImportMeter[]>();
  for (const meter of meters)
    metersByNumber.set(normalizeMeterNumber(meter.meterNumber), [
      ...(metersByNumber.get(normalizeMeterNumber(meter.meterNumber)) ?? []),
      meter,
    ]);
  const today = getTodayInGermany();
  const seen = new Map<string, number>();
  const rows: (ClassifiedReading & { note: string | null })[] = [];
  const classify = ({
    record,
    line,
  }: (typeof table.rows)[number]): ClassifiedReading & { note: string | null } => {
    const meterNumber = cleanText(getCell(record, table.columns.meterNumber), 100);
    const dateText = getCell(record, table.columns.date) ?? "";
    const readingDate = readGermanDate(dateText);
    const valueText = getCell(record, table.columns.value) ?? "";
    const value = readValue(valueText);
    const candidates = meterNumber
      ? (metersByNumber.get(normalizeMeterNumber(meterNumber)) ?? [])
      : [];
    const meter = candidates.length === 1 ? candidates[0]! : null;
    let message: string | null = null;
    let estimateNote: string | null = null;
    if (!meterNumber) message = M.meterNumberMissing;
    else if (candidates.length === 0) message = M.meterNotFound(meterNumber);
    else if (candidates.length > 1) message = M.meterAmbiguous(meterNumber);
    else if (readingDate === null) message = M.dateInvalid;
    else if (readingDate > today) message = READING_MESSAGES.futureDate;
    else if ("error" in value) message = value.error;
    if (message === null && meter) {
      const eed = checkEedColumns(meter, {
        service: getCell(record, table.columns.service),
        unit: getCell(record, table.columns.unit),
        estimated: getCell(record, table.columns.estimated),
      });
      if ("message" in eed) message = eed.message;
      else estimateNote = eed.note;
    }
    if (message === null && meter && readingDate) {
      const key = `${meter.id}|${readingDate}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) message = M.twiceInFile(earlier);
      else seen.set(key, line);
    }
    return {
      note:
        [cleanText(getCell(record, table.columns.note)), estimateNote]
          .filter(Boolean)
          .join(" – ") || null,
      decrease: null,
      row: {
        row: line,
        meterNumber,
        meterId: meter?.id ?? null,
        meterLabel: meter ? describeMeter(meter) : null,
        readingDate,
        readingValue: "value" in value ? value.value : null,
        status: message === null ? "new" : "error",
        message,
      },
    };
  };
  await forEachWithProgress(table.rows, { report, phase: "check", unit: "readings" }, (entry) =>
    rows.push(classify(entry)),
  );
  // Against what is stored and the other lines of the file, per meter in date order.
  const stored = await listReadingsOfMeters(db, userId, [
    ...new Set(rows.flatMap(({ row }) => (row.status === "new" ? [row.meterId!] : []))),
  ]);
  // Per meter, so a file of thousands of lines is not compared line by line with every other.
  const storedByMeter = new Map<string, { readingDate: string; readingValue: string }[]>();
  for (const reading of stored)
    storedByMeter.set(reading.meterId, [...(storedByMeter.get(reading.meterId) ?? []), reading]);
  for (const entry of rows) {
    const { row } = entry;
    if (row.status !== "new") continue;
    const sameDay = (storedByMeter.get(row.meterId!) ?? []).filter(
      (reading) => reading.readingDate === row.readingDate,
    );
    if (
      sameDay.some((reading) => compareDecimalText(reading.readingValue, row.readingValue!) === 0)
    ) {
      [row.status, row.message] = ["duplicate", M.alreadyStored];
    } else if (sameDay.length > 0) {
      [row.status, row.message] = [
        "error",
        M.otherValueStored(formatDecimalTextDe(sameDay[0]!.readingValue)),
      ];
    }
  }
  const newByMeter = new Map<string, ClassifiedReading[]>();
  for (const entry of rows)
    if (entry.row.status === "new")
      newByMeter.set(entry.row.meterId!, [...(newByMeter.get(entry.row.meterId!) ?? []), entry]);
  for (const [meterId, entries] of newByMeter) {
    const others = storedByMeter.get(meterId) ?? [];
    for (const entry of entries) {
      const { row } = entry;
      const neighbours = [
        ...others,
        ...entries
          .filter((other) => other !== entry)
          .map((other) => ({
            readingDate: other.row.readingDate!,
            readingValue: other.row.readingValue!,
          })),
      ];
      const previous = neighbours
        .filter((reading) => reading.readingDate < row.readingDate!)
        .sort((a, b) => (a.readingDate < b.readingDate ? 1 : -1))[0];
      const next = neighbours
        .filter((reading) => reading.readingDate > row.readingDate!)
        .sort((a, b) => (a.readingDate < b.readingDate ? -1 : 1))[0];
      entry.decrease = judgeReadingDecrease(row.readingValue!, { previous, next });
    }
  }
  for (const entry of rows) {
    if (entry.row.status === "new" && entry.decrease)
      [entry.row.status, entry.row.message] = ["decrease", entry.decrease.message];
  }
  return { encoding, rows };
}

function countRows(rows: readonly ClassifiedReading[]): ReadingImportPreview["counts"] {
  const counts = { new: 0, duplicate: 0, decrease: 0, error: 0 };
  for (const { row } of rows) counts[row.status] += 1;
  return counts;
}

export async function previewReadingImport(
  db: Db,
  userId: string,
  body: z.output<typeof readingImportPreviewBodySchema>,
  maxBytes: number,
  report: ReportProgress = IGNORE_PROGRESS,
): Promise<ReadingImportPreview> {
  await assertFeature(db, userId, "bulkImportExport");
  const { encoding, rows } = await classifyReadings(db, userId, body.file, maxBytes, report);
  return { encoding, rows: rows.map(({ row }) => row), counts: countRows(rows) };
}

export async function commitReadingImport(
  db: Db,
  userId: string,
  body: z.output<typeof readingImportCommitBodySchema>,
  maxBytes: number,
  report: ReportProgress = IGNORE_PROGRESS,
): Promise<ReadingImportResult> {
  await assertFeature(db, userId, "bulkImportExport");
  return inAccountTransaction(db, userId, async (trx) => {
    const { rows } = await classifyReadings(trx, userId, body.file, maxBytes, report);
    const counts = countRows(rows);
    const errors = rows.filter(({ row }) => row.status === "error");
    if (errors.length > 0) {
      throw new ValidationFailed(
        Object.fromEntries(errors.map(({ row }) => [`rows.${row.row}`, row.message!])),
        M.rowsHaveErrors(errors.length),
      );
    }
    if (counts.decrease > 0 && !body.confirmDecreases) {
      const decreases = rows.filter(({ row }) => row.status === "decrease");
      throw new Conflict(M.decreasesNeedConfirmation(counts.decrease), {
        code: READING_DECREASE_CODE,
        requiresConfirmation: true,
        fields: Object.fromEntries(decreases.map(({ row }) => [`rows.${row.row}`, row.message!])),
      });
    }
    const toStore = rows.filter(({ row }) => row.status === "new" || row.status === "decrease");
    if (toStore.length === 0)
      return { imported: 0, skippedDuplicates: counts.duplicate, message: M.nothingNew };
    await report({ phase: "save", unit: "readings", done: 0, total: toStore.length });
    await insertImportedReadings(
      trx,
      userId,
      toStore.map((entry) => ({
        meterId: entry.row.meterId!,
        readingDate: entry.row.readingDate!,
        readingValue: entry.row.readingValue!,
        note: [entry.note, entry.decrease?.note].filter(Boolean).join(" – ") || null,
      })),
    );
    await report({ phase: "save", unit: "readings", done: toStore.length, total: toStore.length });
    const message = M.imported(toStore.length);
    await logActivity(trx, {
      userId,
      key: "meter_reading.imported",
      entityName: body.file.fileName,
      description: `Zählerstände importiert (${body.file.fileName}): ${message}`,
      metadata: {
        source: "readingImport",
        readings: toStore.length,
        skippedDuplicates: counts.duplicate,
        confirmedDecreases: counts.decrease,
      },
    });
    return { imported: toStore.length, skippedDuplicates: counts.duplicate, message };
  });
}
