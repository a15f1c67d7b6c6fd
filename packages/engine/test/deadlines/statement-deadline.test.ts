import { describe, expect, it } from "vitest";
import { getStatementDeadline, isAfterStatementDeadline } from "../../src/index.ts";

describe("§ 556 (3) Satz 2 BGB: the deadline is the end of the twelfth month after the period", () => {
  it.each([
    ["2024-12-31", "2025-12-31"],
    ["2025-06-30", "2026-06-30"],
    ["2023-02-28", "2024-02-29"],
    ["2024-02-29", "2025-02-28"],
    ["2024-04-30", "2025-04-30"],
    // Inside a month: the same day twelve months later (§ 188 (2) BGB).
    ["2024-03-15", "2025-03-15"],
  ])("period ending %s: deadline %s", (end, deadline) => {
    expect(getStatementDeadline(end)).toBe(deadline);
  });

  it("a letter dispatched on the deadline is in time, one day later it is late", () => {
    expect(isAfterStatementDeadline("2024-12-31", "2025-12-31")).toBe(false);
    expect(isAfterStatementDeadline("2024-12-31", "2026-01-01")).toBe(true);
    // Issue 24's case: a 2024 statement finalized on 26.11.2026.
    expect(isAfterStatementDeadline("2024-12-31", "2026-11-26")).toBe(true);
  });
});
