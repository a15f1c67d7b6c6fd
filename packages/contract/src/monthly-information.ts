import { z } from "zod";
import { calendarDate, formatCalendarDateDe } from "./calendar-dates.ts";
import { requiredUuidField } from "./ids.ts";

// Issue 30, item 2 (decision 1630, docs/rules/heating.md#monthly-information): the monthly
// consumption information of § 6a (1), (2) HeizkV. The engine computes the figures
// (computeMonthlyInformation); the server lists them per tenancy and makes the letter.

export const MONTHLY_INFORMATION_MESSAGES = {
  title: "Monatliche Verbrauchsinformation",
  monthInvalid: "Bitte wählen Sie einen Monat (MM.JJJJ).",
  monthInFuture: "Die Verbrauchsinformation gibt es erst nach dem Ende des Monats.",
  propertyNotFound: "Immobilie nicht gefunden",
  tenantNotFound: "Mieter nicht gefunden oder im gewählten Monat nicht in dieser Immobilie",
  unavailable: "nicht verfügbar",
  unavailableReason: "Für diesen Zeitraum liegen keine Ablesewerte vor.",
  sendNone:
    "Keine Verbrauchsinformation versendet: Kein Mieter dieses Monats hat eine E-Mail-Adresse, oder alle wurden schon informiert.",
  sendQueued: (count: number, month: string): string =>
    count === 1
      ? `1 Verbrauchsinformation für ${formatMonthDe(month)} wird per E-Mail versendet.`
      : `${count} Verbrauchsinformationen für ${formatMonthDe(month)} werden per E-Mail versendet.`,
  mailSubject: (month: string): string =>
    `Ihre monatliche Verbrauchsinformation ${formatMonthDe(month)}`,
  mailText: (tenantName: string, month: string): string =>
    `Guten Tag ${tenantName},\n\nim Anhang finden Sie Ihre monatliche Verbrauchsinformation für ${formatMonthDe(month)} nach § 6a der Heizkostenverordnung: Ihren Verbrauch an Heizung und Warmwasser im Vergleich zum Vormonat, zum Vorjahresmonat und zu einem Durchschnittsnutzer im Haus.\n\nMit freundlichen Grüßen`,
  noTenancies:
    "In diesem Monat wohnt in dieser Immobilie kein Mieter mit Zählern für Heizung oder Warmwasser.",
  // By post (decision 1690): one PDF with the letters of the tenants without an e-mail address.
  printNone:
    "Keine Briefe zu drucken: Alle Mieter dieses Monats haben eine E-Mail-Adresse oder wurden schon informiert.",
  printFileName: (propertyName: string, month: string): string =>
    `Verbrauchsinformation ${formatMonthDe(month)} ${propertyName} Briefe per Post.pdf`,
  postedOnInvalid: "Bitte geben Sie ein gültiges Versanddatum ein.",
  postedOnFuture: "Das Versanddatum darf nicht in der Zukunft liegen.",
  postedOnBeforeMonthEnd: (month: string): string =>
    `Das Versanddatum muss nach dem Ende des Monats ${formatMonthDe(month)} liegen.`,
  tenantIdsRequired: "Bitte wählen Sie mindestens einen Mieter.",
  tenantIdInvalid: "Ungültiger Mieter",
  tenantHasEmail: (tenantName: string): string =>
    `${tenantName} hat eine E-Mail-Adresse und erhält die Verbrauchsinformation per E-Mail.`,
  postedRecorded: (count: number, month: string, postedOn: string): string =>
    count === 1
      ? `1 Verbrauchsinformation für ${formatMonthDe(month)} als am ${formatCalendarDateDe(postedOn)} per Post versendet vermerkt.`
      : `${count} Verbrauchsinformationen für ${formatMonthDe(month)} als am ${formatCalendarDateDe(postedOn)} per Post versendet vermerkt.`,
  postedNone: "Nichts vermerkt: Diese Mieter wurden über diesen Monat schon informiert.",
  autoSendInvalid: "Bitte wählen Sie an oder aus.",
  autoSendOn: "Die Verbrauchsinformation wird jeden Monat automatisch per E-Mail versendet.",
  autoSendOff: "Die Verbrauchsinformation wird nicht mehr automatisch versendet.",
} as const;

const GERMAN_MONTHS = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
] as const;

/** `2026-10` → `Oktober 2026`. */
export function formatMonthDe(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return `${GERMAN_MONTHS[monthNumber - 1]} ${year}`;
}

/** A month as `YYYY-MM` (January 2000 to December 2999). */
export const monthTextSchema = z
  .string({ error: MONTHLY_INFORMATION_MESSAGES.monthInvalid })
  .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, MONTHLY_INFORMATION_MESSAGES.monthInvalid);

export const monthlyInformationQuerySchema = z.object({ month: monthTextSchema });

