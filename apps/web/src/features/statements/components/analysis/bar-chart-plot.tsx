import { useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import type { ChartBar } from "../../lib/analysis-figures";

// The Recharts part of BarChartFigure, in a module of its own so the chart library is loaded
// only when a chart is shown (lazy-charts.ts; issue 32: not in the first route's JavaScript).

/**
 * The item's name above its bar, from the chart's left edge: a name beside the bar had 96 px and
 * lost its start on a phone (issue 23: 'aßenreinigung'). A name longer than the chart is
 * shortened with an ellipsis; the table below has it in full.
 */
function BarName(props: {
  x?: number | string;
  y?: number | string;
  value?: number | string;
  chartWidth: number;
}) {
  const text = String(props.value ?? "");
  const maxChars = Math.max(8, Math.floor(props.chartWidth / 7));
  const shown = text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
  return (
    <text x={4} y={(typeof props.y === "number" ? props.y : 0) - 5} fontSize={12} fill="#334155">
      {shown}
    </text>
  );
}

export interface BarChartPlotProps {
  bars: ChartBar[];
  labelOf: "value" | "share";
  reference?: { size: number; label: string };
  top: number;
}

export function BarChartPlot({ bars, labelOf, reference, top }: BarChartPlotProps) {
  const [chartWidth, setChartWidth] = useState(320);
  const data = bars.map((bar) => ({
    ...bar,
    label: bar.label,
    text: labelOf === "value" ? bar.valueText : bar.shareText,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={(width) => setChartWidth(width)}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top, right: 96, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" hide domain={[0, "dataMax"]} />
        <YAxis type="category" dataKey="label" hide />
        <Bar
          dataKey="size"
          fill="#2563eb"
          radius={[0, 4, 4, 0]}
          barSize={16}
          isAnimationActive={false}
        >
          <LabelList
            dataKey="label"
            content={(props) => (
              <BarName
                x={props.x}
                y={props.y}
                value={props.value as string | number | undefined}
                chartWidth={chartWidth}
              />
            )}
          />
          <LabelList dataKey="text" position="right" style={{ fontSize: 12, fill: "#0f172a" }} />
        </Bar>
        {reference ? (
          <ReferenceLine
            x={reference.size}
            stroke="#0f172a"
            strokeDasharray="4 3"
            label={{ value: reference.label, position: "top", fontSize: 11, fill: "#0f172a" }}
          />
        ) : null}
      </BarChart>
    </ResponsiveContainer>
  );
}
