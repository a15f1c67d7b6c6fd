import { formatEuroDe, type BankImportResult, type BillingPeriod } from "@nk/contract";
import { ImportDone } from "./import-done";

/** The statement wizard opened on the period's property and dates (or empty without a period). */
function getWizardLink(period: BillingPeriod | undefined): string {
  return period
    ? `/dashboard/statements/new?property=${period.propertyId}&from=${period.billingPeriodStart}&to=${period.billingPeriodEnd}`
    : "/dashboard/statements/new";
}

/** What the confirmed bank import changed, and where to go next. */
export function ImportResult({
  result,
  period,
  onAnother,
}: {
  result: BankImportResult;
  period: BillingPeriod | undefined;
  onAnother: () => void;
}) {
  return (
    <ImportDone
      variant={result.imported > 0 ? "success" : "info"}
      title={result.imported > 0 ? "Import abgeschlossen" : "Nichts importiert"}
      linkTo={getWizardLink(period)}
      linkLabel="Zur Abrechnung"
      anotherLabel="Weitere Datei importieren"
      onAnother={onAnother}
      details={
        result.costItems.length > 0 ? (
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="font-semibold text-slate-900">Kosten des Abrechnungszeitraums</h2>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {result.costItems.map((item) => (
                <li key={item.costType} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="text-slate-800">
                    {item.costType}
                    {item.isNew ? <span className="text-slate-500"> (neu angelegt)</span> : null}
                  </span>
                  <span className="tabular-nums text-slate-700">
                    +{formatEuroDe(item.added)} → {formatEuroDe(item.amount)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null
      }
    >
      <p>{result.message}</p>
      {result.skippedDuplicates > 0 ? (
        <p>
          {result.skippedDuplicates === 1
            ? "1 Buchung war"
            : `${result.skippedDuplicates} Buchungen waren`}{" "}
          bereits importiert und wurde übersprungen.
        </p>
      ) : null}
    </ImportDone>
  );
}
