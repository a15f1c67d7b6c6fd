import { useId } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from "recharts";
import type { ChartBar } from "../../lib/analysis-figures";

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

const ROW_HEIGHT = 34;

/**
 * A horizontal bar chart (Recharts) with the value written beside each bar and the same figures
 * as a table below: the numbers are read as text, colour carries no meaning (WCAG 1.4.1).
 */
export function BarChartFigure({ title, bars, labelOf, columns, reference, footnote }: BarChartFigureProps) {
  const captionId = useId();
  const data = bars.map((bar) => ({ ...bar, label: bar.label, text: labelOf === "value" ? bar.valueText : bar.shareText }));
  // Room above the bars for the reference line's label.
  const top = reference ? 22 : 4;
  const height = Math.max(bars.length, 1) * ROW_HEIGHT + 32 + top;
  return (
    <figure className="min-w-0 space-y-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-semibold text-slate-900">
        {title}
      </figcaption>
      <div style={{ height }} className="w-full" aria-hidden="true" data-testid="bar-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top, right: 96, bottom: 4, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke="#e2e8f0" />
            <XAxis type="number" hide domain={[0, "dataMax"]} />
            <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 12, fill: "#334155" }} tickLine={false} axisLine={false} interval={0} />
            <Bar dataKey="size" fill="#2563eb" radius={[0, 4, 4, 0]} barSize={18} isAnimationActive={false}>
              <LabelList dataKey="text" position="right" style={{ fontSize: 12, fill: "#0f172a" }} />
            </Bar>
            {reference ? (
              <ReferenceLine x={reference.size} stroke="#0f172a" strokeDasharray="4 3" label={{ value: reference.label, position: "top", fontSize: 11, fill: "#0f172a" }} />
            ) : null}
          </BarChart>
        </ResponsiveContainer>
      </div>
      {footnote ? <p className="text-xs text-slate-600">{footnote}</p> : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700 underline-offset-2 hover:underline">Werte als Tabelle</summary>
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
