import { CONTACT_MESSAGES, type contactRequestBodySchema } from "@nk/contract";
import type { z } from "zod";
import type { Config } from "../../config/env.ts";
import type { Db } from "../../db/database.ts";
import { queueMail } from "../../mail/mail-job.ts";
import { buildContactRequestMail } from "../../mail/templates/contact-request-mail.ts";
import { assertWithinRateLimit } from "../../rate-limit/fixed-window-limit.ts";
import { insertContactRequest } from "./contact-queries.ts";

type ContactRequest = z.output<typeof contactRequestBodySchema>;

/** Per sender address 3 requests an hour, per client address 10: enough for people, not for a script. */
const PER_EMAIL = { windowSeconds: 3600, max: 3, message: CONTACT_MESSAGES.rateLimited };
const PER_ADDRESS = { windowSeconds: 3600, max: 10, message: CONTACT_MESSAGES.rateLimited };

/** The operator's address (OPERATOR_EMAIL), else the sender address of the installation's mails. */
function operatorAddress(config: Config): string {
  if (config.operator.email) return config.operator.email;
  const match = /<([^>]+)>/.exec(config.mailFrom);
  return (match?.[1] ?? config.mailFrom).trim();
}

/** Stores the request and queues the mail to the operator in one transaction: both or neither. */
export async function submitContactRequest(
  db: Db,
  config: Config,
  request: ContactRequest,
  clientAddress: string,
): Promise<void> {
  const email = request.email.toLowerCase();
  await assertWithinRateLimit(db, `contact:email:${email}`, PER_EMAIL);
  await assertWithinRateLimit(db, `contact:address:${clientAddress}`, PER_ADDRESS);
  await db.transaction().execute(async (trx) => {
    const id = await insertContactRequest(trx, {
      name: request.name,
      email,
      subject: request.subject,
      message: request.message,
    });
    await queueMail(
      trx,
      buildContactRequestMail({
        to: operatorAddress(config),
        id,
        name: request.name,
        email,
        subject: request.subject,
        message: request.message,
      }),
    );
  });
}
