import type { StatementPreviewFigures } from "@nk/engine";
import { formatAreaDe, formatEuroDe } from "@nk/contract";

/** Step 2: total costs, unit count, total area, residents (the engine's sums, decision 1043). */
export function PreviewTotals({
  unitCount,
  totalCosts,
  figures,
}: {
  unitCount: number;
  totalCosts: string;
  figures: StatementPreviewFigures;
}) {
  const shown = [
    { label: "Gesamtkosten", value: formatEuroDe(totalCosts) },
    { label: "Wohneinheiten", value: String(unitCount) },
    { label: "Gesamtfläche", value: formatAreaDe(figures.totalArea) },
    { label: "Bewohner", value: String(figures.residents) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summen">
      {shown.map((figure) => (
        <div
          key={figure.label}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {figure.label}
          </dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900 sm:text-xl">
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
