import { useState } from "react";
import { calculateRateCost, type RateDefinition } from "@nk/engine";
import {
  formatDecimalTextDe,
  formatEuroDe,
  parseDecimalText,
  RATE_CALCULATOR_DEFAULT_CONSUMPTION,
  RATE_CALCULATOR_DEFAULT_MONTHS,
} from "@nk/contract";
import { DecimalInput } from "../../../components/decimal-field";
import { formatCurrency } from "../../../lib/format";

/**
 * The example cost calculator of the rate form (docs/rules/statements.md#statement-constants): consumption x unit price + base
 * price x months, computed by the engine's own rate cost function (the one statements use).
 */
export function RateCostCalculator({ rate, unit }: { rate: RateDefinition | null; unit: string }) {
  const [consumption, setConsumption] = useState(String(RATE_CALCULATOR_DEFAULT_CONSUMPTION));
  const [months, setMonths] = useState(String(RATE_CALCULATOR_DEFAULT_MONTHS));
  // Both inputs hold canonical text (the one number field); the engine's rate cost reads the
  // consumption and the prices as decimal text (decision 1043); months are a count.
  const consumptionText = parseDecimalText(consumption);
  const monthsText = parseDecimalText(months);
  const isMonthsValid =
    monthsText !== null &&
    /^\d+$/.test(monthsText) &&
    Number(monthsText) >= 1 &&
    Number(monthsText) <= 12;
  const outcome =
    rate && consumptionText !== null && isMonthsValid
      ? calculateRateCost({ consumption: consumptionText, months: Number(monthsText), rate })
      : null;

  return (
    <section
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      aria-label="Beispielrechnung"
    >
      <h3 className="text-sm font-semibold text-slate-900">Beispielrechnung</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <DecimalInput
          label={`Verbrauch (${unit})`}
          value={consumption}
          onValueChange={setConsumption}
        />
        <DecimalInput
          label="Monate"
          value={months}
          onValueChange={setMonths}
          error={isMonthsValid ? undefined : "Bitte 1 bis 12 Monate angeben."}
        />
      </div>
      {outcome === null ? (
        <p className="text-sm text-slate-500">
          Geben Sie einen Preis pro Einheit ein, um die Kosten zu berechnen.
        </p>
      ) : !outcome.ok ? (
        <p className="text-sm text-red-600">{outcome.errors.join(" ")}</p>
      ) : (
        <div className="space-y-2 text-sm" data-testid="rate-calculator-result">
          <ul className="space-y-1">
            {outcome.result.lines.map((line) => (
              <li key={line.label} className="flex justify-between gap-3 text-slate-700">
                <span>
                  {line.label}: {formatDecimalTextDe(line.quantity)} ×{" "}
                  {formatEuroDe(line.unitPrice)}
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
