import { EFFICIENCY_CLASSES, EFFICIENCY_METHOD_LABELS, EFFICIENCY_METHODS } from "@nk/contract";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { SelectField, TextField } from "../../../components/ui/field";
import type { EditPropertyForm } from "../lib/use-edit-property-form";
import { describeEfficiencyClass } from "./efficiency-class-summary";

const CLASS_OPTIONS = EFFICIENCY_CLASSES.map((efficiencyClass) => ({
  value: efficiencyClass,
  label: describeEfficiencyClass(efficiencyClass),
}));
const METHOD_OPTIONS = EFFICIENCY_METHODS.map((method) => ({
  value: method,
  label: EFFICIENCY_METHOD_LABELS[method],
}));

/** The energy efficiency of the edit property page: class, the day it was determined, and how. */
export function EfficiencyFields({ edit }: { edit: EditPropertyForm }) {
  const { register, formState } = edit.form;
  const efficiencyClassField = register("efficiencyClass");
  const isClassChosen = Boolean(edit.efficiencyClass);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Energieeffizienz (CO₂-Kostenaufteilung)</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 py-5">
        <p className="text-sm text-slate-600">
          Die Effizienzklasse entspricht der Stufe nach dem CO₂-Kostenaufteilungsgesetz (A = Stufe 1
          … J = Stufe 10). Sie wird nur verwendet, wenn sich die Emissionen nicht aus den
          Brennstoffdaten der Abrechnung berechnen lassen.
        </p>
        <div className="grid gap-4 sm:grid-cols-6">
          <SelectField
            fieldClassName="sm:col-span-6"
            label="Effizienzklasse"
            placeholder="Nicht angegeben"
            options={CLASS_OPTIONS}
            error={formState.errors.efficiencyClass?.message}
            {...efficiencyClassField}
            onChange={(event) => {
              void efficiencyClassField.onChange(event);
              edit.onEfficiencyClassChosen(event.target.value);
            }}
          />
          <TextField
            fieldClassName="sm:col-span-3"
            label="Ermittlungsdatum"
            type="date"
            disabled={!isClassChosen}
            error={formState.errors.efficiencyDeterminedDate?.message}
            {...register("efficiencyDeterminedDate")}
          />
          <SelectField
            fieldClassName="sm:col-span-3"
            label="Ermittlungsmethode"
            placeholder="Bitte wählen"
            disabled={!isClassChosen}
            options={METHOD_OPTIONS}
            error={formState.errors.efficiencyDeterminationMethod?.message}
            {...register("efficiencyDeterminationMethod")}
          />
        </div>
      </CardContent>
    </Card>
  );
}
