import { formatEuroDe, type MeteringImportPreview, type MeteringResultRow } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import type { BadgeVariant } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { getErrorMessage } from "../../../lib/api-error";
import { getFlatsToMap, NOT_THIS_PROPERTY, type MeteringImport } from "../lib/use-metering-import";
import { ImportProgressBar } from "./import-progress";
import { ImportRowCard } from "./import-row-card";

const STATUS_BADGES: Record<MeteringResultRow["status"], { label: string; variant: BadgeVariant }> =
  {
    ok: { label: "Wird übernommen", variant: "brand" },
    skipped: { label: "Nicht übernommen", variant: "neutral" },
    error: { label: "Fehler", variant: "danger" },
  };

/** "Liegenschaft 123456789, Wohnung 0001 (Name)": the firm's number split into property and flat. */
function describeFirmFlat(flat: { firmFlat: string; names: readonly string[] }): string {
  const names = flat.names.length > 0 ? ` (${flat.names.join(", ")})` : "";
  return `Liegenschaft ${flat.firmFlat.slice(0, 9)}, Wohnung ${flat.firmFlat.slice(9)}${names}`;
}

function FlatMapping({ metering }: { metering: MeteringImport }) {
  const { preview, choices } = metering;
  if (!preview) return null;
  const flats = getFlatsToMap(preview, choices);
  if (flats.length === 0) return null;
  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <legend className="px-1 font-semibold text-slate-900">
        Wohnungen des Messdienstes zuordnen
      </legend>
      <p className="text-sm text-slate-700">
        Einmal zuordnen; beim nächsten Import wird die Zuordnung wiederverwendet.
      </p>
      {flats.map((flat) => (
        <SelectField
          key={flat.firmFlat}
          label={describeFirmFlat(flat)}
          placeholder="Bitte wählen"
          value={choices[flat.firmFlat] ?? ""}
          onChange={(event) => metering.chooseUnit(flat.firmFlat, event.target.value)}
          options={[
            ...preview.units.map((unit) => ({ value: unit.id, label: unit.name })),
            { value: NOT_THIS_PROPERTY, label: "Gehört nicht zu dieser Immobilie" },
          ]}
        />
      ))}
      <Button
        variant="outline"
        onClick={() => void metering.runPreview()}
        disabled={metering.openFlats.length > 0}
        isBusy={metering.previewImport.isPending}
      >
        Zuordnung übernehmen und erneut prüfen
      </Button>
    </fieldset>
  );
}

function CostItemsTable({ items }: { items: MeteringImportPreview["items"] }) {
  return (
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
        {items.map((item) => (
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
  );
}

type MeteringRecord =
  MeteringImportPreview["rows"][number] | MeteringImportPreview["taxRows"][number];

function RecordCard({ row }: { row: MeteringRecord }) {
  const isResult = "costTypeLabel" in row;
  return (
    <ImportRowCard
      badge={STATUS_BADGES[row.status]}
      status={row.status}
      message={row.message}
      title={
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
      }
      value={
        isResult
          ? row.costs
            ? formatEuroDe(row.costs)
            : "–"
          : row.laborShare
            ? `Lohn ${formatEuroDe(row.laborShare)}`
            : "–"
      }
    >
      {isResult && row.isEstimated ? (
        <p className="mt-1 text-amber-800">Verbrauch geschätzt (§ 9a HeizkV): {row.readingNote}</p>
      ) : null}
    </ImportRowCard>
  );
}

/** The dry run of the metering company's results: flats to map, the cost items, every record, the import. */
export function MeteringPreview({ metering }: { metering: MeteringImport }) {
  const { preview, commitImport } = metering;
  if (!preview) return null;
  return (
    <section className="space-y-4" aria-label="Probelauf">
      <FlatMapping metering={metering} />

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

      {preview.items.length > 0 ? <CostItemsTable items={preview.items} /> : null}

      <ul className="space-y-2">
        {[...preview.rows, ...preview.taxRows].map((row) => (
          <RecordCard key={`${row.fileName}-${row.line}`} row={row} />
        ))}
      </ul>

      {commitImport.isError ? (
        <Alert variant="error">{getErrorMessage(commitImport.error)}</Alert>
      ) : null}
      {commitImport.isPending ? (
        <ImportProgressBar
          progress={metering.progress}
          hasSavePhase
          label="Fortschritt: Übernahme"
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => void metering.confirm()}
          disabled={!metering.canConfirm}
          isBusy={commitImport.isPending}
          busyText="Wird übernommen …"
        >
          Ergebnisse übernehmen
        </Button>
      </div>
    </section>
  );
}
