import type { JobKind } from "../../jobs/job-kind.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { logActivity } from "../activity/activity-log.ts";
import { findLetter, markLetterSent } from "./monthly-information-queries.ts";
import { getMonthlyInformationPdf } from "./monthly-information-service.ts";
import {
  MONTHLY_INFORMATION_SEND,
  type MonthlyInformationSendPayload,
} from "./monthly-information-send-kind.ts";

// Issue 30, item 2 (decision 1630): mails one tenant's monthly consumption information through
// the job queue (decision 0701). The worker makes the letter from the readings when it runs and
// attaches it; once the mail server (or the outbox) accepted it, `sent_at` is set. A retry after
// that finds the letter sent and sends nothing again.

export function createMonthlyInformationSendJob(deps: {
  mailer: Mailer;
}): JobKind<MonthlyInformationSendPayload> {
  return {
    ...MONTHLY_INFORMATION_SEND,
    async run(payload, context) {
      const letter = await findLetter(context.db, payload.userId, payload.letterId);
      if (!letter || letter.sentAt) return;
      const pdf = await getMonthlyInformationPdf(
        context.db,
        payload.userId,
        payload.propertyId,
        payload.tenantId,
        payload.month,
      );
      await deps.mailer.send({
        to: payload.to,
        subject: payload.subject,
        text: payload.text,
        attachments: [
          { filename: pdf.fileName, content: pdf.bytes, contentType: "application/pdf" },
        ],
      });
      await context.db.transaction().execute(async (trx) => {
        await markLetterSent(trx, payload.userId, payload.letterId, new Date());
        await logActivity(trx, {
          userId: payload.userId,
          key: "tenant.monthly_information_sent",
          entityId: payload.tenantId,
          entityName: payload.tenantName,
          metadata: { month: payload.month },
        });
      });
    },
  };
}
