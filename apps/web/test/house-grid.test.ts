import { describe, expect, it } from "vitest";
import {
  appendFileTable,
  describePasteNotice,
  EMPTY_HOUSE_GRID_ROW,
  isHeadingRow,
  placePastedTable,
  readPastedCell,
  readPastedDate,
  splitPastedTable,
  toGridField,
  toHouseSetupBody,
  type HouseGridRow,
} from "../src/features/properties/lib/house-grid";

// The house grid's rules (issue 27, decision 1101): what a spreadsheet's cells become, which rows
// are sent, and where the server's messages land.

describe("the house grid", () => {
  it("reads pasted German numbers through the one decimal rule and German dates as calendar dates", () => {
    expect(readPastedCell("decimal", "62,5", 2026)).toBe("62.5");
    expect(readPastedCell("decimal", "1.020", 2026)).toBe("1020");
    expect(readPastedCell("money", "1.234,50", 2026)).toBe("1234.50");
    // An ambiguous point is kept as typed (marked), so the cell asks instead of guessing.
    expect(readPastedCell("decimal", "1.5", 2026)).not.toBe("1.5");
    expect(readPastedDate("1.7.2024", 2026)).toBe("2024-07-01");
    expect(readPastedDate("01.07.98", 2026)).toBe("1998-07-01");
    expect(readPastedDate("01.07.24", 2026)).toBe("2024-07-01");
    expect(readPastedDate("2024-07-01", 2026)).toBe("2024-07-01");
    expect(readPastedDate("Juli 2024", 2026)).toBe("Juli 2024");
    expect(readPastedCell("meterType", "hkv", 2026)).toBe("Heizkostenverteiler");
    expect(readPastedCell("meterType", "kaltwasser", 2026)).toBe("Kaltwasser");
  });

  it("places tab-separated rows from the cell pasted into, rightwards and downwards", () => {
    const table = splitPastedTable("EG links\t62,5\t2\tAnna Albers\r\nEG rechts\t58\t1\r\n");
    expect(table).toEqual([
      ["EG links", "62,5", "2", "Anna Albers"],
      ["EG rechts", "58", "1"],
    ]);
    expect(placePastedTable(table, 2, 0, 2026).cells).toEqual([
      { row: 2, key: "unitName", value: "EG links" },
      { row: 2, key: "area", value: "62.5" },
      { row: 2, key: "persons", value: "2" },
      { row: 2, key: "tenantName", value: "Anna Albers" },
      { row: 3, key: "unitName", value: "EG rechts" },
      { row: 3, key: "area", value: "58" },
      { row: 3, key: "persons", value: "1" },
    ]);
    // Cells beyond the last column are not placed, but counted, so the page says so.
    const overflowing = placePastedTable([["1.000", "900", "x", ""]], 0, 9, 2026);
    expect(overflowing.cells).toEqual([
      { row: 0, key: "startReading", value: "1000" },
      { row: 0, key: "endReading", value: "900" },
    ]);
    expect(overflowing.overflowCount).toBe(1);
    expect(describePasteNotice(overflowing)).toBe(
      "1 Zelle wurde rechts der letzten Spalte (Endstand) nicht übernommen; bitte prüfen Sie die eingefügten Spalten.",
    );
    expect(describePasteNotice(placePastedTable(table, 0, 0, 2026))).toBeNull();
  });

  it("leaves a spreadsheet's heading row out and places its columns by their headings", () => {
    const table = splitPastedTable(
      "Mieter\tWohneinheit\tFläche\tEinzug\tNotiz\nAnna Albers\tEG links\t62,5\t01.01.2019\tnett\n",
    );
    expect(isHeadingRow(table[0]!)).toBe(false);
    const withHeading = splitPastedTable(
      "Mieter\tWohneinheit\tFläche\tEinzug\t\nAnna Albers\tEG links\t62,5\t01.01.2019\tnett\n",
    );
    expect(isHeadingRow(withHeading[0]!)).toBe(true);
    expect(isHeadingRow(["EG links", "62,5"])).toBe(false);
    // Pasted into the fifth column, the headings still decide where each value goes.
    const placed = placePastedTable(withHeading, 0, 4, 2026);
    expect(placed.cells).toEqual([
      { row: 0, key: "tenantName", value: "Anna Albers" },
      { row: 0, key: "unitName", value: "EG links" },
      { row: 0, key: "area", value: "62.5" },
      { row: 0, key: "moveInDate", value: "2019-01-01" },
    ]);
    expect(placed.hasHeadingRow).toBe(true);
    expect(placed.overflowCount).toBe(1);
    expect(describePasteNotice(placed)).toBe(
      "Die Überschriftenzeile wurde erkannt: Die Spalten sind nach ihren Überschriften zugeordnet. 1 Zelle wurde ohne passende Spaltenüberschrift nicht übernommen; bitte prüfen Sie die eingefügten Spalten.",
    );
  });

  it("sends only the rows with something in them and maps the answer's rows back to the grid", () => {
    const rows = [
      { ...EMPTY_HOUSE_GRID_ROW, unitName: "EG" },
      { ...EMPTY_HOUSE_GRID_ROW },
      { ...EMPTY_HOUSE_GRID_ROW, unitName: "OG", area: "70" },
    ];
    const { body, gridIndexes } = toHouseSetupBody({
      billingPeriodStart: "2024-01-01",
      billingPeriodEnd: "2024-12-31",
      rows,
    });
    expect(body.rows.map((row) => row.unitName)).toEqual(["EG", "OG"]);
    expect(gridIndexes).toEqual([0, 2]);
    expect(toGridField("rows.1.area", gridIndexes)).toBe("rows.2.area");
    expect(toGridField("billingPeriodEnd", gridIndexes)).toBe("billingPeriodEnd");
  });
});

