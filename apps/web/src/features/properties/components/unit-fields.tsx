import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { UnitBody } from "@nk/contract";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/field";

/** One unit's form values: the input of the contract's unitBodySchema (inputs hold text). */
export type UnitFieldValues = UnitBody;

/** Section 3: a new unit starts with 1 person and area 0. */
export const NEW_UNIT_FIELDS: UnitFieldValues = { name: "", area: "0", persons: "1", hasDecentralizedHotWater: false };

type UnitErrors = Partial<Record<keyof UnitFieldValues, { message?: string } | undefined>>;

/**
 * Name, area, persons and decentralised hot water of one unit: the unit modal (prefix "") and
 * each row of the wizard (prefix "units.2."). Section 5: persons are raised to at least 1; the
 * area steps by 0.01 in the wizard and 0.1 in the modal.
 */
export function UnitFields<T extends FieldValues, TOutput>({
  form,
  prefix = "",
  areaStep,
  errors,
  nameLabel = "Name der Wohneinheit *",
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  prefix?: string;
  areaStep: "0.01" | "0.1";
  errors: UnitErrors | undefined;
  nameLabel?: string;
}) {
  const { register, setValue } = form as unknown as UseFormReturn<Record<string, unknown>>;
  const path = (field: keyof UnitFieldValues) => `${prefix}${field}`;
  const persons = register(path("persons"));

  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField
        fieldClassName="sm:col-span-6"
        label={nameLabel}
        placeholder="z.B. EG links"
        autoComplete="off"
        error={errors?.name?.message}
        {...register(path("name"))}
      />
      <TextField
        fieldClassName="sm:col-span-3"
        label="Fläche (m²) *"
        type="number"
        inputMode="decimal"
        min="0"
        step={areaStep}
        onFocus={(event) => event.target.select()}
        error={errors?.area?.message}
        {...register(path("area"))}
      />
      <TextField
        fieldClassName="sm:col-span-3"
        label="Personen *"
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        onFocus={(event) => event.target.select()}
        error={errors?.persons?.message}
        {...persons}
        onBlur={(event) => {
          const value = event.target.value.trim();
          if (value !== "" && Number(value) < 1) setValue(path("persons"), "1", { shouldValidate: true });
          void persons.onBlur(event);
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
