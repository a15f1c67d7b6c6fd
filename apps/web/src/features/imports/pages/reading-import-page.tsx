import { useRef, useState } from "react";
import { Link } from "react-router";
import {
  formatCalendarDateDe,
  formatDecimalTextDe,
  MAX_IMPORT_FILE_BYTES,
  TEXT_ENCODING_LABELS,
  type ReadingImportPreview,
  type ReadingImportResult,
  type ReadingImportRow,
  type ImportProgress,
} from "@nk/contract";
import { UpgradeRequired } from "../../../components/upgrade-required";
import { Alert } from "../../../components/ui/alert";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { Button, buttonStyles } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { getErrorMessage } from "../../../lib/api-error";
import { useMe } from "../../../lib/use-me";
import { useCommitReadingImport, usePreviewReadingImport } from "../api";
import { FilePicker } from "../components/file-picker";
import { ImportProgressBar } from "../components/import-progress";
import { formatFileSize, readFileBase64 } from "../../../lib/read-file-base64";

// /dashboard/imports/readings (issue 28, item 4; decision 1401): readings from the metering
// company's or a spreadsheet's CSV. Dry run first; stored only when the user confirms, all or
// nothing. Plan feature bulkImportExport (checked on the server as well).

const STATUS_BADGES: Record<ReadingImportRow["status"], { label: string; variant: BadgeVariant }> =
  {
    new: { label: "Neu", variant: "brand" },
    duplicate: { label: "Bereits erfasst", variant: "neutral" },
    decrease: { label: "Niedriger als zuvor", variant: "warning" },
    error: { label: "Fehler", variant: "danger" },
  };

const PAGE_SIZE = 200;

interface SelectedFile {
  name: string;
  size: number;
  contentBase64: string;
}

