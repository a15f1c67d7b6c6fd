import { useState, type ReactNode } from "react";
import {
  buildPreviewFigures,
  isHeizkvCostType,
  type StatementInput,
  type StatementResult,
} from "@nk/engine";
import { compareUnitNames } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import type { PreviewNames } from "../lib/names";
import { buildUnitRows } from "../lib/preview-figures";
import { Co2Summary } from "./co2-summary";
import { PreviewTotals } from "./preview-totals";
import { TenancyDetails, VacancyDetails } from "./tenancy-details";
import { TenantChangeReport } from "./tenant-change-report";
import { UnitTable } from "./unit-table";

export interface StatementPreviewProps {
  input: StatementInput;
  result: StatementResult;
  names: PreviewNames;
  /** The engine's warnings and legal notes besides result.warnings (e.g. the assembly's). */
  warnings?: readonly string[];
  /**
   * The consumption analysis against benchmarks and its charts (docs/rules/heating.md#consumption-analysis, issue 17) go
   * here, between the CO2 section and the unit table, as docs/rules/statements.md#wizard orders step 2.
   */
  consumptionAnalysis?: ReactNode;
}

/** Step 2 'Vorschau' and the saved run's view: everything the statements will say. */
export function StatementPreview({
  input,
  result,
  names,
  warnings = [],
  consumptionAnalysis,
}: StatementPreviewProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // In the building's order ("EG" before "1. OG"), whatever order the calculation had.
  // Issue 25: the units' totals, shares and the building's sums are the engine's (decision 1043).
  const figures = buildPreviewFigures(input, result);
  const rows = buildUnitRows(result, figures).sort((a, b) =>
    compareUnitNames(names.unit(a.unitId), names.unit(b.unitId)),
  );
  const shownRows = selected.size === 0 ? rows : rows.filter((row) => selected.has(row.unitId));
  const allWarnings = [...new Set([...warnings, ...result.warnings])];

  function toggle(unitId: string): void {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(unitId)) next.delete(unitId);
      else next.add(unitId);
      return next;
    });
  }

  return (
    <div className="space-y-6">
      <PreviewTotals
        unitCount={input.units.length}
        totalCosts={result.totalCosts}
        figures={figures}
      />
      {allWarnings.length > 0 ? (
        <Alert variant="warning" title="Hinweise">
          <ul className="list-disc space-y-1 pl-5">
            {allWarnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <TenantChangeReport input={input} result={result} names={names} />
      <Co2Summary
        co2={result.co2}
        hasHeatingCosts={input.costItems.some((item) => isHeizkvCostType(item.costType))}
      />
      {consumptionAnalysis}
      <UnitTable rows={rows} names={names} selected={selected} onToggle={toggle} />
      <section aria-labelledby="allocation-details-title" className="space-y-3">
        <h3 id="allocation-details-title" className="text-base font-semibold text-slate-900">
          Aufteilung je Mietverhältnis{selected.size > 0 ? " (ausgewählte Einheiten)" : ""}
        </h3>
        {shownRows.map((row) => (
          <div key={row.unitId} className="space-y-3">
            {row.tenancies.map((tenancy) => (
              <TenancyDetails
                key={tenancy.tenancyId + tenancy.from}
                tenancy={tenancy}
                basis={result.basis}
                names={names}
              />
            ))}
            {row.vacancy.map((vacancy) => (
              <VacancyDetails
                key={vacancy.unitId + vacancy.from}
                vacancy={vacancy}
                basis={result.basis}
                names={names}
              />
            ))}
          </div>
        ))}
      </section>
      {result.notes.length > 0 ? (
        <section aria-label="Rechtliche Hinweise" className="space-y-1 text-xs text-slate-500">
          {result.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </section>
      ) : null}
    </div>
  );
}
