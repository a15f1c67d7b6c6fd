import type { PropertyWithUnits } from "@nk/contract";
import type { SelectProps } from "../../../components/ui/input";
import { SelectField } from "../../../components/ui/field";
import { formatArea } from "../../../lib/format";

/** The unit choice, grouped by property ('EG links (62,50 m², 2 Pers.)'). */
export function UnitSelectField({
  properties,
  error,
  reserveMessageSpace,
  ...props
}: SelectProps & {
  properties: PropertyWithUnits[];
  error?: string | undefined;
  reserveMessageSpace?: boolean;
}) {
  return (
    <SelectField
      label="Wohneinheit *"
      error={error}
      reserveMessageSpace={reserveMessageSpace}
      placeholder="Bitte wählen"
      {...props}
    >
      {properties
        .filter((property) => property.units.length > 0)
        .map((property) => (
          <optgroup key={property.id} label={property.name}>
            {property.units.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {`${unit.name} (${formatArea(unit.area)}, ${unit.persons} Pers.)`}
              </option>
            ))}
          </optgroup>
        ))}
    </SelectField>
  );
}
