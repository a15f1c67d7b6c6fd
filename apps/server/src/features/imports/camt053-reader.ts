import { XMLParser, XMLValidator } from "fast-xml-parser";
import { BANK_IMPORT_MESSAGES, MAX_BANK_BOOKINGS } from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";
import {
  cleanText,
  describeBookingError,
  normalizeIban,
  readBankAmount,
  readGermanDate,
  type ParsedBankFile,
  type ParsedBooking,
} from "./bank-booking.ts";

// camt.053 (ISO 20022 BankToCustomerStatement, versions .001.02 to .001.13): the account
// statement German banks deliver since MT940 was retired (DFÜ-Abkommen, Anlage 3). Every entry
// (Ntry) is a booking; a batch entry with several transactions (TxDtls with their own amounts)
// becomes one booking per transaction. The debtor/creditor names moved under 'Pty' in .001.08;
// both layouts are read.
//
// Hostile XML (decision 1400): a camt file never carries a DTD, so any DOCTYPE or ENTITY
// declaration refuses the file before a parser sees it (no entity expansion, no external
// entities); the parser itself runs without entity processing, and only the five predefined
// XML entities and character references are decoded, by the code below.

const ARRAY_TAGS = new Set(["Stmt", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Bal"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAY_TAGS.has(name),
});

type Node = Record<string, unknown>;

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** The five predefined entities and character references; nothing else is expanded. */
function decodeXmlText(text: string): string {
  return text.replace(
    /&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g,
    (whole, name: string) => {
      if (name.startsWith("#")) {
        const code =
          name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
          ? String.fromCodePoint(code)
          : whole;
      }
      return PREDEFINED[name] ?? whole;
    },
  );
}

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const key of path) {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return undefined;
    current = (current as Node)[key];
  }
  return current;
}

function text(node: unknown, ...path: string[]): string | null {
  const value = child(node, ...path);
  if (typeof value === "string") return decodeXmlText(value);
  if (value !== null && typeof value === "object" && typeof (value as Node)["#text"] === "string")
    return decodeXmlText((value as Node)["#text"] as string);
  return null;
}

