import type { MailMessage } from "../mailer.ts";
import { escapeHtml } from "../../lib/escape-html.ts";

export interface InvitationMailInput {
  to: string;
  accountName: string;
  inviterName: string;
  roleLabel: string;
  link: string;
  /** German date the link stops working, e.g. "05.12.2026". */
  validUntil: string;
}

export function buildInvitationMail(input: InvitationMailInput): MailMessage {
  const intro = `${input.inviterName} lädt Sie ein, im Konto „${input.accountName}“ bei Nebenkosten mitzuarbeiten (Rolle: ${input.roleLabel}).`;
  const text = [
    "Guten Tag,",
    "",
    intro,
    `Über diesen Link treten Sie bei (gültig bis ${input.validUntil}, nur einmal verwendbar). Sie melden sich an oder registrieren sich mit dieser E-Mail-Adresse:`,
    "",
    input.link,
    "",
    "Wenn Sie niemanden bei Nebenkosten kennen, ignorieren Sie diese E-Mail.",
    "",
    "Ihr Nebenkosten-Team",
  ].join("\n");
  const html = `<p>Guten Tag,</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.link)}">Einladung annehmen</a> (gültig bis ${escapeHtml(input.validUntil)}, nur einmal verwendbar). Sie melden sich an oder registrieren sich mit dieser E-Mail-Adresse.</p>
<p>Wenn Sie niemanden bei Nebenkosten kennen, ignorieren Sie diese E-Mail.</p>
<p>Ihr Nebenkosten-Team</p>`;
  return {
    to: input.to,
    subject: `Einladung in das Konto „${input.accountName}“ – Nebenkosten`,
    text,
    html,
  };
}
