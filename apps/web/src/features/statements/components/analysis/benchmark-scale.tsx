import { useId } from "react";
import { Bar, BarChart, LabelList, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { BENCHMARK_CATEGORY_LABELS, BENCHMARK_RATING_LABELS, FUEL_LABELS, SIZE_BAND_LABELS, type HeatingBenchmark } from "@nk/contract";
import { buildScaleBands, formatKwhPerM2, kwhPosition } from "../../lib/analysis-figures";

// The bands are told apart by their names and limits written on them; the colours (green to
// red, as the Heizspiegel prints them) only repeat that.
const BAND_COLOURS = { niedrig: "#bbf7d0", mittel: "#fef08a", erhoeht: "#fed7aa", zu_hoch: "#fecaca" } as const;

/** The building's kWh/m²a on the Heizspiegel scale of its carrier and size (DECISIONS 11). */
export function BenchmarkScale({ benchmark, adjustedKwhPerM2 }: { benchmark: HeatingBenchmark; adjustedKwhPerM2: string }) {
  const captionId = useId();
  if (!benchmark.limits || !benchmark.carrier) return null;
  const bands = buildScaleBands(benchmark.limits, adjustedKwhPerM2);
  const row = Object.fromEntries([["name", "Heizspiegel"], ...bands.map((band) => [band.key, band.width])]);
  const position = kwhPosition(adjustedKwhPerM2);
  return (
    <figure className="min-w-0 space-y-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-semibold text-slate-900">
        Heizspiegel-Vergleich: {FUEL_LABELS[benchmark.carrier]}, {SIZE_BAND_LABELS[benchmark.sizeBand]}
      </figcaption>
      <div className="h-24 w-full" aria-hidden="true" data-testid="benchmark-scale">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[row]} layout="vertical" margin={{ top: 28, right: 8, bottom: 4, left: 8 }} accessibilityLayer={false}>
            <XAxis type="number" hide domain={[0, bands.reduce((sum, band) => sum + band.width, 0)]} />
            <YAxis type="category" dataKey="name" hide />
            {bands.map((band) => (
              <Bar key={band.key} dataKey={band.key} stackId="scale" fill={BAND_COLOURS[band.key]} stroke="#ffffff" isAnimationActive={false} barSize={40}>
                <LabelList position="insideTop" offset={6} style={{ fontSize: 11, fill: "#0f172a" }} formatter={() => band.label} />
                <LabelList position="insideBottom" offset={6} style={{ fontSize: 10, fill: "#334155" }} formatter={() => band.rangeText} />
              </Bar>
            ))}
            <ReferenceLine
              x={position}
              stroke="#0f172a"
              strokeWidth={2}
              label={{ value: `▼ ${formatKwhPerM2(adjustedKwhPerM2)}`, position: "top", fontSize: 12, fontWeight: 600, fill: "#0f172a" }}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="text-sm text-slate-700" data-testid="benchmark-rating">
        Einstufung: <strong>{benchmark.rating ? BENCHMARK_RATING_LABELS[benchmark.rating] : "–"}</strong>
        {benchmark.category ? ` (${BENCHMARK_CATEGORY_LABELS[benchmark.category]})` : ""} · Obergrenzen niedrig {benchmark.limits.niedrig}, mittel{" "}
        {benchmark.limits.mittel}, erhöht {benchmark.limits.erhoeht} kWh/m²·a
      </p>
    </figure>
  );
}
