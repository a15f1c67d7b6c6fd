import {
  formatDecimalTextDe,
  formatEuroDe,
  toChartLength,
  type StatementAnalysis,
} from "@nk/contract";
import type { BenchmarkLimits, StatementPreviewFigures } from "@nk/engine";
import type { PreviewNames } from "./names";
import { formatSharePercent } from "./preview-figures";

// What the charts of step 2 and the saved run draw (issue 17) from the engine's figures (issue
// 25, decision 1043: buildPreviewFigures, analyzeStatementHeating). Money stays decimal text; a
// bar's length is the text as a number (toChartLength), every figure shown is formatted from the text.

export interface ChartBar {
  key: string;
  label: string;
  /** Bar length only (euros, units per m²), never shown. */
  size: number;
  /** The value as shown beside the bar, de-DE. */
  valueText: string;
  /** Share of the total ('12,34 %') or of the average ('95 %'). */
  shareText: string;
}

/** The cost items by amount, largest first. */
export function buildCostItemBars(figures: StatementPreviewFigures): ChartBar[] {
  return figures.items
    .map((item) => ({
      key: `${item.costType}-${item.item}`,
      label: item.costType,
      size: toChartLength(item.amount),
      valueText: formatEuroDe(item.amount),
      shareText: formatSharePercent(item.sharePercent),
    }))
    .sort((a, b) => b.size - a.size);
}

/** Each unit's total (tenancies and vacancy) and its share of the total costs. */
export function buildUnitShareBars(
  figures: StatementPreviewFigures,
  names: PreviewNames,
): ChartBar[] {
  return figures.units.map((unit) => ({
    key: unit.unitId,
    label: names.unit(unit.unitId),
    size: toChartLength(unit.total),
    valueText: formatEuroDe(unit.total),
    shareText: formatSharePercent(unit.sharePercent),
  }));
}

/** Each unit's heating consumption per m² against the building's average (§ 6a (3) HeizkV). */
export function buildUnitPerM2Bars(analysis: StatementAnalysis): ChartBar[] {
  return analysis.units.map((unit) => ({
    key: unit.unitId,
    label: unit.unitName || "Wohneinheit",
    size: toChartLength(unit.perM2),
    valueText: unit.perM2 === null ? "kein Wert" : `${formatDecimalTextDe(unit.perM2, 2)} je m²`,
    shareText: unit.percentOfAverage === null ? "–" : `${unit.percentOfAverage} %`,
  }));
}

export interface ScaleBand {
  key: "niedrig" | "mittel" | "erhoeht" | "zu_hoch";
  label: string;
  from: number;
  to: number;
  /** Drawn width (kWh/m²a). */
  width: number;
  rangeText: string;
}

/** The Heizspiegel scale: four bands, the last drawn as wide as needed to hold the figure. */
export function buildScaleBands(limits: BenchmarkLimits, kwhPerM2: string | null): ScaleBand[] {
  const value = toChartLength(kwhPerM2);
  // 'zu hoch' drawn a third of the scale's length wide, so its name fits on a phone too.
  const end = Math.max(
    Math.ceil((limits.erhoeht * 1.4) / 10) * 10,
    Math.ceil((value + 40) / 10) * 10,
  );
  return [
    {
      key: "niedrig",
      label: "niedrig",
      from: 0,
      to: limits.niedrig,
      width: limits.niedrig,
      rangeText: `bis ${limits.niedrig}`,
    },
    {
      key: "mittel",
      label: "mittel",
      from: limits.niedrig,
      to: limits.mittel,
      width: limits.mittel - limits.niedrig,
      rangeText: `bis ${limits.mittel}`,
    },
    {
      key: "erhoeht",
      label: "erhöht",
      from: limits.mittel,
      to: limits.erhoeht,
      width: limits.erhoeht - limits.mittel,
      rangeText: `bis ${limits.erhoeht}`,
    },
    {
      key: "zu_hoch",
      label: "zu hoch",
      from: limits.erhoeht,
      to: end,
      width: end - limits.erhoeht,
      rangeText: `über ${limits.erhoeht}`,
    },
  ];
}

/** kWh figures as shown: '200,0 kWh/m²·a'. */
export function formatKwhPerM2(value: string): string {
  return `${formatDecimalTextDe(value, 1)} kWh/m²·a`;
}

/** For the scale's marker and the average's line only. */
export function kwhPosition(value: string): number {
  return toChartLength(value);
}
