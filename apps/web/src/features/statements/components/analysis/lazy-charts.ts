import { lazy } from "react";

// The chart library (Recharts, about 115 KiB gzipped) is loaded only when a chart is shown:
// the statement preview and a saved run's analysis (issue 32, decision 1081).
export const LazyBarChartPlot = lazy(async () => ({
  default: (await import("./bar-chart-plot")).BarChartPlot,
}));
export const LazyBenchmarkScalePlot = lazy(async () => ({
  default: (await import("./benchmark-scale-plot")).BenchmarkScalePlot,
}));
