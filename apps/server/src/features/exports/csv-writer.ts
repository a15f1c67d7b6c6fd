// CSV for German spreadsheets (issue 28, item 6; decision 1402): ';' between cells, CRLF, UTF-8
// with BOM (Excel reads umlauts right only with it), amounts with a decimal comma.
//
// Formula injection (OWASP "CSV Injection"): a text cell that starts with = + - @, a tab or a
// carriage return is a formula to Excel and LibreOffice ("=HYPERLINK(...)" as a tenant's name).
// Every text cell from the user's data is written with a leading apostrophe then, which the
// spreadsheet shows as text; amounts are written by us and never escaped.

export type CsvCell = { text: string } | { amount: string } | { date: string };

const FORMULA_START = /^[=+\-@\t\r]/;

/** A user's text as a cell that no spreadsheet runs as a formula. */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function quote(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** "1234.5" -> "1234,50"; "-3" -> "-3,00" (no thousands points: spreadsheets read it as a number). */
export function formatCsvAmount(value: string): string {
  const negative = value.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? value.slice(1) : value).split(".");
  return `${negative ? "-" : ""}${whole},${fraction.padEnd(2, "0").slice(0, Math.max(2, fraction.length))}`;
}

function formatCell(cell: CsvCell): string {
  if ("amount" in cell) return formatCsvAmount(cell.amount);
  if ("date" in cell) {
    const [year, month, day] = cell.date.split("-");
    return `${day}.${month}.${year}`;
  }
  return quote(escapeFormula(cell.text));
}

export function writeCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): Uint8Array {
  const lines = [
    header.map((name) => quote(name)).join(";"),
    ...rows.map((row) => row.map(formatCell).join(";")),
  ];
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}