describe("appendFileTable (a CSV/XLSX file of the house, issue 28 item 5)", () => {
  const filled: HouseGridRow = { ...EMPTY_HOUSE_GRID_ROW, unitName: "EG links", area: "62.5" };
  const table = [
    [
      "Mieter",
      "Wohneinheit",
      "Bemerkung",
      "Fläche (m²)",
      "Einzug",
      "Vorauszahlung (EUR/Monat)",
      "Zählerart",
      "Anfangsstand",
    ],
    ["Anna Müller", "OG links", "Balkon", "71,25", "01.07.2024", "1.234,56", "hkv", "2023-12-31"],
    ["Bernd Brandt", "OG rechts", "", "2024-01-01", "1.7.24", "199,9", "Wärmemenge", "1.234,5"],
  ];

  // A date in a number column stays marked ("?"), so the grid shows the cell as wrong, as for typed rows.
  it("places the file's columns by their headings below the filled rows, other columns named as left out", () => {
    const { rows, placed } = appendFileTable(
      [filled, { ...EMPTY_HOUSE_GRID_ROW }, { ...EMPTY_HOUSE_GRID_ROW }],
      table,
      2026,
    );
    expect(placed.hasHeadingRow).toBe(true);
    expect(placed.overflowCount).toBe(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(filled);
    expect(rows[1]).toMatchObject({
      unitName: "OG links",
      tenantName: "Anna Müller",
      area: "71.25",
      moveInDate: "2024-07-01",
      monthlyPrepayment: "1234.56",
      meterType: "Heizkostenverteiler",
      startReading: "?2023-12-31",
    });
    expect(rows[2]).toMatchObject({
      unitName: "OG rechts",
      area: "?2024-01-01",
      moveInDate: "2024-07-01",
      monthlyPrepayment: "199.9",
      startReading: "1234.5",
    });
    expect(describePasteNotice(placed)).toContain(
      "1 Zelle wurde ohne passende Spaltenüberschrift nicht übernommen",
    );
  });

  it("fills an empty grid from its first row", () => {
    const { rows } = appendFileTable(
      [{ ...EMPTY_HOUSE_GRID_ROW }],
      [
        ["Wohneinheit", "Personen"],
        ["DG", "2"],
      ],
      2026,
    );
    expect(rows).toEqual([{ ...EMPTY_HOUSE_GRID_ROW, unitName: "DG", persons: "2" }]);
  });
});