export function ReadingImportPage() {
  const me = useMe();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const previewImport = usePreviewReadingImport(setProgress);
  const commitImport = useCommitReadingImport(setProgress);
  const [file, setFile] = useState<SelectedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ReadingImportPreview | null>(null);
  const [isDecreaseConfirmed, setIsDecreaseConfirmed] = useState(false);
  const [result, setResult] = useState<ReadingImportResult | null>(null);
  const [shown, setShown] = useState(PAGE_SIZE);

  function reset(): void {
    setFile(null);
    setPreview(null);
    setResult(null);
    setIsDecreaseConfirmed(false);
    previewImport.reset();
    commitImport.reset();
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
        `Die Datei ist zu groß (${formatFileSize(chosen.size)}; höchstens 5 MB). Bitte teilen Sie sie auf.`,
      );
    }
    setFile({ name: chosen.name, size: chosen.size, contentBase64: await readFileBase64(chosen) });
  }

  async function runPreview(): Promise<void> {
    if (!file) return;
    commitImport.reset();
    setIsDecreaseConfirmed(false);
    setShown(PAGE_SIZE);
    setProgress(null);
    try {
      setPreview(
        await previewImport.mutateAsync({
          file: { fileName: file.name, contentBase64: file.contentBase64 },
        }),
      );
    } catch {
      setPreview(null);
    }
  }

  async function confirm(): Promise<void> {
    if (!file) return;
    setProgress(null);
    try {
      setResult(
        await commitImport.mutateAsync({
          file: { fileName: file.name, contentBase64: file.contentBase64 },
          confirmDecreases: isDecreaseConfirmed,
        }),
      );
      setPreview(null);
    } catch {
      // The message is shown from commitImport.error.
    }
  }

  if (me.data && !me.hasFeature("bulkImportExport")) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-6">
        <title>Zählerstände importieren – Nebenkosten</title>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Zählerstände importieren
        </h1>
        <UpgradeRequired feature="Massenimport und -export" />
      </div>
    );
  }

  const counts = preview?.counts;
  const storable = counts ? counts.new + counts.decrease : 0;
  const canConfirm =
    counts !== undefined &&
    counts.error === 0 &&
    storable > 0 &&
    (counts.decrease === 0 || isDecreaseConfirmed);

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <title>Zählerstände importieren – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Zählerstände importieren
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Eine CSV-Datei mit den Spalten Zählernummer, Ablesedatum und Zählerstand (z. B. vom
          Messdienst oder aus Ihrer Tabelle, mit Semikolon oder Komma getrennt). Die Zähler werden
          über ihre Nummer gefunden; die Stände werden geprüft wie beim Eintippen und erst
          gespeichert, wenn Sie bestätigen. Monatswerte des Messdienstes im Format der
          EED-Verbrauchsschnittstelle (Spalten deviceId, service, periodEnd, value, unit, estimated)
          werden ebenso gelesen; Sparte und Einheit müssen zum Zähler passen, Schätzwerte werden
          vermerkt.
        </p>
      </div>

      {result ? (
        <div className="space-y-4">
          <Alert
            variant={result.imported > 0 ? "success" : "info"}
            title={result.imported > 0 ? "Import abgeschlossen" : "Nichts importiert"}
          >
            {result.message}
          </Alert>
          <div className="flex flex-wrap gap-3">
            <Link to="/dashboard/meters" className={buttonStyles({ variant: "primary" })}>
              Zu den Zählern
            </Link>
            <Button variant="outline" onClick={reset}>
              Weitere Datei importieren
            </Button>
          </div>
        </div>
      ) : (
        <section
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          aria-label="Datei auswählen"
        >
          <FilePicker
            hint="CSV (UTF-8 oder Windows-1252), höchstens 5 MB. Zahlen deutsch: 1.234,567."
            accept=".csv,.txt,text/csv"
            error={fileError}
            chosen={file}
            inputRef={fileInput}
            onChoose={(chosen) => void chooseFile(chosen)}
          />
          <Button
            onClick={() => void runPreview()}
            disabled={!file}
            isBusy={previewImport.isPending}
            busyText={file ? `Datei wird geprüft … (${formatFileSize(file.size)})` : undefined}
          >
            Datei prüfen
          </Button>
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
        </section>
      )}

      {preview && counts && !result ? (
        <section className="space-y-4" aria-label="Probelauf">
          <Alert
            variant={counts.error > 0 ? "warning" : "info"}
            title="Probelauf – noch nichts gespeichert"
          >
            <p>{TEXT_ENCODING_LABELS[preview.encoding]}.</p>
            <p>
              {counts.new} neu · {counts.decrease} niedriger als zuvor · {counts.duplicate} bereits
              erfasst · {counts.error} fehlerhaft
            </p>
            {counts.error > 0 ? (
              <p>
                Bitte korrigieren Sie die fehlerhaften Zeilen in der Datei und prüfen Sie sie
                erneut; eine Datei mit Fehlern wird nicht gespeichert.
              </p>
            ) : null}
          </Alert>
          <ul className="space-y-2">
            {preview.rows.slice(0, shown).map((row) => {
              const badge = STATUS_BADGES[row.status];
              return (
                <li
                  key={row.row}
                  className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
                  data-testid={`reading-${row.row}`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="break-words font-medium text-slate-900">
                        {row.meterNumber ?? "ohne Zählernummer"}{" "}
                        <span className="font-normal text-slate-600">· Zeile {row.row}</span>
                      </p>
                      {row.meterLabel ? <p className="text-slate-600">{row.meterLabel}</p> : null}
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <span className="tabular-nums text-slate-900">
                        {row.readingValue ? formatDecimalTextDe(row.readingValue) : "–"}
                        {row.readingDate ? ` am ${formatCalendarDateDe(row.readingDate)}` : ""}
                      </span>
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                    </div>
                  </div>
                  {row.message ? (
                    <p
                      className={
                        row.status === "error"
                          ? "mt-1 text-red-700"
                          : row.status === "decrease"
                            ? "mt-1 text-amber-800"
                            : "mt-1 text-slate-600"
                      }
                    >
                      {row.message}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {preview.rows.length > shown ? (
            <Button variant="outline" onClick={() => setShown((current) => current + PAGE_SIZE)}>
              Weitere Zeilen anzeigen ({preview.rows.length - shown})
            </Button>
          ) : null}
          <StickyActionBar>
            {commitImport.isError ? (
              <Alert variant="error">{getErrorMessage(commitImport.error)}</Alert>
            ) : null}
            {counts.decrease > 0 && counts.error === 0 ? (
              <Checkbox
                label={`Die ${counts.decrease === 1 ? "markierte niedrigere Ablesung stimmt" : `${counts.decrease} markierten niedrigeren Ablesungen stimmen`} (Zählertausch oder Überlauf).`}
                checked={isDecreaseConfirmed}
                onChange={(event) => setIsDecreaseConfirmed(event.target.checked)}
              />
            ) : null}
            {commitImport.isPending ? (
              <ImportProgressBar progress={progress} hasSavePhase label="Fortschritt: Import" />
            ) : null}
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700">
                {storable === 1
                  ? "1 Zählerstand wird gespeichert."
                  : `${storable} Zählerstände werden gespeichert.`}
              </p>
              <div className="flex flex-wrap gap-3">
                <Button variant="outline" onClick={reset}>
                  Abbrechen
                </Button>
                <Button
                  onClick={() => void confirm()}
                  disabled={!canConfirm}
                  isBusy={commitImport.isPending}
                  busyText="Wird gespeichert …"
                >
                  Import bestätigen
                </Button>
              </div>
            </div>
          </StickyActionBar>
        </section>
      ) : null}
    </div>
  );
}
