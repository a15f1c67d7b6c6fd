import { z } from "zod";
import { calendarDate } from "@nk/contract";
import { getPreviousMonth, isHeizkvMeterType } from "@nk/engine";
import type { Db } from "../../db/database.ts";
import { NotFound, NotSignedIn } from "../../domain/domain-errors.ts";
import type { JobDescriptor, JobKind } from "../../jobs/job-kind.ts";
import type { Logger } from "../../lib/logger.ts";
import { listRemoteReadableMetersForAutoSend } from "./monthly-information-queries.ts";
import { sendMonthlyInformation } from "./monthly-information-service.ts";

// Issue 30 (decision 1690, docs/rules/heating.md#monthly-information): § 6a (1) HeizkV asks for
// the consumption information every month where the meters are remote-readable. Once a day,
// from the configured day of a month on (MONTHLY_INFORMATION_SEND_DAY), this job sends every
// tenant last month's letter by e-mail once the month's readings are in, for every account that
// did not turn it off. The record of migration 1631 (one row per tenant and month) is the claim:
// the row is inserted in the account transaction that queues the mail, so a second run, a retry
// or a second instance finds it and sends nothing more. A tenancy whose readings are not in yet
// is tried again on the next day's run; tenants without an address wait for the print batch.

const payloadSchema = z.object({
  /** The day (in Germany) of the run; the daily schedule passes today, tests any day. */
  day: calendarDate(),
});
export type MonthlyInformationAutoPayload = z.infer<typeof payloadSchema>;

export const MONTHLY_INFORMATION_AUTO: JobDescriptor<MonthlyInformationAutoPayload> = {
  kind: "monthly-information.auto",
  payload: payloadSchema,
  maxAttempts: 5,
};

/** The month a run on `day` informs of: the month before, from the send day on; else none. */
function getMonthToInform(day: string, sendDay: number): string | null {
  return Number(day.slice(8, 10)) >= sendDay ? getPreviousMonth(day.slice(0, 7)) : null;
}

/** Sends last month's information due on `day` for every account; returns how many letters were queued. */
export async function sendMonthlyInformationForDay(
  db: Db,
  day: string,
  options: { sendDay: number; logger?: Logger },
): Promise<number> {
  const month = getMonthToInform(day, options.sendDay);
  if (month === null) return 0;
  const properties = new Map<string, { userId: string; propertyId: string }>();
  for (const meter of await listRemoteReadableMetersForAutoSend(db)) {
    if (isHeizkvMeterType(meter.meterType))
      properties.set(meter.propertyId, { userId: meter.userId, propertyId: meter.propertyId });
  }
  let queued = 0;
  for (const { userId, propertyId } of properties.values()) {
    try {
      const result = await sendMonthlyInformation(db, userId, propertyId, month, {
        today: day,
        onlyReady: true,
      });
      queued += result.queued.length;
    } catch (error) {
      // The account or the property was deleted meanwhile: nothing to send.
      if (!(error instanceof NotSignedIn || error instanceof NotFound)) throw error;
    }
  }
  // Counts only: no names, no addresses (decision 1023).
  options.logger?.info("monthly_information.auto_sent", {
    day,
    month,
    properties: properties.size,
    letters: queued,
  });
  return queued;
}

/** The job kind of the daily run (registered in compose-app.ts, scheduled by jobs/daily-job-schedule.ts). */
export function createMonthlyInformationAutoJob(options: {
  sendDay: number;
}): JobKind<MonthlyInformationAutoPayload> {
  return {
    ...MONTHLY_INFORMATION_AUTO,
    async run(payload, context) {
      await sendMonthlyInformationForDay(context.db, payload.day, {
        sendDay: options.sendDay,
        logger: context.logger,
      });
    },
  };
}
