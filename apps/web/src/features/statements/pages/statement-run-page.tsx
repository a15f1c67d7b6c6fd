import { Link, useParams } from "react-router";
import { ArrowLeft, FilePlus2 } from "lucide-react";
import { formatEuroDe, STATEMENT_MESSAGES } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { buttonStyles } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { formatDate, formatDateTime } from "../../../lib/format";
import { useProperties } from "../../../lib/use-properties";
import { useStatementRun } from "../api";
import { ConsumptionReadings } from "../components/consumption-readings";
import { RateCostsList } from "../components/rate-costs-list";
import { SavedStatementsTable } from "../components/saved-statements-table";
import { StatementLettersPanel } from "../components/statement-letters-panel";
import { ConsumptionAnalysis } from "../components/analysis/consumption-analysis";
import { StatementPreview } from "../components/statement-preview";
import { buildPreviewNames } from "../lib/names";

/**
 * /dashboard/statements/:id: a saved run from its snapshot (docs/rules/statements.md#saved-runs): the tenancy
 * statements, then the same distribution the preview showed, as it was saved.
 */
export function StatementRunPage() {
  const { statementId } = useParams();
  const run = useStatementRun(statementId);
  const properties = useProperties();

  const back = (
    <Link
      to={
        run.data ? `/dashboard/statements?property=${run.data.propertyId}` : "/dashboard/statements"
      }
      className={buttonStyles({ variant: "ghost" })}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Alle Abrechnungen
    </Link>
  );

  if (run.isPending) return <LoadingState text="Lade Abrechnung..." />;
  if (run.isError) {
    const message =
      isApiError(run.error) && run.error.status === 404
        ? STATEMENT_MESSAGES.statementNotFound
        : `Fehler beim Laden der Abrechnung: ${getErrorMessage(run.error)}`;
    return (
      <div className="mx-auto w-full max-w-5xl space-y-4">
        <Alert variant="error">{message}</Alert>
        {back}
      </div>
    );
  }

  const data = run.data;
  const property = properties.data?.find((p) => p.id === data.propertyId);
  const units = [
    ...(property?.units ?? []),
    ...data.statements
      .filter((s) => s.unitId !== null)
      .map((s) => ({ id: s.unitId!, name: s.unitName })),
  ];
  const tenants = data.statements
    .filter((s) => s.tenantId !== null)
    .map((s) => ({ id: s.tenantId!, name: s.tenantName }));
  const names = buildPreviewNames(units, tenants);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <title>{`${data.name} – Nebenkosten`}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm text-slate-600">{data.propertyName}</p>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{data.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge variant={data.isFinal ? "success" : "neutral"}>
              {data.isFinal ? "Finalisiert" : "Entwurf"}
            </Badge>
            <span>
              {formatDate(data.periodStart)} – {formatDate(data.periodEnd)}
            </span>
            {data.version > 1 ? (
              <Badge variant="info">Korrektur, Version {data.version}</Badge>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link
            to={`/dashboard/statements/new?property=${data.propertyId}`}
            className={buttonStyles({ variant: "outline" })}
          >
            <FilePlus2 className="size-4" aria-hidden="true" />
            Neue Abrechnung
          </Link>
          {back}
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Abrechnungen je Mietverhältnis</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm text-slate-600">
          <p>
            Gesamtkosten {formatEuroDe(data.totalCosts)} · berechnet am{" "}
            {formatDateTime(data.calculatedAt)}
            {data.finalizedAt ? ` · finalisiert am ${formatDateTime(data.finalizedAt)}` : ""} ·
            Rechenkern {data.engineVersion}
          </p>
        </CardContent>
      </Card>
      <SavedStatementsTable statements={data.statements} />
      <StatementLettersPanel run={data} />

      <section aria-labelledby="run-distribution-title" className="space-y-4">
        <h2 id="run-distribution-title" className="text-lg font-semibold text-slate-900">
          Kostenverteilung
        </h2>
        <StatementPreview
          input={data.engineInput}
          result={data.result}
          names={names}
          warnings={data.warnings}
          consumptionAnalysis={
            <ConsumptionAnalysis
              input={data.engineInput}
              result={data.result}
              analysis={data.analysis}
              names={names}
            />
          }
        />
        <RateCostsList
          rateCosts={data.rateCosts}
          costTypeOf={(index) => data.engineInput.costItems[index]?.costType ?? "Kostenposition"}
        />
        <Card>
          <CardHeader>
            <CardTitle>Verbrauch und Zählerstände</CardTitle>
          </CardHeader>
          <CardContent>
            <ConsumptionReadings consumption={data.consumption} unitName={names.unit} />
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
