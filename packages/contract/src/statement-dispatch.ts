import { z } from "zod";
import { calendarDate, formatCalendarDateDe } from "./calendar-dates.ts";
import { formatEuroDe } from "./decimal-text.ts";

// Issue 24, items 1 and 14 (decisions 1060, 1061 and 1063): letters are dated by their dispatch, the
// § 556 (3) BGB deadline decides whether a back-payment may still be claimed, and a letter to a
// tenant who moved out goes to the forwarding address, with a warning before it goes to the
// old flat.

export const DISPATCH_MESSAGES = {
  deadlineTitle: "Abrechnungsfrist (§ 556 Abs. 3 BGB)",
  /** Before finalizing and on the run's page. */
  deadline: (deadline: string): string =>
    `Die Abrechnung muss Ihren Mietern spätestens am ${formatCalendarDateDe(deadline)} zugehen (zwölf Monate nach Ende des Abrechnungszeitraums). Maßgeblich ist der Zugang, nicht das Absenden: Planen Sie bei Postversand einige Tage ein.`,
  deadlinePassed: (deadline: string): string =>
    `Die Abrechnungsfrist ist am ${formatCalendarDateDe(deadline)} abgelaufen. Nachzahlungen können Sie nicht mehr verlangen, es sei denn, Sie haben die Verspätung nicht zu vertreten (§ 556 Abs. 3 Satz 3 BGB). Ohne eine solche Begründung enthalten die Briefe keine Zahlungsaufforderung und keinen GiroCode für Nachzahlungen; Guthaben werden immer ausgezahlt.`,
  excuseLabel: "Warum haben Sie die Verspätung nicht zu vertreten?",
  excuseHint:
    "Zum Beispiel: Der Versorger hat die Jahresrechnung erst am 15.01.2026 gestellt. Die Begründung wird in den Briefen abgedruckt. Lassen Sie das Feld leer, wenn es keinen solchen Grund gibt.",
  excuseTooShort:
    "Bitte begründen Sie in mindestens 10 Zeichen, warum Sie die Verspätung nicht zu vertreten haben.",
  excuseTooLong: "Die Begründung darf höchstens 1.000 Zeichen lang sein.",
  excuseSaved: "Begründung gespeichert.",
  excuseRemoved: "Begründung entfernt.",
  /** The run's page, per letter. */
  barred: (amount: string): string =>
    `Nachzahlung von ${formatEuroDe(amount)} kann nicht mehr verlangt werden (Frist abgelaufen).`,
  /** Item 14. */
  oldFlat: (tenantName: string, moveOutDate: string): string =>
    `${tenantName} ist am ${formatCalendarDateDe(moveOutDate)} ausgezogen, und es ist keine neue Anschrift hinterlegt: Der Brief ginge an die alte Wohnung und erreicht den Mieter dort wahrscheinlich nicht. Bitte tragen Sie die neue Anschrift beim Mieter ein oder bestätigen Sie den Versand an die alte Wohnung.`,
  oldFlatShort: "Ausgezogen – Brief ginge an die alte Wohnung",
  postedOnInvalid: "Bitte geben Sie ein gültiges Versanddatum ein.",
  postedOnFuture: "Das Versanddatum darf nicht in der Zukunft liegen.",
  postedOnBeforeFinal: (finalizedOn: string): string =>
    `Das Versanddatum darf nicht vor der Finalisierung (${formatCalendarDateDe(finalizedOn)}) liegen.`,
} as const;

/** The reason why a late statement is not the landlord's fault; null removes it. */
export const lateExcuseSchema = z
  .string({ error: DISPATCH_MESSAGES.excuseTooShort })
  .trim()
  .max(1000, DISPATCH_MESSAGES.excuseTooLong)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || value.length >= 10, DISPATCH_MESSAGES.excuseTooShort);

/** PUT /api/statements/:id/late-excuse */
export const lateExcuseBodySchema = z.object({ reason: lateExcuseSchema });
export type LateExcuseBody = z.input<typeof lateExcuseBodySchema>;

/** POST /api/tenant-statements/:id/mark-posted: the day it was posted (default today) and the confirmation to post to the old flat. */
export const markPostedBodySchema = z
  .object({
    postedOn: calendarDate(DISPATCH_MESSAGES.postedOnInvalid).optional(),
    confirmOldAddress: z.boolean().optional(),
  })
  .default({});
export type MarkPostedBody = z.input<typeof markPostedBodySchema>;

const postalAddressSchema = z.object({
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
});
export type PostalAddressValue = z.infer<typeof postalAddressSchema>;

/** GET /api/statements/:id/dispatch: the deadline, the late reason and where each letter goes and what it asks for. */
export const runDispatchSchema = z.object({
  deadline: z.string(),
  /** Today in Germany lies after the deadline. */
  isPastDeadline: z.boolean(),
  lateExcuse: z.string().nullable(),
  /** Issue 30: how the letters' proposed prepayment is rounded (§ 560 (4) BGB); null: no proposal. */
  prepaymentRounding: z.enum(["euro", "five_euros"]).nullable(),
  letters: z.array(
    z.object({
      statementId: z.string(),
      tenantName: z.string(),
      /** Where the letter goes (as dispatched, or today). */
      recipient: postalAddressSchema,
      /** Moved out and the letter would go to the old flat (not for a letter already dispatched). */
      isOldFlat: z.boolean(),
      moveOutDate: z.string().nullable(),
      dispatchedOn: z.string().nullable(),
      dispatchChannel: z.enum(["email", "post"]).nullable(),
      /** What the letter asks for or pays out, dated as dispatched or today (the engine's settlement). */
      settlement: z.object({
        kind: z.enum(["demand", "payout", "none"]),
        amount: z.string(),
        barred: z.string(),
      }),
      /** A correction compared with the tenant's previous letter. */
      isCorrection: z.boolean(),
      /** Issue 30: the new monthly prepayment the letter proposes (the engine's figure); null: none. */
      proposedPrepayment: z.string().nullable(),
    }),
  ),
});
export type RunDispatch = z.infer<typeof runDispatchSchema>;

/** PUT /api/statements/:id/late-excuse answer. */
export const lateExcuseResponseSchema = z.object({
  lateExcuse: z.string().nullable(),
  message: z.string(),
});
export type LateExcuseResponse = z.infer<typeof lateExcuseResponseSchema>;
