import { z } from "zod";
import {
  calendarDate,
  formatCalendarDateDe,
  getNextCalendarDay,
  isCalendarDate,
} from "../calendar-dates.ts";
import { requiredUuidField } from "../ids.ts";

// Billing periods (Abrechnungszeiträume, docs/glossary.md) of a property: docs/rules/master-data.md#entities
// 'billing period'; docs/rules/statements.md#statement-entities (name 'Abrechnung {start} - {end}').

export const BILLING_PERIOD_MESSAGES = {
  propertyRequired: "Bitte wählen Sie eine Immobilie aus.",
  propertyNotFound: "Immobilie nicht gefunden",
  startRequired: "Bitte geben Sie den Beginn des Abrechnungszeitraums an.",
  endRequired: "Bitte geben Sie das Ende des Abrechnungszeitraums an.",
  invalidDate: "Bitte geben Sie ein gültiges Datum ein.",
  endBeforeStart: "Das Ende des Abrechnungszeitraums muss nach dem Beginn liegen.",
  longerThanYear: "Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).",
  notFound: "Abrechnungsperiode nicht gefunden",
  created: "Abrechnungsperiode erfolgreich angelegt!",
  deleted: "Abrechnungsperiode erfolgreich gelöscht!",
  hasStatements:
    "Abrechnungsperiode kann nicht gelöscht werden: Es existieren bereits Abrechnungen",
  none: "Keine Abrechnungsperioden vorhanden",
} as const;

/** 'Für diese Immobilie gibt es bereits die Abrechnungsperiode 01.01.2024 - 31.12.2024.' */
export function buildDuplicateBillingPeriodMessage(start: string, end: string): string {
  return `Für diese Immobilie gibt es bereits die Abrechnungsperiode ${formatCalendarDateDe(start)} - ${formatCalendarDateDe(end)}.`;
}

/** docs/rules/statements.md#statement-entities: the name pattern 'Abrechnung {start} - {end}' with de-DE dates. */
export function buildBillingPeriodName(start: string, end: string): string {
  return `Abrechnung ${formatCalendarDateDe(start)} - ${formatCalendarDateDe(end)}`;
}

/**
 * The last day a billing period starting on `start` may end on: one year later minus a day.
 * § 556 Abs. 3 BGB: operating costs are settled yearly, so a period never exceeds 12 months.
 */
export function getLatestBillingPeriodEnd(start: string): string {
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y + 1, m - 1, d) - 86_400_000);
  // Start on 29 Feb: Date.UTC rolls 29 Feb of a common year over to 1 Mar; the day before is 28 Feb.
  return end.toISOString().slice(0, 10);
}

/**
 * Issue 27: the dates a new billing period of a property starts with. After the property's
 * newest period comes the next twelve months (a landlord settles year after year, and the
 * same dates again would be refused as a duplicate); without any, the previous calendar year,
 * the period whose statement is due now (§ 556 Abs. 3 BGB: within twelve months of its end).
 */
export function suggestBillingPeriod(
  periods: readonly { billingPeriodStart: string; billingPeriodEnd: string }[],
  today: string,
): { start: string; end: string } {
  const newest = [...periods].sort((a, b) =>
    b.billingPeriodEnd.localeCompare(a.billingPeriodEnd),
  )[0];
  if (newest) {
    const start = getNextCalendarDay(newest.billingPeriodEnd);
    return { start, end: getLatestBillingPeriodEnd(start) };
  }
  const previousYear = Number(today.slice(0, 4)) - 1;
  return { start: `${previousYear}-01-01`, end: `${previousYear}-12-31` };
}

const requiredDate = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .pipe(calendarDate(BILLING_PERIOD_MESSAGES.invalidDate));

export const createBillingPeriodBodySchema = z
  .object({
    propertyId: requiredUuidField(BILLING_PERIOD_MESSAGES.propertyRequired),
    billingPeriodStart: requiredDate(BILLING_PERIOD_MESSAGES.startRequired),
    billingPeriodEnd: requiredDate(BILLING_PERIOD_MESSAGES.endRequired),
  })
  .superRefine((body, ctx) => {
    // Zod runs this even when a date failed above; compare only real dates.
    if (!isCalendarDate(body.billingPeriodStart) || !isCalendarDate(body.billingPeriodEnd)) return;
    if (body.billingPeriodEnd <= body.billingPeriodStart) {
      ctx.addIssue({
        code: "custom",
        path: ["billingPeriodEnd"],
        message: BILLING_PERIOD_MESSAGES.endBeforeStart,
      });
    } else if (body.billingPeriodEnd > getLatestBillingPeriodEnd(body.billingPeriodStart)) {
      ctx.addIssue({
        code: "custom",
        path: ["billingPeriodEnd"],
        message: BILLING_PERIOD_MESSAGES.longerThanYear,
      });
    }
  });
export type CreateBillingPeriodBody = z.input<typeof createBillingPeriodBodySchema>;

export const listBillingPeriodsQuerySchema = z.object({
  propertyId: z.string().optional(),
});

export const billingPeriodSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  name: z.string(),
  billingPeriodStart: z.string(),
  billingPeriodEnd: z.string(),
  /** 'In Bearbeitung' until a statement run finishes it (counts as a pending statement). */
  status: z.string(),
  isFinal: z.boolean(),
  readingCount: z.number().int(),
  /** A statement run is saved for it: saving again counts no new 'Abrechnung' against the plan (docs/rules/statements.md#saved-runs). */
  hasStatementRun: z.boolean(),
  createdAt: z.string(),
});
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

/** GET /api/billing-periods/:id: the period and the readings entered for it, one per meter at most. */
export const billingPeriodDetailSchema = billingPeriodSchema.extend({
  readings: z.array(
    z.object({
      id: z.string(),
      meterId: z.string(),
      readingValue: z.string(),
      readingDate: z.string(),
    }),
  ),
});
export type BillingPeriodDetail = z.infer<typeof billingPeriodDetailSchema>;
