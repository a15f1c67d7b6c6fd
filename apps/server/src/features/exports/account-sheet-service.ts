import ExcelJS from "exceljs";
import type { Db } from "../../db/database.ts";
import { assertFeature } from "../account/subscription-change-service.ts";
import {
  listSheetMeters,
  listSheetPrepayments,
  listSheetProperties,
  listSheetReadings,
  listSheetTenants,
  listSheetUnits,
} from "./account-sheet-queries.ts";
import { escapeFormula } from "./csv-writer.ts";

// The account's master data as a spreadsheet (issue 28 item 6, decision 1660): one sheet each for
// properties, units, tenants, prepayments, meters and readings, German headings, dates as real
// dates ("TT.MM.JJJJ"), amounts as numbers shown with two decimals. Text from the user's data is
// written as text cells, never as formulas, and a text that starts like a formula gets the
// leading apostrophe of the CSV export (csv-writer.ts), so a copy into another program stays
// harmless. Plan feature bulkImportExport (decision 1402); the JSON export stays in every plan.

type Cell =
  | { text: string | null }
  | { amount: string | null; decimals: number }
  | { date: string | null }
  | { count: number };

interface SheetSpec {
  name: string;
  columns: { heading: string; width: number }[];
  rows: Cell[][];
}

const DATE_FORMAT = "dd.mm.yyyy";

function toCellValue(cell: Cell): ExcelJS.CellValue {
  if ("text" in cell) return cell.text === null ? null : escapeFormula(cell.text);
  // A spreadsheet's number cell is a binary double: the stored decimal (at most 3 places) is exact to display.
  if ("amount" in cell) return cell.amount === null ? null : Number(cell.amount);
  if ("date" in cell) {
    if (cell.date === null) return null;
    const [year, month, day] = cell.date.split("-").map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day));
  }
  return cell.count;
}

function toNumberFormat(cell: Cell): string | undefined {
  if ("amount" in cell) return cell.decimals === 2 ? "#,##0.00" : "#,##0.000";
  if ("date" in cell) return DATE_FORMAT;
  return undefined;
}

function addSheet(workbook: ExcelJS.Workbook, spec: SheetSpec): void {
  const sheet = workbook.addWorksheet(spec.name, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = spec.columns.map((column) => ({ header: column.heading, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of spec.rows) {
    const row = sheet.addRow(cells.map(toCellValue));
    cells.forEach((cell, index) => {
      const format = toNumberFormat(cell);
      if (format) row.getCell(index + 1).numFmt = format;
    });
  }
}

const text = (value: string | null) => ({ text: value });
const money = (value: string | null) => ({ amount: value, decimals: 2 });
const quantity = (value: string | null) => ({ amount: value, decimals: 3 });
const date = (value: string | null) => ({ date: value });
const heading = (name: string, width = 18) => ({ heading: name, width });

export interface SpreadsheetFile {
  fileName: string;
  bytes: Uint8Array;
}

/** GET /api/export/spreadsheet: the workbook of the account's master data. */
export async function exportAccountSpreadsheet(
  db: Db,
  userId: string,
  today: string,
): Promise<SpreadsheetFile> {
  await assertFeature(db, userId, "bulkImportExport");
  const [properties, units, tenants, prepayments, meters, readings] = await Promise.all([
    listSheetProperties(db, userId),
    listSheetUnits(db, userId),
    listSheetTenants(db, userId),
    listSheetPrepayments(db, userId),
    listSheetMeters(db, userId),
    listSheetReadings(db, userId),
  ]);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Nebenkosten";
  addSheet(workbook, {
    name: "Immobilien",
    columns: [
      heading("Immobilie", 24),
      heading("Straße", 24),
      heading("Hausnummer", 12),
      heading("PLZ", 8),
      heading("Ort"),
      heading("Art", 20),
    ],
    rows: properties.map((p) => [
      text(p.name),
      text(p.street),
      text(p.houseNumber),
      text(p.postalCode),
      text(p.city),
      text(p.propertyType),
    ]),
  });
  addSheet(workbook, {
    name: "Wohneinheiten",
    columns: [
      heading("Immobilie", 24),
      heading("Wohneinheit"),
      heading("Fläche (m²)", 12),
      heading("Personen", 10),
    ],
    rows: units.map((u) => [
      text(u.propertyName),
      text(u.name),
      money(String(u.area)),
      { count: u.persons },
    ]),
  });
  addSheet(workbook, {
    name: "Mieter",
    columns: [
      heading("Immobilie", 24),
      heading("Wohneinheit"),
      heading("Mieter", 24),
      heading("Einzug", 12),
      heading("Auszug", 12),
      heading("E-Mail", 24),
      heading("Telefon"),
    ],
    rows: tenants.map((t) => [
      text(t.propertyName),
      text(t.unitName),
      text(t.name),
      date(t.moveInDate),
      date(t.moveOutDate),
      text(t.email),
      text(t.phone),
    ]),
  });
  addSheet(workbook, {
    name: "Vorauszahlungen",
    columns: [
      heading("Immobilie", 24),
      heading("Wohneinheit"),
      heading("Mieter", 24),
      heading("Vorauszahlung (EUR/Monat)", 14),
      heading("Gültig ab", 12),
      heading("Gültig bis", 12),
    ],
    rows: prepayments.map((x) => [
      text(x.propertyName),
      text(x.unitName),
      text(x.tenantName),
      money(String(x.monthlyAmount)),
      date(x.validFrom),
      date(x.validUntil),
    ]),
  });
  addSheet(workbook, {
    name: "Zähler",
    columns: [
      heading("Immobilie", 24),
      heading("Wohneinheit"),
      heading("Zählernummer"),
      heading("Zählerart", 22),
      heading("Ort"),
    ],
    rows: meters.map((m) => [
      text(m.propertyName),
      text(m.unitName ?? "Gemeinschaftszähler"),
      text(m.meterNumber),
      text(m.meterType),
      text(m.location),
    ]),
  });
  addSheet(workbook, {
    name: "Zählerstände",
    columns: [
      heading("Zählernummer"),
      heading("Zählerart", 22),
      heading("Datum", 12),
      heading("Stand", 14),
      heading("Notiz", 24),
    ],
    rows: readings.map((r) => [
      text(r.meterNumber),
      text(r.meterType),
      date(r.readingDate),
      quantity(String(r.readingValue)),
      text(r.note),
    ]),
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return { fileName: `nebenkosten-stammdaten-${today}.xlsx`, bytes: new Uint8Array(buffer) };
}
