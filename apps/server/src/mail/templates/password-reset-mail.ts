import type { MailMessage } from "../mailer.ts";
import { escapeHtml } from "../../lib/escape-html.ts";

export function buildPasswordResetMail({
  to,
  name,
  link,
}: {
  to: string;
  name: string;
  link: string;
}): MailMessage {
  const greeting = name ? `Hallo ${name},` : "Hallo,";
  const text = [
    greeting,
    "",
    "Sie haben angefordert, Ihr Passwort für Nebenkosten zurückzusetzen.",
    "Über diesen Link legen Sie ein neues Passwort fest (gültig für 60 Minuten, nur einmal verwendbar):",
    "",
    link,
    "",
    "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.",
    "",
    "Ihr Nebenkosten-Team",
  ].join("\n");
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Sie haben angefordert, Ihr Passwort für Nebenkosten zurückzusetzen.</p>
<p><a href="${escapeHtml(link)}">Neues Passwort festlegen</a> (gültig für 60 Minuten, nur einmal verwendbar)</p>
<p>Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.</p>
<p>Ihr Nebenkosten-Team</p>`;
  return { to, subject: "Passwort zurücksetzen – Nebenkosten", text, html };
}
