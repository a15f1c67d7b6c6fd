import { formatDecimalTextDe, formatEuroDe, type RateCost } from "@nk/contract";

/** Rate-based items of the calculation: the tariff named, consumption, cost and its warnings. */
export function RateCostsList({
  rateCosts,
  costTypeOf,
}: {
  rateCosts: RateCost[];
  costTypeOf: (itemIndex: number) => string;
}) {
  if (rateCosts.length === 0) return null;
  return (
    <section
      aria-labelledby="rate-costs-title"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="rate-costs-title" className="text-base font-semibold text-slate-900">
        Tarifbasierte Kosten
      </h3>
      <ul className="space-y-2 text-sm">
        {rateCosts.map((cost) => (
          <li key={cost.itemIndex}>
            <p className="flex flex-wrap justify-between gap-x-3">
              <span>
                {costTypeOf(cost.itemIndex)}: Tarif „{cost.rateName}“,{" "}
                {formatDecimalTextDe(cost.consumption)} × {formatEuroDe(cost.effectiveUnitPrice)} +
                Grundpreis {formatEuroDe(cost.baseCosts)}
              </span>
              <span className="font-medium tabular-nums">{formatEuroDe(cost.totalCosts)}</span>
            </p>
            {cost.warnings.map((warning) => (
              <p key={warning} className="text-xs text-amber-800">
                {warning}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
