import { formatEuroDe, TEXT_ENCODING_LABELS, BANK_FILE_FORMAT_LABELS } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { BANK_PAGE_SIZE, type BankImport, type BookingFilter } from "../lib/use-bank-import";
import { BookingCard } from "./booking-card";
import { ImportProgressBar } from "./import-progress";

/** "1 Buchung" / "3 Buchungen". */
function describeBookingCount(count: number): string {
  return count === 1 ? "1 Buchung" : `${count} Buchungen`;
}

/** The bank import's dry run: every booking, what the user assigns it, and the confirmation. */
export function BankPreview({ bank }: { bank: BankImport }) {
  const { preview, visibleRows, shown } = bank;
  if (!preview) return null;
  return (
    <section className="space-y-4" aria-label="Probelauf">
      <Alert variant="info" title="Probelauf – noch nichts gespeichert">
        <p>
          {BANK_FILE_FORMAT_LABELS[preview.format]}, {TEXT_ENCODING_LABELS[preview.encoding]}
          {preview.accountIban ? `, Konto ${preview.accountIban}` : ""}.
        </p>
        <p>
          {preview.counts.new} neue Ausgaben über {formatEuroDe(preview.newTotal)} ·{" "}
          {preview.counts.duplicate} bereits importiert · {preview.counts.ignored} keine Kosten ·{" "}
          {preview.counts.error} fehlerhaft
        </p>
      </Alert>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="booking-filter" className="text-sm font-medium text-slate-700">
          Anzeigen
        </label>
        <Select
          id="booking-filter"
          className="w-auto"
          value={bank.filter}
          onChange={(event) => bank.changeFilter(event.target.value as BookingFilter)}
          options={[
            { value: "new", label: `Neue Ausgaben (${preview.counts.new})` },
            { value: "all", label: `Alle Buchungen (${bank.rows.length})` },
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
            parts={bank.assignments[row.row] ?? []}
            costTypeOptions={bank.costTypeOptions}
            error={bank.rowErrors[row.row]}
            onAssign={(parts) => bank.assign(row.row, parts)}
            onSplit={() => bank.setSplitRow(row.row)}
          />
        ))}
      </ul>
      {visibleRows.length > shown ? (
        <Button variant="outline" onClick={bank.showMore}>
          Weitere {Math.min(BANK_PAGE_SIZE, visibleRows.length - shown)} von{" "}
          {visibleRows.length - shown} anzeigen
        </Button>
      ) : null}
      <StickyActionBar>
        {bank.commitError ? <Alert variant="error">{bank.commitError}</Alert> : null}
        {bank.commitImport.isPending ? (
          <ImportProgressBar progress={bank.progress} hasSavePhase label="Fortschritt: Import" />
        ) : null}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700" aria-live="polite">
            Zugeordnet: {describeBookingCount(bank.assignedList.length)} über{" "}
            {formatEuroDe(bank.assignedTotal)}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={bank.reset}>
              Abbrechen
            </Button>
            <Button
              onClick={() => void bank.confirm()}
              disabled={bank.assignedList.length === 0}
              isBusy={bank.commitImport.isPending}
              busyText="Wird importiert …"
            >
              Import bestätigen
            </Button>
          </div>
        </div>
      </StickyActionBar>
    </section>
  );
}
