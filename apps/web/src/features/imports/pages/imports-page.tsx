import { useId, useState } from "react";
import { Link } from "react-router";
import { formatEuroDe } from "@nk/contract";
import { UpgradeRequired } from "../../../components/upgrade-required";
import { buttonStyles } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { useStatementList } from "../../../lib/queries/statement-queries";
import { FileSpreadsheet, Gauge, Landmark } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { useMe } from "../../../lib/use-me";

// /dashboard/imports: the year's data from the files landlords already have, and the results of
// a saved run for a spreadsheet (issue 28).

const IMPORTS = [
  {
    to: "/dashboard/imports/bank-statements",
    title: "Kontoauszug → Kosten",
    text: "Ausgaben aus camt.053 oder dem CSV-Export Ihrer Bank den Kostenarten einer Abrechnung zuordnen, auch aufgeteilt. In allen Plänen.",
    icon: Landmark,
    feature: null,
  },
  {
    to: "/dashboard/imports/readings",
    title: "Zählerstände aus einer Datei",
    text: "Zählernummer, Ablesedatum und Stand aus der CSV-Datei des Messdienstes oder Ihrer Tabelle.",
    icon: FileSpreadsheet,
    feature: "bulkImportExport",
  },
  {
    to: "/dashboard/imports/metering-results",
    title: "Ergebnisse des Messdienstes",
    text: "Heiz- und Wasserkosten je Wohnung aus den ARGE-Heiwako-Dateien von ista, Techem, Brunata & Co., mit den Anteilen nach § 35a EStG.",
    icon: Gauge,
    feature: "bulkImportExport",
  },
] as const;

export function ImportsPage() {
  const me = useMe();
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <title>Importe – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Importe</h1>
        <p className="mt-1 text-sm text-slate-600">
          Übernehmen Sie die Daten des Jahres aus den Dateien, die Sie schon haben. Jeder Import
          zeigt zuerst einen Probelauf; gespeichert wird erst nach Ihrer Bestätigung.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {IMPORTS.map((entry) => (
          <li key={entry.to}>
            <Link
              to={entry.to}
              className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                <entry.icon className="size-5 text-brand-700" aria-hidden="true" />
                {entry.title}
              </span>
              <span className="text-sm text-slate-600">{entry.text}</span>
              {entry.feature && me.data && !me.hasFeature(entry.feature) ? (
                <span>
                  <Badge variant="warning">Ab Enterprise</Badge>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <ResultsExport />
    </div>
  );
}

/** The results of a saved run as CSV and its letters as a ZIP (plan feature bulkImportExport, checked by the server too). */
function ResultsExport() {
  const me = useMe();
  const selectId = useId();
  const runs = useStatementList({ sort: "newest", limit: "50" });
  const [runId, setRunId] = useState("");
  const isAllowed = me.data ? me.hasFeature("bulkImportExport") : false;
  const items = runs.data?.items ?? [];
  const chosen = runId || items[0]?.id || "";
  return (
    <section
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby={`${selectId}-title`}
    >
      <h2 id={`${selectId}-title`} className="font-semibold text-slate-900">
        Export: Ergebnisse und Briefe einer Abrechnung
      </h2>
      <p className="text-sm text-slate-600">
        CSV: je Mietverhältnis und Kostenart der Anteil, dazu Summe, Vorauszahlungen und Ergebnis –
        für Excel oder Ihre Buchhaltung (Semikolon, Dezimalkomma). ZIP: jeder Brief als eigene
        PDF-Datei, benannt nach Wohneinheit und Mieter.
      </p>
      {me.data && !isAllowed ? (
        <UpgradeRequired feature="Massenimport und -export" />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">
          {runs.isPending ? "Lade Abrechnungen..." : "Noch keine gespeicherte Abrechnung."}
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
              Abrechnung
            </label>
            <Select
              id={selectId}
              value={chosen}
              onChange={(event) => setRunId(event.target.value)}
              options={items.map((item) => ({
                value: item.id,
                label: `${item.propertyName} · ${item.name}${item.version > 1 ? ` (Version ${item.version})` : ""}${item.isFinal ? "" : " · Entwurf"} · ${formatEuroDe(item.totalCosts)}`,
              }))}
            />
          </div>
          <a
            href={`/api/statements/${chosen}/results.csv`}
            download
            className={buttonStyles({ variant: "outline" })}
          >
            CSV herunterladen
          </a>
          <a
            href={`/api/statements/${chosen}/letters.zip`}
            download
            className={buttonStyles({ variant: "outline" })}
          >
            Briefe als ZIP
          </a>
        </div>
      )}
    </section>
  );
}
