import {
  getAllocationParts,
  type AllocationPart,
  type OccupancyStretch,
  type StatementBasis,
  type StoredAllocation,
} from "@nk/engine";
import { formatDecimalTextDe } from "@nk/contract";
import { formatNumber, formatPercent } from "../../../lib/format";
import { describeOccupancy } from "./occupancy-text";

const BASIS_LABELS: Record<AllocationPart["basis"], string> = {
  area: "Fläche",
  persons: "Personen",
  units: "Einheiten",
  consumption: "Verbrauch",
  direct: "Direkt",
};

const QUANTITY_UNITS: Record<AllocationPart["basis"], string> = {
  area: "m²",
  persons: "Pers.",
  units: "Einheit",
  consumption: "",
  direct: "€",
};

/** How one part came about: 'Fläche (30 %): 62,5 m² × 365 Tage = 22.812,5 von 65.700 = 34,72 % → 312,50 €'. */
function describePart(
  part: AllocationPart,
  isHeating: boolean,
  occupancy?: readonly OccupancyStretch[],
): string {
  const share = part.totalWeight > 0 ? (part.weight / part.totalWeight) * 100 : 0;
  // Issue 24: persons changing during the tenancy are shown stretch by stretch, not as an average.
  if (part.basis === "persons" && occupancy && occupancy.length > 1) {
    return `${BASIS_LABELS.persons} (${formatNumber(part.percent)} %): ${describeOccupancy(occupancy, part.quantity, isHeating)} = ${formatNumber(part.weight, { maximumFractionDigits: 3 })} von ${formatNumber(part.totalWeight, { maximumFractionDigits: 3 })} = ${formatPercent(share, 4)} → ${formatDecimalTextDe(part.exactAmount, 2)} €`;
  }
  const quantity = `${formatNumber(part.quantity, { maximumFractionDigits: 3 })}${QUANTITY_UNITS[part.basis] ? ` ${QUANTITY_UNITS[part.basis]}` : ""}`;
  const time =
    part.timeWeight === null
      ? ""
      : ` × ${formatNumber(part.timeWeight, { maximumFractionDigits: 3 })} ${isHeating ? "‰ Gradtage" : "Tage"}`;
  return `${BASIS_LABELS[part.basis]} (${formatNumber(part.percent)} %): ${quantity}${time} = ${formatNumber(part.weight, { maximumFractionDigits: 3 })} von ${formatNumber(part.totalWeight, { maximumFractionDigits: 3 })} = ${formatPercent(share, 4)} → ${formatDecimalTextDe(part.exactAmount, 2)} €`;
}

/**
 * The lines of an allocation's step-by-step basis. The engine keeps the basis compactly in
 * the result (decision 0403); runs saved before carry it on each allocation. Both are read
 * by getAllocationParts, so a saved run shows the basis it was saved with.
 */
export function describeAllocationBasis(
  basis: StatementBasis | null | undefined,
  line: { position?: number; occupancy?: OccupancyStretch[] },
  allocation: StoredAllocation & { costType: string },
): { key: string; text: string }[] {
  return getAllocationParts({ basis }, line, allocation).map((part) => ({
    key: part.basis,
    text: describePart(part, allocation.costType === "Heizung", line.occupancy),
  }));
}
