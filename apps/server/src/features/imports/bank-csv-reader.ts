import { BANK_IMPORT_MESSAGES, MAX_BANK_BOOKINGS } from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";
import { getCell, normalizeColumnName, readCsvTable, type ColumnNames } from "./csv-table.ts";
import {
  cleanText,
  describeBookingError,
  normalizeIban,
  readBankAmount,
  readGermanDate,
  type ParsedBankFile,
  type ParsedBooking,
} from "./bank-booking.ts";

// The CSV exports of German banks (decision 1400). There is no standard: Sparkassen
// ('CSV-CAMT', ';', Windows-1252, "Buchungstag";"Valutadatum";...;"Beguenstigter/Zahlungspflichtiger";
// "Kontonummer/IBAN";...;"Betrag"), Volksbanken, DKB, ING, Postbank, Commerzbank (a few lines
// of account data before the header; 'Soll'/'Haben' columns at some) name their columns
// differently. The reader finds the header line by the column names below (csv-table.ts) and
// reads German amounts and dates.

type Column =
  | "date"
  | "valueDate"
  | "amount"
  | "debit"
  | "credit"
  | "counterparty"
  | "iban"
  | "purpose"
  | "bookingText"
  | "currency"
  | "ownAccount"
  | "status";

const COLUMN_NAMES: ColumnNames<Column> = {
  date: ["buchungstag", "buchungsdatum", "buchung", "datum", "bookingdate", "belegdatum"],
  valueDate: ["valutadatum", "valuta", "wertstellung", "wertstellungsdatum", "valuedate"],
  amount: ["betrag", "betrageur", "betragineur", "umsatz", "umsatzineur", "amount", "betrageuro"],
  debit: ["soll", "solleur", "ausgang", "belastung"],
  credit: ["haben", "habeneur", "eingang", "gutschrift"],
  counterparty: [
    "beguenstigterzahlungspflichtiger",
    "auftraggeberempfaenger",
    "auftraggeberbeguenstigter",
    "empfaengerauftraggeber",
    "namezahlungsbeteiligter",
    "zahlungsempfaengerin",
    "zahlungsempfaenger",
    "zahlungspflichtiger",
    "empfaenger",
    "auftraggeber",
    "beguenstigter",
    "name",
    "gegenkontoinhaber",
  ],
  iban: [
    "kontonummeriban",
    "ibanzahlungsbeteiligter",
    "iban",
    "kontonummer",
    "gegenkontoiban",
    "gegenkonto",
    "ibankontonummer",
    "empfaengeriban",
  ],
  purpose: [
    "verwendungszweck",
    "buchungsdetails",
    "verwendungszweckbuchungsdetails",
    "zweck",
    "purpose",
  ],
  bookingText: ["buchungstext", "umsatzart", "vorgang", "umsatztyp", "transaktionstyp"],
  currency: ["waehrung", "currency", "whrung"],
  ownAccount: ["auftragskonto", "ibanauftragskonto", "kontoiban"],
  status: ["info", "status"],
};

function hasBookingColumns(columns: Partial<Record<Column, number>>): boolean {
  return (
    columns.date !== undefined &&
    (columns.amount !== undefined || (columns.debit !== undefined && columns.credit !== undefined))
  );
}

function readRow(
  record: readonly string[],
  columns: Partial<Record<Column, number>>,
  row: number,
): ParsedBooking {
  const dateText = getCell(record, columns.date) ?? "";
  const bookingDate =
    readGermanDate(dateText) ??
    (dateText.trim() === "" ? readGermanDate(getCell(record, columns.valueDate) ?? "") : null);
  let amount = null;
  let isNegative = false;
  if (columns.amount !== undefined) {
    amount = readBankAmount(getCell(record, columns.amount) ?? "");
    isNegative = amount.kind === "value" && amount.isNegative;
  } else {
    const debitText = (getCell(record, columns.debit) ?? "").trim();
    const creditText = (getCell(record, columns.credit) ?? "").trim();
    amount = readBankAmount(debitText !== "" ? debitText : creditText);
    isNegative = debitText !== "";
  }
  const status = normalizeColumnName(getCell(record, columns.status) ?? "");
  const currency = cleanText(getCell(record, columns.currency))?.toUpperCase() ?? null;
  const purpose =
    cleanText(getCell(record, columns.purpose)) ?? cleanText(getCell(record, columns.bookingText));
  return {
    row,
    bookingDate,
    amount: amount.kind === "value" ? amount.amount : null,
    direction: amount.kind === "value" ? (isNegative ? "debit" : "credit") : null,
    currency: currency === "€" ? "EUR" : currency,
    counterpartyName: cleanText(getCell(record, columns.counterparty), 200),
    counterpartyIban: normalizeIban(getCell(record, columns.iban)),
    purpose,
    isBooked: !status.includes("vorgemerkt") && !status.includes("pending"),
    isReversal: false,
    error: describeBookingError(bookingDate, amount),
  };
}

export function readBankCsv(content: string): ParsedBankFile {
  const { columns, rows } = readCsvTable(content, COLUMN_NAMES, hasBookingColumns, {
    noHeader: BANK_IMPORT_MESSAGES.csvNoHeader,
    unreadable: BANK_IMPORT_MESSAGES.csvUnreadable,
  });
  const ownAccount =
    columns.ownAccount === undefined ? null : normalizeIban(rows[0]?.record[columns.ownAccount]);
  if (rows.length > MAX_BANK_BOOKINGS)
    throw new ValidationFailed(
      { file: BANK_IMPORT_MESSAGES.tooManyBookings(MAX_BANK_BOOKINGS) },
      BANK_IMPORT_MESSAGES.tooManyBookings(MAX_BANK_BOOKINGS),
    );
  const bookings = rows.map(({ record, line }) => readRow(record, columns, line));
  if (bookings.length === 0)
    throw new ValidationFailed(
      { file: BANK_IMPORT_MESSAGES.noBookings },
      BANK_IMPORT_MESSAGES.noBookings,
    );
  return { format: "csv", accountIban: ownAccount, bookings };
}
