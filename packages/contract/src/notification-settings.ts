import { z } from "zod";

// Settings 'notifications': three e-mail toggles, saved on the server (docs/rules/accounts-and-plans.md#account-data).
export const notificationSettingsSchema = z.object({
  emailBilling: z.boolean({ error: "Bitte wählen Sie an oder aus." }),
  emailSystem: z.boolean({ error: "Bitte wählen Sie an oder aus." }),
  emailMarketing: z.boolean({ error: "Bitte wählen Sie an oder aus." }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** docs/rules/master-data.md#screens: billing and system mails on, marketing off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  emailBilling: true,
  emailSystem: true,
  emailMarketing: false,
};

export const NOTIFICATION_LABELS: Record<
  keyof NotificationSettings,
  { label: string; hint: string }
> = {
  emailBilling: {
    label: "Abrechnungs-E-Mails",
    hint: "Rechnungen, Zahlungen und Änderungen Ihres Abonnements; Erinnerungen 90, 30 und 7 Tage vor Ablauf einer Abrechnungsfrist (§ 556 Abs. 3 BGB)",
  },
  emailSystem: {
    label: "System-E-Mails",
    hint: "Sicherheitshinweise, Wartungsarbeiten und wichtige Änderungen",
  },
  emailMarketing: { label: "Marketing-E-Mails", hint: "Neuigkeiten, Tipps und Angebote" },
};
