import {
  METERING_IMPORT_MESSAGES as M,
  type ImportFile,
  type MeteringFileKind,
} from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";
import { decodeImportBytes } from "./import-file-reader.ts";

// ARGE Heiwako / bved "Standard-Datenaustausch" 3.05 records (docs/imports/arge-heiwako.md):
// fixed width, one byte per character (ISO-8859-15), CR LF after every record, N fields
// right-aligned and zero-padded with implied decimals, blank = not supplied, "-" in the first
// byte for a negative value. Positions below are the standard's, 1-based and inclusive.

const latin9 = new TextDecoder("iso-8859-15");
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Record types of the standard the app reads (A, D, E835) and writes (L, M, B, K). */
export type ArgeRecordType = MeteringFileKind | "L" | "M" | "B" | "K";

/** Bytes per record without CR LF (standard 3.05, docs/imports/arge-heiwako.md). */
export const RECORD_LENGTHS: Record<ArgeRecordType, number> = {
  A: 128,
  L: 2048,
  M: 2048,
  B: 1024,
  K: 1024,
  D: 1024,
  E835: 133,
};

/** Field 2 of A, L, M, B, K and D records. */
export const ARGE_VERSION = "03.05";

export interface ArgeText {
  fileName: string;
  kind: MeteringFileKind;
  records: string[];
}

/** A field that could not be read: the record stays, its row says which field. */
class FieldError extends Error {}

function fail(message: string): never {
  throw new ValidationFailed({ files: message }, message);
}

function kindOf(record: string): MeteringFileKind | null {
  if (record.startsWith("E835")) return "E835";
  if (record.startsWith("D")) return "D";
  if (record.startsWith("A")) return "A";
  return null;
}

/**
 * The file's records: checked for CR LF, the record type (A, D or E835, one type per file) and
 * every record's length in bytes. A UTF-8 file (umlauts as two bytes) is recognised by its
 * lengths and refused: it would shift every field after an umlaut.
 */
export function readArgeFile(file: ImportFile, maxBytes: number): ArgeText {
  const bytes = decodeImportBytes(file, maxBytes);
  const text = latin9.decode(bytes);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x0a && code !== 0x0d) || code === 0x7f)
      fail(M.controlCharacters(file.fileName));
  }
  const kind = kindOf(text);
  if (kind === null) fail(M.notArgeFile(file.fileName));
  if (!text.includes("\r\n"))
    fail(
      text.includes("\n") || text.length > RECORD_LENGTHS[kind]
        ? M.noLineEnds(file.fileName)
        : M.notArgeFile(file.fileName),
    );
  // No end-of-file marker is defined: a last CR LF (or none) ends the file.
  const records = text.replace(/\r\n$/, "").split("\r\n");
  const expected = RECORD_LENGTHS[kind];
  records.forEach((record, index) => {
    if (kindOf(record) !== kind)
      fail(
        record.trim() === ""
          ? M.wrongLength(file.fileName, index + 1, record.length, expected)
          : M.mixedRecords(file.fileName),
      );
    if (record.length === expected) return;
    if (isUtf8Shifted(bytes)) fail(M.utf8Encoded(file.fileName));
    fail(M.wrongLength(file.fileName, index + 1, record.length, expected));
  });
  return { fileName: file.fileName, kind, records };
}

