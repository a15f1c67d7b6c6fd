import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  formatCalendarDateDe,
  formatEuroDe,
  MAX_IMPORT_FILE_BYTES,
  MAX_METERING_FILES,
  type MeteringImportPreview,
  type MeteringImportResult,
  type MeteringResultRow,
  type ImportProgress,
} from "@nk/contract";
import { UpgradeRequired } from "../../../components/upgrade-required";
import { Alert } from "../../../components/ui/alert";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { Button, buttonStyles } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useMe } from "../../../lib/use-me";
import { useBillingPeriods } from "../../../lib/queries/billing-period-queries";
import { useCommitMeteringImport, usePreviewMeteringImport } from "../api";
import { formatFileSize, readFileBase64 } from "../../../lib/read-file-base64";
import { ImportProgressBar } from "../components/import-progress";
import { MeteringExport } from "../components/metering-export";

// /dashboard/imports/metering-results (issue 28, item 2; decision 1404): the metering company's
// results (ARGE Heiwako: D, E835 and A files). The firm's flats are mapped to the property's
// units the first time (remembered after); the dry run shows every record and the cost items
// the statement gets; nothing is stored until the user confirms. Below, the export the other way
// (decision 1600): the users and costs the firm needs, in its format.

const STATUS_BADGES: Record<MeteringResultRow["status"], { label: string; variant: BadgeVariant }> =
  {
    ok: { label: "Wird übernommen", variant: "brand" },
    skipped: { label: "Nicht übernommen", variant: "neutral" },
    error: { label: "Fehler", variant: "danger" },
  };
const NOT_THIS_PROPERTY = "none";

interface SelectedFile {
  fileName: string;
  size: number;
  contentBase64: string;
}

