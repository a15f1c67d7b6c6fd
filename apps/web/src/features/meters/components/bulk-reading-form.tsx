import { useState } from "react";
import { Link } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { CalendarPlus, Gauge } from "lucide-react";
import {
  compareUnitNames,
  getMeterLabel,
  getTodayInGermany,
  READING_DECREASE_CODE,
  READING_MESSAGES,
  type BillingPeriod,
  type BulkReadingPosition,
  type BulkReadingsBody,
  type Meter,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { SelectField, TextField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { getVisibleError } from "../../../lib/visible-error";
import { useBillingPeriod } from "../../../lib/queries/billing-period-queries";
import { useMeters } from "../../../lib/queries/meter-queries";
import { useSaveBulkReadings } from "../api";
import {
  BULK_FORM_MESSAGE_FIELD,
  bulkReadingResolver,
  getDefaultReadingDate,
  getMeterIdOfBodyField,
  toBulkFormField,
  type BulkReadingFormOutput,
  type BulkReadingFormValues,
} from "../lib/bulk-reading-form";
import { BulkReadingRow } from "./bulk-reading-row";

interface PendingDecrease {
  body: BulkReadingsBody;
  items: { meterId: string; label: string; message: string }[];
}

const resolver = bulkReadingResolver();

/** The periods by property, in the order they come (newest first). */
function groupPeriodsByProperty(periods: BillingPeriod[]): [string, BillingPeriod[]][] {
  const groups = new Map<string, BillingPeriod[]>();
  for (const period of periods)
    groups.set(period.propertyName, [...(groups.get(period.propertyName) ?? []), period]);
  return [...groups.entries()];
}

function sortMetersByUnit(meters: Meter[]): Meter[] {
  return [...meters].sort((a, b) => {
    if (!a.unit || !b.unit)
      return a.unit ? -1 : b.unit ? 1 : getMeterLabel(a).localeCompare(getMeterLabel(b), "de");
    return (
      compareUnitNames(a.unit.name, b.unit.name) ||
      getMeterLabel(a).localeCompare(getMeterLabel(b), "de")
    );
  });
}

/**
 * The bulk entry of one billing period (docs/rules/master-data.md#queries 'bulk save'): reading date and a new value per
 * meter of the period's property. Mounted per period, so choosing another one starts afresh.
 */
export function BulkReadingForm({
  period,
  periods,
  onChoosePeriod,
  onCreatePeriod,
}: {
  period: BillingPeriod;
  periods: BillingPeriod[];
  onChoosePeriod: (periodId: string) => void;
  onCreatePeriod: () => void;
}) {
  const toast = useToast();
  const saveBulk = useSaveBulkReadings();
  const meters = useMeters(period.propertyId);
  const periodDetail = useBillingPeriod(period.id);
  const periodReadings = new Map(
    (periodDetail.data?.readings ?? []).map((reading) => [reading.meterId, reading]),
  );
  const [pendingDecrease, setPendingDecrease] = useState<PendingDecrease | null>(null);
  const form = useForm<BulkReadingFormValues, unknown, BulkReadingFormOutput>({
    resolver,
    mode: "onTouched",
    defaultValues: {
      billingPeriodId: period.id,
      position: "end",
      readingDate: getDefaultReadingDate(period),
      readingValues: {},
    },
  });
  const { register, handleSubmit, setError, formState } = form;
  const position = useWatch({ control: form.control, name: "position" });
  const isStart = position === "start";

  /** Issue 27: start and end readings are entered apart and never overwrite each other. */
  function choosePosition(next: BulkReadingPosition): void {
    form.reset({
      billingPeriodId: period.id,
      position: next,
      readingDate: next === "start" ? period.billingPeriodStart : getDefaultReadingDate(period),
      readingValues: {},
    });
  }
  const isShownAll = formState.submitCount > 0;
  const formMessage = (formState.errors as Record<string, { message?: string } | undefined>)[
    BULK_FORM_MESSAGE_FIELD
  ]?.message;
  // In the building's order of their units ("EG" before "1. OG"), the common area's meters last.
  const allMeters = sortMetersByUnit(meters.data ?? []);
  // Heat cost allocators count from zero each period (docs/rules/statement-inputs.md#assembly): no start reading.
  const meterList = isStart
    ? allMeters.filter((meter) => meter.meterType !== "Heizkostenverteiler")
    : allMeters;
  const allocatorCount = allMeters.length - meterList.length;

  async function send(body: BulkReadingsBody): Promise<void> {
    try {
      const result = await saveBulk.mutateAsync(body);
      toast.success(result.message);
      setPendingDecrease(null);
      form.reset({
        ...form.getValues(),
        readingValues: Object.fromEntries(allMeters.map((meter) => [meter.id, ""])),
      });
    } catch (error) {
      if (isApiError(error) && error.code === READING_DECREASE_CODE && !body.confirmDecrease) {
        const items = Object.entries(error.fields).flatMap(([field, message]) => {
          const meter = meterList.find((m) => m.id === getMeterIdOfBodyField(field, body));
          return meter ? [{ meterId: meter.id, label: getMeterLabel(meter), message }] : [];
        });
        setPendingDecrease({ body, items });
        return;
      }
      setPendingDecrease(null);
      applyServerFieldErrors(setError, error, (field) => toBulkFormField(field, body));
      toast.error(READING_MESSAGES.bulkSaveFailed(getErrorMessage(error)));
    }
  }

  /** 'Nein': nothing was stored; the lower values stay marked for correction. */
  function keepValuesForCorrection(): void {
    for (const item of pendingDecrease?.items ?? [])
      setError(`readingValues.${item.meterId}`, { type: "server", message: item.message });
    setPendingDecrease(null);
  }

  return (
    <div className="space-y-6">
      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_12rem] sm:items-end">
        {/* Grouped by property, so the closed select shows the period alone and fits a phone
            (issue 23: 'Lindenhof: Abrechnung 01.0' was cut). */}
        <SelectField
          label="Abrechnungsperiode"
          value={period.id}
          onChange={(event) => onChoosePeriod(event.target.value)}
        >
          {groupPeriodsByProperty(periods).map(([propertyName, group]) => (
            <optgroup key={propertyName} label={propertyName}>
              {group.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <Button variant="outline" onClick={onCreatePeriod}>
          <CalendarPlus className="size-4" aria-hidden="true" />
          Neue Periode
        </Button>
        <TextField
          label="Ablesedatum"
          type="date"
          max={isStart ? period.billingPeriodStart : getTodayInGermany()}
          form="bulk-reading-form"
          error={getVisibleError(form, "readingDate", isShownAll)}
          {...register("readingDate")}
        />
        <fieldset className="sm:col-span-3">
          <legend className="mb-1 text-sm font-medium text-slate-700">Welcher Stand?</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="reading-position"
                className="accent-brand-700"
                checked={!isStart}
                onChange={() => choosePosition("end")}
              />
              Endstand der Periode
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="reading-position"
                className="accent-brand-700"
                checked={isStart}
                onChange={() => choosePosition("start")}
              />
              Anfangsstand der Periode
            </label>
          </div>
          {isStart && allocatorCount > 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              Heizkostenverteiler beginnen jede Periode bei 0 und brauchen keinen Anfangsstand.
            </p>
          ) : null}
        </fieldset>
      </div>

      {isShownAll && formMessage ? <Alert variant="error">{formMessage}</Alert> : null}

      {meters.isPending ? (
        <LoadingState text="Lade Zähler..." />
      ) : meters.isError ? (
        <Alert variant="error" title="Fehler beim Laden">
          {getErrorMessage(meters.error)}
        </Alert>
      ) : meterList.length === 0 ? (
        <EmptyState
          icon={Gauge}
          title="Keine Zähler gefunden"
          description={`Für ${period.propertyName} sind noch keine Zähler erfasst.`}
          action={
            <Link to={`/dashboard/meters?property=${period.propertyId}`} className={buttonStyles()}>
              Zähler anlegen
            </Link>
          }
        />
      ) : (
        <form id="bulk-reading-form" noValidate onSubmit={handleSubmit(send)} className="space-y-4">
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
            aria-label="Zähler der Immobilie"
          >
            {meterList.map((meter) => (
              <BulkReadingRow
                key={meter.id}
                meter={meter}
                control={form.control}
                periodReading={isStart ? undefined : periodReadings.get(meter.id)}
                position={position}
                error={getVisibleError(form, `readingValues.${meter.id}`, isShownAll)}
              />
            ))}
          </ul>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-500">
              {isStart
                ? "Leere Felder werden nicht gespeichert. Anfangsstände ändern die Endstände nicht."
                : "Leere Felder werden nicht gespeichert. Ein Endstand dieser Periode wird überschrieben, Anfangsstände bleiben."}
            </p>
            <Button
              type="submit"
              isBusy={saveBulk.isPending && !pendingDecrease}
              busyText="Speichere..."
            >
              Zählerstände speichern
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        isOpen={pendingDecrease !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : keepValuesForCorrection())}
        title={READING_MESSAGES.decreaseQuestion}
        description={
          <span className="block space-y-2">
            <span className="block">
              Diese Zählerstände sind niedriger als zuvor. Wurde der Zähler getauscht oder ist er
              übergelaufen?
            </span>
            {pendingDecrease?.items.map((item) => (
              <span key={item.meterId} className="block rounded-md bg-amber-50 p-2 text-amber-900">
                <span className="font-medium">{item.label}:</span> {item.message}
              </span>
            ))}
          </span>
        }
        confirmLabel="Ja, trotzdem speichern"
        cancelLabel="Nein, Werte korrigieren"
        busyLabel="Speichere..."
        isBusy={saveBulk.isPending}
        onConfirm={() =>
          pendingDecrease ? send({ ...pendingDecrease.body, confirmDecrease: true }) : undefined
        }
      />
    </div>
  );
}
