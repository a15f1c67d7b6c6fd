import { describe, expect, it } from "vitest";
import { compareUnitNames, readUnitFloor, sortUnitsByFloor } from "../src/index.ts";

describe("units in the building's order (issue 23)", () => {
  it("reads the floor from the name", () => {
    expect(readUnitFloor("KG Hobbyraum")).toBe(-1);
    expect(readUnitFloor("Souterrain")).toBe(-1);
    expect(readUnitFloor("EG links")).toBe(0);
    expect(readUnitFloor("Erdgeschoss")).toBe(0);
    expect(readUnitFloor("1. OG rechts")).toBe(1);
    expect(readUnitFloor("2.OG")).toBe(2);
    expect(readUnitFloor("10. Obergeschoss")).toBe(10);
    expect(readUnitFloor("OG 3")).toBe(3);
    expect(readUnitFloor("OG")).toBe(1);
    expect(readUnitFloor("DG")).toBe(1000);
    expect(readUnitFloor("Dachgeschoss links")).toBe(1000);
    // "Wege" contains "eg", "Regal" no floor at all.
    expect(readUnitFloor("Wohnung am Wege")).toBe(10_000);
  });

  it("sorts cellar, ground floor, upper floors by number, attic, then names without a floor naturally", () => {
    const names = [
      "DG",
      "1. OG links",
      "EG rechts",
      "10. OG",
      "2. OG",
      "EG links",
      "1. OG rechts",
      "UG",
      "Wohnung 10",
      "Wohnung 2",
    ];
    expect(sortUnitsByFloor(names.map((name) => ({ name }))).map((unit) => unit.name)).toEqual([
      "UG",
      "EG links",
      "EG rechts",
      "1. OG links",
      "1. OG rechts",
      "2. OG",
      "10. OG",
      "DG",
      "Wohnung 2",
      "Wohnung 10",
    ]);
    expect(compareUnitNames("EG", "1. OG")).toBeLessThan(0);
  });
});
