import {
  formatCalendarDateDe,
  formatQuantityDe,
  getTodayInGermany,
  MONTHLY_INFORMATION_MESSAGES,
  type MonthlyTenancy,
} from "@nk/contract";
import { formatDateTime } from "../../../lib/format";

// The texts of the monthly consumption information page (monthly-information-page.tsx; issue 30,
// item 2; docs/rules/heating.md#monthly-information).

/** The month before `today`'s month (YYYY-MM): the latest one the information can cover. */
export function getLastMonth(today: string = getTodayInGermany()): string {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** A figure with its unit in German, or the message that it is not available. */
export function formatFigure(value: string | null, unitLabel: string): string {
  return value === null
    ? MONTHLY_INFORMATION_MESSAGES.unavailable
    : `${formatQuantityDe(value)} ${unitLabel}`;
}

/** How a tenant was informed of the month: by e-mail (queued or sent) or by post. */
export function describeLetter(letter: NonNullable<MonthlyTenancy["letter"]>): string {
  if (letter.channel === "post" && letter.postedOn)
    return `per Post am ${formatCalendarDateDe(letter.postedOn)}`;
  return letter.sentAt ? `versendet am ${formatDateTime(letter.sentAt)}` : "Versand eingeplant";
}
