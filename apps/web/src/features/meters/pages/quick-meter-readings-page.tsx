import { useState } from "react";
import { Link } from "react-router";
import { ArrowLeft, CalendarPlus, ClipboardList, Gauge } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useBillingPeriods } from "../../../lib/queries/billing-period-queries";
import { useProperties } from "../../../lib/use-properties";
import { BillingPeriodDialog } from "../components/billing-period-dialog";
import { BulkReadingForm } from "../components/bulk-reading-form";

/** /dashboard/quick-meter-readings: bulk entry (docs/rules/master-data.md#screens; docs/rules/master-data.md#queries 'bulk save'). */
export function QuickMeterReadingsPage() {
  const periods = useBillingPeriods();
  const properties = useProperties();
  const [chosenPeriodId, setChosenPeriodId] = useState<string | null>(null);
  const [isCreatingPeriod, setIsCreatingPeriod] = useState(false);

  // docs/rules/master-data.md#queries: the newest period is preselected.
  const periodList = periods.data ?? [];
  const period = periodList.find((p) => p.id === chosenPeriodId) ?? periodList[0];

  const header = (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Zählerstände erfassen</h1>
        <p className="mt-1 text-sm text-slate-600">
          Alle Zähler einer Immobilie auf einmal ablesen: Abrechnungsperiode wählen, Ablesedatum
          setzen, Stände eintragen.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/dashboard/meters" className={buttonStyles({ variant: "outline" })}>
          <Gauge className="size-4" aria-hidden="true" />
          Zu den Zählern
        </Link>
        <Link to="/dashboard" className={buttonStyles({ variant: "ghost" })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zurück zur Übersicht
        </Link>
      </div>
    </div>
  );

  const periodDialog = (
    <BillingPeriodDialog
      isOpen={isCreatingPeriod}
      onOpenChange={setIsCreatingPeriod}
      properties={properties.data ?? []}
      periods={periodList}
      onCreated={(created) => setChosenPeriodId(created.id)}
    />
  );

  let content;
  if (periods.isPending) {
    content = <LoadingState text="Lade Abrechnungsperioden..." />;
  } else if (periods.isError) {
    content = (
      <Alert
        variant="error"
        title="Fehler beim Laden"
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => void periods.refetch()}
            isBusy={periods.isFetching}
          >
            Erneut versuchen
          </Button>
        }
      >
        {getErrorMessage(periods.error)}
      </Alert>
    );
  } else if (!period) {
    content = (
      <EmptyState
        icon={ClipboardList}
        title="Keine Abrechnungsperiode vorhanden"
        description="Zählerstände werden einer Abrechnungsperiode zugeordnet. Legen Sie eine Periode an oder starten Sie eine neue Abrechnung."
        action={
          <>
            <Button onClick={() => setIsCreatingPeriod(true)} disabled={!properties.data?.length}>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Abrechnungsperiode anlegen
            </Button>
            <Link to="/dashboard/statements/new" className={buttonStyles({ variant: "outline" })}>
              Neue Abrechnung
            </Link>
            <Link to="/dashboard/help" className={buttonStyles({ variant: "ghost" })}>
              Hilfe
            </Link>
          </>
        }
      />
    );
  } else {
    content = (
      <BulkReadingForm
        key={period.id}
        period={period}
        periods={periodList}
        onChoosePeriod={setChosenPeriodId}
        onCreatePeriod={() => setIsCreatingPeriod(true)}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <title>Zählerstände erfassen – Nebenkosten</title>
      {header}
      {content}
      {periodDialog}
    </div>
  );
}
