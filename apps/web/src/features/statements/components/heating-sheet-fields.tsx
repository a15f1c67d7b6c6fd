import { useId } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import {
  calculateHeatingCostSheet,
  FUEL_QUANTITY_UNITS,
  FUELS,
  type HeatingCostSheet,
} from "@nk/engine";
import {
  FUEL_LABELS,
  FUEL_QUANTITY_UNIT_LABELS,
  formatEuroDe,
  formatDecimalTextDe,
  heatingCostsSchema,
  isStoredFuel,
  toHeatingCostSheetInput,
} from "@nk/contract";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { DecimalField } from "../../../components/decimal-field";
import { SelectField, TextField } from "../../../components/ui/field";
import {
  buildEmptyCostItem,
  toHeatingCostsBody,
  type CostsFormValues,
  type HeatingSheetValues,
} from "../lib/cost-form";

// Issue 24, item 6: the heating cost sheet of the central system (§ 7 (2) HeizkV): fuel,
// for stored fuels opening stock, deliveries and closing stock (valued first in, first out,
// decision 1151), the cost components and the § 9 HeizkV split of a generator that also heats
// the water. The sheet shown below the inputs is the engine's, as the letter will print it.

/** The engine's sheet for what is typed so far; null while the inputs are incomplete or wrong. */
function computeSheet(values: HeatingSheetValues | undefined): HeatingCostSheet | null {
  const body = toHeatingCostsBody(values);
  if (!body) return null;
  const parsed = heatingCostsSchema.safeParse(body);
  if (!parsed.success) return null;
  // Decision 1043: the quantities go to the engine as the decimal text typed, as the server sends them.
  const outcome = calculateHeatingCostSheet(toHeatingCostSheetInput(parsed.data));
  return outcome.ok ? outcome.sheet : null;
}

