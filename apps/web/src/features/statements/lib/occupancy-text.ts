import type { OccupancyStretch } from "@nk/engine";
import { formatCountDe } from "@nk/contract";
import { formatNumber } from "../../../lib/format";

// Issue 24, item 13: persons as the occupant periods give them (the engine's stretches), never
// an average: "4 Personen", "3 Personen × 258 Tage + 4 Personen × 108 Tage".

export function formatPersons(persons: number): string {
  return formatCountDe(persons, "Person", "Personen");
}

/** The persons of a tenancy: one figure, or each stretch with its days (or degree-day per mille for Heizung). */
export function describeOccupancy(
  occupancy: readonly OccupancyStretch[] | undefined,
  fallbackPersons: number,
  isHeating = false,
): string {
  if (!occupancy || occupancy.length === 0) return formatPersons(fallbackPersons);
  if (occupancy.length === 1) return formatPersons(occupancy[0]!.persons);
  return occupancy
    .map(
      (stretch) =>
        `${formatPersons(stretch.persons)} × ${isHeating ? `${formatNumber(stretch.degreeDayPerMille, { maximumFractionDigits: 3 })} ‰ Gradtage` : formatCountDe(stretch.days, "Tag", "Tage")}`,
    )
    .join(" + ");
}
