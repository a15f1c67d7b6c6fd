import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import {
  HOUSE_TABLE_MESSAGES,
  MAX_HOUSE_TABLE_COLUMNS,
  MAX_HOUSE_TABLE_ROWS,
  type HouseTable,
} from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";
import { readImportText } from "./import-file-reader.ts";
import { assertXlsxUnpackedSize } from "./xlsx-archive-check.ts";

// A house table (issue 28 item 5, decision 1660) as text cells. XLSX through exceljs: a formula
// cell gives the value the spreadsheet stored with it (its cached result) or else its text, and
// is never evaluated; numbers become German text ("1234,56"), dates "YYYY-MM-DD". CSV through
// the import text reader (UTF-8 or Windows-1252) with ';', tab or ',', whichever the file's first lines use most.

function fail(message: string): never {
  throw new ValidationFailed({ file: message }, message);
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function formatNumber(value: number): string {
  return Number.isInteger(value)
    ? String(value)
    : String(Number(value.toFixed(6))).replace(".", ",");
}

function formatDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

type CellValue = ExcelJS.CellValue;

function readCellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return value.trim();
  if (typeof value === "boolean") return value ? "WAHR" : "FALSCH";
  if (value instanceof Date) return formatDate(value);
  if ("richText" in value)
    return value.richText
      .map((part) => part.text)
      .join("")
      .trim();
  if ("hyperlink" in value) return String(value.text ?? "").trim();
  if ("error" in value) return "";
  // Formula (shared or not): the stored result only; the formula is never run.
  if ("formula" in value || "sharedFormula" in value)
    return "result" in value && value.result !== undefined
      ? readCellText(value.result as CellValue)
      : "";
  return "";
}

async function readXlsxTable(bytes: Uint8Array): Promise<string[][]> {
  assertXlsxUnpackedSize(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    fail(HOUSE_TABLE_MESSAGES.unreadableXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) fail(HOUSE_TABLE_MESSAGES.noRows);
  if (sheet.rowCount > MAX_HOUSE_TABLE_ROWS + 1) fail(HOUSE_TABLE_MESSAGES.tooManyRows);
  const table: string[][] = [];
  for (let rowNumber = 1; rowNumber <= sheet.rowCount; rowNumber += 1) {
    const row = sheet.getRow(rowNumber);
    const width = Math.min(row.cellCount, MAX_HOUSE_TABLE_COLUMNS);
    const cells: string[] = [];
    for (let column = 1; column <= width; column += 1)
      cells.push(readCellText(row.getCell(column).value));
    table.push(cells);
  }
  return table;
}

/** The separator the file's first 40 lines use most (a title line above the table has none). */
function detectDelimiter(lines: readonly string[]): string {
  const counts = [";", "\t", ","].map((delimiter) => ({
    delimiter,
    count: Math.max(0, ...lines.map((line) => line.split(delimiter).length)),
  }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

function readCsvTable(bytes: Uint8Array): string[][] {
  const { text } = readImportText(bytes);
  const lines = text.split(/\r\n|\n|\r/, 40);
  try {
    const records = parse(text, {
      delimiter: detectDelimiter(lines),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
    return records.map((record) =>
      record.slice(0, MAX_HOUSE_TABLE_COLUMNS).map((cell) => cell.trim()),
    );
  } catch {
    return fail(HOUSE_TABLE_MESSAGES.unreadableCsv("ungültige Anführungszeichen"));
  }
}

/** The file's rows with trailing empty rows left out; refused when it is neither CSV nor XLSX. */
export async function readHouseTable(fileName: string, bytes: Uint8Array): Promise<HouseTable> {
  const isXlsxName = /\.xlsx$/i.test(fileName);
  if (isXlsxName !== isZip(bytes) || /\.(xls|ods|pdf)$/i.test(fileName))
    fail(HOUSE_TABLE_MESSAGES.wrongType);
  const fileKind = isXlsxName ? "xlsx" : "csv";
  const table = fileKind === "xlsx" ? await readXlsxTable(bytes) : readCsvTable(bytes);
  while (table.length > 0 && table[table.length - 1]!.every((cell) => cell === "")) table.pop();
  if (table.length === 0) fail(HOUSE_TABLE_MESSAGES.noRows);
  if (table.length > MAX_HOUSE_TABLE_ROWS + 1) fail(HOUSE_TABLE_MESSAGES.tooManyRows);
  return { table, fileKind };
}
