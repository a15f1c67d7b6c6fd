import {
  formatCalendarDateDe,
  formatDecimalTextDe,
  TEXT_ENCODING_LABELS,
  type ReadingImportRow,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import type { BadgeVariant } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { getErrorMessage } from "../../../lib/api-error";
import type { ReadingImport } from "../lib/use-reading-import";
import { ImportProgressBar } from "./import-progress";
import { ImportRowCard } from "./import-row-card";

const STATUS_BADGES: Record<ReadingImportRow["status"], { label: string; variant: BadgeVariant }> =
  {
    new: { label: "Neu", variant: "brand" },
    duplicate: { label: "Bereits erfasst", variant: "neutral" },
    decrease: { label: "Niedriger als zuvor", variant: "warning" },
    error: { label: "Fehler", variant: "danger" },
  };

/** The reading import's dry run: every row, the confirmation of lower readings, the import. */
export function ReadingPreview({ reading }: { reading: ReadingImport }) {
  const { preview, shown, storable } = reading;
  if (!preview) return null;
  const { counts } = preview;
  return (
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
            Bitte korrigieren Sie die fehlerhaften Zeilen in der Datei und prüfen Sie sie erneut;
            eine Datei mit Fehlern wird nicht gespeichert.
          </p>
        ) : null}
      </Alert>
      <ul className="space-y-2">
        {preview.rows.slice(0, shown).map((row) => (
          <ImportRowCard
            key={row.row}
            testId={`reading-${row.row}`}
            badge={STATUS_BADGES[row.status]}
            status={row.status}
            message={row.message}
            title={
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">
                  {row.meterNumber ?? "ohne Zählernummer"}{" "}
                  <span className="font-normal text-slate-600">· Zeile {row.row}</span>
                </p>
                {row.meterLabel ? <p className="text-slate-600">{row.meterLabel}</p> : null}
              </div>
            }
            value={
              <>
                {row.readingValue ? formatDecimalTextDe(row.readingValue) : "–"}
                {row.readingDate ? ` am ${formatCalendarDateDe(row.readingDate)}` : ""}
              </>
            }
          />
        ))}
      </ul>
      {preview.rows.length > shown ? (
        <Button variant="outline" onClick={reading.showMore}>
          Weitere Zeilen anzeigen ({preview.rows.length - shown})
        </Button>
      ) : null}
      <StickyActionBar>
        {reading.commitImport.isError ? (
          <Alert variant="error">{getErrorMessage(reading.commitImport.error)}</Alert>
        ) : null}
        {counts.decrease > 0 && counts.error === 0 ? (
          <Checkbox
            label={`Die ${counts.decrease === 1 ? "markierte niedrigere Ablesung stimmt" : `${counts.decrease} markierten niedrigeren Ablesungen stimmen`} (Zählertausch oder Überlauf).`}
            checked={reading.isDecreaseConfirmed}
            onChange={(event) => reading.setIsDecreaseConfirmed(event.target.checked)}
          />
        ) : null}
        {reading.commitImport.isPending ? (
          <ImportProgressBar progress={reading.progress} hasSavePhase label="Fortschritt: Import" />
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            {storable === 1
              ? "1 Zählerstand wird gespeichert."
              : `${storable} Zählerstände werden gespeichert.`}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={reading.reset}>
              Abbrechen
            </Button>
            <Button
              onClick={() => void reading.confirm()}
              disabled={!reading.canConfirm}
              isBusy={reading.commitImport.isPending}
              busyText="Wird gespeichert …"
            >
              Import bestätigen
            </Button>
          </div>
        </div>
      </StickyActionBar>
    </section>
  );
}
