import { ENERGY_SOURCE_LABELS, type EnergySource } from "@nk/contract";

// Part 2, section 5: an energy source that is unusual for a cost type gives a warning that
// suggests the usual one; it never blocks.

const USUAL_SOURCES: Readonly<Record<string, readonly EnergySource[]>> = {
  Heizung: ["gas", "oil", "district_heating", "pellets", "wood", "electricity", "solar"],
  Warmwasser: ["gas", "oil", "district_heating", "pellets", "wood", "electricity", "solar"],
  Kaltwasser: ["water"],
  Abwasser: ["water"],
  Wasserversorgung: ["water"],
  Entwässerung: ["water"],
  Beleuchtung: ["electricity"],
  Betriebsstrom: ["electricity"],
  Aufzug: ["electricity"],
};

export function getUnusualEnergySourceWarning(costType: string, source: EnergySource | ""): string | null {
  const usual = USUAL_SOURCES[costType];
  if (!source || !usual || usual.includes(source)) return null;
  return `${ENERGY_SOURCE_LABELS[source]} ist für ${costType} ungewöhnlich – üblich ist ${ENERGY_SOURCE_LABELS[usual[0]!]}.`;
}
