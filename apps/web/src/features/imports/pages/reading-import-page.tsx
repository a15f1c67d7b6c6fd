import { useMe } from "../../../lib/use-me";
import { formatFileSize } from "../../../lib/read-file-base64";
import { FilePicker } from "../components/file-picker";
import { ImportCheck } from "../components/import-check";
import { ImportDone } from "../components/import-done";
import { ImportPageHeading, ImportUpgradeRequired } from "../components/import-page-heading";
import { ReadingPreview } from "../components/reading-preview";
import { useReadingImport } from "../lib/use-reading-import";

// /dashboard/imports/readings (issue 28, item 4; decision 1401): readings from the metering
// company's or a spreadsheet's CSV. Dry run first; stored only when the user confirms, all or
// nothing. Plan feature bulkImportExport (checked on the server as well). The state and steps
// live in useReadingImport.

const TITLE = "Zählerstände importieren – Nebenkosten";
const HEADING = "Zählerstände importieren";

export function ReadingImportPage() {
  const me = useMe();
  const reading = useReadingImport();
  const { file, result } = reading;

  if (me.data && !me.hasFeature("bulkImportExport")) {
    return <ImportUpgradeRequired title={TITLE} heading={HEADING} />;
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <ImportPageHeading title={TITLE} heading={HEADING}>
        Eine CSV-Datei mit den Spalten Zählernummer, Ablesedatum und Zählerstand (z. B. vom
        Messdienst oder aus Ihrer Tabelle, mit Semikolon oder Komma getrennt). Die Zähler werden
        über ihre Nummer gefunden; die Stände werden geprüft wie beim Eintippen und erst
        gespeichert, wenn Sie bestätigen. Monatswerte des Messdienstes im Format der
        EED-Verbrauchsschnittstelle (Spalten deviceId, service, periodEnd, value, unit, estimated)
        werden ebenso gelesen; Sparte und Einheit müssen zum Zähler passen, Schätzwerte werden
        vermerkt.
      </ImportPageHeading>

      {result ? (
        <ImportDone
          variant={result.imported > 0 ? "success" : "info"}
          title={result.imported > 0 ? "Import abgeschlossen" : "Nichts importiert"}
          linkTo="/dashboard/meters"
          linkLabel="Zu den Zählern"
          anotherLabel="Weitere Datei importieren"
          onAnother={reading.reset}
        >
          {result.message}
        </ImportDone>
      ) : (
        <section
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
          aria-label="Datei auswählen"
        >
          <FilePicker
            hint="CSV (UTF-8 oder Windows-1252), höchstens 5 MB. Zahlen deutsch: 1.234,567."
            accept=".csv,.txt,text/csv"
            error={reading.fileError}
            chosen={file}
            inputRef={reading.fileInput}
            onChoose={(chosen) => void reading.chooseFile(chosen)}
          />
          <ImportCheck
            label="Datei prüfen"
            busyText={file ? `Datei wird geprüft … (${formatFileSize(file.size)})` : undefined}
            progressLabel="Fortschritt: Datei prüfen"
            errorTitle="Die Datei kann nicht importiert werden"
            disabled={!file}
            check={reading.previewImport}
            progress={reading.progress}
            onCheck={() => void reading.runPreview()}
          />
        </section>
      )}

      {!result ? <ReadingPreview reading={reading} /> : null}
    </div>
  );
}
