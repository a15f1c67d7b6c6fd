import { useId } from "react";
import type { PropertyWithUnits } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";

/** Optional filter to one property; 'Alle Mieter' clears it (part 1, section 2 'Tenants'). */
export function PropertyFilter({
  properties,
  propertyId,
  onChange,
}: {
  properties: PropertyWithUnits[];
  propertyId: string | undefined;
  onChange: (propertyId: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Immobilie
      </label>
      <Select
        id={id}
        className="sm:w-72"
        value={propertyId ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
        placeholder="Alle Immobilien"
        options={properties.map((property) => ({ value: property.id, label: property.name }))}
      />
      <Button variant={propertyId ? "outline" : "secondary"} size="md" onClick={() => onChange(undefined)} disabled={!propertyId}>
        Alle Mieter
      </Button>
    </div>
  );
}
