import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  countDaysInclusive,
  dayNumberToIso,
  getDaysInMonth,
  getDaysInYear,
  isFullYear,
  isIsoDate,
  isLeapYear,
  isoToDayNumber,
  parseIsoDate,
} from "../../src/index.ts";
import { isLongerThanOneYear } from "../../src/dates/calendar.ts";
import { intersectRanges, isOverlapping } from "../../src/dates/date-range.ts";

describe("calendar", () => {
  it("knows the Gregorian leap years", () => {
    expect([1900, 2000, 2023, 2024, 2100, 2400].map(isLeapYear)).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
    expect(getDaysInYear(2024)).toBe(366);
    expect(getDaysInYear(2025)).toBe(365);
  });

  it("counts the days of each month", () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => getDaysInMonth(2023, month)),
    ).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(getDaysInMonth(2024, 2)).toBe(29);
  });

  it("parses only real calendar dates in the form YYYY-MM-DD", () => {
    expect(parseIsoDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    for (const text of [
      "2023-02-29",
      "2024-13-01",
      "2024-00-10",
      "2024-04-31",
      "2024-1-01",
      "24-01-01",
      "2024-01-01T00:00",
      "",
    ]) {
      expect(parseIsoDate(text), text).toBeNull();
    }
    expect(isIsoDate(20240101)).toBe(false);
    expect(isIsoDate("2024-01-01")).toBe(true);
  });

  it("maps 1970-01-01 to day 0 and counts inclusive ranges", () => {
    expect(isoToDayNumber("1970-01-01")).toBe(0);
    expect(isoToDayNumber("2000-03-01")).toBe(11017);
    expect(countDaysInclusive("2024-01-01", "2024-12-31")).toBe(366);
    expect(countDaysInclusive("2025-01-01", "2025-03-31")).toBe(90);
    expect(countDaysInclusive("2025-04-01", "2025-12-31")).toBe(275);
    expect(countDaysInclusive("2024-02-16", "2024-12-31")).toBe(320);
    expect(countDaysInclusive("2024-01-02", "2024-01-01")).toBe(0);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2023-12-31", 1)).toBe("2024-01-01");
  });

  it("agrees with an independent day count for any date (property)", () => {
    // Tests may use Date; the engine may not. UTC days since the epoch are the reference.
    fc.assert(
      fc.property(fc.integer({ min: -200000, max: 200000 }), (dayNumber) => {
        const reference = new Date(dayNumber * 86400000).toISOString().slice(0, 10);
        expect(dayNumberToIso(dayNumber)).toBe(reference);
        expect(isoToDayNumber(reference)).toBe(dayNumber);
      }),
    );
  });

  it("tells a full year from a shorter or longer range", () => {
    expect(isFullYear("2024-01-01", "2024-12-31")).toBe(true);
    expect(isFullYear("2023-03-01", "2024-02-29")).toBe(true);
    expect(isFullYear("2024-02-29", "2025-02-28")).toBe(true);
    expect(isFullYear("2024-01-01", "2024-12-30")).toBe(false);
    expect(isLongerThanOneYear("2024-01-01", "2025-01-01")).toBe(true);
    expect(isLongerThanOneYear("2024-01-01", "2024-12-31")).toBe(false);
  });

  it("intersects and overlaps inclusive ranges", () => {
    expect(
      intersectRanges(
        { from: "2024-01-01", to: "2024-06-30" },
        { from: "2024-06-30", to: "2024-12-31" },
      ),
    ).toEqual({ from: "2024-06-30", to: "2024-06-30" });
    expect(
      intersectRanges(
        { from: "2024-01-01", to: "2024-06-29" },
        { from: "2024-06-30", to: "2024-12-31" },
      ),
    ).toBeNull();
    expect(
      isOverlapping(
        { from: "2024-01-01", to: "2024-06-30" },
        { from: "2024-06-30", to: "2099-12-31" },
      ),
    ).toBe(true);
    expect(
      isOverlapping(
        { from: "2024-01-01", to: "2024-06-29" },
        { from: "2024-06-30", to: "2099-12-31" },
      ),
    ).toBe(false);
  });
});
