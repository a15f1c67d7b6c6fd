import {
  HOUSE_SETUP_COLUMN_LABELS,
  METER_TYPES,
  toDecimalFormValue,
  type HouseSetupBody,
  type HouseSetupColumn,
} from "@nk/contract";

// The house grid (issue 27, decision 1101): its columns, its empty row, the body it sends and
// what a spreadsheet's pasted cells become. Pure, so the rules are tested without a browser.

export type HouseGridCellKind = "text" | "decimal" | "count" | "money" | "date" | "meterType";

export interface HouseGridColumn {
  key: HouseSetupColumn;
  label: string;
  kind: HouseGridCellKind;
  /** Width of the column on a wide screen (Tailwind class). */
  width: string;
}

/** In the order a spreadsheet of the house usually has them, and paste fills them. */
export const HOUSE_GRID_COLUMNS: readonly HouseGridColumn[] = [
  { key: "unitName", label: HOUSE_SETUP_COLUMN_LABELS.unitName, kind: "text", width: "min-w-32" },
  { key: "area", label: HOUSE_SETUP_COLUMN_LABELS.area, kind: "decimal", width: "min-w-20" },
  { key: "persons", label: HOUSE_SETUP_COLUMN_LABELS.persons, kind: "count", width: "min-w-16" },
  {
    key: "tenantName",
    label: HOUSE_SETUP_COLUMN_LABELS.tenantName,
    kind: "text",
    width: "min-w-36",
  },
  {
    key: "moveInDate",
    label: HOUSE_SETUP_COLUMN_LABELS.moveInDate,
    kind: "date",
    width: "min-w-36",
  },
  {
    key: "moveOutDate",
    label: HOUSE_SETUP_COLUMN_LABELS.moveOutDate,
    kind: "date",
    width: "min-w-36",
  },
  {
    key: "monthlyPrepayment",
    label: HOUSE_SETUP_COLUMN_LABELS.monthlyPrepayment,
    kind: "money",
    width: "min-w-24",
  },
  {
    key: "meterType",
    label: HOUSE_SETUP_COLUMN_LABELS.meterType,
    kind: "meterType",
    width: "min-w-44",
  },
  {
    key: "meterNumber",
    label: HOUSE_SETUP_COLUMN_LABELS.meterNumber,
    kind: "text",
    width: "min-w-28",
  },
  {
    key: "startReading",
    label: HOUSE_SETUP_COLUMN_LABELS.startReading,
    kind: "decimal",
    width: "min-w-24",
  },
  {
    key: "endReading",
    label: HOUSE_SETUP_COLUMN_LABELS.endReading,
    kind: "decimal",
    width: "min-w-24",
  },
];

/** A row as the form holds it: text only (canonical decimals, YYYY-MM-DD dates). */
export type HouseGridRow = Record<HouseSetupColumn, string>;

export interface HouseGridValues {
  billingPeriodStart: string;
  billingPeriodEnd: string;
  rows: HouseGridRow[];
}

export const EMPTY_HOUSE_GRID_ROW: HouseGridRow = {
  unitName: "",
  area: "",
  persons: "",
  tenantName: "",
  moveInDate: "",
  moveOutDate: "",
  monthlyPrepayment: "",
  meterType: "",
  meterNumber: "",
  startReading: "",
  endReading: "",
};

export function isBlankRow(row: HouseGridRow): boolean {
  return Object.values(row).every((value) => value.trim() === "");
}

/**
 * The request body: the rows with anything in them (empty rows of the grid are left out), and
 * for each sent row its index in the grid, so a message for "rows.2" lands on the grid's row.
 */
export function toHouseSetupBody(values: HouseGridValues): {
  body: HouseSetupBody;
  gridIndexes: number[];
} {
  const gridIndexes = values.rows.flatMap((row, index) => (isBlankRow(row) ? [] : [index]));
  return {
    body: {
      billingPeriodStart: values.billingPeriodStart,
      billingPeriodEnd: values.billingPeriodEnd,
      rows: gridIndexes.map((index) => values.rows[index]!),
    },
    gridIndexes,
  };
}

/** "rows.2.area" of the body -> "rows.<grid index>.area" of the form. */
export function toGridField(bodyField: string, gridIndexes: readonly number[]): string {
  const match = /^rows\.(\d+)\.(.+)$/.exec(bodyField);
  if (!match) return bodyField;
  const gridIndex = gridIndexes[Number(match[1])];
  return gridIndex === undefined ? bodyField : `rows.${gridIndex}.${match[2]}`;
}

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;

/**
 * A pasted date: German "1.7.2024" / "01.07.24" or ISO "2024-07-01" -> "2024-07-01"; anything
 * else stays as it was, so the schema names it in the cell. Two-digit years are 19xx above the
 * current year's two digits, else 20xx.
 */
