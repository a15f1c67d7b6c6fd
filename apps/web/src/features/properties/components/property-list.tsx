import type { PropertyWithUnits } from "@nk/contract";
import { Building } from "lucide-react";
import { cn } from "../../../lib/cn";
import { formatArea } from "../../../lib/format";

export function formatUnitCount(count: number): string {
  return count === 1 ? "1 Wohneinheit" : `${count} Wohneinheiten`;
}

/** The left column of /dashboard/properties: each property with its unit count and total area. */
export function PropertyList({
  properties,
  selectedId,
  onSelect,
}: {
  properties: PropertyWithUnits[];
  selectedId: string | undefined;
  onSelect: (propertyId: string) => void;
}) {
  return (
    <nav aria-label="Immobilien">
      <ul className="space-y-2">
        {properties.map((property) => {
          const isSelected = property.id === selectedId;
          return (
            <li key={property.id}>
              <button
                type="button"
                onClick={() => onSelect(property.id)}
                aria-current={isSelected ? "true" : undefined}
                className={cn(
                  "flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-left transition-colors",
                  isSelected
                    ? "border-brand-300 bg-brand-50 ring-1 ring-brand-300"
                    : "border-slate-200 bg-white hover:bg-slate-50",
                )}
              >
                <Building
                  className={cn(
                    "mt-0.5 size-5 shrink-0",
                    isSelected ? "text-brand-700" : "text-slate-400",
                  )}
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{property.name}</span>
                  <span className="block text-sm text-slate-600">
                    {formatUnitCount(property.unitCount)} · {formatArea(property.totalArea)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
