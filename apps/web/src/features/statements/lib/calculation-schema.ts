import { z } from "zod";
import { co2InputSchema, consumptionOverrideSchema, costItemSchema, STATEMENT_MESSAGES } from "@nk/contract";

/**
 * What 'Berechnung starten' checks before asking the server: the contract's cost item rules
 * (cost type, key, amount or tariff and consumption), the CO2 inputs and the manual values.
 */
export const calculationInputSchema = z.object({
  costItems: z.array(costItemSchema).min(1, STATEMENT_MESSAGES.noCostItems),
  co2: co2InputSchema.nullish(),
  consumptionOverrides: z.array(consumptionOverrideSchema),
});
export type CalculationInput = z.output<typeof calculationInputSchema>;
