import { describe, expect, it } from "vitest";
import {
  computeBookingFingerprints,
  getPurposeSignature,
  readBankAmount,
  readGermanDate,
  type ParsedBooking,
} from "../../src/features/imports/bank-booking.ts";
import { escapeFormula, formatCsvAmount, writeCsv } from "../../src/features/exports/csv-writer.ts";

// The values of import and export files (issue 28): German amounts and dates as banks write
// them, the fingerprint of a booking, and cells no spreadsheet runs as a formula.

describe("bank amounts", () => {
  it.each([
    ["-1.234,56", "1234.56", true],
    ["1.234,56-", "1234.56", true],
    ["−98,12", "98.12", true],
    ["+950,00", "950.00", false],
    ["1234,5", "1234.50", false],
    ["-1234.56", "1234.56", true],
    ["1.250", "1250.00", false],
    ["12.345.678,90 EUR", "12345678.90", false],
    ["0,01 €", "0.01", false],
  ])("%s", (input, amount, isNegative) => {
    expect(readBankAmount(input)).toEqual({ kind: "value", amount, isNegative });
  });

  it.each(["", "abc", "1,2,3", "--5", "1.2x4,00", "12,345", "1.5"])("refuses %j", (input) => {
    expect(readBankAmount(input).kind).toBe("invalid");
  });

  it("refuses amounts above the column's 9.999.999.999,99", () => {
    expect(readBankAmount("10.000.000.000,00").kind).toBe("tooLarge");
  });
});

describe("dates", () => {
  it.each([
    ["31.12.2025", "2025-12-31"],
    ["1.2.25", "2025-02-01"],
    ["2025-12-31", "2025-12-31"],
    ["2026-01-02T06:15:00+01:00", "2026-01-02"],
    ["29.02.2024", "2024-02-29"],
  ])("%s", (input, date) => expect(readGermanDate(input)).toBe(date));

  it.each(["29.02.2025", "32.01.2025", "12/31/2025", "", "heute"])("refuses %j", (input) =>
    expect(readGermanDate(input)).toBeNull(),
  );
});

describe("booking fingerprints", () => {
  const booking = (row: number, purpose: string): ParsedBooking => ({
    row,
    bookingDate: "2025-01-15",
    amount: "1250.00",
    direction: "debit",
    currency: "EUR",
    counterpartyName: "RheinEnergie AG",
    counterpartyIban: "DE89370400440532013000",
    purpose,
    isBooked: true,
    isReversal: false,
    error: null,
  });

  it("are equal for the same booking whatever the spaces of the purpose, and differ for a second equal payment", () => {
    const first = computeBookingFingerprints([
      booking(1, "Abschlag Wasser 01/2025"),
      booking(2, "Abschlag  Wasser01/2025"),
    ]);
    const again = computeBookingFingerprints([booking(7, "Abschlag Wasser 01/2025")]);
    expect(first.get(1)).toBe(again.get(7));
    expect(first.get(2)).not.toBe(first.get(1));
  });

  it("purpose signatures ignore the numbers that change every month", () => {
    expect(getPurposeSignature("Abschlag Wasser 03/2025 Vertragskonto 4711")).toBe(
      getPurposeSignature("Abschlag Wasser 04/2025 Vertragskonto 4711"),
    );
    expect(getPurposeSignature("Abschlag Wasser")).not.toBe(getPurposeSignature("Abschlag Strom"));
  });
});

describe("CSV for spreadsheets", () => {
  it.each([
    ['=HYPERLINK("x")', '\'=HYPERLINK("x")'],
    ["+49 521 123", "'+49 521 123"],
    ["-Müller", "'-Müller"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["Jürgen Weiß", "Jürgen Weiß"],
  ])("%j as text", (input, output) => expect(escapeFormula(input)).toBe(output));

  it("writes amounts with a decimal comma and quotes separators", () => {
    expect(formatCsvAmount("-3")).toBe("-3,00");
    expect(formatCsvAmount("1234.5")).toBe("1234,50");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
      writeCsv(["A", "B"], [[{ text: "Müller; Söhne" }, { amount: "-1234.56" }]]),
    );
    expect(text).toBe('\uFEFFA;B\r\n"Müller; Söhne";-1234,56\r\n');
  });
});
