import { Suspense, useId } from "react";
import type { ChartBar } from "../../lib/analysis-figures";
import { NAME_HEIGHT } from "./chart-sizes";
import { LazyBarChartPlot } from "./lazy-charts";

export interface BarChartFigureProps {
  title: string;
  bars: ChartBar[];
  /** What the label beside each bar says. */
  labelOf: "value" | "share";
  /** Column headings of the table view. */
  columns: { value: string; share: string };
  /** A dashed line, e.g. the building's average, with its label. */
  reference?: { size: number; label: string };
  /** Extra text under the chart. */
  footnote?: string;
}

const ROW_HEIGHT = 44;

/**
 * A horizontal bar chart (Recharts, loaded on first use) with the value written beside each bar
 * and the same figures as a table below: the numbers are read as text, colour carries no meaning
 * (WCAG 1.4.1).
 */
export function BarChartFigure({
  title,
  bars,
  labelOf,
  columns,
  reference,
  footnote,
}: BarChartFigureProps) {
  const captionId = useId();
  // Room above the bars for the reference line's label and the first bar's name.
  const top = (reference ? 22 : 4) + NAME_HEIGHT;
  const height = Math.max(bars.length, 1) * ROW_HEIGHT + 32 + top;
  return (
    <figure className="min-w-0 space-y-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-semibold text-slate-900">
        {title}
      </figcaption>
      <div style={{ height }} className="w-full" aria-hidden="true" data-testid="bar-chart">
        {/* The chart library arrives with the first chart; the box keeps its height meanwhile. */}
        <Suspense fallback={null}>
          <LazyBarChartPlot bars={bars} labelOf={labelOf} reference={reference} top={top} />
        </Suspense>
      </div>
      {footnote ? <p className="text-xs text-slate-600">{footnote}</p> : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700 underline-offset-2 hover:underline">
          Werte als Tabelle
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                Bezeichnung
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                {columns.value}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {columns.share}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-2 font-normal text-slate-900">
                  {bar.label}
                </th>
                <td className="py-1 pr-2 text-right tabular-nums">{bar.valueText}</td>
                <td className="py-1 text-right tabular-nums">{bar.shareText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
