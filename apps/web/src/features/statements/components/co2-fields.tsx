import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { FUELS } from "@nk/engine";
import { FUEL_LABELS } from "@nk/contract";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { SelectField, TextField } from "../../../components/ui/field";
import type { CostsFormValues } from "../lib/cost-form";

/** The CO2 inputs of the billing period (CO2KostAufG, DECISIONS 4): carrier, kWh, supplier figures. */
export function Co2Fields() {
  const { register, formState } = useFormContext<CostsFormValues>();
  const errors = formState.errors.co2;
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>CO₂-Angaben der Brennstoffrechnung</CardTitle>
        <CardDescription>Für die CO₂-Kostenaufteilung nach CO2KostAufG; gilt für Heizung und Warmwasser.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Energieträger"
          placeholder="Nicht angegeben"
          options={FUELS.map((fuel) => ({ value: fuel, label: FUEL_LABELS[fuel] }))}
          error={errors?.fuel?.message}
          {...register("co2.fuel")}
        />
        <TextField label="Verbrauch laut Rechnung (kWh)" inputMode="decimal" error={errors?.consumptionKwh?.message} {...register("co2.consumptionKwh")} />
        <SelectField
          label="Abrechnung der kWh nach"
          options={[
            { value: "lower", label: "Heizwert (Hi)" },
            { value: "upper", label: "Brennwert (Hs)" },
          ]}
          {...register("co2.heatingValue")}
        />
        <TextField
          label="CO₂-Emissionen laut Versorger (kg)"
          inputMode="decimal"
          placeholder="optional"
          error={errors?.emissionsKg?.message}
          {...register("co2.emissionsKg")}
        />
        <TextField
          label="CO₂-Preis (EUR je Tonne)"
          inputMode="decimal"
          placeholder="optional"
          hint="Leer: der gesetzliche Preis des Abrechnungsjahres (BEHG); ab 2027 bitte angeben."
          error={errors?.pricePerTonne?.message}
          {...register("co2.pricePerTonne")}
        />
        <TextField label="Umsatzsteuer auf die CO₂-Kosten (%)" inputMode="decimal" placeholder="optional" error={errors?.vatPercent?.message} {...register("co2.vatPercent")} />
        <TextField
          label="Emissionsfaktor laut Versorger (kg CO₂ je kWh)"
          inputMode="decimal"
          placeholder="optional, z. B. bei Fernwärme"
          error={errors?.emissionFactor?.message}
          {...register("co2.emissionFactor")}
        />
        <TextField
          label="CO₂-Kosten laut Versorger (EUR)"
          inputMode="decimal"
          placeholder="optional"
          error={errors?.cost?.message}
          {...register("co2.cost")}
        />
      </CardContent>
    </Card>
  );
}
