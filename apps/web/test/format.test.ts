import { describe, expect, it } from "vitest";
import {
  formatArea,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDaysLeft,
  formatNumber,
  formatPercent,
  formatRelativeTime,
} from "../src/lib/format";

// Intl output uses non-breaking spaces; compare with normal spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatRelativeTime", () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it("says 'Gerade eben' under 60 seconds", () => {
    expect(formatRelativeTime(ago(0), now)).toBe("Gerade eben");
    expect(formatRelativeTime(ago(59), now)).toBe("Gerade eben");
  });

  it("treats future timestamps (clock skew) as 'Gerade eben'", () => {
    expect(formatRelativeTime(ago(-120), now)).toBe("Gerade eben");
  });

  it("counts minutes below one hour", () => {
    expect(formatRelativeTime(ago(60), now)).toBe("vor 1 Minute");
    expect(formatRelativeTime(ago(119), now)).toBe("vor 1 Minute");
    expect(formatRelativeTime(ago(120), now)).toBe("vor 2 Minuten");
    expect(formatRelativeTime(ago(59 * 60 + 59), now)).toBe("vor 59 Minuten");
  });

  it("counts hours below one day", () => {
    expect(formatRelativeTime(ago(3600), now)).toBe("vor 1 Stunde");
    expect(formatRelativeTime(ago(5 * 3600 + 10), now)).toBe("vor 5 Stunden");
    expect(formatRelativeTime(ago(24 * 3600 - 1), now)).toBe("vor 23 Stunden");
  });

  it("counts days below 7 days", () => {
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe("vor 1 Tag");
    expect(formatRelativeTime(ago(3 * 24 * 3600), now)).toBe("vor 3 Tagen");
    expect(formatRelativeTime(ago(7 * 24 * 3600 - 1), now)).toBe("vor 6 Tagen");
  });

  it("shows the German date and time from 7 days on", () => {
    const then = new Date(2025, 5, 8, 12, 0, 0);
    expect(formatRelativeTime(then, now)).toBe("08.06.2025, 12:00");
    expect(formatRelativeTime(new Date(2024, 11, 24, 9, 5), now)).toBe("24.12.2024, 09:05");
  });

  it("accepts ISO strings and rejects invalid values", () => {
    expect(formatRelativeTime(ago(30).toISOString(), now)).toBe("Gerade eben");
    expect(formatRelativeTime("kein Datum", now)).toBe("–");
  });
});

describe("dates", () => {
  it("formats calendar dates without a time-zone shift", () => {
    expect(formatDate("2025-01-01")).toBe("01.01.2025");
    expect(formatDate("2024-02-29")).toBe("29.02.2024");
    expect(formatDate("2025-12-31")).toBe("31.12.2025");
  });

  it("formats Date objects and timestamps in local time", () => {
    expect(formatDate(new Date(2025, 2, 9, 23, 59))).toBe("09.03.2025");
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7))).toBe("05.01.2025, 09:07");
  });

  it("shows a dash for empty or invalid values", () => {
    expect(formatDate(null)).toBe("–");
    expect(formatDate("")).toBe("–");
    expect(formatDate("nonsense")).toBe("–");
    expect(formatDateTime(undefined)).toBe("–");
  });
});

describe("numbers and money", () => {
  it("formats euro amounts in de-DE", () => {
    expect(formatCurrency("1234.56")).toBe("1.234,56 €");
    expect(formatCurrency("1234.5")).toBe("1.234,50 €");
    expect(formatCurrency("-12")).toBe("-12,00 €");
    // Exact: a float would print 12345678901234.57 as ...,56 or ...,58.
    expect(formatCurrency("12345678901234.57")).toBe("12.345.678.901.234,57 €");
    expect(formatCurrency(null)).toBe("–");
    expect(formatCurrency("abc")).toBe("–");
  });

  it("formats numbers, percentages and areas", () => {
    expect(formatNumber(1234567.891)).toBe("1.234.567,89");
    expect(formatNumber(3)).toBe("3");
    expect(formatNumber(0.123456, { maximumFractionDigits: 6 })).toBe("0,123456");
    expect(plain(formatPercent(85))).toBe("85 %");
    expect(plain(formatPercent(33.333, 1))).toBe("33,3 %");
    expect(formatArea("72.5")).toBe("72,50 m²");
    expect(formatArea("abc")).toBe("–");
    expect(formatArea(null)).toBe("–");
  });

  it("counts the trial days", () => {
    expect(formatDaysLeft(1)).toBe("Noch 1 Tag");
    expect(formatDaysLeft(14)).toBe("Noch 14 Tage");
  });
});
