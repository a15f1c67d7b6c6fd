import { useId, useState } from "react";
import {
  DEFAULT_RATE_REGION,
  getTodayInGermany,
  RATE_MESSAGES,
  RATE_REGIONS,
  UTILITY_TYPES,
  type Rate,
  type UtilityType,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Select } from "../../../components/ui/input";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { useRates } from "../../../lib/queries/rate-queries";
import { useDeleteRate } from "../api";
import { useProperties } from "../../../lib/use-properties";
import { RateCard } from "../components/rate-card";
import { RateFormDialog } from "../components/rate-form-dialog";
import { RatesIntro } from "../components/rates-intro";

type FormState = { utilityType: UtilityType | null; rate: Rate | null };

/** /dashboard/rates, 'Versorgertarife' (docs/rules/master-data.md#utility-tariffs). */
export function RatesPage() {
  const toast = useToast();
  const regionId = useId();
  const rates = useRates();
  const properties = useProperties();
  const deleteRate = useDeleteRate();
  const [region, setRegion] = useState<string>(DEFAULT_RATE_REGION);
  const [form, setForm] = useState<FormState>({ utilityType: null, rate: null });
  const [deleting, setDeleting] = useState<Rate | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function confirmDelete(): Promise<void> {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await deleteRate.mutateAsync(deleting.id);
      toast.success(RATE_MESSAGES.deleted);
    } catch (error) {
      setDeleteError(`${RATE_MESSAGES.deleteFailed}: ${getErrorMessage(error)}`);
    }
    setDeleting(null);
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <title>Versorgertarife – Nebenkosten</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Versorgertarife</h1>
          <p className="mt-1 text-sm text-slate-600">
            Preise Ihrer Versorger für Strom, Gas, Fernwärme, Wasser und Heizung.
          </p>
        </div>
        <div className="flex flex-col gap-1 sm:w-64">
          <label htmlFor={regionId} className="text-sm font-medium text-slate-700">
            Region für Durchschnittswerte
          </label>
          <Select
            id={regionId}
            value={region}
            onChange={(event) => setRegion(event.target.value)}
            options={RATE_REGIONS.map((r) => ({ value: r, label: r }))}
          />
        </div>
      </div>

      <RatesIntro />
      {deleteError ? <Alert variant="error">{deleteError}</Alert> : null}

      {rates.isPending ? (
        <LoadingState text="Lade Tarife..." />
      ) : rates.isError ? (
        <Alert
          variant="error"
          title={RATE_MESSAGES.loadFailed}
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void rates.refetch()}
              isBusy={rates.isFetching}
            >
              Erneut versuchen
            </Button>
          }
        >
          {getErrorMessage(rates.error)}
        </Alert>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {UTILITY_TYPES.map((utilityType) => (
            <RateCard
              key={utilityType}
              utilityType={utilityType}
              rates={rates.data.filter((rate) => rate.utilityType === utilityType)}
              region={region}
              onAdd={() => setForm({ utilityType, rate: null })}
              onEdit={(rate) => setForm({ utilityType: rate.utilityType, rate })}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}

      <RateFormDialog
        utilityType={form.utilityType}
        rate={form.rate}
        properties={properties.data ?? []}
        defaultRegion={region}
        today={getTodayInGermany()}
        onClose={() => setForm({ utilityType: null, rate: null })}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title={deleting ? `Tarif ${deleting.rateName} löschen?` : "Tarif löschen?"}
        description={RATE_MESSAGES.deleteConfirm}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={deleteRate.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
