import { useState } from "react";
import { Link } from "react-router";
import { ArrowLeft, CalendarPlus, ClipboardList, Gauge } from "lucide-react";
import {
  getMeterLabel,
  getTodayInGermany,
  isCalendarDate,
  READING_DECREASE_CODE,
  READING_MESSAGES,
  readingValueSchema,
  type BillingPeriod,
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
import { useBillingPeriod, useBillingPeriods, useMeters, useSaveBulkReadings } from "../api";
import { useProperties } from "../../../lib/use-properties";
import { BillingPeriodDialog } from "../components/billing-period-dialog";
import { BulkReadingRow } from "../components/bulk-reading-row";

interface PendingDecrease {
  body: BulkReadingsBody;
  items: { meterId: string; label: string; message: string }[];
}

/** The period's end as reading date, or today while the period is still running. */
function getDefaultReadingDate(period: BillingPeriod | undefined): string {
  const today = getTodayInGermany();
  return period && period.billingPeriodEnd < today ? period.billingPeriodEnd : today;
}

/** /dashboard/quick-meter-readings: bulk entry (part 1, section 2; section 7 'bulk save'). */
export function QuickMeterReadingsPage() {
  const toast = useToast();
  const periods = useBillingPeriods();
  const properties = useProperties();
  const saveBulk = useSaveBulkReadings();
  const [chosenPeriodId, setChosenPeriodId] = useState<string | null>(null);
  const [readingDate, setReadingDate] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [pendingDecrease, setPendingDecrease] = useState<PendingDecrease | null>(null);
  const [isCreatingPeriod, setIsCreatingPeriod] = useState(false);

  // Section 7: the newest period is preselected.
  const periodList = periods.data ?? [];
  const period = periodList.find((p) => p.id === chosenPeriodId) ?? periodList[0];
  const meters = useMeters(period?.propertyId, { isEnabled: Boolean(period) });
  const periodDetail = useBillingPeriod(period?.id);
  const effectiveDate = readingDate ?? getDefaultReadingDate(period);
  const periodReadings = new Map((periodDetail.data?.readings ?? []).map((reading) => [reading.meterId, reading]));

  function choosePeriod(id: string): void {
    setChosenPeriodId(id);
    setReadingDate(null);
    setValues({});
    setErrors({});
    setFormMessage(null);
  }

  function changeValue(meterId: string, value: string): void {
    setValues((current) => ({ ...current, [meterId]: value }));
    setErrors(({ [meterId]: _dropped, ...rest }) => rest);
  }

  /** Maps the server's 'readings.{i}.field' messages to the meters of the request. */
  function mapRowMessages(body: BulkReadingsBody, fields: Record<string, string>): Record<string, string> {
    const byMeter: Record<string, string> = {};
    for (const [path, message] of Object.entries(fields)) {
      const index = /^readings\.(\d+)\./.exec(path)?.[1];
      const meterId = index !== undefined ? body.readings[Number(index)]?.meterId : undefined;
      if (meterId) byMeter[meterId] = message;
    }
    return byMeter;
  }

  async function send(body: BulkReadingsBody, meterList: Meter[]): Promise<void> {
    try {
      const result = await saveBulk.mutateAsync(body);
      toast.success(result.message);
      setPendingDecrease(null);
      setValues({});
      setErrors({});
    } catch (error) {
      if (isApiError(error) && error.code === READING_DECREASE_CODE && !body.confirmDecrease) {
        const byMeter = mapRowMessages(body, error.fields);
        const items = Object.entries(byMeter).map(([meterId, message]) => {
          const meter = meterList.find((m) => m.id === meterId);
          return { meterId, label: meter ? getMeterLabel(meter) : meterId, message };
        });
        setPendingDecrease({ body, items });
        return;
      }
      setPendingDecrease(null);
      const message = getErrorMessage(error);
      if (isApiError(error)) {
        setErrors(mapRowMessages(body, error.fields));
        if (error.fields.readingDate) setFormMessage(error.fields.readingDate);
      }
      toast.error(READING_MESSAGES.bulkSaveFailed(message));
    }
  }

  /** 'Nein': nothing was stored; the lower values stay marked for correction. */
  function keepValuesForCorrection(): void {
    if (pendingDecrease) setErrors(Object.fromEntries(pendingDecrease.items.map((item) => [item.meterId, item.message])));
    setPendingDecrease(null);
  }

  async function save(meterList: Meter[]): Promise<void> {
    setFormMessage(null);
    if (!period) {
      setFormMessage(READING_MESSAGES.bulkPeriodRequired);
      return;
    }
    if (!isCalendarDate(effectiveDate)) {
      setFormMessage(READING_MESSAGES.invalidDate);
      return;
    }
    if (effectiveDate > getTodayInGermany()) {
      setFormMessage(READING_MESSAGES.futureDate);
      return;
    }
    // Section 5: only numeric, non-empty values are sent; at least one is needed.
    const entered = meterList.filter((meter) => (values[meter.id] ?? "").trim() !== "");
    if (entered.length === 0) {
      setFormMessage(READING_MESSAGES.bulkValueRequired);
      return;
    }
    const rowErrors: Record<string, string> = {};
    for (const meter of entered) {
      const parsed = readingValueSchema.safeParse(values[meter.id]);
      if (!parsed.success) rowErrors[meter.id] = parsed.error.issues[0]?.message ?? READING_MESSAGES.notANumber;
    }
    setErrors(rowErrors);
    if (Object.keys(rowErrors).length > 0) return;
    const body: BulkReadingsBody = {
      costGroupId: period.id,
      readingDate: effectiveDate,
      readings: entered.map((meter) => ({ meterId: meter.id, readingValue: values[meter.id]!.trim() })),
    };
    await send(body, meterList);
  }

  const header = (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Zählerstände erfassen</h1>
        <p className="mt-1 text-sm text-slate-600">Alle Zähler einer Immobilie auf einmal ablesen: Abrechnungsperiode wählen, Ablesedatum setzen, Stände eintragen.</p>
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
      onCreated={(created) => choosePeriod(created.id)}
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
          <Button size="sm" variant="outline" onClick={() => void periods.refetch()} isBusy={periods.isFetching}>
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
    const meterList = meters.data ?? [];
    content = (
      <div className="space-y-6">
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_12rem] sm:items-end">
          <SelectField
            label="Abrechnungsperiode"
            value={period.id}
            onChange={(event) => choosePeriod(event.target.value)}
            options={periodList.map((p) => ({ value: p.id, label: `${p.propertyName}: ${p.name}` }))}
          />
          <Button variant="outline" onClick={() => setIsCreatingPeriod(true)}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            Neue Periode
          </Button>
          <TextField label="Ablesedatum" type="date" max={getTodayInGermany()} value={effectiveDate} onChange={(event) => setReadingDate(event.target.value)} />
        </div>

        {formMessage ? <Alert variant="error">{formMessage}</Alert> : null}

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
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save(meterList);
            }}
            className="space-y-4"
          >
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Zähler der Immobilie">
              {meterList.map((meter) => (
                <BulkReadingRow
                  key={meter.id}
                  meter={meter}
                  value={values[meter.id] ?? ""}
                  periodReading={periodReadings.get(meter.id)}
                  error={errors[meter.id]}
                  onChange={(value) => changeValue(meter.id, value)}
                />
              ))}
            </ul>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-500">Leere Felder werden nicht gespeichert. Ein Stand dieser Periode wird überschrieben.</p>
              <Button type="submit" isBusy={saveBulk.isPending && !pendingDecrease} busyText="Speichere...">
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
              <span className="block">Diese Zählerstände sind niedriger als zuvor. Wurde der Zähler getauscht oder ist er übergelaufen?</span>
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
          onConfirm={() => (pendingDecrease ? send({ ...pendingDecrease.body, confirmDecrease: true }, meterList) : undefined)}
        />
      </div>
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