export function HeatingSheetFields() {
  const { register, control, formState, getValues, setValue } = useFormContext<CostsFormValues>();
  const deliveries = useFieldArray({ control, name: "heatingSheet.deliveries" });
  const sheetValues = useWatch({ control, name: "heatingSheet" }) as HeatingSheetValues | undefined;
  const errors = formState.errors.heatingSheet;
  const titleId = useId();
  const isEnabled = sheetValues?.isEnabled === true;
  const fuel = sheetValues?.fuel ?? "";
  const isStored = isStoredFuel(fuel === "" ? null : fuel);
  const sheet = isEnabled ? computeSheet(sheetValues) : null;

  /** Sets the amounts of Heizung and Warmwasser to the sheet's (adds the items where missing). */
  function applyToItems(result: HeatingCostSheet): void {
    const items = getValues("costItems");
    const targets: Array<[string, string]> = [["Heizung", result.heatingCost]];
    if (result.hotWaterCost !== null) targets.push(["Warmwasser", result.hotWaterCost]);
    const next = [...items];
    for (const [costType, amount] of targets) {
      const index = next.findIndex((item) => item.costType === costType);
      if (index >= 0)
        next[index] = { ...(next[index] as (typeof next)[number]), amount, mode: "manual" };
      else next.push({ ...buildEmptyCostItem(costType), amount, key: "mixed" });
    }
    setValue("costItems", next, { shouldDirty: true });
  }

  const unit = sheetValues?.quantityUnit ?? "l";
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Heizkostenaufstellung</CardTitle>
        <CardDescription>
          Brennstoff, Vorräte und Nebenkosten der Heizungsanlage (§ 7 Abs. 2 HeizkV); erzeugt die
          Anlage auch Warmwasser, die Aufteilung nach § 9 HeizkV. Die Abrechnung druckt die
          Aufstellung.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Checkbox label="Heizkostenaufstellung erfassen" {...register("heatingSheet.isEnabled")} />
        {isEnabled ? (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label="Brennstoff der Heizungsanlage"
                placeholder="Bitte wählen"
                options={FUELS.map((value) => ({ value, label: FUEL_LABELS[value] }))}
                error={errors?.fuel?.message}
                {...register("heatingSheet.fuel")}
              />
              <SelectField
                label="Mengeneinheit"
                options={FUEL_QUANTITY_UNITS.map((value) => ({
                  value,
                  label: FUEL_QUANTITY_UNIT_LABELS[value],
                }))}
                error={errors?.quantityUnit?.message}
                {...register("heatingSheet.quantityUnit")}
              />
            </div>
            {isStored ? (
              <fieldset className="space-y-3">
                <legend className="text-sm font-semibold text-slate-800">
                  Vorrat (Anfangsbestand, Lieferungen, Endbestand)
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <DecimalField
                    label={`Anfangsbestand (${FUEL_QUANTITY_UNIT_LABELS[unit]})`}
                    error={errors?.openingQuantity?.message}
                    control={control}
                    name="heatingSheet.openingQuantity"
                  />
                  <DecimalField
                    label="Wert des Anfangsbestands (EUR)"
                    hint="Der bewertete Endbestand der Vorjahresabrechnung."
                    minDecimals={2}
                    error={errors?.openingAmount?.message}
                    control={control}
                    name="heatingSheet.openingAmount"
                  />
                </div>
                <ul className="space-y-3" aria-label="Lieferungen">
                  {deliveries.fields.map((field, index) => (
                    <li
                      key={field.id}
                      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
                    >
                      <TextField
                        type="date"
                        label={`Lieferdatum ${index + 1}`}
                        error={errors?.deliveries?.[index]?.date?.message}
                        {...register(`heatingSheet.deliveries.${index}.date`)}
                      />
                      <DecimalField
                        label={`Liefermenge ${index + 1} (${FUEL_QUANTITY_UNIT_LABELS[unit]})`}
                        error={errors?.deliveries?.[index]?.quantity?.message}
                        control={control}
                        name={`heatingSheet.deliveries.${index}.quantity`}
                      />
                      <DecimalField
                        label={`Rechnungsbetrag ${index + 1} (EUR)`}
                        minDecimals={2}
                        error={errors?.deliveries?.[index]?.amount?.message}
                        control={control}
                        name={`heatingSheet.deliveries.${index}.amount`}
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        className="sm:mt-6"
                        onClick={() => deliveries.remove(index)}
                        aria-label={`Lieferung ${index + 1} entfernen`}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => deliveries.append({ date: "", quantity: "", amount: "" })}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  Lieferung hinzufügen
                </Button>
                <DecimalField
                  label={`Endbestand am Ende des Zeitraums (${FUEL_QUANTITY_UNIT_LABELS[unit]})`}
                  hint="Abgelesen am letzten Tag; bewertet nach der Reihenfolge der Lieferungen (zuletzt geliefert bleibt übrig)."
                  error={errors?.closingQuantity?.message}
                  control={control}
                  name="heatingSheet.closingQuantity"
                />
              </fieldset>
            ) : fuel !== "" ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <DecimalField
                  label={`Verbrauch laut Rechnung (${FUEL_QUANTITY_UNIT_LABELS[unit]})`}
                  error={errors?.quantity?.message}
                  control={control}
                  name="heatingSheet.quantity"
                />
                <DecimalField
                  label="Brennstoffkosten laut Rechnung (EUR)"
                  minDecimals={2}
                  error={errors?.fuelCost?.message}
                  control={control}
                  name="heatingSheet.fuelCost"
                />
              </div>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <DecimalField
                label="Betriebsstrom (EUR)"
                minDecimals={2}
                error={errors?.operatingPower?.message}
                control={control}
                name="heatingSheet.operatingPower"
              />
              <DecimalField
                label="Wartung und Reinigung (EUR)"
                minDecimals={2}
                error={errors?.maintenance?.message}
                control={control}
                name="heatingSheet.maintenance"
              />
              <DecimalField
                label="Immissionsschutzmessung (EUR)"
                minDecimals={2}
                error={errors?.emissionMeasurement?.message}
                control={control}
                name="heatingSheet.emissionMeasurement"
              />
              <DecimalField
                label="Messdienst: Gerätemiete, Ablesung, Abrechnung (EUR)"
                minDecimals={2}
                error={errors?.meteringService?.message}
                control={control}
                name="heatingSheet.meteringService"
              />
            </div>
            <Checkbox
              label="Die Anlage erwärmt auch das Trinkwasser (ohne Wärmezähler für Warmwasser, § 9 HeizkV)"
              {...register("heatingSheet.isCombined")}
            />
            {sheetValues?.isCombined ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <DecimalField
                  label="Gesamte Energie der Anlage (kWh)"
                  error={errors?.totalEnergyKwh?.message}
                  control={control}
                  name="heatingSheet.totalEnergyKwh"
                />
                <DecimalField
                  label="Warmwasservolumen V (m³)"
                  error={errors?.hotWaterVolumeM3?.message}
                  control={control}
                  name="heatingSheet.hotWaterVolumeM3"
                />
                <DecimalField
                  label="Mittlere Warmwassertemperatur tw (°C)"
                  placeholder="60"
                  hint="Ohne Messung 60 °C."
                  error={errors?.hotWaterTemperatureCelsius?.message}
                  control={control}
                  name="heatingSheet.hotWaterTemperatureCelsius"
                />
                <DecimalField
                  label="Wohnfläche mit Warmwasser (m²)"
                  hint="Nur wenn das Volumen nicht gemessen wurde: 32 kWh je m²."
                  error={errors?.hotWaterAreaM2?.message}
                  control={control}
                  name="heatingSheet.hotWaterAreaM2"
                />
                <Checkbox
                  label="Erdgas nach Brennwert abgerechnet (Q × 1,11)"
                  {...register("heatingSheet.isGasUpperHeatingValue")}
                />
                <Checkbox
                  label="Eigenständige gewerbliche Wärmelieferung (Q ÷ 1,15)"
                  {...register("heatingSheet.isCommercialHeatSupply")}
                />
              </div>
            ) : null}
            {sheet ? (
              <div
                className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm"
                aria-label="Ergebnis der Heizkostenaufstellung"
              >
                <p>
                  Verbrauchter Brennstoff: {formatDecimalTextDe(sheet.consumedQuantity)}{" "}
                  {FUEL_QUANTITY_UNIT_LABELS[sheet.quantityUnit]} für {formatEuroDe(sheet.fuelCost)}
                  {sheet.stock
                    ? ` (Endbestand bewertet mit ${formatEuroDe(sheet.stock.closing.amount)})`
                    : ""}
                </p>
                <p>Kosten der Heizungsanlage: {formatEuroDe(sheet.total)}</p>
                {sheet.combinedSplit ? (
                  <p>
                    Warmwasser: Q = {formatDecimalTextDe(sheet.combinedSplit.hotWaterEnergyKwh, 2)}{" "}
                    kWh ({formatDecimalTextDe(sheet.combinedSplit.hotWaterSharePercent, 2)} %) ={" "}
                    {formatEuroDe(sheet.combinedSplit.hotWaterCost)}; Heizung:{" "}
                    {formatEuroDe(sheet.combinedSplit.heatingCost)}
                  </p>
                ) : null}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="h-auto max-w-full whitespace-normal py-1.5 text-left"
                  onClick={() => applyToItems(sheet)}
                >
                  Beträge in Heizung{sheet.hotWaterCost !== null ? " und Warmwasser" : ""}{" "}
                  übernehmen
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
