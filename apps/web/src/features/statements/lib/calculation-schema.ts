import { z } from "zod";
import {
  annualInformationSchema,
  climateFactorSchema,
  co2InputSchema,
  consumptionOverrideSchema,
  costItemSchema,
  heatingCostsSchema,
  STATEMENT_MESSAGES,
} from "@nk/contract";
import { toCostsBody, type CostsFormValues } from "./cost-form";

/**
 * What 'Berechnung starten' checks before asking the server: the contract's cost item rules
 * (cost type, key, amount or tariff and consumption), the CO2 inputs and the manual values.
 */
export const calculationInputSchema = z.object({
  costItems: z.array(costItemSchema).min(1, STATEMENT_MESSAGES.noCostItems),
  co2: co2InputSchema.nullish(),
  consumptionOverrides: z.array(consumptionOverrideSchema),
  climateFactor: climateFactorSchema,
  heatingCosts: heatingCostsSchema.nullish(),
  annualInformation: annualInformationSchema.nullish(),
});
export type CalculationInput = z.output<typeof calculationInputSchema>;

/**
 * docs/rules/statements.md#statement-checks: only cost items with a cost type are calculated; an item still without one
 * stays in the saved draft but is left out of the calculation.
 */
export function toCalculationBody(values: CostsFormValues): ReturnType<typeof toCostsBody> {
  const body = toCostsBody(values);
  return { ...body, costItems: body.costItems.filter((item) => item.costType.trim() !== "") };
}

/** A field of the calculation body ('costItems.2.amount') on the form's card of that item. */
export function toFormField(bodyField: string, values: CostsFormValues): string {
  // Issue 24, item 6: the sheet's fields live under heatingSheet in the form.
  if (bodyField.startsWith("heatingCosts."))
    return `heatingSheet.${bodyField.slice("heatingCosts.".length)}`;
  const match = /^costItems\.(\d+)(\..*)?$/.exec(bodyField);
  if (!match) return bodyField;
  const formIndexes = values.costItems.flatMap((item, index) =>
    item.costType.trim() !== "" ? [index] : [],
  );
  const formIndex = formIndexes[Number(match[1])];
  return formIndex === undefined ? bodyField : `costItems.${formIndex}${match[2] ?? ""}`;
}
