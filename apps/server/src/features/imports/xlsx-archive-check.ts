import { HOUSE_TABLE_MESSAGES } from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";

// An XLSX file is a ZIP archive; a few kilobytes of it may unpack to gigabytes (a zip bomb).
// Before the workbook library unpacks anything, the archive's central directory is read and the
// sizes it declares are added up (decision 1660). ZIP64 archives (over 4 GB or 65,535 entries)
// are never a house table and are refused, as are archives whose directory cannot be found.

/** What an XLSX of a house may unpack to; a workbook of 5,000 rows is a few megabytes. */
const MAX_XLSX_UNPACKED_BYTES = 50 * 1024 * 1024;
const MAX_XLSX_ENTRIES = 500;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

function fail(message: string): never {
  throw new ValidationFailed({ file: message }, message);
}

function findEndOfDirectory(view: DataView): number {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the end of the file.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= lowest; offset -= 1) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  return fail(HOUSE_TABLE_MESSAGES.unreadableXlsx);
}

/** Refuses an archive that declares more than the limit unpacked (or more entries than a workbook has). */
export function assertXlsxUnpackedSize(
  bytes: Uint8Array,
  maxUnpackedBytes = MAX_XLSX_UNPACKED_BYTES,
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.byteLength < 22) fail(HOUSE_TABLE_MESSAGES.unreadableXlsx);
  const end = findEndOfDirectory(view);
  const entryCount = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff)
    fail(HOUSE_TABLE_MESSAGES.tooLargeUnpacked);
  if (entryCount > MAX_XLSX_ENTRIES) fail(HOUSE_TABLE_MESSAGES.tooLargeUnpacked);
  let offset = directoryOffset;
  let total = 0;
  for (let index = 0; index < entryCount; index += 1) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== DIRECTORY_ENTRY)
      fail(HOUSE_TABLE_MESSAGES.unreadableXlsx);
    const unpacked = view.getUint32(offset + 24, true);
    if (unpacked === 0xffffffff) fail(HOUSE_TABLE_MESSAGES.tooLargeUnpacked);
    total += unpacked;
    if (total > maxUnpackedBytes) fail(HOUSE_TABLE_MESSAGES.tooLargeUnpacked);
    offset +=
      46 +
      view.getUint16(offset + 28, true) +
      view.getUint16(offset + 30, true) +
      view.getUint16(offset + 32, true);
  }
}
