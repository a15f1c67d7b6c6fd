import { useFieldArray, useFormContext } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { DecimalField } from "../../../components/decimal-field";
import { TextField } from "../../../components/ui/field";
import type { CostsFormValues } from "../lib/cost-form";

// Issue 24, item 12 (decision 1160): the inputs of the § 6a (3) HeizkV annual information the
// letter prints: the supplier's energy mix, for district heating the primary energy factor, the
// taxes and levies in the energy costs, and the fees for metering devices, reading and billing.

export function AnnualInformationFields() {
  const { register, control, formState } = useFormContext<CostsFormValues>();
  const errors = formState.errors.annualInformation;
  const mix = useFieldArray({ control, name: "annualInformation.energyMix" });
  const levies = useFieldArray({ control, name: "annualInformation.taxesAndLevies" });
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-semibold text-slate-800">
        Jährliche Verbrauchsinformation (§ 6a Abs. 3 HeizkV)
      </legend>
      <p className="text-sm text-slate-600">
        Fehlende Angaben berechtigen den Mieter, seinen Heizkostenanteil um 3 % zu kürzen (§ 12 Abs.
        1 HeizkV). Die Zahlen stehen auf der Rechnung des Versorgers oder des Messdienstes.
      </p>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">Energiemix laut Versorger</p>
        <p className="text-sm text-slate-600">
          Leer: der Energieträger oben zu 100 %. Die Anteile müssen zusammen 100 % ergeben.
        </p>
        {errors?.energyMix?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.energyMix.message}
          </p>
        ) : null}
        <ul className="space-y-3" aria-label="Energiemix">
          {mix.fields.map((field, index) => (
            <li
              key={field.id}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
            >
              <TextField
                label={`Energieträger ${index + 1}`}
                error={errors?.energyMix?.[index]?.carrier?.message}
                {...register(`annualInformation.energyMix.${index}.carrier`)}
              />
              <DecimalField
                label={`Anteil ${index + 1} (%)`}
                error={errors?.energyMix?.[index]?.percent?.message}
                control={control}
                name={`annualInformation.energyMix.${index}.percent`}
              />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="sm:mt-6"
                aria-label={`Energieträger ${index + 1} entfernen`}
                onClick={() => mix.remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => mix.append({ carrier: "", percent: "" })}
        >
          <Plus aria-hidden="true" className="size-4" /> Energieträger hinzufügen
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <DecimalField
          label="Primärenergiefaktor des Wärmenetzes"
          placeholder="nur bei Fernwärme"
          hint="Laut Fernwärmeversorger; die Emissionen je kWh oben unter „Emissionsfaktor laut Versorger“."
          error={errors?.primaryEnergyFactor?.message}
          control={control}
          name="annualInformation.primaryEnergyFactor"
        />
        <DecimalField
          label="Gerätemiete und Eichung der Erfassungsgeräte (EUR)"
          placeholder="optional"
          minDecimals={2}
          error={errors?.meteringDeviceFee?.message}
          control={control}
          name="annualInformation.meteringDeviceFee"
        />
        <DecimalField
          label="Ablesung und Abrechnung (EUR)"
          placeholder="optional"
          hint="Leer (auch die Gerätemiete): der Messdienst der Heizkostenaufstellung."
          minDecimals={2}
          error={errors?.readingAndBillingFee?.message}
          control={control}
          name="annualInformation.readingAndBillingFee"
        />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">Steuern, Abgaben und Zölle</p>
        <p className="text-sm text-slate-600">
          Z. B. Energiesteuer laut Rechnung; die CO₂-Kosten werden automatisch genannt.
        </p>
        <ul className="space-y-3" aria-label="Steuern und Abgaben">
          {levies.fields.map((field, index) => (
            <li
              key={field.id}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
            >
              <TextField
                label={`Bezeichnung ${index + 1}`}
                error={errors?.taxesAndLevies?.[index]?.label?.message}
                {...register(`annualInformation.taxesAndLevies.${index}.label`)}
              />
              <DecimalField
                label={`Betrag ${index + 1} (EUR)`}
                minDecimals={2}
                error={errors?.taxesAndLevies?.[index]?.amount?.message}
                control={control}
                name={`annualInformation.taxesAndLevies.${index}.amount`}
              />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="sm:mt-6"
                aria-label={`Abgabe ${index + 1} entfernen`}
                onClick={() => levies.remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => levies.append({ label: "", amount: "" })}
        >
          <Plus aria-hidden="true" className="size-4" /> Steuer oder Abgabe hinzufügen
        </Button>
      </div>
    </fieldset>
  );
}
