import { z } from "zod";
import {
  DEFAULT_RATE_REGION,
  UTILITY_TYPE_UNITS,
  UTILITY_TYPES,
  type UtilityType,
} from "./utility-types.ts";

// Regional default prices in EUR (docs/rules/master-data.md#regional-prices). Unit prices per
// kWh or m³, base prices per month. The specification names no base price for water: there the
// average has none (nothing is filled in and nothing is checked).

interface RegionalPrice {
  unitPrice: string;
  basePrice: string | null;
}

const ELECTRICITY: Record<string, RegionalPrice> = {
  Deutschland: { unitPrice: "0.35", basePrice: "12.50" },
  Hamburg: { unitPrice: "0.33", basePrice: "11.80" },
  Berlin: { unitPrice: "0.34", basePrice: "12.20" },
};

const GAS: Record<string, RegionalPrice> = {
  Deutschland: { unitPrice: "0.12", basePrice: "8.50" },
  Hamburg: { unitPrice: "0.11", basePrice: "8.20" },
};

/**
 * 'heating' has no figures of its own in the specification. It is priced like gas, the most
 * common heating fuel in Germany (decision 0300 in docs/decisions).
 */
export const REGIONAL_PRICES: Record<UtilityType, Record<string, RegionalPrice>> = {
  electricity: ELECTRICITY,
  gas: GAS,
  district_heating: { Deutschland: { unitPrice: "0.09", basePrice: "15.00" } },
  coldwater: {
    Deutschland: { unitPrice: "2.85", basePrice: null },
    Hamburg: { unitPrice: "2.65", basePrice: null },
  },
  warmwater: { Deutschland: { unitPrice: "4.20", basePrice: null } },
  heating: GAS,
};

export const regionalAverageSchema = z.object({
  utilityType: z.enum(UTILITY_TYPES),
  /** The region whose figures apply (Deutschland when the requested one has none). */
  region: z.string(),
  requestedRegion: z.string(),
  isFallback: z.boolean(),
  unitPrice: z.string(),
  basePrice: z.string().nullable(),
  unit: z.string(),
  /** '{region} Durchschnitt', the name the form fills in. */
  rateName: z.string(),
});
export type RegionalAverage = z.infer<typeof regionalAverageSchema>;

export const regionalDefaultsQuerySchema = z.object({
  utilityType: z.enum(UTILITY_TYPES, {
    error: "Bitte wählen Sie eine gültige Versorgungsart aus.",
  }),
  region: z.string().trim().max(100).optional(),
});

/** The regional average of a utility type; other regions fall back to Germany (docs/rules/master-data.md#constants). */
export function getRegionalAverage(
  utilityType: UtilityType,
  region: string | null | undefined,
): RegionalAverage {
  const requestedRegion = region?.trim() || DEFAULT_RATE_REGION;
  const table = REGIONAL_PRICES[utilityType];
  const own = table[requestedRegion];
  const resolvedRegion = own ? requestedRegion : DEFAULT_RATE_REGION;
  const price = own ?? table[DEFAULT_RATE_REGION]!;
  return {
    utilityType,
    region: resolvedRegion,
    requestedRegion,
    isFallback: !own,
    unitPrice: price.unitPrice,
    basePrice: price.basePrice,
    unit: UTILITY_TYPE_UNITS[utilityType],
    rateName: `${resolvedRegion} Durchschnitt`,
  };
}
