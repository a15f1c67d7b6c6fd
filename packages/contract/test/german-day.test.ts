import { describe, expect, it } from "vitest";
import { nextCalendarDay, startOfGermanDay } from "../src/german-day.ts";

describe("startOfGermanDay", () => {
  it("is 23:00 UTC the day before in winter (CET) and 22:00 UTC in summer (CEST)", () => {
    expect(startOfGermanDay("2024-01-15").toISOString()).toBe("2024-01-14T23:00:00.000Z");
    expect(startOfGermanDay("2024-07-15").toISOString()).toBe("2024-07-14T22:00:00.000Z");
  });

  it("handles the days the clocks change", () => {
    expect(startOfGermanDay("2024-03-31").toISOString()).toBe("2024-03-30T23:00:00.000Z");
    expect(startOfGermanDay("2024-04-01").toISOString()).toBe("2024-03-31T22:00:00.000Z");
    expect(startOfGermanDay("2024-10-27").toISOString()).toBe("2024-10-26T22:00:00.000Z");
    expect(startOfGermanDay("2024-10-28").toISOString()).toBe("2024-10-27T23:00:00.000Z");
  });

  it("steps to the next calendar day across months and leap days", () => {
    expect(nextCalendarDay("2024-02-28")).toBe("2024-02-29");
    expect(nextCalendarDay("2024-12-31")).toBe("2025-01-01");
  });
});
