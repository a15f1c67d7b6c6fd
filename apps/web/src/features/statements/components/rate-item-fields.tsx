import { useState } from "react";
import { Link } from "react-router";
import { useFormContext, useWatch } from "react-hook-form";
import {
  formatDecimalTextDe,
  formatEuroDe,
  parseDecimalText,
  STATEMENT_MESSAGES,
  UTILITY_TYPE_UNITS,
  type Rate,
} from "@nk/contract";
import { DecimalField } from "../../../components/decimal-field";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import type { CostsFormValues } from "../lib/cost-form";
import { calculateItemRateCost, getTariffSource } from "../lib/rate-matching";

/**
 * A rate-based item: a stored tariff, the consumption, and 'Berechnen', which puts the engine's
 * rate cost (HT/NT, tiers, warnings) into the item's amount with the tariff named.
 */
export function RateItemFields({
  index,
  fittingRates,
  months,
}: {
  index: number;
  fittingRates: Rate[];
  months: number;
}) {
  const { register, setValue, control, formState } = useFormContext<CostsFormValues>();
  const costType = useWatch({ control, name: `costItems.${index}.costType` });
  const rateId = useWatch({ control, name: `costItems.${index}.rateId` });
  const consumption = useWatch({ control, name: `costItems.${index}.consumptionAmount` });
  const amount = useWatch({ control, name: `costItems.${index}.amount` });
  const [message, setMessage] = useState<{ kind: "error" | "info"; texts: string[] } | null>(null);
  const rate = fittingRates.find((r) => r.id === rateId) ?? null;
  const consumptionText = parseDecimalText(consumption ?? "");
  const isConsumptionPositive = consumptionText !== null && !/^-|^0+(\.0+)?$/.test(consumptionText);
  const errors = formState.errors.costItems?.[index];

  function calculate(): void {
    if (!costType) {
      setMessage({ kind: "error", texts: [STATEMENT_MESSAGES.costTypeRequired] });
      return;
    }
    if (!rate || consumptionText === null) return;
    const outcome = calculateItemRateCost(rate, consumptionText, months);
    if (!outcome.ok) {
      setMessage({ kind: "error", texts: outcome.errors });
      return;
    }
    setValue(`costItems.${index}.amount`, outcome.result.totalCosts, {
      shouldDirty: true,
      shouldValidate: true,
    });
    setMessage({
      kind: "info",
      texts: [
        ...outcome.result.lines.map(
          (line) =>
            `${line.label}: ${formatDecimalTextDe(line.quantity)} × ${formatEuroDe(line.unitPrice)} = ${formatEuroDe(line.cost)}`,
        ),
        ...outcome.result.warnings,
      ],
    });
  }

  if (fittingRates.length === 0) {
    const text = costType
      ? STATEMENT_MESSAGES.noTariffFor(getTariffSource(costType))
      : STATEMENT_MESSAGES.costTypeRequired;
    return (
      <Alert
        variant="warning"
        action={
          <Link to="/dashboard/rates" className={buttonStyles({ size: "sm", variant: "outline" })}>
            Tarif anlegen
          </Link>
        }
      >
        {text}
      </Alert>
    );
  }

  const unit = rate ? UTILITY_TYPE_UNITS[rate.utilityType] : "";
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <SelectField
          label="Tarif"
          placeholder="Tarif wählen"
          options={fittingRates.map((r) => ({
            value: r.id,
            label: `${r.rateName}${r.providerName ? ` (${r.providerName})` : ""}`,
          }))}
          error={errors?.rateId?.message}
          {...register(`costItems.${index}.rateId`, { onChange: () => setMessage(null) })}
        />
        <DecimalField
          label={`Verbrauch${unit ? ` (${unit})` : ""}`}
          error={errors?.consumptionAmount?.message}
          control={control}
          name={`costItems.${index}.consumptionAmount`}
          onValueChange={() => setMessage(null)}
        />
        <Button
          type="button"
          variant="outline"
          onClick={calculate}
          disabled={!rate || !isConsumptionPositive}
        >
          Berechnen
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        Kein passender Tarif dabei?{" "}
        <Link
          to="/dashboard/rates"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Tarif anlegen
        </Link>
      </p>
      {rate && amount ? (
        <p className="text-sm text-slate-800">
          Betrag nach Tarif „{rate.rateName}“:{" "}
          <span className="font-semibold tabular-nums">
            {formatEuroDe(parseDecimalText(amount) ?? amount)}
          </span>
        </p>
      ) : null}
      {message ? (
        <ul
          className={
            message.kind === "error"
              ? "space-y-0.5 text-sm text-red-600"
              : "space-y-0.5 text-xs text-slate-600"
          }
          role={message.kind === "error" ? "alert" : undefined}
        >
          {message.texts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
