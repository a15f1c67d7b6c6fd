import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { FUELS } from "@nk/engine";
import { FUEL_LABELS } from "@nk/contract";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { DecimalField } from "../../../components/decimal-field";
import { SelectField } from "../../../components/ui/field";
import type { CostsFormValues } from "../lib/cost-form";
import { AnnualInformationFields } from "./annual-information-fields";

/** The CO2 inputs of the billing period (CO2KostAufG, docs/rules/co2.md#co2-split): carrier, kWh, supplier figures; the § 6a (3) HeizkV inputs (issue 24). */
export function Co2Fields() {
  const { register, control, formState } = useFormContext<CostsFormValues>();
  const errors = formState.errors.co2;
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>CO₂-Angaben der Brennstoffrechnung</CardTitle>
        <CardDescription>
          Für die CO₂-Kostenaufteilung nach CO2KostAufG; gilt für Heizung und Warmwasser.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Energieträger"
          placeholder="Nicht angegeben"
          options={FUELS.map((fuel) => ({ value: fuel, label: FUEL_LABELS[fuel] }))}
          error={errors?.fuel?.message}
          {...register("co2.fuel")}
        />
        <DecimalField
          label="Verbrauch laut Rechnung (kWh)"
          error={errors?.consumptionKwh?.message}
          control={control}
          name="co2.consumptionKwh"
        />
        <SelectField
          label="Abrechnung der kWh nach"
          options={[
            { value: "lower", label: "Heizwert (Hi)" },
            { value: "upper", label: "Brennwert (Hs)" },
          ]}
          {...register("co2.heatingValue")}
        />
        <DecimalField
          label="CO₂-Emissionen laut Versorger (kg)"
          placeholder="optional"
          error={errors?.emissionsKg?.message}
          control={control}
          name="co2.emissionsKg"
        />
        <DecimalField
          label="CO₂-Preis (EUR je Tonne)"
          placeholder="optional"
          hint="Leer: je Kalenderjahr der gesetzliche Preis (2024: 45 €, 2025: 55 €, 2026: 60 €); ab 2027 bitte angeben. Ein Wert hier gilt für den ganzen Zeitraum."
          error={errors?.pricePerTonne?.message}
          control={control}
          name="co2.pricePerTonne"
        />
        <DecimalField
          label="Umsatzsteuer auf die CO₂-Kosten (%)"
          placeholder="optional"
          error={errors?.vatPercent?.message}
          control={control}
          name="co2.vatPercent"
        />
        <DecimalField
          label="Emissionsfaktor laut Versorger (kg CO₂ je kWh)"
          placeholder="optional, z. B. bei Fernwärme"
          error={errors?.emissionFactor?.message}
          control={control}
          name="co2.emissionFactor"
        />
        <DecimalField
          label="CO₂-Kosten laut Rechnung des Lieferanten (EUR)"
          hint="§ 3 CO2KostAufG: auf der Rechnung ausgewiesen; wird dann unverändert verwendet."
          minDecimals={2}
          placeholder="optional"
          error={errors?.cost?.message}
          control={control}
          name="co2.cost"
        />
        <DecimalField
          label="Klimafaktor des Standorts"
          placeholder="1,0"
          hint="Vom Deutschen Wetterdienst je Postleitzahl und Zeitraum; leer: 1,0 (Verbrauchsanalyse nicht witterungsbereinigt)."
          error={formState.errors.climateFactor?.message}
          control={control}
          name="climateFactor"
        />
        <AnnualInformationFields />
      </CardContent>
    </Card>
  );
}
