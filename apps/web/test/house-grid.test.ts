import { describe, expect, it } from "vitest";
import { EMPTY_HOUSE_GRID_ROW, placePastedTable, readPastedCell, readPastedDate, splitPastedTable, toGridField, toHouseSetupBody } from "../src/features/properties/lib/house-grid";

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
    expect(placePastedTable(table, 2, 0, 2026)).toEqual([
      { row: 2, key: "unitName", value: "EG links" },
      { row: 2, key: "area", value: "62.5" },
      { row: 2, key: "persons", value: "2" },
      { row: 2, key: "tenantName", value: "Anna Albers" },
      { row: 3, key: "unitName", value: "EG rechts" },
      { row: 3, key: "area", value: "58" },
      { row: 3, key: "persons", value: "1" },
    ]);
    // Cells beyond the last column are dropped.
    expect(placePastedTable([["1.000", "900", "x"]], 0, 9, 2026)).toEqual([
      { row: 0, key: "startReading", value: "1000" },
      { row: 0, key: "endReading", value: "900" },
    ]);
  });

  it("sends only the rows with something in them and maps the answer's rows back to the grid", () => {
    const rows = [{ ...EMPTY_HOUSE_GRID_ROW, unitName: "EG" }, { ...EMPTY_HOUSE_GRID_ROW }, { ...EMPTY_HOUSE_GRID_ROW, unitName: "OG", area: "70" }];
    const { body, gridIndexes } = toHouseSetupBody({ billingPeriodStart: "2024-01-01", billingPeriodEnd: "2024-12-31", rows });
    expect(body.rows.map((row) => row.unitName)).toEqual(["EG", "OG"]);
    expect(gridIndexes).toEqual([0, 2]);
    expect(toGridField("rows.1.area", gridIndexes)).toBe("rows.2.area");
    expect(toGridField("billingPeriodEnd", gridIndexes)).toBe("billingPeriodEnd");
  });
});
