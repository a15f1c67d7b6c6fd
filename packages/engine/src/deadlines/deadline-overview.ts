import { type IsoDate, isoToDayNumber } from "../dates/calendar.ts";
import { getStatementDeadline, isAfterStatementDeadline } from "./statement-deadline.ts";

/**
 * Issue 30 (docs/calculation/18-fristen.md, decision 1500): what the § 556 (3) BGB deadline
 * of one billing period means on a given day. Pure: the day is passed in, the server takes it
 * from `getTodayInGermany`, tests freeze it.
 */

/** The overview shows the periods whose deadline falls within this many days as at risk. */
export const DEADLINE_RISK_WINDOW_DAYS = 60;

/** Reminder mails go out this many days before a deadline with unsent statements, largest first. */
export const DEADLINE_REMINDER_DAYS = [90, 30, 7] as const;
export type DeadlineReminderDays = (typeof DEADLINE_REMINDER_DAYS)[number];

/**
 * - `complete`: every tenancy's statement went out (sent by e-mail or marked as posted).
 * - `open`: statements are missing, the deadline is more than 60 days away.
 * - `at_risk`: statements are missing and the deadline is today or within 60 days.
 * - `passed`: statements are missing and the deadline has passed: back-payments of the missing
 *   ones are lost unless the landlord is not at fault (§ 556 (3) Satz 3 BGB).
 */
export type DeadlineStatus = "complete" | "open" | "at_risk" | "passed";

export interface DeadlineTenancyInput {
  /** The day the tenancy's first letter for the period went out, or null when none did. */
  dispatchedOn: IsoDate | null;
}

export interface DeadlineTenancyState {
  isDispatched: boolean;
  /** Dispatched after the deadline (§ 556 (3) Satz 3 BGB). */
  isLate: boolean;
}

export interface PeriodDeadlineState {
  deadline: IsoDate;
  /** Days from `today` to the deadline: 0 on the deadline itself, negative once it passed. */
  daysLeft: number;
  status: DeadlineStatus;
  sentCount: number;
  unsentCount: number;
  tenancies: DeadlineTenancyState[];
  /** The reminder that is due on `today` (see `getDueReminderDays`), only with unsent statements. */
  dueReminderDays: DeadlineReminderDays | null;
}

/** Days from `today` to `date` (negative when `date` lies before `today`). */
export function countDaysUntil(today: IsoDate, date: IsoDate): number {
  return isoToDayNumber(date) - isoToDayNumber(today);
}

/**
 * The reminder due on a day with `daysLeft` days to the deadline: the smallest of 90, 30 and 7
 * that is not below `daysLeft`. A day missed (the server was down, the period was entered
 * late) is caught up on the next run; reminders of larger thresholds that were skipped are
 * not sent afterwards: the smallest one says the same with more urgency. None after the
 * deadline: the reminder can no longer help, the overview shows the period as passed.
 */
export function getDueReminderDays(daysLeft: number): DeadlineReminderDays | null {
  if (daysLeft < 0) return null;
  let due: DeadlineReminderDays | null = null;
  for (const days of DEADLINE_REMINDER_DAYS) if (daysLeft <= days) due = days;
  return due;
}

/**
 * The state of one billing period's deadline on `today`: the deadline (getStatementDeadline),
 * the days left, which tenancies' statements went out and whether late, and the status.
 */
export function describePeriodDeadline(
  periodEnd: IsoDate,
  today: IsoDate,
  tenancies: readonly DeadlineTenancyInput[],
): PeriodDeadlineState {
  const deadline = getStatementDeadline(periodEnd);
  const daysLeft = countDaysUntil(today, deadline);
  const states = tenancies.map((tenancy) => ({
    isDispatched: tenancy.dispatchedOn !== null,
    isLate:
      tenancy.dispatchedOn !== null && isAfterStatementDeadline(periodEnd, tenancy.dispatchedOn),
  }));
  const sentCount = states.filter((state) => state.isDispatched).length;
  const unsentCount = states.length - sentCount;
  let status: DeadlineStatus;
  if (unsentCount === 0) status = "complete";
  else if (daysLeft < 0) status = "passed";
  else if (daysLeft <= DEADLINE_RISK_WINDOW_DAYS) status = "at_risk";
  else status = "open";
  return {
    deadline,
    daysLeft,
    status,
    sentCount,
    unsentCount,
    tenancies: states,
    dueReminderDays: unsentCount > 0 ? getDueReminderDays(daysLeft) : null,
  };
}
