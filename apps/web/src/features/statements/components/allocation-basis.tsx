import type { Allocation, AllocationPart } from "@nk/engine";
import { DISTRIBUTION_KEY_LABELS } from "@nk/engine";
import { formatDecimalTextDe } from "@nk/contract";
import { formatNumber, formatPercent } from "../../../lib/format";

const BASIS_LABELS: Record<AllocationPart["basis"], string> = {
  area: "Fläche",
  persons: "Personen",
  units: "Einheiten",
  consumption: "Verbrauch",
};

const QUANTITY_UNITS: Record<AllocationPart["basis"], string> = {
  area: "m²",
  persons: "Pers.",
  units: "Einheit",
  consumption: "",
};

/** How one part came about: 'Fläche (30 %): 62,5 m² × 365 Tage = 22.812,5 von 65.700 = 34,72 % → 312,50 €'. */
function describePart(part: AllocationPart, isHeating: boolean): string {
  const share = part.totalWeight > 0 ? (part.weight / part.totalWeight) * 100 : 0;
  const quantity = `${formatNumber(part.quantity, { maximumFractionDigits: 3 })}${QUANTITY_UNITS[part.basis] ? ` ${QUANTITY_UNITS[part.basis]}` : ""}`;
  const time = part.timeWeight === null ? "" : ` × ${formatNumber(part.timeWeight, { maximumFractionDigits: 3 })} ${isHeating ? "‰ Gradtage" : "Tage"}`;
  return `${BASIS_LABELS[part.basis]} (${formatNumber(part.percent)} %): ${quantity}${time} = ${formatNumber(part.weight, { maximumFractionDigits: 3 })} von ${formatNumber(part.totalWeight, { maximumFractionDigits: 3 })} = ${formatPercent(share, 4)} → ${formatDecimalTextDe(part.exactAmount, 2)} €`;
}

/** The allocation's key and its step-by-step basis (the engine's explanation). */
export function AllocationBasis({ allocation }: { allocation: Allocation }) {
  return (
    <div className="space-y-0.5">
      <p className="text-xs font-medium text-slate-600">Schlüssel: {DISTRIBUTION_KEY_LABELS[allocation.key]}</p>
      <ul className="space-y-0.5 text-xs text-slate-500">
        {allocation.parts.map((part) => (
          <li key={part.basis}>{describePart(part, allocation.costType === "Heizung")}</li>
        ))}
      </ul>
    </div>
  );
}
