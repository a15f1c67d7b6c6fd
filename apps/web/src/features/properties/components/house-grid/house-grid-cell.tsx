import type { UseFormReturn } from "react-hook-form";
import { METER_TYPES, type HouseSetupValues } from "@nk/contract";
import { DecimalField } from "../../../../components/decimal-field";
import { SelectField, TextField } from "../../../../components/ui/field";
import type { HouseGridColumn, HouseGridValues } from "../../lib/house-grid";

const METER_TYPE_OPTIONS = METER_TYPES.map((type) => ({ value: type, label: type }));

/**
 * One cell of the house grid: its input with the column's name and the row's number as its
 * accessible name ("Fläche (m²), Zeile 2"), the name visible only where the grid is a card per
 * row (narrow screens), and the German message under it.
 */
export function HouseGridCell({
  form,
  column,
  rowIndex,
}: {
  form: UseFormReturn<HouseGridValues, unknown, HouseSetupValues>;
  column: HouseGridColumn;
  rowIndex: number;
}) {
  const name = `rows.${rowIndex}.${column.key}` as const;
  const error = form.formState.errors.rows?.[rowIndex]?.[column.key]?.message;
  const label = (
    <>
      <span className="lg:sr-only">{column.label}</span>
      <span className="sr-only">, Zeile {rowIndex + 1}</span>
    </>
  );
  const common = { label, error, fieldClassName: "space-y-1", className: "h-9" };
  switch (column.kind) {
    case "decimal":
    case "count":
    case "money":
      return (
        <DecimalField
          control={form.control}
          name={name}
          minDecimals={column.kind === "money" ? 2 : 0}
          {...common}
        />
      );
    case "date":
      return <TextField type="date" {...form.register(name)} {...common} />;
    case "meterType":
      return (
        <SelectField
          {...form.register(name)}
          placeholder="–"
          options={METER_TYPE_OPTIONS}
          {...common}
        />
      );
    case "text":
      return <TextField type="text" autoComplete="off" {...form.register(name)} {...common} />;
  }
}
