import { z } from "zod";
import { importFileSchema } from "./import-file.ts";

// Master data from a spreadsheet (issue 28 item 5, decision 1660): the server reads a CSV or XLSX
// file into its cells as text; the house grid places them by their headings with the same rule
// as a paste, so there is one heading rule (the grid's) and the grid's save stays the one
// transaction. Nothing is saved by reading the file.

/** Rows a house table may have (a house of 1,000 flats with a meter each fits several times). */
export const MAX_HOUSE_TABLE_ROWS = 5000;
/** Columns read of each row (the grid has 11; more are named as left out by the grid). */
export const MAX_HOUSE_TABLE_COLUMNS = 40;

export const HOUSE_TABLE_MESSAGES = {
  wrongType:
    "Die Datei ist weder eine CSV- noch eine Excel-Datei (.xlsx). Bitte speichern Sie die Tabelle als CSV oder XLSX.",
  unreadableXlsx:
    "Die Excel-Datei ist beschädigt oder verschlüsselt und lässt sich nicht lesen. Bitte speichern Sie sie erneut als XLSX oder CSV.",
  tooLargeUnpacked:
    "Die Excel-Datei ist entpackt zu groß (höchstens 50 MB). Bitte speichern Sie nur das Blatt mit dem Haus als CSV.",
  noRows: "Die Datei enthält keine Zeilen.",
  tooManyRows: `Die Datei hat zu viele Zeilen (höchstens ${MAX_HOUSE_TABLE_ROWS}).`,
  unreadableCsv: (detail: string) => `Die CSV-Datei ist nicht lesbar (${detail}).`,
} as const;

export const houseTableBodySchema = z.object({ file: importFileSchema });
export type HouseTableBody = z.output<typeof houseTableBodySchema>;

export const houseTableSchema = z.object({
  /** The file's rows (the heading row included), each cell as text: numbers German ("1234,56"), dates "YYYY-MM-DD". */
  table: z.array(z.array(z.string())),
  fileKind: z.enum(["csv", "xlsx"]),
});
export type HouseTable = z.output<typeof houseTableSchema>;
