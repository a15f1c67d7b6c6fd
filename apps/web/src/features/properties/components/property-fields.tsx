import { useWatch, type FieldValues, type UseFormReturn } from "react-hook-form";
import {
  COUNTRIES,
  EFFICIENCY_CLASSES,
  FUEL_LABELS,
  PROPERTY_TYPE_DESCRIPTIONS,
  PROPERTY_TYPES,
  getStateOptions,
  normalizePostalCodeInput,
  type PropertyCreateBody,
  type PropertyType,
} from "@nk/contract";
import { FUELS } from "@nk/engine";
import { SelectField, TextField } from "../../../components/ui/field";
import { describeEfficiencyClass } from "./efficiency-class-summary";

const HEATING_FUEL_OPTIONS = FUELS.map((fuel) => ({ value: fuel, label: FUEL_LABELS[fuel] }));
const EFFICIENCY_OPTIONS = EFFICIENCY_CLASSES.map((efficiencyClass) => ({
  value: efficiencyClass,
  label: describeEfficiencyClass(efficiencyClass),
}));

/** The form values behind the name and address inputs: the contract's create schema input. */
export type PropertyFieldValues = PropertyCreateBody;

export const EMPTY_PROPERTY_FIELDS: PropertyFieldValues = {
  name: "",
  street: "",
  houseNumber: "",
  addressAddition: "",
  postalCode: "",
  city: "",
  state: "",
  country: COUNTRIES[0],
  propertyType: "",
  efficiencyClass: "",
  heatingFuel: "",
};

const PROPERTY_TYPE_OPTIONS = PROPERTY_TYPES.map((type) => ({ value: type, label: type }));
const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country, label: country }));

/** The fields every property form needs before submitting (docs/rules/master-data.md#screens 'New property'). */
export function hasRequiredPropertyFields(values: Partial<PropertyFieldValues>): boolean {
  return [values.name, values.street, values.houseNumber, values.postalCode, values.city].every(
    (v) => Boolean(v?.trim()),
  );
}

/**
 * Name, address and (unless hidden) property type, shared by the new-property page, the wizard's
 * step 1 and the edit page. docs/rules/master-data.md#validation: the postal code keeps digits only and stops at 5; changing
 * the country clears the state; the state offers the 16 federal states for Deutschland.
 */
export function PropertyFields<T extends FieldValues, TOutput>({
  form,
  nameLabel = "Name der Immobilie",
  isTypeShown = true,
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  nameLabel?: string;
  isTypeShown?: boolean;
}) {
  const { register, setValue, control, formState } =
    form as unknown as UseFormReturn<PropertyFieldValues>;
  const errors = formState.errors;
  const [country, propertyType] = useWatch({ control, name: ["country", "propertyType"] }) as [
    string,
    PropertyType | "",
  ];
  const postalCode = register("postalCode");
  const countryField = register("country");
  const stateOptions = getStateOptions(country).map((state) => ({ value: state, label: state }));

  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField
        fieldClassName="sm:col-span-6"
        label={`${nameLabel} *`}
        placeholder="z.B. Wohnhaus Lindenstraße"
        autoComplete="off"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        fieldClassName="sm:col-span-4"
        label="Straße *"
        autoComplete="address-line1"
        error={errors.street?.message}
        {...register("street")}
      />
      <TextField
        fieldClassName="sm:col-span-2"
        label="Hausnummer *"
        autoComplete="off"
        error={errors.houseNumber?.message}
        {...register("houseNumber")}
      />
      <TextField
        fieldClassName="sm:col-span-6"
        label="Adresszusatz (optional)"
        placeholder="z.B. Hinterhaus"
        autoComplete="address-line2"
        error={errors.addressAddition?.message}
        {...register("addressAddition")}
      />
      <TextField
        fieldClassName="sm:col-span-2"
        label="Postleitzahl *"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        error={errors.postalCode?.message}
        {...postalCode}
        onChange={(event) => {
          event.target.value = normalizePostalCodeInput(event.target.value);
          void postalCode.onChange(event);
        }}
      />
      <TextField
        fieldClassName="sm:col-span-4"
        label="Stadt *"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...register("city")}
      />
      <SelectField
        fieldClassName="sm:col-span-3"
        label="Bundesland / Region (optional)"
        placeholder="Bitte wählen"
        options={stateOptions}
        error={errors.state?.message}
        {...register("state")}
      />
      <SelectField
        fieldClassName="sm:col-span-3"
        label="Land *"
        options={COUNTRY_OPTIONS}
        error={errors.country?.message}
        {...countryField}
        onChange={(event) => {
          void countryField.onChange(event);
          setValue("state", "");
        }}
      />
      {isTypeShown ? (
        <SelectField
          fieldClassName="sm:col-span-6"
          label="Immobilientyp *"
          placeholder="Bitte wählen"
          options={PROPERTY_TYPE_OPTIONS}
          hint={
            propertyType
              ? PROPERTY_TYPE_DESCRIPTIONS[propertyType]
              : "Bestimmt u.a. die CO₂-Kostenaufteilung."
          }
          error={errors.propertyType?.message}
          {...register("propertyType")}
        />
      ) : null}
      {isTypeShown ? (
        <SelectField
          fieldClassName="sm:col-span-6"
          label="Energieeffizienzklasse (optional)"
          placeholder="Nicht angegeben"
          options={EFFICIENCY_OPTIONS}
          hint="Nur nötig, wenn keine Brennstoffmenge für die CO₂-Aufteilung vorliegt (CO2KostAufG)."
          error={errors.efficiencyClass?.message}
          {...register("efficiencyClass")}
        />
      ) : null}
      <SelectField
        fieldClassName="sm:col-span-6"
        label="Energieträger der Heizung (optional)"
        placeholder="Nicht angegeben"
        options={HEATING_FUEL_OPTIONS}
        hint="Wird in jeder Abrechnung für die CO₂-Angaben der Brennstoffrechnung vorgeschlagen (CO2KostAufG)."
        error={errors.heatingFuel?.message}
        {...register("heatingFuel")}
      />
    </div>
  );
}
