import type { Control, UseFormRegister } from "react-hook-form";
import { TENANT_MESSAGES, type PropertyWithUnits } from "@nk/contract";
import { DecimalField } from "../../../components/decimal-field";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextareaField, TextField } from "../../../components/ui/field";
import type {
  TenantFormField,
  TenantFormOutput,
  TenantFormValues,
} from "../lib/tenant-form-values";
import { UnitSelectField } from "./unit-select-field";

interface TenantFormFieldsProps {
  register: UseFormRegister<TenantFormValues>;
  /** The form, for the number field of the persons. */
  control: Control<TenantFormValues, unknown, TenantFormOutput>;
  /** The message to show under each field (only touched fields, or all after a submit attempt). */
  visibleErrors: Partial<Record<TenantFormField, string>>;
  properties: PropertyWithUnits[];
  isNew: boolean;
  /** Persons of the chosen unit: the default occupants of a new tenant. */
  unitPersons: number | null;
  isAdvancedShown: boolean;
  onAdvancedShownChange: (isShown: boolean) => void;
}

/** The inputs of the add and edit modals (docs/rules/master-data.md#tenant-form). */
export function TenantFormFields({
  register,
  control,
  visibleErrors: errors,
  properties,
  isNew,
  unitPersons,
  isAdvancedShown,
  onAdvancedShownChange,
}: TenantFormFieldsProps) {
  return (
    <div className="space-y-4">
      <TextField
        reserveMessageSpace
        label="Name *"
        autoComplete="off"
        error={errors.name}
        {...register("name")}
      />
      <UnitSelectField
        reserveMessageSpace
        properties={properties}
        error={errors.unitId}
        {...register("unitId")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          reserveMessageSpace
          label="Einzugsdatum *"
          type="date"
          error={errors.moveInDate}
          {...register("moveInDate")}
        />
        <TextField
          reserveMessageSpace
          label="Auszugsdatum"
          type="date"
          hint={TENANT_MESSAGES.moveOutHint}
          error={errors.moveOutDate}
          {...register("moveOutDate")}
        />
      </div>
      {isNew ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <DecimalField
            reserveMessageSpace
            label="Personen im Haushalt"
            placeholder={unitPersons === null ? undefined : String(unitPersons)}
            hint={
              unitPersons === null
                ? "Standard: Personenzahl der Wohneinheit"
                : `Standard: ${unitPersons} (Personenzahl der Wohneinheit)`
            }
            error={errors.persons}
            control={control}
            name="persons"
          />
          <DecimalField
            reserveMessageSpace
            minDecimals={2}
            label="Monatliche Vorauszahlung (EUR)"
            hint="Gültig ab dem Einzugsdatum; weitere unter „Vorauszahlungen“"
            error={errors.monthlyPrepayment}
            control={control}
            name="monthlyPrepayment"
          />
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          reserveMessageSpace
          label="E-Mail"
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.email}
          {...register("email")}
        />
        <TextField
          reserveMessageSpace
          label="Telefon"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+49... oder 0..."
          error={errors.phone}
          {...register("phone")}
        />
      </div>

      <Checkbox
        label="Erweiterte Felder anzeigen"
        checked={isAdvancedShown}
        onChange={(event) => onAdvancedShownChange(event.target.checked)}
      />

      {isAdvancedShown ? (
        <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
          <TextField
            reserveMessageSpace
            label="Adresse"
            hint={TENANT_MESSAGES.addressHint}
            autoComplete="off"
            error={errors.address}
            {...register("address")}
          />
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <TextField
              reserveMessageSpace
              label="Postleitzahl"
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              error={errors.postalCode}
              {...register("postalCode")}
            />
            <TextField
              reserveMessageSpace
              label="Ort"
              autoComplete="off"
              error={errors.city}
              {...register("city")}
            />
          </div>
          <TextField
            reserveMessageSpace
            label="Geburtsdatum"
            type="date"
            error={errors.birthDate}
            {...register("birthDate")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              reserveMessageSpace
              label="Vertragsbeginn"
              type="date"
              error={errors.contractStartDate}
              {...register("contractStartDate")}
            />
            <TextField
              reserveMessageSpace
              label="Vertragsende"
              type="date"
              error={errors.contractEndDate}
              {...register("contractEndDate")}
            />
          </div>
          <TextField
            reserveMessageSpace
            label="Ausweisnummer"
            autoComplete="off"
            error={errors.idDocumentNumber}
            {...register("idDocumentNumber")}
          />
          <TextareaField
            reserveMessageSpace
            label="Notizen"
            rows={3}
            error={errors.notes}
            {...register("notes")}
          />
        </div>
      ) : null}
    </div>
  );
}
