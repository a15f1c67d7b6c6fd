import { describe, expect, it } from "vitest";
import { formatCalendarDateDe, getTodayInGermany, isCalendarDate } from "../src/index.ts";

describe("calendar dates", () => {
  it("today is the calendar date in Berlin, whatever the machine's time zone", () => {
    // 23:00 UTC on 31 December is already 1 January in Berlin (UTC+1 in winter).
    expect(getTodayInGermany(new Date("2024-12-31T22:59:59Z"))).toBe("2024-12-31");
    expect(getTodayInGermany(new Date("2024-12-31T23:00:00Z"))).toBe("2025-01-01");
    // Summer time (UTC+2): 21:59 UTC on 30 June is 23:59 in Berlin.
    expect(getTodayInGermany(new Date("2025-06-30T21:59:00Z"))).toBe("2025-06-30");
    expect(getTodayInGermany(new Date("2025-06-30T22:00:00Z"))).toBe("2025-07-01");
  });

  it("checks real dates and formats them de-DE", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2024-13-01")).toBe(false);
    expect(formatCalendarDateDe("2024-12-31")).toBe("31.12.2024");
  });
});
