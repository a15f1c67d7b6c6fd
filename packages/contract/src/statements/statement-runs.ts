import { z } from "zod";
import { METER_KINDS, type StatementInput, type StatementResult } from "@nk/engine";
import { STATEMENT_MESSAGES as M, STATEMENT_STATUSES } from "./statement-messages.ts";
import { statementCalculationFields } from "./cost-items.ts";
import { statementAnalysisSchema } from "./statement-analysis.ts";
import { lateExcuseSchema } from "../statement-dispatch.ts";
import { prepaymentRoundingSchema } from "../prepayment-adjustment.ts";

// Preview, save and read of a statement run (issue 11; docs/rules/statement-inputs.md#assembly, docs/rules/statements.md#saved-runs). engineInput and
// result are the calculation contract v1.1 documents themselves (docs/decisions/0400-calculation-contract-v1-1.md);
// their schemas here only describe them for the API document, the types are the engine's.

/** POST /api/statements/preview. */
export const statementPreviewBodySchema = z.object(statementCalculationFields);
export type StatementPreviewBody = z.input<typeof statementPreviewBodySchema>;

/** POST /api/statements: the same plus finalize (docs/rules/statements.md#saved-runs: a finalized run never changes). */
export const statementSaveBodySchema = z.object({
  ...statementCalculationFields,
  finalize: z.boolean({ error: M.finalizeRequired }),
  /**
   * Issue 24: § 556 (3) Satz 3 BGB: why a statement after the deadline is not the landlord's
   * fault; kept on the run and printed (absent: unchanged; null: removed).
   */
  lateExcuse: lateExcuseSchema.optional(),
  /** Issue 30: § 560 (4) BGB, how the letters' proposed prepayment is rounded (absent: unchanged; null: no proposal). */
  prepaymentRounding: prepaymentRoundingSchema.optional(),
});
export type StatementSaveBody = z.input<typeof statementSaveBodySchema>;

/** Where a start or end value of a meter came from (docs/rules/statement-inputs.md#assembly). */
export const READING_SOURCES = [
  "billingPeriod",
  "previousBillingPeriod",
  "beforePeriod",
  "firstInPeriod",
  "latestInPeriod",
] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];

export const READING_SOURCE_LABELS: Record<ReadingSource, string> = {
  billingPeriod: "für diese Abrechnungsperiode erfasst",
  previousBillingPeriod: "Endstand der vorigen Abrechnungsperiode",
  beforePeriod: "letzter Stand vor dem Zeitraum",
  firstInPeriod: "erster Stand (Zähler im Zeitraum eingebaut)",
  latestInPeriod: "letzter Stand im Zeitraum",
};

const readingUsedSchema = z.object({
  readingId: z.string(),
  date: z.string(),
  value: z.string(),
  source: z.enum(READING_SOURCES),
});
export type ReadingUsed = z.infer<typeof readingUsedSchema>;

/** One meter of the property and how its readings were used. */
export const meterConsumptionSchema = z.object({
  meterId: z.string(),
  label: z.string(),
  meterType: z.string(),
  /** The consumption series it feeds; null for a meter type that feeds none. */
  meter: z.enum(METER_KINDS).nullable(),
  /** null: a common-area (main) meter, used only for the plausibility check. */
  unitId: z.string().nullable(),
  unitName: z.string().nullable(),
  /** Heizkostenverteiler count from zero each period: the end value is the consumption. */
  isCumulative: z.boolean(),
  start: readingUsedSchema.nullable(),
  end: readingUsedSchema.nullable(),
  /** Decimal text; null while the end value is missing. */
  consumption: z.string().nullable(),
  /** § 9b HeizkV: readings on a tenancy or vacancy boundary (move-out, move-in, end of vacancy). */
  intermediate: z.array(
    z.object({ tenantId: z.string(), reading: readingUsedSchema, consumption: z.string() }),
  ),
  status: z.enum(["ok", "missingEnd"]),
});
export type MeterConsumption = z.infer<typeof meterConsumptionSchema>;

