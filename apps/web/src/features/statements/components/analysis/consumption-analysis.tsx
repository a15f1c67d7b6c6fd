import { useId } from "react";
import {
  ANALYSIS_MESSAGES,
  formatDecimalTextDe,
  formatEuroDe,
  type StatementAnalysis,
} from "@nk/contract";
import { buildPreviewFigures, type StatementInput, type StatementResult } from "@nk/engine";
import { UpgradeRequired } from "../../../../components/upgrade-required";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../../components/ui/card";
import { useMe } from "../../../../lib/use-me";
import {
  buildCostItemBars,
  buildUnitPerM2Bars,
  buildUnitShareBars,
  formatKwhPerM2,
  kwhPosition,
} from "../../lib/analysis-figures";
import type { PreviewNames } from "../../lib/names";
import { BarChartFigure } from "./bar-chart-figure";
import { BenchmarkScale } from "./benchmark-scale";

export interface ConsumptionAnalysisProps {
  input: StatementInput;
  result: StatementResult;
  /** null: the plan lacks verbrauchsanalyse, or a run saved before the analysis existed. */
  analysis: StatementAnalysis | null;
  names: PreviewNames;
}

/**
 * Step 2 and the saved run (docs/rules/statements.md#wizard; docs/rules/heating.md#consumption-analysis; issue 17): where the money goes
 * (cost items, each unit's share) and how the house compares (Heizspiegel, units per m²).
 */
export function ConsumptionAnalysis({ input, result, analysis, names }: ConsumptionAnalysisProps) {
  return (
    <div className="space-y-6">
      <CostCharts input={input} result={result} names={names} />
      <HeatingAnalysis analysis={analysis} />
    </div>
  );
}

function CostCharts({ input, result, names }: Omit<ConsumptionAnalysisProps, "analysis">) {
  const titleId = useId();
  // Issue 25: every figure of the charts is the engine's (decision 1043).
  const figures = buildPreviewFigures(input, result);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Kosten im Überblick</CardTitle>
        <CardDescription>Gesamtkosten {formatEuroDe(result.totalCosts)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <BarChartFigure
          title="Kostenpositionen nach Betrag"
          bars={buildCostItemBars(figures)}
          labelOf="value"
          columns={{ value: "Betrag", share: "Anteil" }}
        />
        <BarChartFigure
          title="Anteil je Wohneinheit an den Gesamtkosten"
          bars={buildUnitShareBars(figures, names)}
          labelOf="share"
          columns={{ value: "Kosten", share: "Anteil" }}
        />
      </CardContent>
    </Card>
  );
}

function HeatingAnalysis({ analysis }: { analysis: StatementAnalysis | null }) {
  const titleId = useId();
  const { hasFeature } = useMe();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Verbrauchsanalyse</CardTitle>
        <CardDescription>Nur zur Information; fließt nicht in die Abrechnung ein.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {analysis === null ? (
          hasFeature("verbrauchsanalyse") ? (
            <p className="text-sm text-slate-600">
              Für diese Abrechnung wurde keine Verbrauchsanalyse gespeichert.
            </p>
          ) : (
            <UpgradeRequired feature="Die Verbrauchsanalyse" />
          )
        ) : (
          <AnalysisFigures analysis={analysis} />
        )}
      </CardContent>
    </Card>
  );
}

function AnalysisFigures({ analysis }: { analysis: StatementAnalysis }) {
  const benchmark = analysis.benchmark;
  const unitBars = buildUnitPerM2Bars(analysis);
  return (
    <>
      <dl
        className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2"
        data-testid="analysis-figures"
      >
        <Row
          label="Heizenergie je m² und Jahr"
          value={analysis.kwhPerM2 === null ? "–" : formatKwhPerM2(analysis.kwhPerM2)}
        />
        <Row label="Klimafaktor" value={formatDecimalTextDe(analysis.climateFactor, 1)} />
        <Row
          label="Witterungsbereinigt"
          value={
            analysis.adjustedKwhPerM2 === null ? "–" : formatKwhPerM2(analysis.adjustedKwhPerM2)
          }
        />
        <Row
          label="Preis je kWh"
          value={analysis.pricePerKwh === null ? "–" : formatEuroDe(analysis.pricePerKwh)}
        />
        {benchmark?.savingsKwh != null ? (
          <Row
            label="Einsparpotenzial bis „mittel“"
            value={`${formatDecimalTextDe(benchmark.savingsKwh)} kWh`}
          />
        ) : null}
        {benchmark?.savingsEuro != null ? (
          <Row label="Einsparpotenzial in Euro" value={formatEuroDe(benchmark.savingsEuro)} />
        ) : null}
        <Row
          label="Effizienzklasse (hinterlegt / nach Verbrauch)"
          value={`${analysis.storedEfficiencyClass ?? "–"} / ${analysis.expectedEfficiencyClass ?? "–"}${analysis.efficiencyClassMatches === false ? " – bitte prüfen" : ""}`}
        />
      </dl>
      {analysis.notes.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-xs text-slate-600">
          {analysis.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {benchmark === null ? (
        <UpgradeRequired feature="Der Benchmark-Vergleich" />
      ) : analysis.adjustedKwhPerM2 !== null && benchmark.limits ? (
        <div className="space-y-1">
          <BenchmarkScale benchmark={benchmark} adjustedKwhPerM2={analysis.adjustedKwhPerM2} />
          <p className="text-xs text-slate-500">{ANALYSIS_MESSAGES.source}</p>
        </div>
      ) : null}
      {analysis.averagePerM2 !== null ? (
        <BarChartFigure
          title="Heizverbrauch je m² und Wohneinheit"
          bars={unitBars}
          labelOf="share"
          columns={{ value: "Verbrauch je m²", share: "Anteil am Durchschnitt" }}
          reference={{
            size: kwhPosition(analysis.averagePerM2),
            label: `Ø ${formatDecimalTextDe(analysis.averagePerM2, 2)}`,
          }}
          footnote={`Durchschnitt des Gebäudes: ${formatDecimalTextDe(analysis.averagePerM2, 2)} Einheiten je m² (Heizkostenverteiler bzw. Wärmezähler der Periode).`}
        />
      ) : (
        <p className="text-sm text-slate-600">
          Für den Vergleich der Wohneinheiten fehlen Heizverbrauchswerte.
        </p>
      )}
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 pb-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
