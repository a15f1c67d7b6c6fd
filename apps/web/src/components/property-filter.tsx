import { useId } from "react";
import type { PropertyWithUnits } from "@nk/contract";
import { Button } from "./ui/button";
import { Select } from "./ui/input";

/** The optional ?property= filter of a list page; the clear button (e.g. 'Alle Mieter') shows every property again. */
export function PropertyFilter({
  properties,
  propertyId,
  onChange,
  clearLabel,
}: {
  properties: PropertyWithUnits[];
  propertyId: string | undefined;
  onChange: (propertyId: string | undefined) => void;
  /** Text of the button that clears the filter, e.g. 'Alle Mieter'. */
  clearLabel: string;
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
      <Button
        variant={propertyId ? "outline" : "secondary"}
        size="md"
        onClick={() => onChange(undefined)}
        disabled={!propertyId}
      >
        {clearLabel}
      </Button>
    </div>
  );
}
