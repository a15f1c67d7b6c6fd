import { z } from "zod";
import type { Db } from "../db/database.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { JobDescriptor, JobKind } from "../jobs/job-kind.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

// Every outgoing mail goes through the job queue (decision 0701): the request that causes it
// only writes a job; a worker of any instance sends it, and a failing SMTP server is retried
// with backoff instead of losing the mail or failing the request.

const mailPayloadSchema = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().min(1).max(998),
  text: z.string().max(200_000),
  html: z.string().max(500_000).optional(),
});

export type MailPayload = z.infer<typeof mailPayloadSchema>;

/** SMTP outages are often minutes long: 8 runs, the last about 21 minutes after the first. */
const MAIL_SEND: JobDescriptor<MailPayload> = {
  kind: "mail.send",
  payload: mailPayloadSchema,
  maxAttempts: 8,
};

/** The job kind that sends a queued mail (SMTP, or the outbox folder). */
export function createMailSendJob(mailer: Mailer): JobKind<MailPayload> {
  return {
    ...MAIL_SEND,
    async run(payload) {
      await mailer.send(payload);
    },
  };
}

/** Queues a mail; pass the transaction of the change that causes it, if there is one. */
export async function queueMail(
  db: Db,
  message: Omit<MailMessage, "attachments">,
): Promise<number> {
  const payload: MailPayload = {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
  };
  return enqueueJob(db, MAIL_SEND, payload);
}
