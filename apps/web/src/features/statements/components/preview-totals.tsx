import type { StatementInput, StatementResult } from "@nk/engine";
import { formatAreaDe, formatEuroDe } from "@nk/contract";
import { sumArea, sumResidents } from "../lib/preview-figures";

/** Step 2: total costs, unit count, total area, residents. */
export function PreviewTotals({ input, result }: { input: StatementInput; result: StatementResult }) {
  const figures = [
    { label: "Gesamtkosten", value: formatEuroDe(result.totalCosts) },
    { label: "Wohneinheiten", value: String(input.units.length) },
    { label: "Gesamtfläche", value: formatAreaDe(sumArea(input)) },
    { label: "Bewohner", value: String(sumResidents(input)) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summen">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{figure.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900 sm:text-xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
