import { DEADLINE_MESSAGES, formatCalendarDateDe } from "@nk/contract";
import { escapeHtml } from "../../lib/escape-html.ts";
import type { MailMessage } from "../mailer.ts";

// Issue 30 (decision 1500): the reminder before the § 556 (3) BGB deadline. Dates in German
// form; the figures (deadline, days left) come from the engine through the deadline overview.

export interface DeadlineReminderItem {
  propertyName: string;
  periodStart: string;
  periodEnd: string;
  deadline: string;
  daysLeft: number;
  unsentTenants: { name: string; unitName: string }[];
}

export interface DeadlineReminderMailInput {
  to: string;
  /** The periods whose reminder is due now, the nearest deadline first. */
  items: DeadlineReminderItem[];
  /** The deadline overview in the app. */
  link: string;
}

function describePeriod(item: DeadlineReminderItem): string {
  return `${item.propertyName}, Abrechnungszeitraum ${formatCalendarDateDe(item.periodStart)} – ${formatCalendarDateDe(item.periodEnd)}`;
}

function describeDeadline(item: DeadlineReminderItem): string {
  return `Frist: ${formatCalendarDateDe(item.deadline)} (${DEADLINE_MESSAGES.daysLeft(item.daysLeft)})`;
}

function describeTenants(item: DeadlineReminderItem): string {
  return `Noch nicht versendet an: ${item.unsentTenants.map((tenant) => (tenant.unitName ? `${tenant.name} (${tenant.unitName})` : tenant.name)).join(", ")}`;
}

export function buildDeadlineReminderMail(input: DeadlineReminderMailInput): MailMessage {
  const nearest = input.items[0]!;
  const intro =
    input.items.length === 1
      ? "die Frist für die folgende Nebenkostenabrechnung läuft bald ab, und noch nicht alle Mieter haben ihre Abrechnung erhalten:"
      : "die Fristen für die folgenden Nebenkostenabrechnungen laufen bald ab, und noch nicht alle Mieter haben ihre Abrechnung erhalten:";
  const law =
    "Die Abrechnung muss jedem Mieter spätestens zwölf Monate nach Ende des Abrechnungszeitraums zugehen (§ 556 Abs. 3 BGB). Danach können Sie keine Nachzahlung mehr verlangen, es sei denn, Sie haben die Verspätung nicht zu vertreten. Maßgeblich ist der Zugang beim Mieter: Planen Sie bei Postversand einige Tage ein.";
  const text = [
    "Guten Tag,",
    "",
    intro,
    "",
    ...input.items.flatMap((item) => [
      `- ${describePeriod(item)}`,
      `  ${describeDeadline(item)}`,
      `  ${describeTenants(item)}`,
      "",
    ]),
    law,
    "",
    `Zur Fristenübersicht: ${input.link}`,
    "",
    "Diese Erinnerung erhalten Sie, weil Abrechnungs-E-Mails in Ihren Einstellungen eingeschaltet sind.",
    "",
    "Ihr Nebenkosten-Team",
  ].join("\n");
  const list = input.items
    .map(
      (item) =>
        `<li><strong>${escapeHtml(describePeriod(item))}</strong><br>${escapeHtml(describeDeadline(item))}<br>${escapeHtml(describeTenants(item))}</li>`,
    )
    .join("\n");
  const html = `<p>Guten Tag,</p>
<p>${escapeHtml(intro)}</p>
<ul>
${list}
</ul>
<p>${escapeHtml(law)}</p>
<p><a href="${escapeHtml(input.link)}">Zur Fristenübersicht</a></p>
<p>Diese Erinnerung erhalten Sie, weil Abrechnungs-E-Mails in Ihren Einstellungen eingeschaltet sind.</p>
<p>Ihr Nebenkosten-Team</p>`;
  return {
    to: input.to,
    subject: `Abrechnungsfrist am ${formatCalendarDateDe(nearest.deadline)}: Abrechnungen noch nicht versendet – Nebenkosten`,
    text,
    html,
  };
}
