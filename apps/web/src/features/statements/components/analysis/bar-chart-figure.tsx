import { useId, useState } from "react";
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

const ROW_HEIGHT = 44;
/** Room above a bar for its name. */
const NAME_HEIGHT = 16;

/**
 * The item's name above its bar, from the chart's left edge: a name beside the bar had 96 px and
 * lost its start on a phone (issue 23: 'aßenreinigung'). A name longer than the chart is
 * shortened with an ellipsis; the table below has it in full.
 */
function BarName(props: { x?: number | string; y?: number | string; value?: number | string; chartWidth: number }) {
  const text = String(props.value ?? "");
  const maxChars = Math.max(8, Math.floor(props.chartWidth / 7));
  const shown = text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
  return (
    <text x={4} y={Number(props.y ?? 0) - 5} fontSize={12} fill="#334155">
      {shown}
    </text>
  );
}

/**
 * A horizontal bar chart (Recharts) with the value written beside each bar and the same figures
 * as a table below: the numbers are read as text, colour carries no meaning (WCAG 1.4.1).
 */
export function BarChartFigure({ title, bars, labelOf, columns, reference, footnote }: BarChartFigureProps) {
  const captionId = useId();
  const [chartWidth, setChartWidth] = useState(320);
  const data = bars.map((bar) => ({ ...bar, label: bar.label, text: labelOf === "value" ? bar.valueText : bar.shareText }));
  // Room above the bars for the reference line's label and the first bar's name.
  const top = (reference ? 22 : 4) + NAME_HEIGHT;
  const height = Math.max(bars.length, 1) * ROW_HEIGHT + 32 + top;
  return (
    <figure className="min-w-0 space-y-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-semibold text-slate-900">
        {title}
      </figcaption>
      <div style={{ height }} className="w-full" aria-hidden="true" data-testid="bar-chart">
        <ResponsiveContainer width="100%" height="100%" onResize={(width) => setChartWidth(width)}>
          <BarChart data={data} layout="vertical" margin={{ top, right: 96, bottom: 4, left: 4 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke="#e2e8f0" />
            <XAxis type="number" hide domain={[0, "dataMax"]} />
            <YAxis type="category" dataKey="label" hide />
            <Bar dataKey="size" fill="#2563eb" radius={[0, 4, 4, 0]} barSize={16} isAnimationActive={false}>
              <LabelList dataKey="label" content={(props) => <BarName x={props.x} y={props.y} value={props.value as string | number | undefined} chartWidth={chartWidth} />} />
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
