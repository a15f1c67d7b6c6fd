import { useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Trash2 } from "lucide-react";
import {
  DEFAULT_METER_BY_COST_TYPE,
  DISTRIBUTION_KEY_LABELS,
  DISTRIBUTION_KEYS,
  HEIZKV_MAX_CONSUMPTION_SHARE_PERCENT,
  HEIZKV_MIN_CONSUMPTION_SHARE_PERCENT,
  isHeizkvCostType,
  MESSAGES,
  ITEM_METERS,
} from "@nk/engine";
import {
  classifyCostType,
  compareDecimalText,
  ENERGY_SOURCE_LABELS,
  ENERGY_SOURCES,
  getEnergySourceWarning,
  isConsumptionCostType,
  ITEM_METER_LABELS,
  OFFERED_COST_TYPES,
  parseDecimalText,
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  type Rate,
  type TenancyLaw,
} from "@nk/contract";
import { DecimalField, DecimalInput } from "../../../components/decimal-field";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { complementPercent, type CostsFormValues } from "../lib/cost-form";
import { findFittingRates } from "../lib/rate-matching";
import { RateItemFields } from "./rate-item-fields";
import { CostItemLaw } from "./cost-item-law";
import { DirectAmountFields } from "./direct-amount-fields";

/** docs/rules/heating.md#heizkv: a HeizkV consumption share outside 50-70 % is refused, never clamped. */
export function getHeizkvShareError(
  costType: string,
  key: string,
  shareText: string,
): string | null {
  if (key !== "mixed" || !isHeizkvCostType(costType)) return null;
  const share = parseDecimalText(shareText);
  if (share === null) return null;
  const isInRange =
    compareDecimalText(share, String(HEIZKV_MIN_CONSUMPTION_SHARE_PERCENT)) >= 0 &&
    compareDecimalText(share, String(HEIZKV_MAX_CONSUMPTION_SHARE_PERCENT)) <= 0;
  return isInRange ? null : MESSAGES.heizkvViolation(share);
}

export interface CostItemCardProps {
  index: number;
  units: readonly { id: string; name: string }[];
  rates: readonly Rate[];
  propertyId: string;
  period: { start: string; end: string };
  months: number;
  /** Issue 24: residential or commercial tenancy law, for the cost-type code list. */
  law: TenancyLaw;
  onRemove: () => void;
}

/** One cost item of step 1: type, mode, amount or tariff, key, shares, meter, exclusions, § 35a. */
/** The code list's cost types; one not allocable under the law says so in its option (issue 24). */
function costTypeOptions(current: string, law: TenancyLaw, period: { start: string; end: string }) {
  const types =
    OFFERED_COST_TYPES.includes(current) || current === ""
      ? OFFERED_COST_TYPES
      : [current, ...OFFERED_COST_TYPES];
  return types.map((type) => ({
    value: type,
    label:
      classifyCostType(type, law, period).status === "notAllocable"
        ? `${type} (nicht umlagefähig)`
        : type,
  }));
}

