import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../lib/logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string; outboxFile?: string }>;
}

/**
 * Real mail through SMTP when SMTP_URL is set; otherwise every message is written as a complete
 * .eml file to DATA_DIR/outbox (open it in any mail program).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        // No recipient, no subject: they name people (the contact form's subject names the sender).
        options.logger.info("mail.sent", { messageId: info.messageId });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(
        options.outboxDir,
        `${Date.now()}-${safeTo}-${info.messageId.replace(/[<>@]/g, "").slice(0, 12)}.eml`,
      );
      // Written under a temporary name and renamed: a reader (a backup, a test) never sees half a mail.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      options.logger.info("mail.outbox", { messageId: info.messageId, file: path.basename(file) });
      return { messageId: info.messageId, outboxFile: file };
    },
  };
}
