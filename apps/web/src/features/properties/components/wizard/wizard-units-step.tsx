import { useState } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import type { UnitValues } from "@nk/contract";
import { Plus, Trash2 } from "lucide-react";
import { LimitReachedBanner } from "../../../../components/limit-reached";
import { Button } from "../../../../components/ui/button";
import { NEW_UNIT_FIELDS, UnitFields, type UnitFieldValues } from "../unit-fields";

export interface WizardUnitsValues {
  units: UnitFieldValues[];
}

export interface WizardUnitsOutput {
  units: UnitValues[];
}

/**
 * Step 2: the list of units with add and remove (remove only while more than one is left). Adding
 * stops at the units the plan still allows (`remainingUnits`, Infinity when unlimited).
 */
export function WizardUnitsStep({
  form,
  remainingUnits,
  limitMessage,
}: {
  form: UseFormReturn<WizardUnitsValues, unknown, WizardUnitsOutput>;
  remainingUnits: number;
  limitMessage: string;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "units" });
  const errors = form.formState.errors.units;
  const isAtLimit = fields.length >= remainingUnits;
  // A row added after a failed 'Weiter' shows no messages before the user typed in it
  // (decision 0984): the submit attempts each row has seen since it was added.
  // Kept in step with the rows by the add and remove handlers.
  const [addedAtSubmit, setAddedAtSubmit] = useState<number[]>(() => fields.map(() => 0));
  const submitCount = form.formState.submitCount;
  const isRowShownAll = (index: number) => submitCount > (addedAtSubmit[index] ?? 0);

  function addRow(): void {
    append({ ...NEW_UNIT_FIELDS });
    setAddedAtSubmit((current) => [...current, submitCount]);
  }

  function removeRow(index: number): void {
    remove(index);
    setAddedAtSubmit((current) => current.filter((_, position) => position !== index));
  }

  return (
    <div className="space-y-4">
      {Number.isFinite(remainingUnits) && !isAtLimit ? (
        <p className="text-sm text-slate-600">
          Ihr Plan erlaubt noch{" "}
          {remainingUnits === 1 ? "1 Wohneinheit" : `${remainingUnits} Wohneinheiten`}.
        </p>
      ) : null}
      {typeof errors?.message === "string" ? (
        <p className="text-sm text-red-600">{errors.message}</p>
      ) : null}
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li
            key={field.id}
            className="rounded-lg border border-slate-200 bg-slate-50/50 p-4"
            aria-label={`Wohneinheit ${index + 1}`}
          >
            <div className="mb-3 flex items-center justify-between gap-3">
              <h3 className="text-sm font-semibold text-slate-900">Wohneinheit {index + 1}</h3>
              {fields.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => removeRow(index)}
                  aria-label={`Wohneinheit ${index + 1} entfernen`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Entfernen
                </Button>
              ) : null}
            </div>
            <UnitFields form={form} prefix={`units.${index}.`} isShownAll={isRowShownAll(index)} />
          </li>
        ))}
      </ol>
      {/* Issue 27: the upgrade opens in place; once the plan changed, /api/me raises
          remainingUnits and the next row can be added with everything typed kept. */}
      {isAtLimit ? <LimitReachedBanner message={limitMessage} resource="units" /> : null}
      <Button variant="outline" onClick={addRow} disabled={isAtLimit}>
        <Plus className="size-4" aria-hidden="true" />
        Weitere Wohneinheit hinzufügen
      </Button>
    </div>
  );
}
