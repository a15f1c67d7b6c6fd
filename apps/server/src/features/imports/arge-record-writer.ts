import { METERING_EXPORT_MESSAGES as X } from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";
import { ARGE_VERSION, RECORD_LENGTHS, type ArgeRecordType } from "./arge-records.ts";

// Writing ARGE Heiwako records, the mirror of arge-records.ts (docs/imports/arge-heiwako.md):
// fixed width, positions 1-based and inclusive, A-N fields left-aligned and blank-padded, N
// fields right-aligned and zero-padded with implied decimals ("-" in the first byte when
// negative), unused fields blank, one byte per character in ISO-8859-15 and CR LF after every
// record.

/** ISO-8859-15 differs from Latin-1 in eight places: the euro sign and seven letters. */
const LATIN9_SPECIALS: ReadonlyMap<string, number> = new Map([
  ["€", 0xa4],
  ["Š", 0xa6],
  ["š", 0xa8],
  ["Ž", 0xb4],
  ["ž", 0xb8],
  ["Œ", 0xbc],
  ["œ", 0xbd],
  ["Ÿ", 0xbe],
]);
const LATIN1_REPLACED = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);

/** Typographic characters users type (and word processors insert) that Latin-9 lacks. */
const PLAIN_FORMS: ReadonlyMap<string, string> = new Map([
  ["–", "-"],
  ["—", "-"],
  ["‚", ","],
  ["‘", "'"],
  ["’", "'"],
  ["„", '"'],
  ["“", '"'],
  ["”", '"'],
  ["…", "."],
  ["Ł", "L"],
  ["ł", "l"],
  ["Đ", "D"],
  ["đ", "d"],
  ["ı", "i"],
]);

function getLatin9Byte(char: string): number | null {
  const special = LATIN9_SPECIALS.get(char);
  if (special !== undefined) return special;
  const code = char.codePointAt(0)!;
  if (code >= 0x20 && code < 0x7f) return code;
  if (code >= 0xa0 && code <= 0xff && !LATIN1_REPLACED.has(code)) return code;
  return null;
}

/**
 * The text with every character one Latin-9 byte: letters outside Latin-9 lose their accent
 * ("Ő" -> "O", "ł" -> "l"), dashes and quotes become their plain forms, anything else "?".
 * Control characters (a line break in a name) become a blank: they would break the record.
 */
export function toLatin9Text(text: string): string {
  let result = "";
  for (const char of text) {
    if (getLatin9Byte(char) !== null) {
      result += char;
      continue;
    }
    const plain = PLAIN_FORMS.get(char);
    if (plain !== undefined) {
      result += plain;
      continue;
    }
    if (/\p{Cc}/u.test(char)) {
      result += " ";
      continue;
    }
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    result += base !== "" && [...base].every((part) => getLatin9Byte(part) !== null) ? base : "?";
  }
  return result;
}

/** Records as the file's bytes: ISO-8859-15, CR LF after each. */
export function encodeArgeFile(records: readonly string[]): Uint8Array {
  const text = records.map((record) => `${record}\r\n`).join("");
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const byte =
      getLatin9Byte(text[index]!) ??
      (text[index] === "\r" ? 0x0d : text[index] === "\n" ? 0x0a : null);
    // Every field went through toLatin9Text: a character without a byte is a bug here.
    if (byte === null)
      throw new Error(`Not ISO-8859-15: U+${text.codePointAt(index)!.toString(16)}`);
    bytes[index] = byte;
  }
  return bytes;
}

/** "915.22", 2 -> "91522"; "-1.5", 2 -> "-150"; more decimals than the field holds are refused. */
function toImpliedDigits(value: string, decimals: number): { isNegative: boolean; digits: string } {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal text: ${value}`);
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  // Amounts are whole cents and quantities have three decimals (the contract's schemas):
  // rounding belongs to the engine, never to the file.
  if (fraction.length > decimals) throw new Error(`${value} has more than ${decimals} decimals`);
  const digits = `${match[2]}${fraction.padEnd(decimals, "0")}`.replace(/^0+(?=\d)/, "");
  return { isNegative: match[1] === "-" && /[1-9]/.test(digits), digits };
}

/** One record being written: blank, with its type in the first and, for one-letter types, the last byte. */
export class ArgeRecordWriter {
  private readonly chars: string[];

  constructor(readonly type: ArgeRecordType) {
    this.chars = Array.from({ length: RECORD_LENGTHS[type] }, () => " ");
    this.writeText(1, type.length, type);
    if (type.length === 1) this.writeText(RECORD_LENGTHS[type], RECORD_LENGTHS[type], type);
  }

  /** The head of A, L, M, B, K and D: version (2-6), customer number (7-16); 17-18 (firm's key) stay blank. */
  writeHead(customerNumber: string): this {
    this.writeText(2, 6, ARGE_VERSION);
    return this.writeDigits(7, 16, customerNumber);
  }

  /** A-N field: left-aligned, blank-padded, cut to the field's width. */
  writeText(from: number, to: number, value: string): this {
    const text = toLatin9Text(value.trim())
      .slice(0, to - from + 1)
      .padEnd(to - from + 1, " ");
    for (let offset = 0; offset < text.length; offset += 1)
      this.chars[from - 1 + offset] = text[offset]!;
    return this;
  }

  /** An identifier of digits (customer number, Ordnungsbegriff): right-aligned, zero-padded. */
  writeDigits(from: number, to: number, digits: string): this {
    if (!/^\d*$/.test(digits) || digits.length > to - from + 1)
      throw new Error(`Not ${to - from + 1} digits: ${digits}`);
    return this.writeText(from, to, digits.padStart(to - from + 1, "0"));
  }

  /**
   * N field with `decimals` implied decimals; null leaves it blank (not supplied). A value
   * wider than the field is refused with the field's German name.
   */
  writeNumber(
    from: number,
    to: number,
    decimals: number,
    value: string | null,
    name: string,
  ): this {
    if (value === null) return this;
    const width = to - from + 1;
    const { isNegative, digits } = toImpliedDigits(value, decimals);
    const room = isNegative ? width - 1 : width;
    if (digits.length > room)
      throw new ValidationFailed({ export: X.valueTooLarge(name) }, X.valueTooLarge(name));
    return this.writeText(from, to, `${isNegative ? "-" : ""}${digits.padStart(room, "0")}`);
  }

  /** YYYY-MM-DD as TTMMJJ (6 bytes from `from`). */
  writeDate(from: number, date: string): this {
    const [year, month, day] = date.split("-");
    return this.writeText(from, from + 5, `${day}${month}${year!.slice(2)}`);
  }

  /** A period: begin and end, TTMMJJ each (12 bytes from `from`). */
  writePeriod(from: number, start: string, end: string): this {
    return this.writeDate(from, start).writeDate(from + 6, end);
  }

  toText(): string {
    return this.chars.join("");
  }
}
