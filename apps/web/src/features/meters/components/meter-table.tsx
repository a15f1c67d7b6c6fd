import type { Meter } from "@nk/contract";
import { formatDate } from "../../../lib/format";
import { formatReadingValue } from "../lib/format-reading";
import { MeterLocation } from "./meter-location";
import { MeterRowActions, type MeterActions } from "./meter-row-actions";
import { MeterTypeBadge } from "./meter-type-badge";
import { RemoteReadingBadge } from "./remote-reading-badge";
import { ScrollRegion } from "../../../components/ui/scroll-region";

/** Wide screens: one row per meter. */
export function MeterTable({ meters, actions }: { meters: Meter[]; actions: MeterActions }) {
  return (
    <ScrollRegion
      label="Zähler"
      className="hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:block"
    >
      <table className="w-full text-sm" aria-label="Zähler">
        <thead className="bg-slate-50">
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="px-4 py-3 font-medium">
              Zähler
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Typ
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Standort
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Immobilie
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Letzter Stand
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Aktionen
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {meters.map((meter) => (
            <tr key={meter.id} className="align-top" data-testid="meter-row">
              <td className="px-4 py-3">
                <p className="font-medium text-slate-900">
                  {meter.displayName ?? meter.meterNumber}
                </p>
                {meter.displayName ? (
                  <p className="text-xs text-slate-500">Nr. {meter.meterNumber}</p>
                ) : null}
              </td>
              <td className="px-4 py-3">
                <MeterTypeBadge meterType={meter.meterType} />
                <div className="mt-1">
                  <RemoteReadingBadge meter={meter} />
                </div>
              </td>
              <td className="px-4 py-3">
                <MeterLocation meter={meter} />
              </td>
              <td className="px-4 py-3 text-slate-700">{meter.property.name}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                {meter.latestReading ? (
                  <>
                    <p className="text-slate-900">
                      {formatReadingValue(meter.latestReading.readingValue)}
                    </p>
                    <p className="text-xs text-slate-500">
                      {formatDate(meter.latestReading.readingDate)}
                    </p>
                  </>
                ) : (
                  <span className="text-slate-500">–</span>
                )}
              </td>
              <td className="px-4 py-2">
                <MeterRowActions meter={meter} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