export function MeteringImportPage() {
  const me = useMe();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const periods = useBillingPeriods();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const previewImport = usePreviewMeteringImport(setProgress);
  const commitImport = useCommitMeteringImport(setProgress);
  const [periodId, setPeriodId] = useState("");
  const [files, setFiles] = useState<SelectedFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<MeteringImportPreview | null>(null);
  const [result, setResult] = useState<MeteringImportResult | null>(null);
  const openPeriods = (periods.data ?? []).filter((period) => !period.isFinal);

  function buildBody() {
    const mappings = Object.entries(choices).flatMap(([firmFlat, unitId]) =>
      unitId === "" ? [] : [{ firmFlat, unitId: unitId === NOT_THIS_PROPERTY ? null : unitId }],
    );
    return {
      billingPeriodId: periodId,
      files: files.map(({ fileName, contentBase64 }) => ({ fileName, contentBase64 })),
      mappings,
    };
  }

  async function chooseFiles(list: FileList | null): Promise<void> {
    setPreview(null);
    setResult(null);
    setFileError(null);
    previewImport.reset();
    const chosen = [...(list ?? [])];
    if (chosen.length > MAX_METERING_FILES)
      return setFileError(
        `Höchstens ${MAX_METERING_FILES} Dateien: je eine mit A-, D- und E835-Sätzen.`,
      );
    const tooLarge = chosen.find((file) => file.size > MAX_IMPORT_FILE_BYTES);
    if (tooLarge)
      return setFileError(
        `„${tooLarge.name}“ ist zu groß (${formatFileSize(tooLarge.size)}; höchstens 5 MB).`,
      );
    setFiles(
      await Promise.all(
        chosen.map(async (file) => ({
          fileName: file.name,
          size: file.size,
          contentBase64: await readFileBase64(file),
        })),
      ),
    );
  }

  async function runPreview(): Promise<void> {
    commitImport.reset();
    setProgress(null);
    try {
      setPreview(await previewImport.mutateAsync(buildBody()));
    } catch {
      setPreview(null);
    }
  }

  async function confirm(): Promise<void> {
    setProgress(null);
    try {
      setResult(await commitImport.mutateAsync(buildBody()));
      setPreview(null);
    } catch {
      // The message is shown from commitImport.error.
    }
  }

  if (me.data && !me.hasFeature("bulkImportExport")) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-6">
        <title>Ergebnisse des Messdienstes – Nebenkosten</title>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Ergebnisse des Messdienstes importieren
        </h1>
        <UpgradeRequired feature="Massenimport und -export" />
      </div>
    );
  }

  const openFlats =
    preview?.flats.filter((flat) => flat.state === "open" && !choices[flat.firmFlat]) ?? [];
  const canConfirm =
    preview !== null &&
    preview.counts.error === 0 &&
    !preview.needsMapping &&
    preview.items.length > 0;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <title>Ergebnisse des Messdienstes – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Ergebnisse des Messdienstes importieren
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Die Dateien im ARGE-Heiwako-Format, die Ihr Messdienst (ista, Techem, Brunata, …) liefert:
          DTD305_….DAT mit den Ergebnissen je Nutzer, dazu auf Wunsch DTE835_….DAT (Anteile nach §
          35a EStG) und DTA305_….DAT. Heiz- und Wasserkosten werden Positionen „Direkt je
          Mietverhältnis“ der Abrechnung.
        </p>
      </div>

      {result ? (
        <div className="space-y-4">
          <Alert
            variant={result.isUnchanged ? "info" : "success"}
            title={result.isUnchanged ? "Nichts geändert" : "Import abgeschlossen"}
          >
            {result.message}
          </Alert>
          <div className="flex flex-wrap gap-3">
            <Link to="/dashboard/statements/new" className={buttonStyles({ variant: "primary" })}>
              Zur Abrechnung
            </Link>
            <Button variant="outline" onClick={() => setResult(null)}>
              Weitere Dateien importieren
            </Button>
          </div>
        </div>
      ) : (
        <section
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          aria-label="Dateien auswählen"
        >
          {periods.isPending ? (
            <LoadingState text="Lade Abrechnungszeiträume..." />
          ) : periods.isError ? (
            <Alert variant="error">{getErrorMessage(periods.error)}</Alert>
          ) : (
            <SelectField
              label="Abrechnungszeitraum"
              placeholder="Bitte wählen"
              value={periodId}
              onChange={(event) => {
                setPeriodId(event.target.value);
                setPreview(null);
                setChoices({});
              }}
              options={openPeriods.map((entry) => ({
                value: entry.id,
                label: `${entry.propertyName} · ${formatCalendarDateDe(entry.billingPeriodStart)} – ${formatCalendarDateDe(entry.billingPeriodEnd)}`,
              }))}
            />
          )}
          <div className="space-y-1">
            <label htmlFor={fileId} className="text-sm font-medium text-slate-700">
              Dateien des Messdienstes
            </label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              multiple
              accept=".dat,.DAT,.txt"
              aria-describedby={`${fileId}-hint`}
              className="block text-sm text-slate-700"
              onChange={(event) => void chooseFiles(event.target.files)}
            />
            <p id={`${fileId}-hint`} className="text-sm text-slate-600">
              Bis zu drei Dateien (A, D, E835), unverändert: ISO-8859-15, Sätze fester Länge mit CR
              LF.
            </p>
            {fileError ? (
              <p className="text-sm text-red-700" role="alert">
                {fileError}
              </p>
            ) : null}
            {files.length > 0 ? (
              <p className="text-sm text-slate-600">
                {files.map((file) => `${file.fileName} · ${formatFileSize(file.size)}`).join(", ")}
              </p>
            ) : null}
          </div>
          <Button
            onClick={() => void runPreview()}
            disabled={files.length === 0 || periodId === ""}
            isBusy={previewImport.isPending}
            busyText="Dateien werden geprüft …"
          >
            Dateien prüfen
          </Button>
          {previewImport.isPending ? (
            <ImportProgressBar
              progress={progress}
              hasSavePhase={false}
              label="Fortschritt: Dateien prüfen"
            />
          ) : null}
          {previewImport.isError ? (
            <Alert variant="error" title="Die Dateien können nicht importiert werden">
              {getErrorMessage(previewImport.error)}
            </Alert>
          ) : null}
        </section>
      )}

      {preview && !result ? (
        <section className="space-y-4" aria-label="Probelauf">
          {preview.flats.some((flat) => flat.state === "open" || choices[flat.firmFlat]) ? (
            <fieldset className="min-w-0 space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
              <legend className="px-1 font-semibold text-slate-900">
                Wohnungen des Messdienstes zuordnen
              </legend>
              <p className="text-sm text-slate-700">
                Einmal zuordnen; beim nächsten Import wird die Zuordnung wiederverwendet.
              </p>
              {preview.flats
                .filter((flat) => flat.state === "open" || choices[flat.firmFlat])
                .map((flat) => (
                  <SelectField
                    key={flat.firmFlat}
                    label={`Liegenschaft ${flat.firmFlat.slice(0, 9)}, Wohnung ${flat.firmFlat.slice(9)}${flat.names.length > 0 ? ` (${flat.names.join(", ")})` : ""}`}
                    placeholder="Bitte wählen"
                    value={choices[flat.firmFlat] ?? ""}
                    onChange={(event) =>
                      setChoices((current) => ({ ...current, [flat.firmFlat]: event.target.value }))
                    }
                    options={[
                      ...preview.units.map((unit) => ({ value: unit.id, label: unit.name })),
                      { value: NOT_THIS_PROPERTY, label: "Gehört nicht zu dieser Immobilie" },
                    ]}
                  />
                ))}
              <Button
                variant="outline"
                onClick={() => void runPreview()}
                disabled={openFlats.length > 0}
                isBusy={previewImport.isPending}
              >
                Zuordnung übernehmen und erneut prüfen
              </Button>
            </fieldset>
          ) : null}

          <Alert
            variant={preview.counts.error > 0 ? "warning" : "info"}
            title="Probelauf – noch nichts gespeichert"
          >
            <p>
              {preview.counts.ok} übernommen · {preview.counts.skipped} nicht übernommen ·{" "}
              {preview.counts.error} fehlerhaft
            </p>
            {preview.isUnchanged ? <p>Diese Ergebnisse sind bereits übernommen.</p> : null}
          </Alert>

          {preview.items.length > 0 ? (
            <table className="w-full text-left text-sm">
              <caption className="text-left font-semibold text-slate-900">
                Positionen der Abrechnung
              </caption>
              <thead>
                <tr className="text-slate-600">
                  <th scope="col">Kostenart</th>
                  <th scope="col" className="text-right">
                    Gesamt
                  </th>
                  <th scope="col" className="text-right">
                    davon Leerstand
                  </th>
                  <th scope="col" className="text-right">
                    Lohnanteil § 35a
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.items.map((item) => (
                  <tr key={item.costType} className="border-t border-slate-200">
                    <td>
                      {item.costType}
                      {item.replacesExisting ? (
                        <span className="text-slate-600"> (ersetzt die bisherige Position)</span>
                      ) : null}
                    </td>
                    <td className="text-right tabular-nums">{formatEuroDe(item.amount)}</td>
                    <td className="text-right tabular-nums">{formatEuroDe(item.vacancyAmount)}</td>
                    <td className="text-right tabular-nums">
                      {item.laborCosts ? formatEuroDe(item.laborCosts) : "–"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}

          <ul className="space-y-2">
            {[...preview.rows, ...preview.taxRows].map((row) => {
              const badge = STATUS_BADGES[row.status];
              const isResult = "costTypeLabel" in row;
              return (
                <li
                  key={`${row.fileName}-${row.line}`}
                  className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="min-w-0 break-words font-medium text-slate-900">
                      {row.tenantName ??
                        ("isVacancy" in row && row.isVacancy ? "Leerstand" : (row.firmFlat ?? "–"))}
                      <span className="font-normal text-slate-600">
                        {" "}
                        ·{" "}
                        {isResult
                          ? `${row.costTypeCode} ${row.costTypeLabel}`
                          : `§ 35a, Kostenart ${row.costTypeCode}`}{" "}
                        · {row.fileName}, Satz {row.line}
                      </span>
                    </p>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <span className="tabular-nums text-slate-900">
                        {isResult
                          ? row.costs
                            ? formatEuroDe(row.costs)
                            : "–"
                          : row.laborShare
                            ? `Lohn ${formatEuroDe(row.laborShare)}`
                            : "–"}
                      </span>
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                    </div>
                  </div>
                  {isResult && row.isEstimated ? (
                    <p className="mt-1 text-amber-800">
                      Verbrauch geschätzt (§ 9a HeizkV): {row.readingNote}
                    </p>
                  ) : null}
                  {row.message ? (
                    <p
                      className={
                        row.status === "error" ? "mt-1 text-red-700" : "mt-1 text-slate-600"
                      }
                    >
                      {row.message}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>

          {commitImport.isError ? (
            <Alert variant="error">{getErrorMessage(commitImport.error)}</Alert>
          ) : null}
          {commitImport.isPending ? (
            <ImportProgressBar progress={progress} hasSavePhase label="Fortschritt: Übernahme" />
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() => void confirm()}
              disabled={!canConfirm}
              isBusy={commitImport.isPending}
              busyText="Wird übernommen …"
            >
              Ergebnisse übernehmen
            </Button>
          </div>
        </section>
      ) : null}

      <MeteringExport />
    </div>
  );
}
