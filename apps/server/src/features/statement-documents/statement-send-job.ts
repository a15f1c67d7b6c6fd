import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../files/file-storage.ts";
import type { JobDescriptor, JobKind } from "../../jobs/job-kind.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { logActivity } from "../activity/activity-log.ts";
import { markStatementSent, recordDispatch } from "./statement-document-queries.ts";

// Sending a statement by e-mail (docs/rules/statements.md#letter-contents, docs/rules/statements.md#pdfs-and-sending) through the job queue (decision 0701): the
// request stores the finalized PDF and queues this job; the worker attaches the stored PDF, and
// only when the mail server (or the outbox) accepted the mail are sent_at and 'sent' set.

const payloadSchema = z.object({
  userId: z.string(),
  statementId: z.string(),
  tenantName: z.string(),
  to: z.string().min(3).max(320),
  subject: z.string().min(1).max(998),
  text: z.string().max(200_000),
  fileKey: z.string(),
  fileName: z.string(),
  /**
   * Issue 24 (decision 1060): the letter's dispatch, recorded once the mail is accepted (absent
   * for a letter that went out before and is only sent again).
   */
  dispatch: z
    .object({
      dispatchedOn: z.string(),
      channel: z.enum(["email", "post"]),
      context: z.unknown(),
      settledBalance: z.string(),
    })
    .optional(),
});
export type StatementSendPayload = z.infer<typeof payloadSchema>;

export const STATEMENT_SEND: JobDescriptor<StatementSendPayload> = {
  kind: "statement.send",
  payload: payloadSchema,
  maxAttempts: 8,
};

class StatementFileMissing extends Error {}

export function createStatementSendJob(deps: {
  mailer: Mailer;
  files: FileStorage;
}): JobKind<StatementSendPayload> {
  return {
    ...STATEMENT_SEND,
    async run(payload, context) {
      const pdf = await deps.files.get(payload.fileKey);
      if (!pdf) throw new StatementFileMissing(`PDF ${payload.fileKey} fehlt im Dateispeicher`);
      await deps.mailer.send({
        to: payload.to,
        subject: payload.subject,
        text: payload.text,
        attachments: [{ filename: payload.fileName, content: pdf, contentType: "application/pdf" }],
      });
      await context.db.transaction().execute(async (trx: Db) => {
        if (payload.dispatch)
          await recordDispatch(trx, payload.userId, payload.statementId, {
            ...payload.dispatch,
            fileKey: payload.fileKey,
          });
        await markStatementSent(trx, payload.userId, payload.statementId, new Date());
        await logActivity(trx, {
          userId: payload.userId,
          key: "statement.sent",
          entityId: payload.statementId,
          entityName: payload.tenantName,
          metadata: { to: payload.to },
        });
      });
    },
  };
}
