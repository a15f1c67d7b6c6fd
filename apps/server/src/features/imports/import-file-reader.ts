import {
  formatFileLimit,
  IMPORT_FILE_MESSAGES,
  type ImportFile,
  type TextEncoding,
} from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";

// Reads an uploaded import file (issue 28): size first, then what kind of bytes they are, then
// the text. German banks and spreadsheets write UTF-8 or Windows-1252 ("ANSI"); a file that is
// neither (or a binary file such as XLSX or PDF sent by mistake) is refused with a message, never
// read as garbled text.

export interface ImportText {
  text: string;
  encoding: TextEncoding;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const windows1252 = new TextDecoder("windows-1252");
/** C0 controls except tab, line feed and carriage return, DEL and the C1 block: never in a bank's text. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
      (code >= 0x7f && code <= 0x9f)
    )
      return true;
  }
  return false;
}

function fail(message: string): never {
  throw new ValidationFailed({ file: message }, message);
}

/** The file's bytes, checked against the size limit. */
export function decodeImportBytes(file: ImportFile, maxBytes: number): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(file.contentBase64, "base64"));
  if (bytes.length === 0) fail(IMPORT_FILE_MESSAGES.empty);
  if (bytes.length > maxBytes) fail(IMPORT_FILE_MESSAGES.tooLarge(formatFileLimit(maxBytes)));
  return bytes;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((value, index) => bytes[index] === value);
}

/** Text of the bytes: UTF-8 (with or without BOM), else Windows-1252; refused when it is neither. */
export function readImportText(bytes: Uint8Array): ImportText {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]))
    fail(IMPORT_FILE_MESSAGES.wrongEncoding);
  // ZIP (XLSX, ODS), PDF, NUL bytes (UTF-16 without BOM, binaries): not what a bank's CSV or camt export is.
  if (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ||
    startsWith(bytes, [0x25, 0x50, 0x44, 0x46]) ||
    bytes.subarray(0, 4096).includes(0)
  ) {
    fail(IMPORT_FILE_MESSAGES.binaryFile);
  }
  const hasBom = startsWith(bytes, [0xef, 0xbb, 0xbf]);
  let result: ImportText;
  try {
    result = { text: utf8.decode(hasBom ? bytes.subarray(3) : bytes), encoding: "utf-8" };
  } catch {
    if (hasBom) fail(IMPORT_FILE_MESSAGES.wrongEncoding);
    result = { text: windows1252.decode(bytes), encoding: "windows-1252" };
  }
  if (hasControlCharacter(result.text)) fail(IMPORT_FILE_MESSAGES.wrongEncoding);
  return result;
}
