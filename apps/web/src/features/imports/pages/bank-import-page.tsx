import { useMemo, useRef, useState } from "react";
import {
  classifyCostType,
  formatCalendarDateDe,
  formatEuroDe,
  getTenancyLaw,
  MAX_IMPORT_FILE_BYTES,
  OFFERED_COST_TYPES,
  TEXT_ENCODING_LABELS,
  BANK_FILE_FORMAT_LABELS,
  type BankImportPreview,
  type BankImportResult,
  type BookingPart,
  type ImportProgress,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { Select } from "../../../components/ui/input";
import { LoadingState } from "../../../components/ui/spinner";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { ApiError, getErrorMessage } from "../../../lib/api-error";
import { useProperties } from "../../../lib/use-properties";
import { useBillingPeriods } from "../../../lib/queries/billing-period-queries";
import { useCommitBankImport, usePreviewBankImport } from "../api";
import { BookingCard } from "../components/booking-card";
import { FilePicker } from "../components/file-picker";
import { ImportProgressBar } from "../components/import-progress";
import { ImportResult } from "../components/import-result";
import { SplitDialog } from "../components/split-dialog";
import {
  getInitialAssignments,
  sumAssigned,
  toAssignmentList,
  type Assignments,
} from "../lib/assignments";
import { formatFileSize, readFileBase64 } from "../../../lib/read-file-base64";

// /dashboard/imports/bank-statements (issue 28, item 3; decision 1400): a bank statement
// (camt.053 or the bank's CSV) to the costs of a billing period. First a dry run that shows
// every booking and what would happen to it; nothing is saved until the user confirms.

const PAGE_SIZE = 100;
type Filter = "new" | "all";

interface SelectedFile {
  name: string;
  size: number;
  contentBase64: string;
}

/** Errors of the confirm request by row: 'assignments.3.parts.0.costType' -> the row sent at index 3. */
function mapErrorsToRows(error: unknown, sentRows: readonly number[]): Record<number, string> {
  if (!(error instanceof ApiError)) return {};
  const byRow: Record<number, string> = {};
  for (const [field, message] of Object.entries(error.fields)) {
    const match = /^assignments\.(\d+)/.exec(field);
    const row = match ? sentRows[Number(match[1])] : undefined;
    if (row !== undefined) byRow[row] ??= message;
  }
  return byRow;
}

export function BankImportPage() {
  const fileInput = useRef<HTMLInputElement>(null);
  const periods = useBillingPeriods();
  const properties = useProperties();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const previewImport = usePreviewBankImport(setProgress);
  const commitImport = useCommitBankImport(setProgress);
  const [periodId, setPeriodId] = useState("");
  const [file, setFile] = useState<SelectedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BankImportPreview | null>(null);
  const [assignments, setAssignments] = useState<Assignments>({});
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [filter, setFilter] = useState<Filter>("new");
  const [shown, setShown] = useState(PAGE_SIZE);
  const [splitRow, setSplitRow] = useState<number | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const [commitError, setCommitError] = useState<string | null>(null);

  const openPeriods = (periods.data ?? []).filter((period) => !period.isFinal);
  const period = periods.data?.find((entry) => entry.id === periodId);
  const property = properties.data?.find((entry) => entry.id === period?.propertyId);

  const costTypeOptions = useMemo(() => {
    const law = getTenancyLaw(property?.propertyType);
    const range = period
      ? { start: period.billingPeriodStart, end: period.billingPeriodEnd }
      : { start: "2000-01-01", end: "2000-12-31" };
    // The period's own cost types first, then the code list without the types the law forbids.
    const names = [...(preview?.periodCostTypes ?? []), ...OFFERED_COST_TYPES].filter(
      (name, index, all) => all.indexOf(name) === index,
    );
    return names
      .filter((name) => classifyCostType(name, law, range).status !== "notAllocable")
      .map((name) => ({ value: name, label: name }));
  }, [preview, property, period]);

  const rows = preview?.rows ?? [];
  const visibleRows = filter === "new" ? rows.filter((row) => row.status === "new") : rows;
  const assignedList = toAssignmentList(assignments);
  const assignedTotal = sumAssigned(assignments);

  function reset(): void {
    setFile(null);
    setPreview(null);
    setAssignments({});
    setRowErrors({});
    setResult(null);
    setCommitError(null);
    setShown(PAGE_SIZE);
    previewImport.reset();
    if (fileInput.current) fileInput.current.value = "";
  }

  async function chooseFile(chosen: File | undefined): Promise<void> {
    setPreview(null);
    setResult(null);
    setFileError(null);
    previewImport.reset();
    if (!chosen) return setFile(null);
    if (chosen.size > MAX_IMPORT_FILE_BYTES) {
      setFile(null);
      return setFileError(
        `Die Datei ist zu groß (${formatFileSize(chosen.size)}; höchstens 5 MB). Bitte teilen Sie sie auf, z. B. nach Monaten.`,
      );
    }
    setFile({ name: chosen.name, size: chosen.size, contentBase64: await readFileBase64(chosen) });
  }

  async function runPreview(): Promise<void> {
    if (!file || !periodId) return;
    setResult(null);
    setCommitError(null);
    setRowErrors({});
    setProgress(null);
    try {
      const answer = await previewImport.mutateAsync({
        billingPeriodId: periodId,
        file: { fileName: file.name, contentBase64: file.contentBase64 },
      });
      setPreview(answer);
      setAssignments(getInitialAssignments(answer.rows));
      setFilter(answer.counts.new > 0 ? "new" : "all");
      setShown(PAGE_SIZE);
    } catch {
      setPreview(null);
    }
  }

  async function confirm(): Promise<void> {
    if (!file || !preview) return;
    setCommitError(null);
    setProgress(null);
    const sent = assignedList;
    try {
      setResult(
        await commitImport.mutateAsync({
          billingPeriodId: preview.billingPeriodId,
          file: { fileName: file.name, contentBase64: file.contentBase64 },
          assignments: sent,
        }),
      );
      setPreview(null);
      setRowErrors({});
    } catch (error) {
      setRowErrors(
        mapErrorsToRows(
          error,
          sent.map((entry) => entry.row),
        ),
      );
      setCommitError(getErrorMessage(error));
    }
  }

  function assign(row: number, parts: BookingPart[]): void {
    setAssignments((current) => ({ ...current, [row]: parts }));
    setRowErrors(({ [row]: _removed, ...rest }) => rest);
  }

  const splitting = splitRow === null ? undefined : rows.find((row) => row.row === splitRow);

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <title>Kontoauszug importieren – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Kontoauszug importieren
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Übernehmen Sie die Ausgaben des Jahres aus dem Kontoauszug Ihrer Bank in die Kosten einer
          Abrechnung: camt.053 (XML) oder der CSV-Umsatzexport aus dem Online-Banking. Sie sehen
          zuerst jede Buchung und ordnen sie Kostenarten zu; gespeichert wird erst, wenn Sie
          bestätigen.
        </p>
      </div>

      {result ? (
        <ImportResult result={result} period={period} onAnother={reset} />
      ) : (
        <section
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          aria-label="Datei auswählen"
        >
          {periods.isPending ? (
            <LoadingState text="Lade Abrechnungszeiträume..." />
          ) : periods.isError ? (
            <Alert variant="error">{getErrorMessage(periods.error)}</Alert>
          ) : openPeriods.length === 0 ? (
            <Alert variant="info" title="Noch kein offener Abrechnungszeitraum">
              Legen Sie zuerst unter „Neue Abrechnung“ eine Abrechnung mit ihrem Zeitraum an; danach
              können Sie hier ihre Kosten importieren.
            </Alert>
          ) : (
            <>
              <SelectField
                label="Abrechnungszeitraum"
                placeholder="Bitte wählen"
                value={periodId}
                onChange={(event) => {
                  setPeriodId(event.target.value);
                  setPreview(null);
                  previewImport.reset();
                }}
                options={openPeriods.map((entry) => ({
                  value: entry.id,
                  label: `${entry.propertyName} · ${formatCalendarDateDe(entry.billingPeriodStart)} – ${formatCalendarDateDe(entry.billingPeriodEnd)}`,
                }))}
              />
              <FilePicker
                hint="camt.053 (XML) oder CSV der Bank, UTF-8 oder Windows-1252, höchstens 5 MB."
                accept=".xml,.csv,.txt,text/csv,application/xml,text/xml"
                error={fileError}
                chosen={file}
                inputRef={fileInput}
                onChoose={(chosen) => void chooseFile(chosen)}
              />
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  onClick={() => void runPreview()}
                  disabled={!file || !periodId}
                  isBusy={previewImport.isPending}
                  busyText={
                    file ? `Datei wird geprüft … (${formatFileSize(file.size)})` : undefined
                  }
                >
                  Datei prüfen
                </Button>
              </div>
              {previewImport.isPending ? (
                <ImportProgressBar
                  progress={progress}
                  hasSavePhase={false}
                  label="Fortschritt: Datei prüfen"
                />
              ) : null}
              {previewImport.isError ? (
                <Alert variant="error" title="Die Datei kann nicht importiert werden">
                  {getErrorMessage(previewImport.error)}
                </Alert>
              ) : null}
            </>
          )}
        </section>
      )}

      {preview && !result ? (
        <section className="space-y-4" aria-label="Probelauf">
          <Alert variant="info" title="Probelauf – noch nichts gespeichert">
            <p>
              {BANK_FILE_FORMAT_LABELS[preview.format]}, {TEXT_ENCODING_LABELS[preview.encoding]}
              {preview.accountIban ? `, Konto ${preview.accountIban}` : ""}.
            </p>
            <p>
              {preview.counts.new} neue Ausgaben über {formatEuroDe(preview.newTotal)} ·{" "}
              {preview.counts.duplicate} bereits importiert · {preview.counts.ignored} keine Kosten
              · {preview.counts.error} fehlerhaft
            </p>
          </Alert>
          <div className="flex flex-wrap items-center gap-3">
            <label htmlFor="booking-filter" className="text-sm font-medium text-slate-700">
              Anzeigen
            </label>
            <Select
              id="booking-filter"
              className="w-auto"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as Filter);
                setShown(PAGE_SIZE);
              }}
              options={[
                { value: "new", label: `Neue Ausgaben (${preview.counts.new})` },
                { value: "all", label: `Alle Buchungen (${rows.length})` },
              ]}
            />
          </div>
          {visibleRows.length === 0 ? (
            <p className="text-sm text-slate-600">Keine neuen Ausgaben in dieser Datei.</p>
          ) : null}
          <ul className="space-y-3">
            {visibleRows.slice(0, shown).map((row) => (
              <BookingCard
                key={row.row}
                row={row}
                parts={assignments[row.row] ?? []}
                costTypeOptions={costTypeOptions}
                error={rowErrors[row.row]}
                onAssign={(parts) => assign(row.row, parts)}
                onSplit={() => setSplitRow(row.row)}
              />
            ))}
          </ul>
          {visibleRows.length > shown ? (
            <Button variant="outline" onClick={() => setShown((current) => current + PAGE_SIZE)}>
              Weitere {Math.min(PAGE_SIZE, visibleRows.length - shown)} von{" "}
              {visibleRows.length - shown} anzeigen
            </Button>
          ) : null}
          <StickyActionBar>
            {commitError ? <Alert variant="error">{commitError}</Alert> : null}
            {commitImport.isPending ? (
              <ImportProgressBar progress={progress} hasSavePhase label="Fortschritt: Import" />
            ) : null}

            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700" aria-live="polite">
                Zugeordnet:{" "}
                {assignedList.length === 1 ? "1 Buchung" : `${assignedList.length} Buchungen`} über{" "}
                {formatEuroDe(assignedTotal)}
              </p>
              <div className="flex flex-wrap gap-3">
                <Button variant="outline" onClick={reset}>
                  Abbrechen
                </Button>
                <Button
                  onClick={() => void confirm()}
                  disabled={assignedList.length === 0}
                  isBusy={commitImport.isPending}
                  busyText="Wird importiert …"
                >
                  Import bestätigen
                </Button>
              </div>
            </div>
          </StickyActionBar>
        </section>
      ) : null}

      {splitting ? (
        <SplitDialog
          row={splitting}
          initialParts={assignments[splitting.row] ?? []}
          costTypeOptions={costTypeOptions}
          onClose={() => setSplitRow(null)}
          onSave={(parts) => {
            assign(splitting.row, parts);
            setSplitRow(null);
          }}
        />
      ) : null}
    </div>
  );
}
