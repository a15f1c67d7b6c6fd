import {
  formatDecimalTextDe,
  METER_KIND_LABELS,
  READING_SOURCE_LABELS,
  STATEMENT_MESSAGES,
  type ConsumptionValue,
  type ReadingUsed,
  type StatementConsumption,
} from "@nk/contract";
import { formatDate } from "../../../lib/format";
import { ScrollRegion } from "../../../components/ui/scroll-region";

function describeSource(value: ConsumptionValue): string {
  return value.source === "manual"
    ? `${STATEMENT_MESSAGES.estimatedLabel}: ${value.reason ?? ""}`
    : "Zählerstände";
}

function ReadingText({ reading }: { reading: ReadingUsed | null }) {
  if (!reading) return <span className="font-medium text-red-700">fehlt</span>;
  return (
    <span>
      {formatDecimalTextDe(reading.value)} am {formatDate(reading.date)}
      <span className="block text-xs text-slate-500">{READING_SOURCE_LABELS[reading.source]}</span>
    </span>
  );
}

/** The values given to the engine per unit and meter kind, and each meter's readings used (docs/rules/statement-inputs.md#assembly). */
export function ConsumptionReadings({
  consumption,
  unitName,
}: {
  consumption: StatementConsumption;
  unitName: (unitId: string) => string;
}) {
  return (
    <div className="space-y-4">
      {consumption.values.length > 0 ? (
        <ScrollRegion label="Verbrauchswerte je Wohneinheit">
          <table className="w-full text-xs sm:text-sm" aria-label="Verbrauchswerte je Wohneinheit">
            <thead className="text-left text-xs uppercase text-slate-500 sm:tracking-wide">
              <tr>
                <th scope="col" className="py-1 pr-2 sm:pr-3">
                  Einheit
                </th>
                <th scope="col" className="py-1 pr-2 sm:pr-3">
                  Zählerart
                </th>
                <th scope="col" className="py-1 text-right sm:pr-3">
                  Verbrauch
                </th>
                <th scope="col" className="hidden py-1 sm:table-cell">
                  Herkunft
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {consumption.values.map((value) => (
                <tr key={`${value.unitId}-${value.tenancyId ?? "unit"}-${value.meter}`}>
                  <td className="py-1.5 pr-2 sm:pr-3">
                    {unitName(value.unitId)}
                    {value.tenancyId ? (
                      <span className="block text-xs text-slate-500">
                        Zwischenablesung (§ 9b HeizkV)
                      </span>
                    ) : null}
                    <span className="block text-xs text-slate-500 sm:hidden">
                      {describeSource(value)}
                    </span>
                  </td>
                  <td className="py-1.5 pr-2 sm:pr-3">{METER_KIND_LABELS[value.meter]}</td>
                  <td className="py-1.5 text-right tabular-nums sm:pr-3">
                    {formatDecimalTextDe(value.value)}
                  </td>
                  <td className="hidden py-1.5 text-slate-600 sm:table-cell">
                    {describeSource(value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p className="text-sm text-slate-600">Keine Verbrauchswerte aus Zählerständen.</p>
      )}
      {consumption.meters.length > 0 ? (
        <details className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">
            Verwendete Zählerstände ({consumption.meters.length} Zähler)
          </summary>
          <ul className="mt-3 space-y-3">
            {consumption.meters.map((meter) => (
              <li
                key={meter.meterId}
                className="grid gap-1 sm:grid-cols-[1fr_1fr_1fr_auto] sm:gap-3"
              >
                <span>
                  <span className="font-medium text-slate-900">{meter.label}</span>
                  <span className="block text-xs text-slate-500">
                    {meter.meterType} · {meter.unitName ?? "Gemeinschaftsbereich (Hauptzähler)"}
                  </span>
                </span>
                <span>
                  <span className="text-xs text-slate-500">
                    {meter.isCumulative ? "Anfang: " : "Zählt je Periode ab 0"}
                  </span>
                  {meter.isCumulative ? <ReadingText reading={meter.start} /> : null}
                </span>
                <span>
                  <span className="text-xs text-slate-500">Ende: </span>
                  <ReadingText reading={meter.end} />
                </span>
                <span className="tabular-nums sm:text-right">
                  {meter.consumption === null ? "–" : formatDecimalTextDe(meter.consumption)}
                </span>
                {meter.intermediate.length > 0 ? (
                  <span className="text-xs text-slate-600 sm:col-span-4">
                    Zwischenablesungen:{" "}
                    {meter.intermediate
                      .map(
                        (entry) =>
                          `${formatDecimalTextDe(entry.reading.value)} am ${formatDate(entry.reading.date)} (Verbrauch ${formatDecimalTextDe(entry.consumption)})`,
                      )
                      .join("; ")}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
