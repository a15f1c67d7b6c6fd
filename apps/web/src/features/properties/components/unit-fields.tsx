import type { FieldValues, UseFormReturn } from "react-hook-form";
import { compareDecimalText, parseDecimalText, type UnitBody } from "@nk/contract";
import { DecimalField } from "../../../components/decimal-field";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/field";
import { getVisibleError } from "../../../lib/visible-error";

/** One unit's form values: the input of the contract's unitBodySchema (inputs hold text). */
export type UnitFieldValues = UnitBody;

/** docs/rules/master-data.md#entities: a new unit starts with 1 person and area 0. */
export const NEW_UNIT_FIELDS: UnitFieldValues = {
  name: "",
  area: "0",
  persons: "1",
  hasDecentralizedHotWater: false,
};

/**
 * Name, area, persons and decentralised hot water of one unit: the unit modal (prefix "") and
 * each row of the wizard (prefix "units.2."). Area and persons are the one number field
 * (decisions 0981 and 1000). docs/rules/master-data.md#validation: persons are raised to at least 1. Messages show after a submit attempt
 * that included this unit (`isShownAll`) or once a field was left with input, in space kept free
 * for them, so nothing jumps under the pointer (decision 0984).
 */
export function UnitFields<T extends FieldValues, TOutput>({
  form,
  prefix = "",
  isShownAll,
  nameLabel = "Name der Wohneinheit *",
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  prefix?: string;
  isShownAll: boolean;
  nameLabel?: string;
}) {
  const untyped = form as unknown as UseFormReturn<Record<string, unknown>>;
  const { register, control, getValues, setValue } = untyped;
  const path = (field: keyof UnitFieldValues) => `${prefix}${field}`;
  const errorOf = (field: keyof UnitFieldValues) =>
    getVisibleError(untyped, path(field), isShownAll);

  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField
        fieldClassName="sm:col-span-6"
        label={nameLabel}
        placeholder="z.B. EG links"
        autoComplete="off"
        reserveMessageSpace
        error={errorOf("name")}
        {...register(path("name"))}
      />
      <DecimalField
        fieldClassName="sm:col-span-3"
        label="Fläche (m²) *"
        minDecimals={2}
        reserveMessageSpace
        onFocus={(event) => event.target.select()}
        error={errorOf("area")}
        control={control}
        name={path("area")}
      />
      <DecimalField
        fieldClassName="sm:col-span-3"
        label="Personen *"
        onFocus={(event) => event.target.select()}
        reserveMessageSpace
        error={errorOf("persons")}
        control={control}
        name={path("persons")}
        onBlur={() => {
          // docs/rules/master-data.md#validation: persons are raised to at least 1.
          const persons = parseDecimalText(String(getValues(path("persons")) ?? ""));
          if (persons !== null && compareDecimalText(persons, "1") < 0)
            setValue(path("persons"), "1", { shouldValidate: true });
        }}
      />
      <Checkbox
        className="sm:col-span-6"
        label="Dezentrale Warmwasserbereitung (z.B. Durchlauferhitzer)"
        hint="Die Wohneinheit nimmt dann nicht an den Warmwasserkosten teil."
        {...register(path("hasDecentralizedHotWater"))}
      />
    </div>
  );
}
