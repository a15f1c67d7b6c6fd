import { describe, expect, it } from "vitest";
import {
  describeLetter,
  formatFigure,
  getLastMonth,
} from "../src/features/meters/lib/monthly-information";

// The texts of the monthly consumption information page (docs/rules/heating.md#monthly-information),
// moved out of the page into features/meters/lib/monthly-information.ts.

describe("getLastMonth", () => {
  it("is the month before today's, across the turn of the year", () => {
    expect(getLastMonth("2026-11-29")).toBe("2026-10");
    expect(getLastMonth("2026-10-01")).toBe("2026-09");
    expect(getLastMonth("2026-01-15")).toBe("2025-12");
  });
});

describe("formatFigure", () => {
  it("writes the quantity in German with its unit, or says it is not available", () => {
    expect(formatFigure("1234.5", "kWh")).toBe("1.234,5 kWh");
    expect(formatFigure(null, "m³")).toBe("nicht verfügbar");
  });
});

describe("describeLetter", () => {
  it("names the day of a posted letter and a letter still queued", () => {
    const letter = { recipient: null, queuedAt: "2026-11-01T08:00:00.000Z", sentAt: null };
    expect(describeLetter({ ...letter, channel: "post", postedOn: "2026-11-02" })).toBe(
      "per Post am 02.11.2026",
    );
    expect(describeLetter({ ...letter, channel: "email", postedOn: null })).toBe(
      "Versand eingeplant",
    );
  });
});
