import { useId } from "react";
import { Link } from "react-router";
import { COMMON_AREA_LABEL, getMeterLabel, METER_TYPE_UNITS, type Meter } from "@nk/contract";
import { toGermanDecimalText } from "../../../components/decimal-field";
import { buttonStyles } from "../../../components/ui/button";
import { getDescribedBy } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { formatDate } from "../../../lib/format";
import { formatReadingValue } from "../lib/format-reading";
import { MeterTypeBadge } from "./meter-type-badge";

/** One meter of the bulk entry: what it is, its last and its period reading, the new value. */
export function BulkReadingRow({
  meter,
  value,
  periodReading,
  error,
  onChange,
}: {
  meter: Meter;
  value: string;
  periodReading: { readingValue: string; readingDate: string } | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const label = getMeterLabel(meter);
  const hint = periodReading
    ? `In dieser Periode erfasst: ${formatReadingValue(periodReading.readingValue)} am ${formatDate(periodReading.readingDate)} (wird überschrieben)`
    : meter.latestReading
      ? `Letzter Stand: ${formatReadingValue(meter.latestReading.readingValue)} am ${formatDate(meter.latestReading.readingDate)}`
      : "Noch kein Zählerstand erfasst";
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between" data-testid="bulk-reading-row">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{label}</span>
          <MeterTypeBadge meterType={meter.meterType} />
        </div>
        <p className="text-sm text-slate-600">{meter.unit ? meter.unit.name : COMMON_AREA_LABEL}{meter.location ? ` · ${meter.location}` : ""}</p>
        <Link to={`/dashboard/meters/${meter.id}/readings`} className={buttonStyles({ variant: "link", className: "text-sm" })}>
          Verlauf anzeigen
        </Link>
      </div>
      <div className="w-full space-y-1 sm:w-64">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Neuer Stand ({METER_TYPE_UNITS[meter.meterType]}) <span className="sr-only">Zähler {label}</span>
        </label>
        <Input
          id={id}
          // A decimal as text (comma or point, de-DE once left), as DecimalField (decision 0981).
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          hasError={Boolean(error)}
          aria-describedby={getDescribedBy(id, { hint, error })}
          onChange={(event) => onChange(event.target.value)}
          onBlur={(event) => {
            const shown = toGermanDecimalText(event.target.value);
            if (shown !== event.target.value) onChange(shown);
          }}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
