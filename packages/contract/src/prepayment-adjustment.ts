import { z } from "zod";
import { PREPAYMENT_ROUNDINGS } from "@nk/engine";
import { calendarDate, formatCalendarDateDe } from "./calendar-dates.ts";
import { formatEuroDe } from "./decimal-text.ts";

// Issue 30, item 2 (decision 1500, docs/calculation/18-fristen.md): § 560 (4) BGB. The letters
// of a run propose the new monthly prepayment (the engine's proposeMonthlyPrepayment), rounded
// as the landlord chose for the run; one action creates it for every tenancy of the run.

export const PREPAYMENT_ROUNDING_LABELS: Record<(typeof PREPAYMENT_ROUNDINGS)[number], string> = {
  euro: "auf volle Euro",
  five_euros: "auf volle 5 Euro",
};

export const PREPAYMENT_ADJUSTMENT_MESSAGES = {
  roundingInvalid: "Bitte wählen Sie „auf volle Euro“, „auf volle 5 Euro“ oder keinen Vorschlag.",
  validFromInvalid: "Bitte geben Sie den Monat an, ab dem die neue Vorauszahlung gilt.",
  validFromNotFirst: "Die neue Vorauszahlung gilt ab dem Ersten eines Monats.",
  noProposal:
    "Für diese Abrechnung ist keine Anpassung der Vorauszahlungen vorgesehen. Wählen Sie zuerst, wie der Vorschlag gerundet wird.",
  onlyFinal: "Vorauszahlungen können nur nach einer finalisierten Abrechnung angepasst werden.",
  notAfterPeriod: (periodEnd: string): string =>
    `Die neue Vorauszahlung kann frühestens ab dem Monat nach dem Abrechnungszeitraum (Ende ${formatCalendarDateDe(periodEnd)}) gelten.`,
  laterPrepayment: (tenantName: string, validFrom: string): string =>
    `Für ${tenantName} ist schon eine Vorauszahlung ab ${formatCalendarDateDe(validFrom)} erfasst. Bitte wählen Sie einen späteren Monat oder passen Sie sie beim Mieter an.`,
  noTenancy: "Keiner der Mieter dieser Abrechnung wohnt ab diesem Monat noch in der Wohnung.",
  applied: (count: number, validFrom: string): string =>
    `${count === 1 ? "1 neue Vorauszahlung" : `${count} neue Vorauszahlungen`} ab ${formatCalendarDateDe(validFrom)} angelegt.`,
  roundingSaved: "Vorschlag für die Vorauszahlungen gespeichert.",
  letterNote: (monthly: string, rounding: (typeof PREPAYMENT_ROUNDINGS)[number]): string =>
    `Nach § 560 Abs. 4 BGB passen wir Ihre monatliche Vorauszahlung an die Kosten dieser Abrechnung an: Ab der nächsten Fälligkeit nach Erhalt dieser Abrechnung beträgt sie ${formatEuroDe(monthly)} (ein Zwölftel Ihrer Kosten für ein Jahr, ${PREPAYMENT_ROUNDING_LABELS[rounding]} gerundet).`,
} as const;

/** The run's choice: rounded to the euro or five euros; null: the letters propose nothing. */
export const prepaymentRoundingSchema = z
  .enum(PREPAYMENT_ROUNDINGS, { error: PREPAYMENT_ADJUSTMENT_MESSAGES.roundingInvalid })
  .nullable();

/** PUT /api/statements/:id/prepayment-rounding */
export const prepaymentRoundingBodySchema = z.object({ rounding: prepaymentRoundingSchema });
export type PrepaymentRoundingBody = z.input<typeof prepaymentRoundingBodySchema>;

/** POST /api/statements/:id/prepayment-adjustment: the first day of the month the new prepayments start. */
export const prepaymentAdjustmentBodySchema = z.object({
  validFrom: calendarDate(PREPAYMENT_ADJUSTMENT_MESSAGES.validFromInvalid).refine(
    (value) => value.endsWith("-01"),
    PREPAYMENT_ADJUSTMENT_MESSAGES.validFromNotFirst,
  ),
});
export type PrepaymentAdjustmentBody = z.input<typeof prepaymentAdjustmentBodySchema>;

export const prepaymentAdjustmentResponseSchema = z.object({
  created: z.array(
    z.object({
      tenantId: z.string(),
      tenantName: z.string(),
      prepaymentId: z.string(),
      monthlyAmount: z.string(),
      validFrom: z.string(),
    }),
  ),
  message: z.string(),
});
export type PrepaymentAdjustmentResponse = z.infer<typeof prepaymentAdjustmentResponseSchema>;

export const prepaymentRoundingResponseSchema = z.object({
  rounding: prepaymentRoundingSchema,
  message: z.string(),
});
export type PrepaymentRoundingResponse = z.infer<typeof prepaymentRoundingResponseSchema>;
