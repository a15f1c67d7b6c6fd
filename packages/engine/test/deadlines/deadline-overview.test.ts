import { describe, expect, it } from "vitest";
import { countDaysUntil, describePeriodDeadline, getDueReminderDays } from "../../src/index.ts";

// Issue 30 (docs/calculation/18-fristen.md): the deadline overview and the reminder days.

describe("days until the deadline", () => {
  it("counts across year ends and leap days", () => {
    expect(countDaysUntil("2025-12-31", "2025-12-31")).toBe(0);
    expect(countDaysUntil("2025-12-01", "2025-12-31")).toBe(30);
    expect(countDaysUntil("2026-01-01", "2025-12-31")).toBe(-1);
    // 2024 is a leap year: 1 February to 1 March is 29 days, in 2025 28.
    expect(countDaysUntil("2024-02-01", "2024-03-01")).toBe(29);
    expect(countDaysUntil("2025-02-01", "2025-03-01")).toBe(28);
    expect(countDaysUntil("2024-10-02", "2024-12-31")).toBe(90);
  });
});

describe("the reminder due on a day (90, 30 and 7 days before)", () => {
  it.each([
    [120, null],
    [91, null],
    [90, 90],
    [31, 90],
    [30, 30],
    [8, 30],
    [7, 7],
    [0, 7],
    [-1, null],
  ] as const)("%i days left: %s", (daysLeft, due) => {
    expect(getDueReminderDays(daysLeft)).toBe(due);
  });
});

describe("a period's deadline on a day", () => {
  it("2025 calendar year on 1.12.2026: at risk with one statement posted and one missing", () => {
    const state = describePeriodDeadline("2025-12-31", "2026-12-01", [
      { dispatchedOn: "2026-11-20" },
      { dispatchedOn: null },
    ]);
    expect(state).toEqual({
      deadline: "2026-12-31",
      daysLeft: 30,
      status: "at_risk",
      sentCount: 1,
      unsentCount: 1,
      tenancies: [
        { isDispatched: true, isLate: false },
        { isDispatched: false, isLate: false },
      ],
      dueReminderDays: 30,
    });
  });

  it("the risk window is 60 days: 61 days before the deadline the period is open, 60 days before at risk", () => {
    expect(
      describePeriodDeadline("2025-12-31", "2026-10-31", [{ dispatchedOn: null }]),
    ).toMatchObject({ daysLeft: 61, status: "open", dueReminderDays: 90 });
    expect(
      describePeriodDeadline("2025-12-31", "2026-11-01", [{ dispatchedOn: null }]),
    ).toMatchObject({ daysLeft: 60, status: "at_risk" });
  });

  it("on the deadline the statement may still go out; the day after, the period has passed and a letter is late", () => {
    expect(
      describePeriodDeadline("2024-12-31", "2025-12-31", [{ dispatchedOn: null }]),
    ).toMatchObject({ daysLeft: 0, status: "at_risk", dueReminderDays: 7 });
    const passed = describePeriodDeadline("2024-12-31", "2026-01-01", [
      { dispatchedOn: "2026-01-01" },
      { dispatchedOn: null },
    ]);
    expect(passed).toMatchObject({ daysLeft: -1, status: "passed", dueReminderDays: null });
    expect(passed.tenancies[0]).toEqual({ isDispatched: true, isLate: true });
  });

  it("a period ending on 28.02.2023 has its deadline on the leap day 29.02.2024", () => {
    expect(
      describePeriodDeadline("2023-02-28", "2024-02-22", [{ dispatchedOn: null }]),
    ).toMatchObject({ deadline: "2024-02-29", daysLeft: 7, dueReminderDays: 7 });
  });

  it("every statement sent: complete, no reminder, even when the deadline is near or passed", () => {
    expect(
      describePeriodDeadline("2025-12-31", "2026-12-30", [{ dispatchedOn: "2026-03-01" }]),
    ).toMatchObject({ status: "complete", dueReminderDays: null, unsentCount: 0 });
    expect(describePeriodDeadline("2020-12-31", "2026-12-30", [])).toMatchObject({
      status: "complete",
      sentCount: 0,
      unsentCount: 0,
    });
  });
});
