// rename-vocabulary: keep (this module names the API's former field names on purpose)
import { z } from "zod";
import { requiredUuidField } from "./ids.ts";

// Decision 1750 (docs/glossary.md): the billing period was also called "cost group". The API
// speaks billingPeriodId and billing_period now and still understands the former names, so a
// client written against them (API keys, decision 1171) keeps working. Only this module names them.

/** Bodies: the former name of `billingPeriodId`, still accepted (deprecated). */
export function formerBillingPeriodIdField(message: string) {
  return {
    costGroupId: requiredUuidField(message)
      .optional()
      .describe("Veraltet (Entscheidung 1750): früherer Name von billingPeriodId"),
  };
}

/** The body with `billingPeriodId`, taken from the former field when only that one was sent. */
export function withBillingPeriodId<T extends { billingPeriodId?: string; costGroupId?: string }>(
  body: T,
): Omit<T, "billingPeriodId" | "costGroupId"> & { billingPeriodId: string } {
  const { costGroupId, billingPeriodId, ...rest } = body;
  return { ...rest, billingPeriodId: billingPeriodId ?? costGroupId ?? "" };
}

/** True when a body names its billing period under the current or the former name. */
export function hasBillingPeriodId(body: { billingPeriodId?: string; costGroupId?: string }) {
  return body.billingPeriodId !== undefined || body.costGroupId !== undefined;
}

/** Answers: a reading's billing period also under its former field names (deprecated). */
export const formerReadingFields = {
  costGroupId: z
    .string()
    .nullable()
    .optional()
    .describe("Veraltet (Entscheidung 1750): gleich billingPeriodId"),
  costGroupName: z
    .string()
    .nullable()
    .optional()
    .describe("Veraltet (Entscheidung 1750): gleich billingPeriodName"),
};

/** The reading with the former field names beside the current ones. */
export function withFormerReadingFields<
  T extends { billingPeriodId: string | null; billingPeriodName: string | null },
>(reading: T): T & { costGroupId: string | null; costGroupName: string | null } {
  return {
    ...reading,
    costGroupId: reading.billingPeriodId,
    costGroupName: reading.billingPeriodName,
  };
}

/** Activity filter: former area names and the current ones they mean. */
export const FORMER_ACTIVITY_AREAS: Readonly<Record<string, string>> = {
  cost_group: "billing_period",
};
