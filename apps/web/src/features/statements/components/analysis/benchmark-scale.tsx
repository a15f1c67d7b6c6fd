import { Suspense, useId } from "react";
import {
  BENCHMARK_CATEGORY_LABELS,
  BENCHMARK_RATING_LABELS,
  FUEL_LABELS,
  SIZE_BAND_LABELS,
  type HeatingBenchmark,
} from "@nk/contract";
import { buildScaleBands, kwhPosition } from "../../lib/analysis-figures";
import { LazyBenchmarkScalePlot } from "./lazy-charts";

/** The building's kWh/m²a on the Heizspiegel scale of its carrier and size (docs/rules/heating.md#consumption-analysis). */
export function BenchmarkScale({
  benchmark,
  adjustedKwhPerM2,
}: {
  benchmark: HeatingBenchmark;
  adjustedKwhPerM2: string;
}) {
  const captionId = useId();
  if (!benchmark.limits || !benchmark.carrier) return null;
  const bands = buildScaleBands(benchmark.limits, adjustedKwhPerM2);
  const position = kwhPosition(adjustedKwhPerM2);
  return (
    <figure className="min-w-0 space-y-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-semibold text-slate-900">
        Heizspiegel-Vergleich: {FUEL_LABELS[benchmark.carrier]},{" "}
        {SIZE_BAND_LABELS[benchmark.sizeBand]}
      </figcaption>
      <div className="h-24 w-full" aria-hidden="true" data-testid="benchmark-scale">
        <Suspense fallback={null}>
          <LazyBenchmarkScalePlot
            bands={bands}
            position={position}
            adjustedKwhPerM2={adjustedKwhPerM2}
          />
        </Suspense>
      </div>
      <p className="text-sm text-slate-700" data-testid="benchmark-rating">
        Einstufung:{" "}
        <strong>{benchmark.rating ? BENCHMARK_RATING_LABELS[benchmark.rating] : "–"}</strong>
        {benchmark.category ? ` (${BENCHMARK_CATEGORY_LABELS[benchmark.category]})` : ""} ·
        Obergrenzen niedrig {benchmark.limits.niedrig}, mittel {benchmark.limits.mittel}, erhöht{" "}
        {benchmark.limits.erhoeht} kWh/m²·a
      </p>
    </figure>
  );
}