/** The value per unit (or tenancy) and meter kind given to the engine. */
export const consumptionValueSchema = z.object({
  unitId: z.string(),
  /** Set for a tenancy's own consumption from an intermediate reading (runs saved before issue 24). */
  tenancyId: z.string().nullable(),
  meter: z.enum(METER_KINDS),
  value: z.string(),
  source: z.enum(["readings", "manual"]),
  /** Manual values: the user's reason; printed as 'geschätzt (§ 9a HeizkV)'. */
  reason: z.string().nullable(),
});
export type ConsumptionValue = z.infer<typeof consumptionValueSchema>;

export const missingReadingSchema = z.object({
  meterId: z.string(),
  label: z.string(),
  meterType: z.string(),
  meter: z.enum(METER_KINDS),
  unitId: z.string(),
  unitName: z.string(),
  message: z.string(),
  /** A cost item uses this meter kind: without a manual value the calculation is blocked. */
  isBlocking: z.boolean(),
});
export type MissingReading = z.infer<typeof missingReadingSchema>;

export const statementConsumptionSchema = z.object({
  values: z.array(consumptionValueSchema),
  meters: z.array(meterConsumptionSchema),
  missing: z.array(missingReadingSchema),
});
export type StatementConsumption = z.infer<typeof statementConsumptionSchema>;

/** A rate-based item's cost as the engine computed it from the tariff. */
export const rateCostSchema = z.object({
  itemIndex: z.number().int(),
  rateId: z.string(),
  rateName: z.string(),
  consumption: z.string(),
  totalCosts: z.string(),
  consumptionCosts: z.string(),
  baseCosts: z.string(),
  calculationMethod: z.string(),
  effectiveUnitPrice: z.string(),
  warnings: z.array(z.string()),
});
export type RateCost = z.infer<typeof rateCostSchema>;

const engineDocument = (description: string) =>
  z.record(z.string(), z.unknown()).describe(description);

export const statementPreviewSchema = z.object({
  engineInput: engineDocument("Die Eingabe der Berechnung (Berechnungsvertrag v1.1)"),
  result: engineDocument("Das Ergebnis der Berechnung (Berechnungsvertrag v1.1)"),
  warnings: z.array(z.string()),
  consumption: statementConsumptionSchema,
  rateCosts: z.array(rateCostSchema),
  /** Issue 17: null when the plan lacks verbrauchsanalyse. */
  analysis: statementAnalysisSchema.nullable(),
});
/** The answer's real types: the engine's documents. */
export type StatementPreview = Omit<
  z.infer<typeof statementPreviewSchema>,
  "engineInput" | "result"
> & {
  engineInput: StatementInput;
  result: StatementResult;
};

export const tenantStatementSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  unitId: z.string().nullable(),
  tenantName: z.string(),
  unitName: z.string(),
  from: z.string(),
  to: z.string(),
  total: z.string(),
  prepayments: z.string(),
  balance: z.string(),
  status: z.enum(STATEMENT_STATUSES),
  /** When the letter was sent by e-mail or marked 'per Post versendet' (ISO time), else null. */
  sentAt: z.string().nullable(),
});
export type TenantStatement = z.infer<typeof tenantStatementSchema>;

/** POST /api/statements answer (201). */
export const statementSaveResultSchema = z.object({
  id: z.string(),
  billingPeriodId: z.string(),
  version: z.number().int(),
  isFinal: z.boolean(),
  statements: z.array(tenantStatementSchema),
});
export type StatementSaveResult = z.infer<typeof statementSaveResultSchema>;

/** GET /api/statements/:id: the saved run with its snapshot (docs/rules/statements.md#saved-runs). */
export const statementRunSchema = statementSaveResultSchema.extend({
  propertyId: z.string(),
  propertyName: z.string(),
  name: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  engineVersion: z.string(),
  calculatedAt: z.string(),
  finalizedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  totalCosts: z.string(),
  engineInput: engineDocument("Die gespeicherte Eingabe der Berechnung"),
  result: engineDocument("Das gespeicherte Ergebnis der Berechnung"),
  consumption: statementConsumptionSchema,
  rateCosts: z.array(rateCostSchema),
  warnings: z.array(z.string()),
  /** Issue 17: as calculated when saved; null for runs saved before it or without the plan feature. */
  analysis: statementAnalysisSchema.nullable(),
});
export type StatementRun = Omit<z.infer<typeof statementRunSchema>, "engineInput" | "result"> & {
  engineInput: StatementInput;
  result: StatementResult;
};
