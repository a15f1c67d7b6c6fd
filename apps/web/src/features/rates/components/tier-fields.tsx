import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import type { ParsedRateBody, RateTariffType } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { DecimalField } from "../../../components/decimal-field";
import { TextField } from "../../../components/ui/field";
import type { RateFormValues } from "../lib/rate-form-values";

/**
 * The tier rows: HT and NT for a time-based tariff (priced 60 % / 40 % of the consumption),
 * usage bands from/to for a tier tariff.
 */
export function TierFields({
  tariffType,
  control,
  register,
  errors,
  unit,
}: {
  tariffType: RateTariffType;
  control: Control<RateFormValues, unknown, ParsedRateBody>;
  register: UseFormRegister<RateFormValues>;
  errors: FieldErrors<RateFormValues>;
  unit: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: "tiers" });
  if (tariffType === "standard") return null;
  const isTimeBased = tariffType === "time_based";
  const listError =
    (errors.tiers as { message?: string } | undefined)?.message ?? errors.tiers?.root?.message;

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {isTimeBased ? "HT/NT-Preise" : "Verbrauchsstufen"}
      </legend>
      <p className="text-xs text-slate-500">
        {isTimeBased
          ? "Vereinfachung: 60 % des Verbrauchs zum Hochtarif (HT), 40 % zum Niedertarif (NT)."
          : `Jede Stufe gilt ab ihrem Beginn bis zu ihrem Ende (${unit}); leeres Ende: ohne Obergrenze.`}
      </p>
      {listError ? <p className="text-sm text-red-600">{listError}</p> : null}
      {fields.map((field, index) => {
        const tierErrors = errors.tiers?.[index];
        return (
          <div
            key={field.id}
            className="grid gap-3 border-t border-slate-100 pt-3 first-of-type:border-t-0 sm:grid-cols-[1fr_1fr_1fr_1fr_auto] sm:items-start"
          >
            <TextField
              label="Bezeichnung"
              readOnly={isTimeBased}
              error={tierErrors?.tierName?.message}
              {...register(`tiers.${index}.tierName`)}
            />
            {isTimeBased ? null : (
              <>
                <DecimalField
                  label={`Von (${unit})`}
                  error={tierErrors?.from?.message}
                  control={control}
                  name={`tiers.${index}.from`}
                />
                <DecimalField
                  label={`Bis (${unit})`}
                  error={tierErrors?.to?.message}
                  control={control}
                  name={`tiers.${index}.to`}
                />
              </>
            )}
            <DecimalField
              label={`Preis ${field.tierName || `Stufe ${index + 1}`} (€/${unit})`}
              minDecimals={2}
              error={tierErrors?.unitPrice?.message}
              fieldClassName={isTimeBased ? "sm:col-span-3" : undefined}
              control={control}
              name={`tiers.${index}.unitPrice`}
            />
            {isTimeBased ? null : (
              <Button
                variant="ghost"
                size="icon"
                className="mt-6 text-red-700"
                onClick={() => remove(index)}
                disabled={fields.length === 1}
                aria-label={`Stufe ${index + 1} entfernen`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            )}
          </div>
        );
      })}
      {isTimeBased ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            append({
              tierName: `Stufe ${fields.length + 1}`,
              tierType: "usage_tier",
              from: "",
              to: "",
              unitPrice: "",
            })
          }
        >
          <Plus className="size-4" aria-hidden="true" />
          Stufe hinzufügen
        </Button>
      )}
    </fieldset>
  );
}
