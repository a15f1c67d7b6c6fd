import {
  Bar,
  BarChart,
  LabelList,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import { formatKwhPerM2, type ScaleBand } from "../../lib/analysis-figures";

// The Recharts part of BenchmarkScale, loaded with the first chart (lazy-charts.ts).

// The bands are told apart by their names and limits written on them; the colours (green to
// red, as the Heizspiegel prints them) only repeat that.
const BAND_COLOURS = {
  niedrig: "#bbf7d0",
  mittel: "#fef08a",
  erhoeht: "#fed7aa",
  zu_hoch: "#fecaca",
} as const;

export interface BenchmarkScalePlotProps {
  bands: ScaleBand[];
  /** Where the building's marker stands on the scale. */
  position: number;
  adjustedKwhPerM2: string;
}

export function BenchmarkScalePlot({ bands, position, adjustedKwhPerM2 }: BenchmarkScalePlotProps) {
  const row = Object.fromEntries([
    ["name", "Heizspiegel"],
    ...bands.map((band) => [band.key, band.width]),
  ]);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={[row]}
        layout="vertical"
        margin={{ top: 28, right: 8, bottom: 4, left: 8 }}
        accessibilityLayer={false}
      >
        <XAxis type="number" hide domain={[0, bands.reduce((sum, band) => sum + band.width, 0)]} />
        <YAxis type="category" dataKey="name" hide />
        {bands.map((band) => (
          <Bar
            key={band.key}
            dataKey={band.key}
            stackId="scale"
            fill={BAND_COLOURS[band.key]}
            stroke="#ffffff"
            isAnimationActive={false}
            barSize={40}
          >
            <LabelList
              position="insideTop"
              offset={6}
              style={{ fontSize: 11, fill: "#0f172a" }}
              formatter={() => band.label}
            />
            <LabelList
              position="insideBottom"
              offset={6}
              style={{ fontSize: 10, fill: "#334155" }}
              formatter={() => band.rangeText}
            />
          </Bar>
        ))}
        <ReferenceLine
          x={position}
          stroke="#0f172a"
          strokeWidth={2}
          label={{
            value: `▼ ${formatKwhPerM2(adjustedKwhPerM2)}`,
            position: "top",
            fontSize: 12,
            fontWeight: 600,
            fill: "#0f172a",
          }}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
