import { z } from "zod";
import {
  completeStoredResult,
  DISTRIBUTION_KEYS,
  EFFICIENCY_CLASSES,
  expandCompactResult,
  isCompactResult,
  ITEM_METERS,
  TAX_CATEGORIES,
  validateStatementInputShape,
  type StatementInput,
  type StatementResult,
  type StoredStatementResult,
} from "@nk/engine";

// Issue 25 (decision 1042): a saved run (docs/rules/statements.md#saved-runs: the engine's exact input and output) is
// read through this one versioned schema, never cast. It accepts every shape the engine has
// stored (contract v1.0 without labour shares, before decision 0403 with `parts` on every
// allocation, v1.1, v1.2 with `letters`, v1.4 with the key and basis "direct", v1.5 with its
// quantities as decimal text, decision 1640, v1.6 stored compactly, decision 1730: expanded
// by the engine to the result it calculated before it is checked) and keeps every
// field as stored (loose objects: a field the schema does not name passes unchanged), so an
// old run renders exactly as it was
// calculated. The engine then completes an older shape (positions, item indexes, letter
// figures from the stored shares); it never recalculates a stored run.

const money = z.string().regex(/^-?\d{1,13}(\.\d{1,2})?$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const exact = z.string();
const key = z.enum(DISTRIBUTION_KEYS);

const part = z.looseObject({
  basis: z.enum(["area", "persons", "units", "consumption", "direct"]),
  percent: z.number(),
  quantity: z.number(),
  timeWeight: z.number().nullable(),
  weight: z.number(),
  totalWeight: z.number(),
  exactAmount: exact,
});

const allocation = z.looseObject({
  costType: z.string(),
  amount: money,
  key,
  exactAmount: exact,
  item: z.number().int().min(0).optional(),
  laborCosts: money.optional(),
  heizkvReduction: money.optional(),
  /** Issue 30: 15 or 3; older runs only knew the 15 % cut. */
  heizkvReductionPercent: z.number().int().optional(),
  amountBeforeReduction: money.optional(),
  /** Before decision 0403. */
  parts: z.array(part).optional(),
});

const lineFields = {
  position: z.number().int().min(0).optional(),
  unitId: z.string(),
  from: date,
  to: date,
  days: z.number().int(),
  degreeDayPerMille: z.number(),
  allocations: z.array(allocation),
  total: money,
};

const tenancy = z.looseObject({
  ...lineFields,
  tenancyId: z.string(),
  persons: z.number(),
  prepayments: money,
  balance: money,
  /** Contract v1.1. */
  taxDeductible: z.looseObject({ householdServices: money, craftsmen: money }).optional(),
});

const item = z.looseObject({
  costType: z.string(),
  amount: money,
  distributed: money,
  landlord: money,
  key,
  vacancy: money,
  co2LandlordShare: money,
  consumptionShare: z.number().nullable(),
  meter: z.enum(ITEM_METERS).nullable(),
  laborCosts: money.optional(),
  taxCategory: z.enum(TAX_CATEGORIES).optional(),
  heizkvReduction: money.optional(),
  heizkvReductionPercent: z.number().int().optional(),
  allocableUntil: date.optional(),
  nonAllocable: money.optional(),
});

const co2 = z.looseObject({
  emissionsKg: z.string().nullable(),
  kgPerM2: z.string().nullable(),
  stage: z.number(),
  class: z.enum(EFFICIENCY_CLASSES),
  tenantPercent: z.number(),
  landlordPercent: z.number(),
  source: z.enum(["supplier", "computed", "efficiencyClass", "default"]),
  cost: money.nullable(),
  tenantCost: money.nullable(),
  landlordCost: money.nullable(),
  pricePerTonne: z.string().nullable(),
  stageLimitFactor: z.string(),
  area: z.number(),
});

const basis = z.looseObject({
  series: z.array(
    z.looseObject({
      basis: z.enum(["area", "persons", "units", "consumption", "direct"]),
      quantities: z.array(z.number()),
      timeWeights: z.array(z.number()).nullable(),
      weights: z.array(z.number()),
    }),
  ),
  items: z.array(
    z.looseObject({
      parts: z.array(
        z.looseObject({
          basis: z.enum(["area", "persons", "units", "consumption", "direct"]),
          percent: z.number(),
          series: z.number().int().min(0),
          totalWeight: z.number(),
          exactAmounts: z.array(exact.nullable()).nullable(),
        }),
      ),
    }),
  ),
});

const prepaymentRun = z.looseObject({
  months: z.array(z.string().regex(/^\d{4}-\d{2}$/)),
  days: z.number().int().nullable(),
  daysInMonth: z.number().int().nullable(),
  monthly: money,
  amount: money,
});

/** Contract v1.2: the letter figures (decision 1040). */
const letters = z.looseObject({
  version: z.literal("1.2"),
  periodDays: z.number().int(),
  items: z.array(
    z.looseObject({
      partPercents: z.array(z.number()),
      partBases: z.array(money),
      tenants: money,
      partAmounts: z.array(z.array(money.nullable())).nullable(),
    }),
  ),
  tenancies: z.array(
    z.looseObject({
      tenancyId: z.string(),
      co2: z.looseObject({ tenantCost: money, landlordShare: money }).nullable(),
      prepaymentRuns: z.array(prepaymentRun),
      heating: z.looseObject({ consumption: z.string(), perM2: z.string().nullable() }).nullable(),
    }),
  ),
  buildingHeatingPerM2: z.string().nullable(),
  totals: z.looseObject({
    co2LandlordShare: money,
    vacancy: money,
    landlord: money,
    tenants: money,
    heizkvReduction: money,
    nonAllocable: money,
  }),
});

/** A stored result of any contract version (v1.0 to v1.5; v1.5 changed only the input). */
const fullStoredResultSchema = z.looseObject({
  period: z.looseObject({ start: date, end: date }),
  totalCosts: money,
  items: z.array(item),
  tenancies: z.array(tenancy),
  vacancy: z.array(z.looseObject(lineFields)),
  co2: co2.nullable(),
  warnings: z.array(z.string()),
  notes: z.array(z.string()).optional(),
  basis: basis.nullable().optional(),
  letters: letters.nullable().optional(),
});

/**
 * A stored result of any contract version: v1.6 is stored compactly (decision 1730) and read
 * back as the engine calculated it; every earlier version as it is.
 */
export const storedStatementResultSchema: z.ZodType<StoredStatementResult> = z.preprocess(
  (value, context) => {
    if (!isCompactResult(value)) return value;
    try {
      return expandCompactResult(value);
    } catch (error) {
      context.addIssue({
        code: "custom",
        message: `kompaktes Ergebnis (v1.6) unlesbar: ${error instanceof Error ? error.message : String(error)}`,
      });
      return z.NEVER;
    }
  },
  fullStoredResultSchema,
) as z.ZodType<StoredStatementResult>;

/**
 * A stored input: the engine's own shape check (contract v1.0 to v1.5), the one definition of a
 * valid input. It reads quantities as JSON numbers (v1.0 to v1.4) and as decimal text (v1.5)
 * and returns them as stored.
 */
export const storedStatementInputSchema: z.ZodType<StatementInput> = z
  .unknown()
  .transform((value, context) => {
    const shape = validateStatementInputShape(value);
    if (shape.ok) return shape.input;
    for (const issue of shape.issues)
      context.addIssue({
        code: "custom",
        message: issue.message,
        path: issue.path ? [issue.path] : [],
      });
    return z.NEVER;
  });

export class StoredRunUnreadable extends Error {}

/**
 * A saved run's input and result, parsed and completed to the current shape (positions, item
 * indexes, letter figures made from its own stored shares). Throws StoredRunUnreadable when the
 * stored data is not a run the engine wrote.
 */
export function readStoredRun(
  engineInput: unknown,
  result: unknown,
): { input: StatementInput; result: StatementResult } {
  const input = storedStatementInputSchema.safeParse(engineInput);
  if (!input.success)
    throw new StoredRunUnreadable(
      `Gespeicherte Eingabe unlesbar: ${input.error.issues[0]?.message ?? ""}`,
    );
  const stored = storedStatementResultSchema.safeParse(result);
  if (!stored.success)
    throw new StoredRunUnreadable(
      `Gespeichertes Ergebnis unlesbar: ${stored.error.issues[0]?.path.join(".") ?? ""} ${stored.error.issues[0]?.message ?? ""}`,
    );
  return { input: input.data, result: completeStoredResult(input.data, stored.data) };
}

/** A stored result alone (a previous letter's figures), completed without its input where it needs none. */
export function readStoredResult(result: unknown): StoredStatementResult {
  const stored = storedStatementResultSchema.safeParse(result);
  if (!stored.success)
    throw new StoredRunUnreadable(
      `Gespeichertes Ergebnis unlesbar: ${stored.error.issues[0]?.path.join(".") ?? ""} ${stored.error.issues[0]?.message ?? ""}`,
    );
  return stored.data;
}
