import { describe, expect, it } from "vitest";
import {
  ArgeRecordWriter,
  encodeArgeFile,
  toLatin9Text,
} from "../../src/features/imports/arge-record-writer.ts";
import { field, readDate, readNumber, readText } from "../../src/features/imports/arge-records.ts";

// Decision 1600: the writer of ARGE Heiwako records mirrors the reader (docs/imports/arge-heiwako.md):
// what it writes, the import's own field readers read back; every character is one ISO-8859-15 byte.

describe("ArgeRecordWriter", () => {
  it("writes N fields right-aligned with implied decimals, negatives with '-' first, blanks for null, and the reader reads them back", () => {
    const record = new ArgeRecordWriter("K")
      .writeHead("4711")
      .writeNumber(78, 87, 2, "915.22", "Betrag")
      .writeNumber(88, 97, 2, "-1.23", "Netto")
      .writeNumber(67, 77, 3, "11.478", "Menge")
      .writeNumber(100, 109, 2, null, "Lohnanteil")
      .writeNumber(50, 60, 4, "4.1", "Heizwert")
      .writeDate(61, "2024-03-10")
      .toText();
    expect(record).toHaveLength(1024);
    expect(record.slice(0, 18)).toBe("K03.050000004711  ");
    expect(record.at(-1)).toBe("K");
    expect(field(record, 78, 87)).toBe("0000091522");
    expect(field(record, 88, 97)).toBe("-000000123");
    expect(field(record, 100, 109)).toBe(" ".repeat(10));
    expect(field(record, 50, 60)).toBe("00000041000");
    expect(readNumber(record, 78, 87, 2, "Betrag")).toBe("915.22");
    expect(readNumber(record, 88, 97, 2, "Netto")).toBe("-1.23");
    expect(readNumber(record, 67, 77, 3, "Menge")).toBe("11.478");
    expect(readNumber(record, 100, 109, 2, "Lohnanteil")).toBeNull();
    expect(readDate(record, 61, "Rechnungsdatum")).toBe("2024-03-10");
  });

  it("refuses a value wider than its field in German and never rounds", () => {
    expect(() =>
      new ArgeRecordWriter("K").writeNumber(78, 87, 2, "123456789.00", "Betrag"),
    ).toThrow("Der Wert für „Betrag“ ist zu groß für das Feld des Standards.");
    expect(() => new ArgeRecordWriter("K").writeNumber(78, 87, 2, "1.005", "Betrag")).toThrow(
      /more than 2 decimals/,
    );
    expect(
      field(new ArgeRecordWriter("K").writeNumber(78, 87, 2, "1.500", "Betrag").toText(), 78, 87),
    ).toBe("0000000150");
  });

  it("cuts and pads text fields and keeps every character one Latin-9 byte", () => {
    const record = new ArgeRecordWriter("M")
      .writeText(53, 87, "Łucja Nowak – Schäfer „Ő“ 😀")
      .writeText(32, 51, "EINE SEHR LANGE KENNUNG MIT MEHR ALS 20")
      .toText();
    expect(readText(record, 53, 87)).toBe('Lucja Nowak - Schäfer "O" ?');
    expect(field(record, 32, 51)).toBe("EINE SEHR LANGE KENN");
    expect(toLatin9Text("Zeile\nzwei € Œuvre")).toBe("Zeile zwei € Œuvre");
  });

  it("encodes ISO-8859-15 with CR LF after every record", () => {
    const bytes = encodeArgeFile(["Müller Straße €", "Ž"]);
    expect([...bytes]).toEqual([
      0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x53, 0x74, 0x72, 0x61, 0xdf, 0x65, 0x20, 0xa4,
      0x0d, 0x0a, 0xb4, 0x0d, 0x0a,
    ]);
  });
});
