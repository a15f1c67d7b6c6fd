import { GERMAN_STATES } from "../property-input.ts";
import type { TariffType } from "@nk/engine";

// Utility types and tariff types of the tariffs (Versorgertarife): docs/rules/master-data.md#screens, docs/rules/master-data.md#entities
// 'utility rate'; docs/rules/statements.md#statement-entities 'rate'.

/** In the order of the cards on /dashboard/rates. */
export const UTILITY_TYPES = [
  "electricity",
  "gas",
  "district_heating",
  "coldwater",
  "warmwater",
  "heating",
] as const;
export type UtilityType = (typeof UTILITY_TYPES)[number];

export const UTILITY_TYPE_LABELS: Record<UtilityType, string> = {
  electricity: "Strom",
  gas: "Gas",
  district_heating: "Fernwärme",
  coldwater: "Kaltwasser",
  warmwater: "Warmwasser",
  heating: "Heizung",
};

/** The rate's unit, derived from its utility type (docs/rules/master-data.md#entities: 'unit (derived from utility type)'). */
export const UTILITY_TYPE_UNITS: Record<UtilityType, "kWh" | "m³"> = {
  electricity: "kWh",
  gas: "kWh",
  district_heating: "kWh",
  coldwater: "m³",
  warmwater: "m³",
  heating: "kWh",
};

export const RATE_TARIFF_TYPES = [
  "standard",
  "time_based",
  "tier_based",
] as const satisfies readonly TariffType[];
export type RateTariffType = (typeof RATE_TARIFF_TYPES)[number];

export const RATE_TARIFF_TYPE_LABELS: Record<RateTariffType, string> = {
  standard: "Einheitspreis",
  time_based: "HT/NT",
  tier_based: "Staffeltarif",
};

export const RATE_TIER_TYPES = ["usage_tier", "time_based"] as const;
export type RateTierType = (typeof RATE_TIER_TYPES)[number];

/** The default region, and the one every region without its own figures falls back to. */
export const DEFAULT_RATE_REGION = "Deutschland";

/** Regions a rate can be priced for: Germany as a whole and the 16 federal states. */
export const RATE_REGIONS = [DEFAULT_RATE_REGION, ...GERMAN_STATES] as const;
export type RateRegion = (typeof RATE_REGIONS)[number];
