import { Alert } from "../../../components/ui/alert";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useMe } from "../../../lib/use-me";
import { ImportCheck } from "../components/import-check";
import { ImportDone } from "../components/import-done";
import { ImportPageHeading, ImportUpgradeRequired } from "../components/import-page-heading";
import { MeteringExport } from "../components/metering-export";
import { MeteringFilesField } from "../components/metering-files-field";
import { MeteringPreview } from "../components/metering-preview";
import { PeriodSelect } from "../components/period-select";
import { useMeteringImport } from "../lib/use-metering-import";

// /dashboard/imports/metering-results (issue 28, item 2; decision 1404): the metering company's
// results (ARGE Heiwako: D, E835 and A files). The firm's flats are mapped to the property's
// units the first time (remembered after); the dry run shows every record and the cost items
// the statement gets; nothing is stored until the user confirms. Below, the export the other way
// (decision 1600): the users and costs the firm needs, in its format. The state and steps live in
// useMeteringImport.

const TITLE = "Ergebnisse des Messdienstes – Nebenkosten";
const HEADING = "Ergebnisse des Messdienstes importieren";

export function MeteringImportPage() {
  const me = useMe();
  const metering = useMeteringImport();
  const { periods, result } = metering;

  if (me.data && !me.hasFeature("bulkImportExport")) {
    return <ImportUpgradeRequired title={TITLE} heading={HEADING} />;
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <ImportPageHeading title={TITLE} heading={HEADING}>
        Die Dateien im ARGE-Heiwako-Format, die Ihr Messdienst (ista, Techem, Brunata, …) liefert:
        DTD305_….DAT mit den Ergebnissen je Nutzer, dazu auf Wunsch DTE835_….DAT (Anteile nach § 35a
        EStG) und DTA305_….DAT. Heiz- und Wasserkosten werden Positionen „Direkt je Mietverhältnis“
        der Abrechnung.
      </ImportPageHeading>

      {result ? (
        <ImportDone
          variant={result.isUnchanged ? "info" : "success"}
          title={result.isUnchanged ? "Nichts geändert" : "Import abgeschlossen"}
          linkTo="/dashboard/statements/new"
          linkLabel="Zur Abrechnung"
          anotherLabel="Weitere Dateien importieren"
          onAnother={metering.clearResult}
        >
          {result.message}
        </ImportDone>
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
            <PeriodSelect
              periods={metering.openPeriods}
              value={metering.periodId}
              onChange={metering.choosePeriod}
            />
          )}
          <MeteringFilesField
            files={metering.files}
            error={metering.fileError}
            onChoose={(list) => void metering.chooseFiles(list)}
          />
          <ImportCheck
            label="Dateien prüfen"
            busyText="Dateien werden geprüft …"
            progressLabel="Fortschritt: Dateien prüfen"
            errorTitle="Die Dateien können nicht importiert werden"
            disabled={metering.files.length === 0 || metering.periodId === ""}
            check={metering.previewImport}
            progress={metering.progress}
            onCheck={() => void metering.runPreview()}
          />
        </section>
      )}

      {!result ? <MeteringPreview metering={metering} /> : null}

      <MeteringExport />
    </div>
  );
}