// Valid UTF-8 with characters beyond ASCII: the umlauts took two bytes each.
function isUtf8Shifted(bytes: Uint8Array): boolean {
  if (!bytes.some((value) => value >= 0x80)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The text of positions from-to (1-based, inclusive). */
export function field(record: string, from: number, to: number): string {
  return record.slice(from - 1, to);
}

/**
 * An N field with `decimals` implied decimals as decimal text ("0000091522", 2 -> "915.22";
 * "-000000123" -> "-1.23"); blank -> null (not supplied).
 */
export function readNumber(
  record: string,
  from: number,
  to: number,
  decimals: number,
  name: string,
): string | null {
  const raw = field(record, from, to);
  if (raw.trim() === "") return null;
  const match = /^(-?)(\d+)$/.exec(raw);
  if (!match) throw new FieldError(M.badNumber(name));
  const digits = match[2]!.padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, "");
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  const text = `${whole}${fraction}`;
  return match[1] === "-" && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** A TTMMJJ date as YYYY-MM-DD (the century is not stated: 20JJ, docs/imports/arge-heiwako.md). */
export function readDate(record: string, from: number, name: string): string {
  const raw = field(record, from, from + 5);
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(raw);
  if (!match) throw new FieldError(M.badDate(name));
  const [, day, month, year] = match;
  const iso = `20${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso)
    throw new FieldError(M.badDate(name));
  return iso;
}

/** A-N field without its padding. */
export function readText(record: string, from: number, to: number): string {
  return field(record, from, to).trim();
}

export interface ARecord {
  line: number;
  firmFlat: string;
  managerKey: string;
}

export interface DRecord {
  line: number;
  firmFlat: string | null;
  managerKey: string;
  lastDay: string | null;
  costs: string | null;
  prepayments: string | null;
  newMonthlyPrepayment: string | null;
  balance: string | null;
  costTypeCode: string;
  consumption: string | null;
  consumptionUnitCode: string | null;
  readingCode: string | null;
  name: string;
  currency: string;
  error: string | null;
}

export interface E835Record {
  line: number;
  userId: string;
  managerKey: string;
  costTypeCode: string;
  costTypeText: string;
  taxClass: string;
  invoiceTotal: string | null;
  userShare: string | null;
  userPercent: string | null;
  laborTotal: string | null;
  userLaborShare: string | null;
  lastDay: string | null;
  error: string | null;
}

function readFirmFlat(record: string): string | null {
  const raw = field(record, 19, 31);
  return /^\d{13}$/.test(raw) ? raw : null;
}

/** 5.1 A-Satz: Ordnungsbegriff AU (19-31) and AG (32-51). */
export function parseARecord(record: string, line: number): ARecord | null {
  const firmFlat = readFirmFlat(record);
  if (firmFlat === null) return null;
  return { line, firmFlat, managerKey: readText(record, 32, 51) };
}

/** 5.6 D-Satz: result per user and cost type; gross amounts (8,2), consumption (6,3). */
export function parseDRecord(record: string, line: number): DRecord {
  const result: DRecord = {
    line,
    firmFlat: readFirmFlat(record),
    managerKey: readText(record, 32, 51),
    lastDay: null,
    costs: null,
    prepayments: null,
    newMonthlyPrepayment: null,
    balance: null,
    costTypeCode: field(record, 148, 150),
    consumption: null,
    consumptionUnitCode: null,
    readingCode: null,
    name: readText(record, 166, 200),
    currency: readText(record, 201, 203),
    error: null,
  };
  try {
    if (result.firmFlat === null) throw new FieldError(M.badFlat);
    result.lastDay = readDate(record, 52, "Letzter Tag des Nutzungszeitraumes");
    // Gross amounts; a net-only property (L 6 = 4) fills only the net fields.
    result.costs =
      readNumber(record, 58, 67, 2, "Gesamtkosten (Brutto)") ??
      readNumber(record, 68, 77, 2, "Gesamtkosten (Netto)");
    result.prepayments =
      readNumber(record, 78, 87, 2, "Vorauszahlung (Brutto)") ??
      readNumber(record, 88, 97, 2, "Vorauszahlung (Netto)");
    result.newMonthlyPrepayment = readNumber(
      record,
      98,
      107,
      2,
      "neue monatliche Vorauszahlung (Brutto)",
    );
    result.balance =
      readNumber(record, 128, 137, 2, "Saldo (Brutto)") ??
      readNumber(record, 138, 147, 2, "Saldo (Netto)");
    if (!/^\d{3}$/.test(result.costTypeCode))
      throw new FieldError(M.badNumber("Schlüssel Kostenart"));
    result.consumption = readNumber(record, 151, 159, 3, "Verbrauchsanteile");
    result.consumptionUnitCode = readText(record, 160, 162) || null;
    result.readingCode = readText(record, 163, 165) || null;
    if (result.currency !== "EUR") throw new FieldError(M.currency(result.currency));
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    result.error = error.message;
  }
  return result;
}

/** 5.7 E835: a user's share of a cost position in a tax class (§ 35a EStG). */
export function parseE835Record(record: string, line: number): E835Record {
  const result: E835Record = {
    line,
    userId: readText(record, 14, 31),
    managerKey: readText(record, 32, 51),
    costTypeCode: field(record, 53, 55),
    costTypeText: readText(record, 56, 80),
    taxClass: field(record, 81, 82),
    invoiceTotal: null,
    userShare: null,
    userPercent: null,
    laborTotal: null,
    userLaborShare: null,
    lastDay: null,
    error: null,
  };
  try {
    result.invoiceTotal = readNumber(record, 83, 92, 2, "Gesamt-Rechnungsbetrag");
    result.userShare = readNumber(record, 93, 102, 2, "Betragsanteil des Nutzers");
    result.userPercent = readNumber(record, 103, 107, 2, "Prozentanteil des Nutzers");
    result.laborTotal = readNumber(record, 108, 117, 2, "enthaltener Lohnanteil");
    result.userLaborShare = readNumber(
      record,
      118,
      127,
      2,
      "Betragsanteil des Nutzers am Lohnanteil",
    );
    result.lastDay = readDate(record, 128, "Letzter Tag des Nutzungszeitraumes");
    if (!/^\d{2}$/.test(result.taxClass))
      throw new FieldError(M.badNumber("Schlüssel steuerliche Leistungsart"));
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    result.error = error.message;
  }
  return result;
}
