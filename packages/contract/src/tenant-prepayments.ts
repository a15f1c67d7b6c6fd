import { z } from "zod";
import { isCalendarDate } from "./calendar-dates.ts";
import {
  DECIMAL_KINDS,
  decimalTextSchema,
  optionalDecimalTextSchema,
  toScaledBigInt,
} from "./decimal-text.ts";

// Tenant prepayments: docs/rules/prepayments.md#prepayment-panel, docs/rules/prepayments.md#prepayment-rules; docs/rules/prepayments.md#prepayment-rules. Amounts are decimal strings and compared in integer cents, never floats.

export const PREPAYMENT_MESSAGES = {
  amountNotPositive: "Vorauszahlungsbetrag muss größer als 0 sein",
  amountFormat: "Ungültiger Betrag (höchstens 2 Nachkommastellen)",
  /** A warning, never blocking. */
  amountUnusuallyHigh: "Vorauszahlungsbetrag erscheint ungewöhnlich hoch (> 10.000 €)",
  invalidStart: "Ungültiges Startdatum",
  invalidEnd: "Ungültiges Enddatum",
  endNotAfterStart: "Enddatum muss nach dem Startdatum liegen",
  overlap: "Vorauszahlung überschneidet sich mit bestehenden Zeiträumen",
  deleteConfirm: "Möchten Sie diese Vorauszahlung wirklich löschen?",
  empty: "Keine Vorauszahlungen hinterlegt",
  tenantNotFound: "Mieter nicht gefunden",
  notFound: "Vorauszahlung nicht gefunden",
  saveFailed: "Fehler beim Speichern",
  created: "Vorauszahlung gespeichert",
  updated: "Vorauszahlung aktualisiert",
  deactivated: "Vorauszahlung gelöscht",
} as const;

/** docs/rules/prepayments.md#prepayment-rules: an open end counts as this date in overlap checks. */
export const PREPAYMENT_OPEN_END = "2099-12-31";
/** docs/rules/prepayments.md#amount: amounts above 10,000 EUR per month are flagged. */
export const PREPAYMENT_WARNING_THRESHOLD_CENTS = 1_000_000;

/** The warnings of a valid amount (docs/rules/prepayments.md#prepayment-rules: above 10,000 EUR warns, never blocks). */
export function listPrepaymentWarnings(monthlyAmount: string): string[] {
  const cents = toScaledBigInt(monthlyAmount, DECIMAL_KINDS.money.maxDecimals);
  return cents !== null && cents > BigInt(PREPAYMENT_WARNING_THRESHOLD_CENTS)
    ? [PREPAYMENT_MESSAGES.amountUnusuallyHigh]
    : [];
}

/** Ranges overlap when each starts on or before the other's (inclusive) end; open end = 2099-12-31. */
export function isPrepaymentOverlapping(
  a: { validFrom: string; validUntil: string | null },
  b: { validFrom: string; validUntil: string | null },
): boolean {
  return (
    a.validFrom <= (b.validUntil ?? PREPAYMENT_OPEN_END) &&
    b.validFrom <= (a.validUntil ?? PREPAYMENT_OPEN_END)
  );
}

/** Euros per month: German comma or point; zero and below are refused (docs/rules/prepayments.md#prepayment-rules). */
const monthlyAmountSchema = decimalTextSchema("money", {
  required: PREPAYMENT_MESSAGES.amountNotPositive,
  notANumber: PREPAYMENT_MESSAGES.amountFormat,
  negative: PREPAYMENT_MESSAGES.amountNotPositive,
  zero: PREPAYMENT_MESSAGES.amountNotPositive,
  tooManyDecimals: PREPAYMENT_MESSAGES.amountFormat,
  tooLarge: PREPAYMENT_MESSAGES.amountFormat,
});

/**
 * Issue 27: the monthly prepayment typed with the tenant (the tenant form, the house grid);
 * optional, valid from the move-in date. The same messages as the prepayment form.
 */
export const optionalMonthlyPrepaymentSchema = optionalDecimalTextSchema("money", {
  required: PREPAYMENT_MESSAGES.amountNotPositive,
  notANumber: PREPAYMENT_MESSAGES.amountFormat,
  negative: PREPAYMENT_MESSAGES.amountNotPositive,
  zero: PREPAYMENT_MESSAGES.amountNotPositive,
  tooManyDecimals: PREPAYMENT_MESSAGES.amountFormat,
  tooLarge: PREPAYMENT_MESSAGES.amountFormat,
});

const validFromSchema = z
  .string({ error: PREPAYMENT_MESSAGES.invalidStart })
  .trim()
  .refine(isCalendarDate, { message: PREPAYMENT_MESSAGES.invalidStart });

const validUntilSchema = z
  .string({ error: PREPAYMENT_MESSAGES.invalidEnd })
  .nullish()
  .transform((v) => v?.trim() || null)
  .refine((v) => v === null || isCalendarDate(v), { message: PREPAYMENT_MESSAGES.invalidEnd });

export const prepaymentFieldsSchema = z.object({
  /** Euros per month as a decimal string ("150.00"); a number is accepted and kept exact as text. */
  monthlyAmount: monthlyAmountSchema,
  validFrom: validFromSchema,
  /** Inclusive last day; empty or null = open end. */
  validUntil: validUntilSchema,
});

type IssueSink = { addIssue(issue: { code: "custom"; path: string[]; message: string }): void };

export function addPrepaymentCrossFieldIssues(
  p: { validFrom?: string; validUntil?: string | null },
  ctx: IssueSink,
): void {
  if (
    p.validFrom &&
    p.validUntil &&
    isCalendarDate(p.validFrom) &&
    isCalendarDate(p.validUntil) &&
    p.validUntil <= p.validFrom
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["validUntil"],
      message: PREPAYMENT_MESSAGES.endNotAfterStart,
    });
  }
}

/** POST /api/tenants/:id/prepayments (and the form). */
export const prepaymentBodySchema = prepaymentFieldsSchema.superRefine((p, ctx) =>
  addPrepaymentCrossFieldIssues(p, ctx),
);
export type PrepaymentBody = z.input<typeof prepaymentBodySchema>;
export type PrepaymentValues = z.output<typeof prepaymentBodySchema>;

/** PATCH /api/prepayments/:id: any subset; the merged prepayment must pass every rule. */
export const updatePrepaymentBodySchema = prepaymentFieldsSchema.partial();
export type UpdatePrepaymentBody = z.input<typeof updatePrepaymentBodySchema>;
export type UpdatePrepaymentFields = z.output<typeof updatePrepaymentBodySchema>;

export const prepaymentSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  /** Decimal string with 2 decimals ("150.00"). */
  monthlyAmount: z.string(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prepayment = z.infer<typeof prepaymentSchema>;

export const prepaymentListResponseSchema = z.array(prepaymentSchema);

/** Answer of a create or update: the row plus non-blocking warnings (e.g. > 10.000 €). */
export const prepaymentWriteResponseSchema = z.object({
  prepayment: prepaymentSchema,
  warnings: z.array(z.string()),
});
export type PrepaymentWriteResponse = z.infer<typeof prepaymentWriteResponseSchema>;