export function CostItemCard({
  index,
  units,
  rates,
  propertyId,
  period,
  months,
  law,
  onRemove,
}: CostItemCardProps) {
  const titleId = useId();
  const { register, setValue, control, formState } = useFormContext<CostsFormValues>();
  const item = useWatch({ control, name: `costItems.${index}` });
  const errors = formState.errors.costItems?.[index];
  const isConsumptionType = isConsumptionCostType(item.costType);
  const usesMeter = item.key === "consumption" || item.key === "mixed";
  const heizkvError = getHeizkvShareError(item.costType, item.key, item.consumptionShare);
  const label = item.costType || `Kostenposition ${index + 1}`;
  const [isExtraOpen, setIsExtraOpen] = useState(() =>
    Boolean(item.energySource || item.laborCosts || item.excludedUnits.length > 0),
  );
  const fittingRates = findFittingRates(rates, item.costType, propertyId, period);
  const energyWarning = getEnergySourceWarning(item.costType, item.energySource || null);

  return (
    <li
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={titleId}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {label}
          {item.isMandatory ? <Badge variant="brand">Pflichtposition</Badge> : null}
          {item.mode === "rate" ? <Badge variant="info">Tarifbasiert</Badge> : null}
        </h3>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={onRemove}
          aria-label={`${label} entfernen`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Kostenart"
          placeholder="Kostenart wählen"
          options={costTypeOptions(item.costType, law, period)}
          error={errors?.costType?.message}
          {...register(`costItems.${index}.costType`, {
            onChange: (event: { target: { value: string } }) => {
              const next = event.target.value;
              if (!isConsumptionCostType(next)) setValue(`costItems.${index}.mode`, "manual");
              setValue(`costItems.${index}.meter`, DEFAULT_METER_BY_COST_TYPE[next] ?? "");
              setValue(`costItems.${index}.rateId`, "");
            },
          })}
        />
        <SelectField
          label="Erfassung"
          hint={
            isConsumptionType ? undefined : "Tarifbasiert nur für verbrauchsabhängige Kostenarten."
          }
          options={[
            { value: "manual", label: "Betrag manuell" },
            {
              value: "rate",
              label: "Tarifbasiert (Verbrauch × Tarif)",
              isDisabled: !isConsumptionType,
            },
          ]}
          {...register(`costItems.${index}.mode`)}
        />
      </div>

      {item.mode === "rate" ? (
        <RateItemFields index={index} fittingRates={fittingRates} months={months} />
      ) : (
        <DecimalField
          label="Betrag (EUR)"
          minDecimals={2}
          placeholder="0,00"
          error={errors?.amount?.message}
          fieldClassName="sm:max-w-xs"
          control={control}
          name={`costItems.${index}.amount`}
        />
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Verteilerschlüssel"
          placeholder="Schlüssel wählen"
          options={DISTRIBUTION_KEYS.map((key) => ({
            value: key,
            label: DISTRIBUTION_KEY_LABELS[key],
          }))}
          error={errors?.key?.message}
          {...register(`costItems.${index}.key`)}
        />
        {usesMeter ? (
          <SelectField
            label="Zählerart"
            placeholder="Nach Kostenart"
            options={ITEM_METERS.map((kind) => ({ value: kind, label: ITEM_METER_LABELS[kind] }))}
            error={errors?.meter?.message}
            {...register(`costItems.${index}.meter`)}
          />
        ) : null}
      </div>

      {item.key === "direct" ? (
        <DirectAmountFields index={index} propertyId={propertyId} period={period} units={units} />
      ) : null}

      <CostItemLaw index={index} law={law} period={period} propertyId={propertyId} />

      {item.key === "mixed" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <DecimalInput
            label="Grundkosten (%)"
            value={complementPercent(item.consumptionShare)}
            onValueChange={(base) =>
              setValue(`costItems.${index}.consumptionShare`, complementPercent(base), {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
            hint="Nach Wohnfläche verteilt"
          />
          <DecimalField
            label="Verbrauchskosten (%)"
            error={heizkvError ?? errors?.consumptionShare?.message}
            hint={isHeizkvCostType(item.costType) ? "HeizkV: 50 bis 70 %" : undefined}
            control={control}
            name={`costItems.${index}.consumptionShare`}
          />
        </div>
      ) : null}

      <details
        className="group rounded-lg border border-slate-200 px-3 py-2"
        open={isExtraOpen || Boolean(errors?.laborCosts)}
        onToggle={(event) => setIsExtraOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          Weitere Angaben: Energieträger, ausgenommene Einheiten, Lohnanteil (§ 35a EStG)
        </summary>
        <div className="mt-3 space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Energieträger"
              placeholder="Nicht angegeben"
              options={ENERGY_SOURCES.map((source) => ({
                value: source,
                label: ENERGY_SOURCE_LABELS[source],
              }))}
              {...register(`costItems.${index}.energySource`)}
            />
          </div>
          {units.length > 0 ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700">
                Ausgenommene Wohneinheiten
              </legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {units.map((unit) => (
                  <label key={unit.id} className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      value={unit.id}
                      className="size-4 accent-brand-700"
                      {...register(`costItems.${index}.excludedUnits`)}
                    />
                    {unit.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          <div className="grid gap-3 sm:grid-cols-2">
            <DecimalField
              label="davon Lohnkosten (EUR, § 35a EStG)"
              minDecimals={2}
              placeholder="optional"
              error={errors?.laborCosts?.message}
              control={control}
              name={`costItems.${index}.laborCosts`}
            />
            <SelectField
              label="Kategorie § 35a EStG"
              options={TAX_CATEGORIES.map((category) => ({
                value: category,
                label: TAX_CATEGORY_LABELS[category],
              }))}
              {...register(`costItems.${index}.taxCategory`)}
            />
          </div>
        </div>
      </details>
      {energyWarning ? (
        <p className="text-sm text-amber-800" role="status">
          {energyWarning}
        </p>
      ) : null}
    </li>
  );
}
