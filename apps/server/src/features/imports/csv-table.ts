import { parse } from "csv-parse/sync";
import { ValidationFailed } from "../../domain/domain-errors.ts";

// The CSV files landlords get (bank exports, the metering company's readings, their own
// spreadsheets saved as CSV) have no standard: the header line may follow a few lines of other
// data, the separator is ';' (German Excel), ',' or a tab, and the columns are named in many
// ways. A reader names its columns with the names it accepts (compared without case, umlauts
// written out and punctuation); the header is the first line (of the first 40) that has the
// columns the reader requires, in the separator it uses.

export type ColumnNames<C extends string> = Record<C, readonly string[]>;

interface CsvRow {
  record: string[];
  /** 1-based line of the file (of the record's last line, for a value over several lines). */
  line: number;
}

export interface CsvTable<C extends string> {
  columns: Partial<Record<C, number>>;
  rows: CsvRow[];
}

/** "Begünstigter/Zahlungspflichtiger" -> "beguenstigterzahlungspflichtiger". */
export function normalizeColumnName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "");
}

function mapColumns<C extends string>(
  header: readonly string[],
  names: ColumnNames<C>,
): Partial<Record<C, number>> {
  const normalized = header.map(normalizeColumnName);
  const columns: Partial<Record<C, number>> = {};
  for (const [column, accepted] of Object.entries(names) as [C, readonly string[]][]) {
    // The first accepted name wins ("Buchungstag" before "Buchung"); a column serves one purpose.
    for (const name of accepted) {
      const index = normalized.findIndex(
        (value, position) => value === name && !Object.values(columns).includes(position),
      );
      if (index !== -1) {
        columns[column] = index;
        break;
      }
    }
  }
  return columns;
}

const DELIMITERS = [";", "\t", ","] as const;

function findHeader<C extends string>(
  lines: readonly string[],
  names: ColumnNames<C>,
  isComplete: (columns: Partial<Record<C, number>>) => boolean,
) {
  for (let lineIndex = 0; lineIndex < Math.min(lines.length, 40); lineIndex += 1) {
    const line = lines[lineIndex]!;
    for (const delimiter of DELIMITERS) {
      if (!line.includes(delimiter)) continue;
      const cells = line.split(delimiter).map((cell) => cell.trim().replace(/^"|"$/g, ""));
      if (isComplete(mapColumns(cells, names))) return { lineIndex, delimiter };
    }
  }
  return null;
}

/**
 * The table of a CSV text: its columns and its rows (empty lines left out). `noHeader` and
 * `unreadable(detail)` are the reader's messages.
 */
export function readCsvTable<C extends string>(
  content: string,
  names: ColumnNames<C>,
  isComplete: (columns: Partial<Record<C, number>>) => boolean,
  messages: { noHeader: string; unreadable: (detail: string) => string },
): CsvTable<C> {
  const lines = content.split(/\r\n|\n|\r/);
  const header = findHeader(lines, names, isComplete);
  if (!header) throw new ValidationFailed({ file: messages.noHeader }, messages.noHeader);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(lines.slice(header.lineIndex).join("\n"), {
      delimiter: header.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line =
      error !== null && typeof error === "object" && "lines" in error
        ? Number((error as { lines: unknown }).lines)
        : NaN;
    const detail = Number.isFinite(line)
      ? `Zeile ${header.lineIndex + line}`
      : "ungültige Anführungszeichen";
    throw new ValidationFailed({ file: messages.unreadable(detail) }, messages.unreadable(detail));
  }
  const [headerRecord, ...rest] = records;
  return {
    columns: mapColumns(headerRecord!.record, names),
    rows: rest
      .filter(({ record }) => record.some((value) => value.trim() !== ""))
      .map(({ record, info }) => ({ record, line: header.lineIndex + info.lines })),
  };
}

export function getCell(record: readonly string[], index: number | undefined): string | null {
  return index === undefined ? null : (record[index] ?? null);
}
