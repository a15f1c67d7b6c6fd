import { Alert } from "../../../components/ui/alert";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { formatFileSize } from "../../../lib/read-file-base64";
import { BankPreview } from "../components/bank-preview";
import { FilePicker } from "../components/file-picker";
import { ImportCheck } from "../components/import-check";
import { ImportPageHeading } from "../components/import-page-heading";
import { ImportResult } from "../components/import-result";
import { PeriodSelect } from "../components/period-select";
import { SplitDialog } from "../components/split-dialog";
import { useBankImport } from "../lib/use-bank-import";

// /dashboard/imports/bank-statements (issue 28, item 3; decision 1400): a bank statement
// (camt.053 or the bank's CSV) to the costs of a billing period. First a dry run that shows
// every booking and what would happen to it; nothing is saved until the user confirms. The
// state and steps live in useBankImport.

export function BankImportPage() {
  const bank = useBankImport();
  const { periods, file, result, splitting } = bank;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <ImportPageHeading
        title="Kontoauszug importieren – Nebenkosten"
        heading="Kontoauszug importieren"
      >
        Übernehmen Sie die Ausgaben des Jahres aus dem Kontoauszug Ihrer Bank in die Kosten einer
        Abrechnung: camt.053 (XML) oder der CSV-Umsatzexport aus dem Online-Banking. Sie sehen
        zuerst jede Buchung und ordnen sie Kostenarten zu; gespeichert wird erst, wenn Sie
        bestätigen.
      </ImportPageHeading>

      {result ? (
        <ImportResult result={result} period={bank.period} onAnother={bank.reset} />
      ) : (
        <section
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          aria-label="Datei auswählen"
        >
          {periods.isPending ? (
            <LoadingState text="Lade Abrechnungszeiträume..." />
          ) : periods.isError ? (
            <Alert variant="error">{getErrorMessage(periods.error)}</Alert>
          ) : bank.openPeriods.length === 0 ? (
            <Alert variant="info" title="Noch kein offener Abrechnungszeitraum">
              Legen Sie zuerst unter „Neue Abrechnung“ eine Abrechnung mit ihrem Zeitraum an; danach
              können Sie hier ihre Kosten importieren.
            </Alert>
          ) : (
            <>
              <PeriodSelect
                periods={bank.openPeriods}
                value={bank.periodId}
                onChange={bank.choosePeriod}
              />
              <FilePicker
                hint="camt.053 (XML) oder CSV der Bank, UTF-8 oder Windows-1252, höchstens 5 MB."
                accept=".xml,.csv,.txt,text/csv,application/xml,text/xml"
                error={bank.fileError}
                chosen={file}
                inputRef={bank.fileInput}
                onChoose={(chosen) => void bank.chooseFile(chosen)}
              />
              <ImportCheck
                label="Datei prüfen"
                busyText={file ? `Datei wird geprüft … (${formatFileSize(file.size)})` : undefined}
                progressLabel="Fortschritt: Datei prüfen"
                errorTitle="Die Datei kann nicht importiert werden"
                disabled={!file || !bank.periodId}
                check={bank.previewImport}
                progress={bank.progress}
                onCheck={() => void bank.runPreview()}
              />
            </>
          )}
        </section>
      )}

      {!result ? <BankPreview bank={bank} /> : null}

      {splitting ? (
        <SplitDialog
          row={splitting}
          initialParts={bank.assignments[splitting.row] ?? []}
          costTypeOptions={bank.costTypeOptions}
          onClose={() => bank.setSplitRow(null)}
          onSave={(parts) => {
            bank.assign(splitting.row, parts);
            bank.setSplitRow(null);
          }}
        />
      ) : null}
    </div>
  );
}
