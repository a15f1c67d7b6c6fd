import { z } from "zod";
import { formatCalendarDateDe } from "./calendar-dates.ts";

// Issue 30 (decision 1500): the § 556 (3) BGB deadline of every billing period, which
// tenancies' statements went out (the day as proof of dispatch), and what is at risk in the
// coming 60 days. The engine computes the deadline and the status (describePeriodDeadline).

export const DEADLINE_STATUSES = ["complete", "open", "at_risk", "passed"] as const;

export const DEADLINE_STATUS_LABELS: Record<(typeof DEADLINE_STATUSES)[number], string> = {
  complete: "Alle versendet",
  open: "Offen",
  at_risk: "Frist läuft bald ab",
  passed: "Frist abgelaufen",
};

export const DEADLINE_MESSAGES = {
  title: "Fristen",
  intro:
    "Die Nebenkostenabrechnung muss jedem Mieter spätestens zwölf Monate nach Ende des Abrechnungszeitraums zugehen (§ 556 Abs. 3 BGB). Als Nachweis gilt hier der Tag, an dem der Brief per E-Mail versendet oder als „per Post versendet“ markiert wurde.",
  atRiskTitle: "In den nächsten 60 Tagen",
  noneAtRisk: "In den nächsten 60 Tagen läuft keine Frist mit unversendeten Abrechnungen ab.",
  noPeriods: "Noch keine Abrechnungszeiträume angelegt.",
  daysLeft: (days: number): string =>
    days === 0
      ? "heute"
      : days === 1
        ? "noch 1 Tag"
        : days > 0
          ? `noch ${days} Tage`
          : `seit ${-days} ${-days === 1 ? "Tag" : "Tagen"} abgelaufen`,
  deadlineOn: (deadline: string): string => `Frist: ${formatCalendarDateDe(deadline)}`,
  unsent: (count: number): string =>
    count === 1 ? "1 Abrechnung nicht versendet" : `${count} Abrechnungen nicht versendet`,
  sentBy: { email: "per E-Mail", post: "per Post" } as Record<"email" | "post", string>,
  late: "nach Fristablauf",
  // Issue 30, item 1 (decision 1630): § 5 HeizkV remote reading.
  retrofitTitle: "Fernablesbare Zähler (§ 5 HeizkV)",
  retrofitIntro:
    "Zähler und Heizkostenverteiler für Heizung und Warmwasser, die seit dem 01.12.2021 eingebaut wurden, müssen fernablesbar sein; ältere müssen bis zum 31.12.2026 nachgerüstet werden. Fehlt die Fernablesbarkeit, dürfen Mieter ihren Anteil an den Heizkosten um 3 % kürzen (§ 12 Abs. 1 HeizkV).",
  noRetrofits: "Alle Zähler für Heizung und Warmwasser sind fernablesbar.",
  retrofitBy: (deadline: string): string => `nachrüsten bis ${formatCalendarDateDe(deadline)}`,
  retrofitMissing: (requiredFrom: string): string =>
    `fehlt seit ${formatCalendarDateDe(requiredFrom)}`,
  meterCount: (count: number): string => (count === 1 ? "1 Zähler" : `${count} Zähler`),
} as const;

export const meterRetrofitSchema = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  /** The last day to retrofit (31.12.2026, or the installation day of a device installed since 01.12.2021). */
  deadline: z.string(),
  /** The first day the meters lack what the regulation requires. */
  requiredFrom: z.string(),
  daysLeft: z.number().int(),
  /** `retrofit_due`: the deadline is still ahead; `missing`: the duty is not met. */
  status: z.enum(["retrofit_due", "missing"]),
  meters: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      meterType: z.string(),
      unitName: z.string().nullable(),
      installedOn: z.string().nullable(),
    }),
  ),
});
export type MeterRetrofit = z.infer<typeof meterRetrofitSchema>;

const dispatchChannelSchema = z.enum(["email", "post"]);

export const deadlineTenancySchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  unitName: z.string(),
  /** The tenant's statement of the latest finalized run of the period, if there is one. */
  statementId: z.string().nullable(),
  /** The day the tenancy's first letter for the period went out (proof of dispatch); null: not sent. */
  dispatchedOn: z.string().nullable(),
  dispatchChannel: dispatchChannelSchema.nullable(),
  /** Dispatched after the deadline. */
  isLate: z.boolean(),
});
export type DeadlineTenancy = z.infer<typeof deadlineTenancySchema>;

export const deadlinePeriodSchema = z.object({
  billingPeriodId: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** § 556 (3) Satz 2 BGB. */
  deadline: z.string(),
  /** 0 on the deadline, negative once passed. */
  daysLeft: z.number().int(),
  status: z.enum(DEADLINE_STATUSES),
  /** The latest finalized run of the period, for the link to its letters. */
  runId: z.string().nullable(),
  sentCount: z.number().int(),
  unsentCount: z.number().int(),
  tenancies: z.array(deadlineTenancySchema),
});
export type DeadlinePeriod = z.infer<typeof deadlinePeriodSchema>;

/** GET /api/deadlines */
export const deadlineOverviewSchema = z.object({
  /** The day the overview was computed for (today in Germany). */
  today: z.string(),
  riskWindowDays: z.number().int(),
  /** Every billing period of the account, the latest deadline first. */
  periods: z.array(deadlinePeriodSchema),
  /** The ids of the periods at risk (deadline within `riskWindowDays`, statements not sent), nearest first. */
  atRiskIds: z.array(z.string()),
  /** Issue 30: heating and hot-water meters that lack remote reading, by property and deadline, the nearest first. */
  meterRetrofits: z.array(meterRetrofitSchema),
});
export type DeadlineOverview = z.infer<typeof deadlineOverviewSchema>;
