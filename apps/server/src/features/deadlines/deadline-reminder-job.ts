import { z } from "zod";
import { calendarDate } from "@nk/contract";
import { countDaysUntil, getDueReminderDays, getStatementDeadline } from "@nk/engine";
import type { JobDescriptor, JobKind } from "../../jobs/job-kind.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Db } from "../../db/database.ts";
import { NotSignedIn } from "../../domain/domain-errors.ts";
import { queueMail } from "../../mail/mail-job.ts";
import {
  buildDeadlineReminderMail,
  type DeadlineReminderItem,
} from "../../mail/templates/deadline-reminder-mail.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { buildDeadlinePeriods, type PeriodWithReminder } from "./deadline-service.ts";
import { insertDeadlineReminder, listPeriodEndsForReminders } from "./deadline-queries.ts";

// Issue 30 (decision 1500): once a day, a reminder to every account with a billing period
// whose § 556 (3) BGB deadline is 90, 30 or 7 days away and whose statements did not all go
// out; only when the account wants billing mails (`email_billing`). Each reminder is recorded
// in deadline_reminders in the transaction that queues its mail, under a unique key: a second
// run of the same day, a retry or a second instance sends nothing more.

const payloadSchema = z.object({
  /** The day (in Germany) the reminders are due for; the daily schedule passes today, tests any day. */
  day: calendarDate(),
});
export type DeadlineReminderPayload = z.infer<typeof payloadSchema>;

export const DEADLINE_REMINDERS: JobDescriptor<DeadlineReminderPayload> = {
  kind: "deadline.reminders",
  payload: payloadSchema,
  maxAttempts: 5,
};

/** The accounts that want billing mails and have a period with a reminder due on `day` (before looking at what was sent). */
async function findCandidateAccounts(db: Db, day: string): Promise<Map<string, string>> {
  const accounts = new Map<string, string>();
  for (const row of await listPeriodEndsForReminders(db)) {
    if (!row.isBillingMailOn || accounts.has(row.userId)) continue;
    if (
      getDueReminderDays(countDaysUntil(day, getStatementDeadline(row.billingPeriodEnd))) !== null
    )
      accounts.set(row.userId, row.email);
  }
  return accounts;
}

function toMailItem(period: PeriodWithReminder): DeadlineReminderItem {
  return {
    propertyName: period.propertyName,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    deadline: period.deadline,
    daysLeft: period.daysLeft,
    unsentTenants: period.tenancies
      .filter((tenancy) => tenancy.dispatchedOn === null)
      .map((tenancy) => ({ name: tenancy.tenantName, unitName: tenancy.unitName })),
  };
}

/** Records the account's due reminders not sent before and queues one mail with them; returns how many were new. */
async function remindAccount(
  db: Db,
  input: { userId: string; email: string; day: string; link: string },
): Promise<number> {
  const due = (await buildDeadlinePeriods(db, input.userId, input.day)).filter(
    (period) => period.dueReminderDays !== null,
  );
  if (due.length === 0) return 0;
  due.sort((a, b) => a.daysLeft - b.daysLeft || a.propertyName.localeCompare(b.propertyName, "de"));
  return inAccountTransaction(db, input.userId, async (trx) => {
    const fresh: PeriodWithReminder[] = [];
    for (const period of due) {
      const isNew = await insertDeadlineReminder(trx, {
        userId: input.userId,
        billingPeriodId: period.billingPeriodId,
        deadline: period.deadline,
        daysBefore: period.dueReminderDays!,
        sentOn: input.day,
      });
      if (isNew) fresh.push(period);
    }
    if (fresh.length > 0)
      await queueMail(
        trx,
        buildDeadlineReminderMail({
          to: input.email,
          items: fresh.map(toMailItem),
          link: input.link,
        }),
      );
    return fresh.length;
  });
}

/** Sends the reminders due on `day` to every account; returns how many reminders were new. */
export async function sendDeadlineReminders(
  db: Db,
  day: string,
  options: { publicUrl: string; logger?: Logger },
): Promise<number> {
  const link = `${options.publicUrl.replace(/\/$/, "")}/dashboard/deadlines`;
  let sent = 0;
  for (const [userId, email] of await findCandidateAccounts(db, day)) {
    try {
      sent += await remindAccount(db, { userId, email, day, link });
    } catch (error) {
      // The account was deleted meanwhile: nothing to remind.
      if (!(error instanceof NotSignedIn)) throw error;
    }
  }
  // Counts only: no names, no addresses (decision 1023).
  options.logger?.info("deadline.reminders_sent", { day, reminders: sent });
  return sent;
}

/** The job kind of the daily run (registered in compose-app.ts, scheduled by jobs/daily-job-schedule.ts). */
export function createDeadlineReminderJob(options: {
  publicUrl: string;
}): JobKind<DeadlineReminderPayload> {
  return {
    ...DEADLINE_REMINDERS,
    async run(payload, context) {
      await sendDeadlineReminders(context.db, payload.day, {
        publicUrl: options.publicUrl,
        logger: context.logger,
      });
    },
  };
}