function list(node: unknown, ...path: string[]): unknown[] {
  const value = child(node, ...path);
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

/** A party's name in .001.02 (Cdtr/Nm) or .001.08+ (Cdtr/Pty/Nm). */
function partyName(parties: unknown, role: "Cdtr" | "Dbtr"): string | null {
  return (
    text(parties, role, "Nm") ??
    text(parties, role, "Pty", "Nm") ??
    text(parties, `Ultmt${role}`, "Nm") ??
    text(parties, `Ultmt${role}`, "Pty", "Nm")
  );
}

function partyIban(parties: unknown, role: "Cdtr" | "Dbtr"): string | null {
  return normalizeIban(text(parties, `${role}Acct`, "Id", "IBAN"));
}

function isBookedStatus(entry: unknown): boolean {
  const status = text(entry, "Sts") ?? text(entry, "Sts", "Cd");
  return status === null || status === "BOOK";
}

function readEntry(entry: unknown, firstRow: number): ParsedBooking[] {
  const direction =
    text(entry, "CdtDbtInd") === "CRDT"
      ? "credit"
      : text(entry, "CdtDbtInd") === "DBIT"
        ? "debit"
        : null;
  const bookingDate = readGermanDate(
    text(entry, "BookgDt", "Dt") ??
      text(entry, "BookgDt", "DtTm") ??
      text(entry, "ValDt", "Dt") ??
      "",
  );
  const isBooked = isBookedStatus(entry);
  const isReversal = text(entry, "RvslInd") === "true";
  const transactions = list(entry, "NtryDtls").flatMap((details) => list(details, "TxDtls"));
  const entryInfo = cleanText(text(entry, "AddtlNtryInf"));
  const counterRole = direction === "credit" ? "Dbtr" : "Cdtr";
  const read = (
    amountText: string | null,
    currency: string | null,
    transaction: unknown,
    row: number,
  ): ParsedBooking => {
    const amount = amountText === null ? null : readBankAmount(amountText);
    const parties = child(transaction, "RltdPties");
    const purpose =
      cleanText(
        list(transaction, "RmtInf", "Ustrd")
          .map((line) => (typeof line === "string" ? decodeXmlText(line) : ""))
          .join(" "),
      ) ??
      text(transaction, "AddtlTxInf") ??
      entryInfo;
    const error =
      describeBookingError(bookingDate, amount) ??
      (direction === null ? BANK_IMPORT_MESSAGES.rowAmountInvalid : null);
    return {
      row,
      bookingDate,
      amount: amount?.kind === "value" ? amount.amount : null,
      direction,
      currency,
      counterpartyName: cleanText(partyName(parties, counterRole), 200),
      counterpartyIban: partyIban(parties, counterRole),
      purpose: cleanText(purpose),
      isBooked,
      isReversal,
      error,
    };
  };
  const entryCurrency = text(entry, "Amt", "@Ccy");
  const transactionAmounts = transactions.map(
    (transaction) => text(transaction, "Amt") ?? text(transaction, "AmtDtls", "TxAmt", "Amt"),
  );
  // A batch (several transactions, each with its amount): one booking per transaction.
  if (transactions.length > 1 && transactionAmounts.every((amount) => amount !== null)) {
    return transactions.map((transaction, index) =>
      read(
        transactionAmounts[index]!,
        text(transaction, "Amt", "@Ccy") ??
          text(transaction, "AmtDtls", "TxAmt", "Amt", "@Ccy") ??
          entryCurrency,
        transaction,
        firstRow + index,
      ),
    );
  }
  return [read(text(entry, "Amt"), entryCurrency, transactions[0], firstRow)];
}

export function isCamtText(content: string): boolean {
  return /^\s*<(\?xml|[A-Za-z_][\w.:-]*)/.test(content.slice(0, 1000));
}

export function readCamt053(content: string): ParsedBankFile {
  if (/<!DOCTYPE|<!ENTITY/i.test(content))
    throw new ValidationFailed(
      { file: BANK_IMPORT_MESSAGES.xmlHasDoctype },
      BANK_IMPORT_MESSAGES.xmlHasDoctype,
    );
  const validation = XMLValidator.validate(content);
  if (validation !== true) {
    const detail = `Zeile ${validation.err.line}: ${validation.err.msg}`;
    throw new ValidationFailed(
      { file: BANK_IMPORT_MESSAGES.xmlInvalid(detail) },
      BANK_IMPORT_MESSAGES.xmlInvalid(detail),
    );
  }
  const document = parser.parse(content) as Node;
  const root = child(document, "Document", "BkToCstmrStmt");
  if (root === undefined)
    throw new ValidationFailed(
      { file: BANK_IMPORT_MESSAGES.notCamt053 },
      BANK_IMPORT_MESSAGES.notCamt053,
    );
  const statements = list(root, "Stmt");
  const bookings: ParsedBooking[] = [];
  let accountIban: string | null = null;
  for (const statement of statements) {
    accountIban ??= normalizeIban(text(statement, "Acct", "Id", "IBAN"));
    for (const entry of list(statement, "Ntry")) {
      bookings.push(...readEntry(entry, bookings.length + 1));
      if (bookings.length > MAX_BANK_BOOKINGS)
        throw new ValidationFailed(
          { file: BANK_IMPORT_MESSAGES.tooManyBookings(MAX_BANK_BOOKINGS) },
          BANK_IMPORT_MESSAGES.tooManyBookings(MAX_BANK_BOOKINGS),
        );
    }
  }
  if (bookings.length === 0)
    throw new ValidationFailed(
      { file: BANK_IMPORT_MESSAGES.noBookings },
      BANK_IMPORT_MESSAGES.noBookings,
    );
  return { format: "camt053", accountIban, bookings };
}
