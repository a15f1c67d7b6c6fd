import type { MailMessage } from "../mailer.ts";

/** A contact request from the landing page, to the operator. Plain text: the sender's words as typed. */
export function buildContactRequestMail(request: {
  to: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  id: string;
}): MailMessage {
  const text = [
    `Neue Kontaktanfrage über die Startseite (${request.subject})`,
    "",
    `Name: ${request.name}`,
    `E-Mail: ${request.email}`,
    `Betreff: ${request.subject}`,
    `Anfrage-Nr.: ${request.id}`,
    "",
    "Nachricht:",
    request.message,
  ].join("\n");
  return { to: request.to, subject: `Kontaktanfrage: ${request.subject} – ${request.name}`, text };
}
