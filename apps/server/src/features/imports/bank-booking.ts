import { createHash } from "node:crypto";
import {
  BANK_IMPORT_MESSAGES,
  compareDecimalText,
  isCalendarDate,
  readDecimalInput,
} from "@nk/contract";

// One booking of a bank file, as both readers (camt.053 and CSV) deliver it, and the rules that
// do not depend on the format: German amounts and dates, what counts as costs, the fingerprint
// that recognises a booking imported before.

export interface ParsedBooking {
  /** 1-based: the booking's number in the camt file, or its line in the CSV file. */
  row: number;
  bookingDate: string | null;
  /** Positive canonical text with 2 decimals, or null when unreadable. */
  amount: string | null;
  direction: "debit" | "credit" | null;
  currency: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  purpose: string | null;
  /** false for a booking the bank has only noted (vorgemerkt, camt 'PDNG'). */
  isBooked: boolean;
  /** A reversal (Storno): never costs. */
  isReversal: boolean;
  /** Why the row cannot be read (German), else null. */
  error: string | null;
}

export interface ParsedBankFile {
  format: "camt053" | "csv";
  accountIban: string | null;
  bookings: ParsedBooking[];
}

/** numeric(12, 2) in the database. */
const MAX_AMOUNT = "9999999999.99";

/** "1234.5" -> "1234.50" (the amounts of a bank file have at most 2 decimals). */
function toTwoDecimals(value: string): string | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return `${match[1]!.replace(/^0+(?=\d)/, "")}.${(match[2] ?? "").padEnd(2, "0")}`;
}

export type AmountReading =
  | { kind: "value"; amount: string; isNegative: boolean }
  | { kind: "invalid" }
  | { kind: "tooLarge" };

/**
 * A bank's amount: German ("-1.234,56", "1234,56", "1.234,56-") through the one German number
 * rule of the contract; "-1234.56" (the dot exports of some banks, always 2 decimals) as well.
 */
export function readBankAmount(input: string): AmountReading {
  let text = input
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/(EUR|€)$/i, "")
    .replace(/^(EUR|€)/i, "")
    .replace(/\u2212/g, "-");
  if (text.startsWith("+")) text = text.slice(1);
  let isNegative = false;
  if (text.endsWith("-")) {
    isNegative = true;
    text = text.slice(0, -1);
  }
  if (text.startsWith("-")) {
    if (isNegative) return { kind: "invalid" };
    isNegative = true;
    text = text.slice(1);
  }
  if (text === "") return { kind: "invalid" };
  const reading = readDecimalInput(text);
  let canonical: string | null = null;
  if (reading.kind === "value" && !reading.value.startsWith("-")) canonical = reading.value;
  else if (reading.kind === "ambiguous" && /^\d+\.\d{2}$/.test(text)) canonical = text;
  const amount = canonical === null ? null : toTwoDecimals(canonical);
  if (amount === null) return { kind: "invalid" };
  if (compareDecimalText(amount, MAX_AMOUNT) > 0) return { kind: "tooLarge" };
  return { kind: "value", amount, isNegative };
}

/** "31.12.2025", "31.12.25", "2025-12-31" -> "2025-12-31"; null when it is no calendar date. */
export function readGermanDate(input: string): string | null {
  const text = input.trim();
  let date: string | null = null;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (german) {
    const year = german[3]!.length === 2 ? `20${german[3]}` : german[3]!;
    date = `${year}-${german[2]!.padStart(2, "0")}-${german[1]!.padStart(2, "0")}`;
  } else {
    const iso = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(text);
    if (iso) date = iso[1]!;
  }
  return date !== null && isCalendarDate(date) ? date : null;
}

/** "DE89 3704 0044 0532 0130 00" -> "DE89370400440532013000"; null for anything that is no IBAN. */
export function normalizeIban(input: string | null | undefined): string | null {
  if (!input) return null;
  const text = input.replace(/\s+/g, "").toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(text) ? text : null;
}

/** Text from the file, trimmed, runs of spaces as one; null when empty. */
export function cleanText(input: string | null | undefined, maxLength = 500): string | null {
  if (input === null || input === undefined) return null;
  const text = input.replace(/\s+/g, " ").trim();
  return text === "" ? null : text.slice(0, maxLength);
}

/** Compared without case, spaces and punctuation; umlauts as they are. */
function squash(text: string | null): string {
  return (text ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Who was paid: the IBAN where the file names one, else the name. */
export function getCounterpartyKey(
  booking: Pick<ParsedBooking, "counterpartyIban" | "counterpartyName">,
): string | null {
  if (booking.counterpartyIban) return `iban:${booking.counterpartyIban}`;
  const name = squash(booking.counterpartyName);
  return name ? `name:${name}` : null;
}

/**
 * What the purpose says without the numbers that change from booking to booking (months,
 * invoice and customer numbers): "Abschlag Wasser 03/2025 Kd-Nr. 4711" -> "abschlagwasserkdnr".
 */
export function getPurposeSignature(purpose: string | null): string {
  return squash((purpose ?? "").replace(/\d+/g, " ")).slice(0, 60);
}

/**
 * The same booking, however often it is imported and from which of the formats: booking day,
 * direction, amount, counterparty and purpose (without spaces), and which occurrence of such a
 * booking in the file it is (two equal payments on one day are two bookings).
 */
export function computeBookingFingerprints(
  bookings: readonly ParsedBooking[],
): Map<number, string> {
  const seen = new Map<string, number>();
  const fingerprints = new Map<number, string>();
  for (const booking of bookings) {
    if (booking.error !== null) continue;
    const base = [
      booking.bookingDate,
      booking.direction,
      booking.amount,
      getCounterpartyKey(booking) ?? "",
      squash(booking.purpose),
    ].join("|");
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    fingerprints.set(
      booking.row,
      createHash("sha256").update(`${base}#${occurrence}`).digest("hex"),
    );
  }
  return fingerprints;
}

/** The reason a readable booking is no cost, or null when it may become costs. */
export function getIgnoreReason(booking: ParsedBooking): string | null {
  if (!booking.isBooked) return BANK_IMPORT_MESSAGES.rowPending;
  if (booking.currency !== null && booking.currency !== "EUR")
    return BANK_IMPORT_MESSAGES.rowForeignCurrency(booking.currency);
  if (booking.direction === "credit" || booking.isReversal) return BANK_IMPORT_MESSAGES.rowIncoming;
  return null;
}

/** The row's error from its date and amount (shared by both readers). */
export function describeBookingError(
  bookingDate: string | null,
  amount: AmountReading | null,
): string | null {
  if (bookingDate === null) return BANK_IMPORT_MESSAGES.rowDateMissing;
  if (amount === null || amount.kind === "invalid") return BANK_IMPORT_MESSAGES.rowAmountInvalid;
  if (amount.kind === "tooLarge") return BANK_IMPORT_MESSAGES.rowAmountTooLarge;
  if (compareDecimalText(amount.amount, "0") === 0) return BANK_IMPORT_MESSAGES.rowAmountZero;
  return null;
}
