import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ClipboardList, Gauge, Plus } from "lucide-react";
import { getMeterLabel, METER_MESSAGES, type Meter } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { useMeters } from "../../../lib/queries/meter-queries";
import { useDeleteMeter } from "../api";
import { useProperties } from "../../../lib/use-properties";
import { MeterCards } from "../components/meter-cards";
import { MeterFormDialog } from "../components/meter-form-dialog";
import type { MeterActions } from "../components/meter-row-actions";
import { MeterTable } from "../components/meter-table";
import { PropertyFilter } from "../../../components/property-filter";

type FormState = { isOpen: false } | { isOpen: true; meter: Meter | null };

/** /dashboard/meters (docs/rules/master-data.md#screens 'Meters'); optional ?property={id}. */
export function MetersPage() {
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const propertyId = searchParams.get("property") ?? undefined;
  const meters = useMeters(propertyId);
  const properties = useProperties();
  const deleteMeter = useDeleteMeter();
  const [form, setForm] = useState<FormState>({ isOpen: false });
  const [deleting, setDeleting] = useState<Meter | null>(null);

  const propertyList = properties.data ?? [];

  function changeFilter(next: string | undefined): void {
    const params = new URLSearchParams(searchParams);
    if (next) params.set("property", next);
    else params.delete("property");
    setSearchParams(params);
  }

  async function confirmDelete(): Promise<void> {
    if (!deleting) return;
    try {
      await deleteMeter.mutateAsync(deleting.id);
      toast.success(METER_MESSAGES.deleted);
    } catch (error) {
      toast.error(METER_MESSAGES.deleteFailed(getErrorMessage(error)));
    }
    setDeleting(null);
  }

  const actions: MeterActions = {
    onEdit: (meter) => setForm({ isOpen: true, meter }),
    onDelete: setDeleting,
  };
  const openAdd = () => setForm({ isOpen: true, meter: null });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <title>Zähler – Nebenkosten</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Zähler</h1>
          <p className="mt-1 text-sm text-slate-600">
            Zähler der Wohneinheiten und des Gemeinschaftsbereichs mit ihren Zählerständen.
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link
            to="/dashboard/quick-meter-readings"
            className={buttonStyles({ variant: "outline" })}
          >
            <ClipboardList className="size-4" aria-hidden="true" />
            Zählerstände erfassen
          </Link>
          <Button onClick={openAdd}>
            <Plus className="size-4" aria-hidden="true" />
            Zähler hinzufügen
          </Button>
        </div>
      </div>

      {propertyList.length > 0 ? (
        <PropertyFilter
          properties={propertyList}
          propertyId={propertyId}
          onChange={changeFilter}
          clearLabel="Alle Zähler"
        />
      ) : null}

      {meters.isPending ? (
        <LoadingState text="Lade Zähler..." />
      ) : meters.isError ? (
        <Alert
          variant="error"
          title="Fehler beim Laden"
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void meters.refetch()}
              isBusy={meters.isFetching}
            >
              Erneut versuchen
            </Button>
          }
        >
          {getErrorMessage(meters.error)}
        </Alert>
      ) : meters.data.length === 0 ? (
        <EmptyState
          icon={Gauge}
          title={METER_MESSAGES.noneFound}
          description={
            properties.isSuccess && propertyList.length === 0
              ? "Legen Sie zuerst eine Immobilie an, dann können Sie ihre Zähler erfassen."
              : propertyId
                ? "Für diese Immobilie sind keine Zähler erfasst."
                : "Erfassen Sie die Zähler Ihrer Wohneinheiten und des Gemeinschaftsbereichs."
          }
          action={
            properties.isSuccess && propertyList.length === 0 ? (
              <Link to="/dashboard/properties/new" className={buttonStyles()}>
                Immobilie anlegen
              </Link>
            ) : (
              <Button onClick={openAdd}>
                <Plus className="size-4" aria-hidden="true" />
                Ersten Zähler hinzufügen
              </Button>
            )
          }
        />
      ) : (
        <>
          <p className="text-sm text-slate-500" aria-live="polite">
            {meters.data.length === 1 ? "1 Zähler" : `${meters.data.length} Zähler`}
          </p>
          <MeterTable meters={meters.data} actions={actions} />
          <MeterCards meters={meters.data} actions={actions} />
        </>
      )}

      <MeterFormDialog
        isOpen={form.isOpen}
        onOpenChange={(isOpen) => (isOpen ? undefined : setForm({ isOpen: false }))}
        meter={form.isOpen ? form.meter : null}
        properties={propertyList}
        defaultPropertyId={propertyId}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title={deleting ? `Zähler ${getMeterLabel(deleting)} löschen?` : "Zähler löschen?"}
        description={METER_MESSAGES.deleteConfirm}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={deleteMeter.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