export function readPastedDate(text: string, currentYear: number): string {
  const value = text.trim();
  const match = GERMAN_DATE.exec(value);
  if (!match) return value;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const century = year.length === 4 ? "" : Number(year) > currentYear % 100 ? "19" : "20";
  return `${century}${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** A pasted meter type, also in other capitals or as its usual short form ("HKV"). */
function readPastedMeterType(text: string): string {
  const value = text.trim();
  if (value.toUpperCase() === "HKV") return "Heizkostenverteiler";
  return METER_TYPES.find((type) => type.toLowerCase() === value.toLowerCase()) ?? value;
}

/** One pasted cell as the form holds it: German numbers through the one reader (decision 1000). */
export function readPastedCell(kind: HouseGridCellKind, text: string, currentYear: number): string {
  switch (kind) {
    case "decimal":
    case "count":
    case "money":
      return text.trim() === "" ? "" : toDecimalFormValue(text.trim());
    case "date":
      return readPastedDate(text, currentYear);
    case "meterType":
      return readPastedMeterType(text);
    case "text":
      return text.trim();
  }
}

/** Clipboard text of a spreadsheet: rows by line, cells by tab; a trailing empty line dropped. */
export function splitPastedTable(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
  return lines.map((line) => line.split("\t"));
}

interface PastedCell {
  row: number;
  key: HouseSetupColumn;
  value: string;
}

/** A column's label as a spreadsheet's heading may spell it: lower case, without "(m²)" or "(EUR/Monat)". */
function toHeadingKey(text: string): string {
  return text
    .replace(/\([^)]*\)/g, "")
    .trim()
    .toLocaleLowerCase("de-DE");
}

const HEADING_KEYS = new Set(HOUSE_GRID_COLUMNS.map((column) => toHeadingKey(column.label)));

/**
 * A first pasted line that only holds the grid's column headings ("Wohneinheit", "Fläche (m²)",
 * "Fläche" …) is the spreadsheet's heading row, not a tenancy: it is left out, so copying a
 * table with its headings does not add a row of wrong cells.
 */
export function isHeadingRow(line: readonly string[]): boolean {
  const cells = line.map((cell) => cell.trim()).filter((cell) => cell !== "");
  return cells.length > 0 && cells.every((cell) => HEADING_KEYS.has(toHeadingKey(cell)));
}

/**
 * A file's first line with at least one of the grid's headings is its heading row (decision
 * 1660): a spreadsheet of the house often has columns of its own ("Bemerkung"), which are named as
 * left out instead of turning the heading row into a tenancy.
 */
function hasGridHeading(line: readonly string[]): boolean {
  return line.some((cell) => cell.trim() !== "" && HEADING_KEYS.has(toHeadingKey(cell)));
}

export interface PlacedTable {
  cells: PastedCell[];
  /** The spreadsheet's heading row was left out. */
  hasHeadingRow: boolean;
  /** Non-empty cells right of the last column: not placed, so the page says how many (nothing lost silently). */
  overflowCount: number;
}

/**
 * The cells a paste at (row, column) fills, rightwards and downwards as a spreadsheet pastes. With
 * a heading row, each pasted column goes to the grid column its heading names instead (the
 * spreadsheet's order need not be the grid's); a column without a heading is not placed.
 */
export function placePastedTable(
  table: string[][],
  startRow: number,
  startColumn: number,
  currentYear: number,
  isFromFile = false,
): PlacedTable {
  const hasHeadingRow =
    table.length > 0 && (isFromFile ? hasGridHeading(table[0]!) : isHeadingRow(table[0]!));
  const byHeading = hasHeadingRow
    ? table[0]!.map((heading) =>
        HOUSE_GRID_COLUMNS.find(
          (column) => heading.trim() !== "" && toHeadingKey(column.label) === toHeadingKey(heading),
        ),
      )
    : null;
  const lines = hasHeadingRow ? table.slice(1) : table;
  const cells: PastedCell[] = [];
  let overflowCount = 0;
  for (const [rowOffset, line] of lines.entries()) {
    for (const [columnOffset, text] of line.entries()) {
      const column = byHeading
        ? byHeading[columnOffset]
        : HOUSE_GRID_COLUMNS[startColumn + columnOffset];
      if (!column) {
        if (text.trim() !== "") overflowCount += 1;
        continue;
      }
      cells.push({
        row: startRow + rowOffset,
        key: column.key,
        value: readPastedCell(column.kind, text, currentYear),
      });
    }
  }
  return { cells, hasHeadingRow, overflowCount };
}

/** What the page says after a paste that left something out (German, shown above the grid). */
export function describePasteNotice(placed: PlacedTable): string | null {
  const parts: string[] = [];
  if (placed.hasHeadingRow)
    parts.push(
      "Die Überschriftenzeile wurde erkannt: Die Spalten sind nach ihren Überschriften zugeordnet.",
    );
  if (placed.overflowCount > 0) {
    const cells =
      placed.overflowCount === 1 ? "1 Zelle wurde" : `${placed.overflowCount} Zellen wurden`;
    const where = placed.hasHeadingRow
      ? "ohne passende Spaltenüberschrift"
      : `rechts der letzten Spalte (${HOUSE_GRID_COLUMNS[HOUSE_GRID_COLUMNS.length - 1]!.label})`;
    parts.push(`${cells} ${where} nicht übernommen; bitte prüfen Sie die eingefügten Spalten.`);
  }
  return parts.length > 0 ? parts.join(" ") : null;
}

/**
 * The grid after a file's table is read (issue 28 item 5): its rows go below the rows already
 * filled, by the file's headings as a paste places them; nothing is saved until the grid's save.
 */
export function appendFileTable(
  rows: readonly HouseGridRow[],
  table: string[][],
  currentYear: number,
): { rows: HouseGridRow[]; placed: PlacedTable } {
  let filled = rows.length;
  while (filled > 0 && isBlankRow(rows[filled - 1]!)) filled -= 1;
  const placed = placePastedTable(table, filled, 0, currentYear, true);
  const next = rows.slice(0, filled).map((row) => ({ ...row }));
  for (const { row, key, value } of placed.cells) {
    while (next.length <= row) next.push({ ...EMPTY_HOUSE_GRID_ROW });
    next[row]![key] = value;
  }
  return { rows: next.filter((row, index) => index < filled || !isBlankRow(row)), placed };
}
