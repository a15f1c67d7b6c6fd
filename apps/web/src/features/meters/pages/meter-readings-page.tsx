import { useState } from "react";
import { Link, useParams } from "react-router";
import { ArrowLeft, Gauge, History, Plus } from "lucide-react";
import {
  COMMON_AREA_LABEL,
  METER_MESSAGES,
  METER_TYPE_UNITS,
  READING_MESSAGES,
  type Reading,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { formatArea } from "../../../lib/format";
import { useDeleteReading, useMeter, useReadings } from "../api";
import { MeterTypeBadge } from "../components/meter-type-badge";
import { ReadingFormDialog } from "../components/reading-form-dialog";
import { ReadingsTable } from "../components/readings-table";

const backLink = (
  <Link to="/dashboard/meters" className={buttonStyles({ variant: "outline" })}>
    <ArrowLeft className="size-4" aria-hidden="true" />
    Zurück zu den Zählern
  </Link>
);

/** /dashboard/meters/{meterId}/readings (docs/rules/master-data.md#screens 'Readings history'). */
export function MeterReadingsPage() {
  const { meterId = "" } = useParams();
  const toast = useToast();
  const meter = useMeter(meterId);
  const readings = useReadings(meterId);
  const deleteReading = useDeleteReading();
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<Reading | null>(null);

  async function confirmDelete(): Promise<void> {
    if (!deleting) return;
    try {
      await deleteReading.mutateAsync(deleting.id);
      toast.success(READING_MESSAGES.deleted);
    } catch (error) {
      toast.error(READING_MESSAGES.deleteFailed(getErrorMessage(error)));
    }
    setDeleting(null);
  }

  if (meter.isPending) return <LoadingState text="Lade Zähler..." />;
  if (meter.isError) {
    const isMissing = isApiError(meter.error) && meter.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-4xl space-y-6">
        <title>{`${METER_MESSAGES.notFound} – Nebenkosten`}</title>
        {isMissing ? (
          <EmptyState
            icon={Gauge}
            title={METER_MESSAGES.notFound}
            description="Der Zähler existiert nicht oder wurde gelöscht."
            action={backLink}
          />
        ) : (
          <Alert
            variant="error"
            title="Fehler beim Laden"
            action={
              <Button size="sm" variant="outline" onClick={() => void meter.refetch()}>
                Erneut versuchen
              </Button>
            }
          >
            {getErrorMessage(meter.error)}
          </Alert>
        )}
      </div>
    );
  }

  const current = meter.data;
  const unit = METER_TYPE_UNITS[current.meterType];
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <title>{`Zählerstände ${current.meterNumber} – Nebenkosten`}</title>
      <div>
        <Link
          to="/dashboard/meters"
          className={buttonStyles({ variant: "link", className: "text-sm" })}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Alle Zähler
        </Link>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            Zählerstände {current.displayName ?? current.meterNumber}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <MeterTypeBadge meterType={current.meterType} />
            <span>Zählernummer {current.meterNumber}</span>
            <span aria-hidden="true">·</span>
            <span>
              {current.unit
                ? `${current.unit.name} (${formatArea(current.unit.area)})`
                : COMMON_AREA_LABEL}
            </span>
            <span aria-hidden="true">·</span>
            <span>{current.property.name}</span>
            {current.location ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{current.location}</span>
              </>
            ) : null}
          </div>
        </div>
        <Button onClick={() => setIsAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Zählerstand hinzufügen
        </Button>
      </div>

      {readings.isPending ? (
        <LoadingState text="Lade Zählerstände..." />
      ) : readings.isError ? (
        <Alert
          variant="error"
          title="Fehler beim Laden"
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void readings.refetch()}
              isBusy={readings.isFetching}
            >
              Erneut versuchen
            </Button>
          }
        >
          {getErrorMessage(readings.error)}
        </Alert>
      ) : readings.data.length === 0 ? (
        <EmptyState
          icon={History}
          title="Noch keine Zählerstände erfasst"
          description="Erfassen Sie den ersten Zählerstand dieses Zählers."
          action={<Button onClick={() => setIsAdding(true)}>Ersten Zählerstand hinzufügen</Button>}
        />
      ) : (
        <ReadingsTable readings={readings.data} unit={unit} onDelete={setDeleting} />
      )}

      <ReadingFormDialog
        isOpen={isAdding}
        onOpenChange={setIsAdding}
        meter={current}
        readings={readings.data ?? []}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title="Zählerstand löschen?"
        description={READING_MESSAGES.deleteConfirm}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={deleteReading.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
