import { useId, useState } from "react";
import { calculateRateCost, type RateDefinition } from "@nk/engine";
import { formatDecimalTextDe, formatEuroDe, parseDecimalInput, RATE_CALCULATOR_DEFAULT_CONSUMPTION, RATE_CALCULATOR_DEFAULT_MONTHS } from "@nk/contract";
import { toGermanDecimalText } from "../../../components/decimal-field";
import { Input } from "../../../components/ui/input";
import { formatCurrency } from "../../../lib/format";

/**
 * The example cost calculator of the rate form (section 9): consumption x unit price + base
 * price x months, computed by the engine's own rate cost function (the one statements use).
 */
export function RateCostCalculator({ rate, unit }: { rate: RateDefinition | null; unit: string }) {
  const consumptionId = useId();
  const monthsId = useId();
  const [consumption, setConsumption] = useState(String(RATE_CALCULATOR_DEFAULT_CONSUMPTION));
  const [months, setMonths] = useState(String(RATE_CALCULATOR_DEFAULT_MONTHS));
  // The engine's rate cost takes the quantities as numbers; the prices stay decimal text.
  const consumptionText = parseDecimalInput(consumption);
  const monthsNumber = Number(months);
  const isMonthsValid = Number.isInteger(monthsNumber) && monthsNumber >= 1 && monthsNumber <= 12;
  const outcome =
    rate && consumptionText !== null && isMonthsValid ? calculateRateCost({ consumption: Number(consumptionText), months: monthsNumber, rate }) : null;

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-labelledby={`${consumptionId}-title`}>
      <h3 id={`${consumptionId}-title`} className="text-sm font-semibold text-slate-900">
        Beispielrechnung
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={consumptionId} className="text-sm font-medium text-slate-700">
            Verbrauch ({unit})
          </label>
          <Input
            id={consumptionId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={consumption}
            onChange={(event) => setConsumption(event.target.value)}
            onBlur={(event) => setConsumption(toGermanDecimalText(event.target.value))}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={monthsId} className="text-sm font-medium text-slate-700">
            Monate
          </label>
          <Input id={monthsId} type="number" min="1" max="12" step="1" value={months} hasError={!isMonthsValid} onChange={(event) => setMonths(event.target.value)} />
          {!isMonthsValid ? <p className="text-sm text-red-600">Bitte 1 bis 12 Monate angeben.</p> : null}
        </div>
      </div>
      {outcome === null ? (
        <p className="text-sm text-slate-500">Geben Sie einen Preis pro Einheit ein, um die Kosten zu berechnen.</p>
      ) : !outcome.ok ? (
        <p className="text-sm text-red-600">{outcome.errors.join(" ")}</p>
      ) : (
        <div className="space-y-2 text-sm" data-testid="rate-calculator-result">
          <ul className="space-y-1">
            {outcome.result.lines.map((line) => (
              <li key={line.label} className="flex justify-between gap-3 text-slate-700">
                <span>
                  {line.label}: {formatDecimalTextDe(line.quantity)} × {formatEuroDe(line.unitPrice)}
                  {line.label === "Grundpreis" ? "/Monat" : `/${unit}`}
                </span>
                <span className="tabular-nums">{formatCurrency(line.cost)}</span>
              </li>
            ))}
          </ul>
          <p className="flex justify-between border-t border-slate-200 pt-2 font-semibold text-slate-900">
            <span>Gesamtkosten</span>
            <span className="tabular-nums">{formatCurrency(outcome.result.totalCosts)}</span>
          </p>
          {outcome.result.warnings.map((warning) => (
            <p key={warning} className="text-amber-800">
              {warning}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
