import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver } from "react-hook-form";
import type { z } from "zod";
import {
  bulkReadingsBodySchema,
  getTodayInGermany,
  READING_MESSAGES,
  type BillingPeriod,
  type BulkReadingPosition,
  type BulkReadingsBody,
} from "@nk/contract";

/** The inputs of the bulk entry (/dashboard/quick-meter-readings). */
export interface BulkReadingFormValues {
  billingPeriodId: string;
  /** Issue 27: the period's end reading (default) or its start reading. */
  position: BulkReadingPosition;
  readingDate: string;
  /** The typed new value per meter id; an empty one is not sent. */
  readingValues: Record<string, string>;
}

/**
 * Where messages about the entry as a whole go (no period, no value at all): shown above the
 * list. Not `root.*`: react-hook-form drops root errors a resolver returns.
 */
export const BULK_FORM_MESSAGE_FIELD = "entry";

/** The server's rules, and a reading date not after today in Germany (the server refuses it too). */
const bulkReadingFormSchema = bulkReadingsBodySchema.refine(
  (body) => body.readingDate <= getTodayInGermany(),
  {
    path: ["readingDate"],
    message: READING_MESSAGES.futureDate,
  },
);
export type BulkReadingFormOutput = z.output<typeof bulkReadingFormSchema>;

/** The period's end as reading date, or today while the period is still running. */
export function getDefaultReadingDate(period: BillingPeriod | undefined): string {
  const today = getTodayInGermany();
  return period && period.billingPeriodEnd < today ? period.billingPeriodEnd : today;
}

/** docs/rules/master-data.md#validation: only non-empty values are sent, in the order of the meters on the page. */
export function toBulkReadingsBody(values: BulkReadingFormValues): BulkReadingsBody {
  return {
    billingPeriodId: values.billingPeriodId,
    position: values.position,
    readingDate: values.readingDate,
    readings: Object.entries(values.readingValues)
      .map(([meterId, value]) => ({ meterId, readingValue: (value ?? "").trim() }))
      .filter((reading) => reading.readingValue !== ""),
  };
}

/** The meter of a 'readings.{i}.…' field of the body, or null. */
export function getMeterIdOfBodyField(bodyField: string, body: BulkReadingsBody): string | null {
  const index = /^readings\.(\d+)\./.exec(bodyField)?.[1];
  return index === undefined ? null : (body.readings[Number(index)]?.meterId ?? null);
}

/**
 * The form field of a body field (from the schema or the server's 400): a row's message goes
 * under its meter's input, the date's under the date, everything else above the list.
 */
export function toBulkFormField(bodyField: string, body: BulkReadingsBody): string {
  if (bodyField === "readingDate") return "readingDate";
  const meterId = bodyField.endsWith(".readingValue")
    ? getMeterIdOfBodyField(bodyField, body)
    : null;
  return meterId ? `readingValues.${meterId}` : BULK_FORM_MESSAGE_FIELD;
}

/**
 * The bulk entry's resolver: the contract's schema checks the body built from the inputs. Not
 * `mappedZodResolver`, because a row's message sits at the index among the entered values
 * ('readings.2.readingValue') and has to move to its meter's input, not a top-level field.
 */
export function bulkReadingResolver(): Resolver<
  BulkReadingFormValues,
  unknown,
  BulkReadingFormOutput
> {
  return async (values, _context, options) => {
    const body = toBulkReadingsBody(values);
    const result = bulkReadingFormSchema.safeParse(body);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = toBulkFormField(issue.path.join("."), body);
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
