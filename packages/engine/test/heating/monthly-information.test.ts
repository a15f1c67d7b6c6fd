import { describe, expect, it } from "vitest";
import { computeMonthlyInformation, getLastDayOfMonth, getPreviousMonth } from "../../src/index.ts";

// Issue 30, item 2 (docs/rules/heating.md#monthly-information): § 6a (1), (2) HeizkV.

const readings = (pairs: Array<[string, string]>) =>
  pairs.map(([date, value]) => ({ date, value }));

describe("the monthly consumption information", () => {
  it("gives last month's kWh, the month before, the same month last year and the average user", () => {
    const result = computeMonthlyInformation({
      month: "2026-10",
      units: [
        { id: "EG", area: "60.00" },
        { id: "OG", area: "40.00" },
      ],
      meters: [
        {
          meterId: "w1",
          unitId: "EG",
          meterType: "Wärmemengenzähler",
          readings: readings([
            ["2025-09-30", "1000.0"],
            ["2025-10-31", "1180.5"],
            ["2026-08-31", "5000"],
            ["2026-09-30", "5150.25"],
            ["2026-10-31", "5412.75"],
          ]),
        },
        {
          meterId: "w2",
          unitId: "OG",
          meterType: "Wärmemengenzähler",
          readings: readings([
            ["2026-09-30", "300"],
            ["2026-11-01", "437.5"],
          ]),
        },
        {
          meterId: "kw",
          unitId: "EG",
          meterType: "Kaltwasser",
          readings: readings([
            ["2026-09-30", "1"],
            ["2026-10-31", "5"],
          ]),
        },
      ],
    });
    expect(result).toEqual([
      {
        unitId: "EG",
        figures: [
          {
            meterType: "Wärmemengenzähler",
            consumption: "262.5",
            previousMonth: "150.25",
            sameMonthLastYear: "180.5",
            // (262.5 + 137.5) kWh over 100 m² = 4 kWh/m², × 60 m².
            averageUser: "240.0",
            // 112.25 / 150.25 = 74.7 % → 75; 82 / 180.5 = 45.4 % → 45.
            changeToPreviousMonthPercent: 75,
            changeToLastYearPercent: 45,
          },
        ],
      },
      {
        unitId: "OG",
        figures: [
          {
            meterType: "Wärmemengenzähler",
            consumption: "137.5",
            previousMonth: null,
            sameMonthLastYear: null,
            averageUser: "160.0",
            changeToPreviousMonthPercent: null,
            changeToLastYearPercent: null,
          },
        ],
      },
    ]);
  });

  it("leaves a figure out (null, never 0) where a reading is missing or the count went down, and adds a unit's meters of one type", () => {
    const [unit] = computeMonthlyInformation({
      month: "2024-03",
      units: [{ id: "A", area: "50" }],
      meters: [
        {
          meterId: "h1",
          unitId: "A",
          meterType: "Heizkostenverteiler",
          readings: readings([
            ["2024-02-29", "10"],
            ["2024-03-31", "25.5"],
          ]),
        },
        {
          meterId: "h2",
          unitId: "A",
          meterType: "Heizkostenverteiler",
          readings: readings([
            ["2024-02-29", "4"],
            ["2024-03-31", "6"],
          ]),
        },
        {
          meterId: "ww",
          unitId: "A",
          meterType: "Warmwasserzähler",
          readings: readings([
            ["2024-02-29", "9.5"],
            ["2024-03-31", "9.1"],
          ]),
        },
      ],
    });
    // The leap day ends February 2024.
    expect(unit!.figures[0]).toMatchObject({
      meterType: "Heizkostenverteiler",
      consumption: "17.5",
      previousMonth: null,
      averageUser: "17.5",
    });
    expect(unit!.figures[1]).toMatchObject({
      meterType: "Warmwasserzähler",
      consumption: null,
      averageUser: null,
    });
  });

  it("knows the months' ends", () => {
    expect(getPreviousMonth("2025-01")).toBe("2024-12");
    expect(getPreviousMonth("2025-10")).toBe("2025-09");
    expect(getLastDayOfMonth("2024-02")).toBe("2024-02-29");
    expect(getLastDayOfMonth("2025-02")).toBe("2025-02-28");
  });
});
