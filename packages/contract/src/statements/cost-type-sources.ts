import type { UtilityType } from "../metering/utility-types.ts";
import { ENERGY_SOURCE_LABELS, type EnergySource } from "./cost-items.ts";

// docs/rules/statements.md#statement-entities, docs/rules/statements.md#statement-checks: each consumption cost type has its usual energy sources (an unusual
// one gives a warning, never an error) and the tariffs that fit it (utility types). The
// specification does not show its table; this one follows the cost types' meaning.

export const USUAL_ENERGY_SOURCES: Readonly<Record<string, readonly EnergySource[]>> = {
  Heizung: ["gas", "oil", "district_heating", "pellets", "wood", "electricity", "solar"],
  Warmwasser: ["gas", "oil", "district_heating", "pellets", "wood", "electricity", "solar"],
  Kaltwasser: ["water"],
  Abwasser: ["water"],
  Beleuchtung: ["electricity"],
  Aufzug: ["electricity"],
  Betriebsstrom: ["electricity"],
};

/** The tariffs (utility types) a rate-based item of the cost type may use. */
export const RATE_UTILITY_TYPES_BY_COST_TYPE: Readonly<Record<string, readonly UtilityType[]>> = {
  Heizung: ["heating", "gas", "district_heating", "electricity"],
  Warmwasser: ["warmwater", "heating", "gas", "district_heating", "electricity"],
  Kaltwasser: ["coldwater"],
  Beleuchtung: ["electricity"],
  Aufzug: ["electricity"],
};

/** 'Ungewöhnlicher Energieträger für Kaltwasser: Erdgas. Üblich: Wasser.' or null. */
export function getEnergySourceWarning(
  costType: string,
  energySource: EnergySource | null,
): string | null {
  const usual = USUAL_ENERGY_SOURCES[costType];
  if (!usual || energySource === null || usual.includes(energySource)) return null;
  return `Ungewöhnlicher Energieträger für ${costType}: ${ENERGY_SOURCE_LABELS[energySource]}. Üblich: ${usual.map((source) => ENERGY_SOURCE_LABELS[source]).join(", ")}.`;
}