export const monthlyFigureSchema = z.object({
  meterType: z.string(),
  /** The unit the meter type counts in (kWh, m³, Einheiten). */
  unitLabel: z.string(),
  /** Null: not available (no readings); never 0 for a missing figure. */
  consumption: z.string().nullable(),
  previousMonth: z.string().nullable(),
  sameMonthLastYear: z.string().nullable(),
  averageUser: z.string().nullable(),
  changeToPreviousMonthPercent: z.number().int().nullable(),
  changeToLastYearPercent: z.number().int().nullable(),
});
export type MonthlyFigureView = z.infer<typeof monthlyFigureSchema>;

export const monthlyTenancySchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  unitName: z.string(),
  email: z.string().nullable(),
  /** Every heating and hot-water meter of the unit is remote-readable: § 6a (1) HeizkV asks for the monthly information. */
  isRemoteReadable: z.boolean(),
  /** Moved in or out during the month: the figures are the unit's for the whole month. */
  isPartMonth: z.boolean(),
  /**
   * The month's letter, or null when the tenant was not informed of the month: by e-mail (queued,
   * and sent once the mail server accepted it) or by post (posted on the day the landlord confirmed).
   */
  letter: z
    .object({
      channel: z.enum(["email", "post"]),
      /** The e-mail address; null for a letter by post. */
      recipient: z.string().nullable(),
      postedOn: z.string().nullable(),
      queuedAt: z.string(),
      sentAt: z.string().nullable(),
    })
    .nullable(),
  figures: z.array(monthlyFigureSchema),
});
export type MonthlyTenancy = z.infer<typeof monthlyTenancySchema>;

/** GET /api/properties/:id/monthly-information?month=YYYY-MM */
export const monthlyInformationSchema = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  month: z.string(),
  tenancies: z.array(monthlyTenancySchema),
});
export type MonthlyInformation = z.infer<typeof monthlyInformationSchema>;

/** POST /api/properties/:id/monthly-information/send */
export const monthlyInformationSendBodySchema = z.object({ month: monthTextSchema });
export type MonthlyInformationSendBody = z.input<typeof monthlyInformationSendBodySchema>;

export const monthlyInformationSendResultSchema = z.object({
  /** Tenants whose letter was queued now. */
  queued: z.array(z.string()),
  /** Tenants informed of this month before (nothing sent again). */
  alreadyInformed: z.array(z.string()),
  /** Tenants without an e-mail address: the landlord hands them the letter (PDF) another way. */
  withoutEmail: z.array(z.object({ tenantId: z.string(), tenantName: z.string() })),
  message: z.string(),
});
export type MonthlyInformationSendResult = z.infer<typeof monthlyInformationSendResultSchema>;

/** GET /api/properties/:id/monthly-information/letters: what was sent, the latest month first. */
export const monthlyInformationLettersSchema = z.object({
  letters: z.array(
    z.object({
      month: z.string(),
      tenantId: z.string(),
      tenantName: z.string(),
      channel: z.enum(["email", "post"]),
      recipient: z.string().nullable(),
      postedOn: z.string().nullable(),
      queuedAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type MonthlyInformationLetters = z.infer<typeof monthlyInformationLettersSchema>;

/**
 * POST /api/properties/:id/monthly-information/mark-posted (decision 1690): the landlord confirms
 * that the printed letters of these tenants went out by post on `postedOn`.
 */
export const monthlyInformationMarkPostedBodySchema = z.object({
  month: monthTextSchema,
  tenantIds: z
    .array(requiredUuidField(MONTHLY_INFORMATION_MESSAGES.tenantIdInvalid), {
      error: MONTHLY_INFORMATION_MESSAGES.tenantIdsRequired,
    })
    .min(1, MONTHLY_INFORMATION_MESSAGES.tenantIdsRequired)
    .max(500),
  postedOn: calendarDate(MONTHLY_INFORMATION_MESSAGES.postedOnInvalid),
});
export type MonthlyInformationMarkPostedBody = z.input<
  typeof monthlyInformationMarkPostedBodySchema
>;

export const monthlyInformationMarkPostedResultSchema = z.object({
  /** Tenants recorded as informed by post now. */
  recorded: z.array(z.string()),
  /** Tenants informed of this month before (by e-mail or post): nothing recorded again. */
  alreadyInformed: z.array(z.string()),
  message: z.string(),
});
export type MonthlyInformationMarkPostedResult = z.infer<
  typeof monthlyInformationMarkPostedResultSchema
>;

/** GET/PUT /api/monthly-information/settings (decision 1690): the monthly sending by itself. */
export const monthlyInformationSettingsBodySchema = z.object({
  autoSend: z.boolean({ error: MONTHLY_INFORMATION_MESSAGES.autoSendInvalid }),
});
export type MonthlyInformationSettingsBody = z.input<typeof monthlyInformationSettingsBodySchema>;

export const monthlyInformationSettingsSchema = z.object({
  autoSend: z.boolean(),
  /** From this day of a month the previous month's information goes out (the server's setting). */
  sendDay: z.number().int(),
});
export type MonthlyInformationSettings = z.infer<typeof monthlyInformationSettingsSchema>;
