import { useFieldArray, useFormContext } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { METER_KINDS, type MeterKind } from "@nk/engine";
import { METER_KIND_LABELS, type StatementConsumption } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { DecimalField } from "../../../components/decimal-field";
import { SelectField, TextField } from "../../../components/ui/field";
import type { CostsFormValues } from "../lib/cost-form";
import { ConsumptionReadings } from "./consumption-readings";

/**
 * Step 1 'Verbrauch': the values derived from the readings (from the last calculation), the
 * missing end readings, and the manual values with their reason (docs/rules/statement-inputs.md#assembly, § 9a HeizkV).
 */
export function ConsumptionPanel({
  consumption,
  units,
}: {
  consumption: StatementConsumption | null;
  units: readonly { id: string; name: string }[];
}) {
  const { control, register, formState } = useFormContext<CostsFormValues>();
  const overrides = useFieldArray({ control, name: "consumptionOverrides" });
  const unitName = (unitId: string) =>
    units.find((unit) => unit.id === unitId)?.name ?? "Wohneinheit";
  const errors = formState.errors.consumptionOverrides;

  function addOverride(unitId = units[0]?.id ?? "", meter: MeterKind = "heating"): void {
    const isPresent = overrides.fields.some(
      (entry) => entry.unitId === unitId && entry.meter === meter,
    );
    if (!isPresent) overrides.append({ unitId, meter, value: "", reason: "" });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Verbrauch und Zählerstände</CardTitle>
        <CardDescription>
          Der Verbrauch je Wohneinheit wird aus den Zählerständen des Zeitraums ermittelt. Fehlt ein
          Endstand, geben Sie den Verbrauch der Einheit mit Begründung ein.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {consumption ? (
          <>
            {consumption.missing.length > 0 ? (
              <Alert
                variant={consumption.missing.some((m) => m.isBlocking) ? "error" : "warning"}
                title="Fehlende Zählerstände"
              >
                <ul className="space-y-2">
                  {consumption.missing.map((missing) => (
                    <li
                      key={missing.meterId}
                      className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <span>{missing.message}</span>
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        onClick={() => addOverride(missing.unitId, missing.meter)}
                      >
                        Verbrauch manuell eingeben
                      </Button>
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            <ConsumptionReadings consumption={consumption} unitName={unitName} />
          </>
        ) : (
          <p className="text-sm text-slate-600">
            Die Verbrauchswerte und die verwendeten Zählerstände erscheinen hier, sobald die erste
            Kostenposition gespeichert ist.
          </p>
        )}

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">
            Manuell eingegebener Verbrauch
          </legend>
          {overrides.fields.map((field, index) => (
            <div
              key={field.id}
              className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50/50 p-3 sm:grid-cols-[1fr_1fr_8rem_2fr_auto] sm:items-start"
            >
              <SelectField
                label="Wohneinheit"
                options={units.map((unit) => ({ value: unit.id, label: unit.name }))}
                error={errors?.[index]?.unitId?.message}
                {...register(`consumptionOverrides.${index}.unitId`)}
              />
              <SelectField
                label="Zählerart"
                options={METER_KINDS.map((kind) => ({
                  value: kind,
                  label: METER_KIND_LABELS[kind],
                }))}
                {...register(`consumptionOverrides.${index}.meter`)}
              />
              <DecimalField
                label="Verbrauch"
                error={errors?.[index]?.value?.message}
                control={control}
                name={`consumptionOverrides.${index}.value`}
              />
              <TextField
                label="Begründung"
                placeholder="z. B. Zähler defekt, geschätzt"
                error={errors?.[index]?.reason?.message}
                {...register(`consumptionOverrides.${index}.reason`)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="sm:mt-6"
                onClick={() => overrides.remove(index)}
                aria-label={`Manuellen Verbrauch ${unitName(field.unitId)} entfernen`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => addOverride()}
            disabled={units.length === 0}
          >
            <Plus className="size-4" aria-hidden="true" />
            Verbrauch manuell eingeben
          </Button>
        </fieldset>
      </CardContent>
    </Card>
  );
}
