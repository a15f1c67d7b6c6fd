import type { Meter } from "@nk/contract";
import { formatDate } from "../../../lib/format";
import { formatReadingValue } from "../lib/format-reading";
import { MeterLocation } from "./meter-location";
import { MeterRowActions, type MeterActions } from "./meter-row-actions";
import { MeterTypeBadge } from "./meter-type-badge";
import { RemoteReadingBadge } from "./remote-reading-badge";

/** Narrow screens: one card per meter. */
export function MeterCards({ meters, actions }: { meters: Meter[]; actions: MeterActions }) {
  return (
    <ul className="space-y-3 lg:hidden" aria-label="Zähler">
      {meters.map((meter) => (
        <li
          key={meter.id}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="meter-card"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">
                {meter.displayName ?? meter.meterNumber}
              </p>
              {meter.displayName ? (
                <p className="text-xs text-slate-500">Nr. {meter.meterNumber}</p>
              ) : null}
            </div>
            <MeterTypeBadge meterType={meter.meterType} />
          </div>
          <div className="mt-2">
            <RemoteReadingBadge meter={meter} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500">Standort</dt>
              <dd>
                <MeterLocation meter={meter} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Immobilie</dt>
              <dd className="text-slate-900">{meter.property.name}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">Letzter Stand</dt>
              <dd className="tabular-nums text-slate-900">
                {meter.latestReading
                  ? `${formatReadingValue(meter.latestReading.readingValue)} am ${formatDate(meter.latestReading.readingDate)}`
                  : "–"}
              </dd>
            </div>
          </dl>
          <div className="mt-3 border-t border-slate-100 pt-2">
            <MeterRowActions meter={meter} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
