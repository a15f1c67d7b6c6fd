import { Link } from "react-router";
import type { Control } from "react-hook-form";
import { COMMON_AREA_LABEL, getMeterLabel, METER_TYPE_UNITS, type Meter } from "@nk/contract";
import { DecimalField } from "../../../components/decimal-field";
import { buttonStyles } from "../../../components/ui/button";
import { formatDate } from "../../../lib/format";
import { formatReadingValue } from "../lib/format-reading";
import type { BulkReadingFormOutput, BulkReadingFormValues } from "../lib/bulk-reading-form";
import { MeterTypeBadge } from "./meter-type-badge";

/** One meter of the bulk entry: what it is, its last and its period reading, the new value. */
export function BulkReadingRow({
  meter,
  control,
  periodReading,
  position,
  error,
}: {
  meter: Meter;
  /** The bulk form: the row's input is its `readingValues.{meterId}`. */
  control: Control<BulkReadingFormValues, unknown, BulkReadingFormOutput>;
  periodReading: { readingValue: string; readingDate: string } | undefined;
  /** Start or end reading of the period (issue 27). */
  position: "start" | "end";
  error: string | undefined;
}) {
  const label = getMeterLabel(meter);
  const hint = periodReading
    ? `In dieser Periode erfasst: ${formatReadingValue(periodReading.readingValue)} am ${formatDate(periodReading.readingDate)} (wird überschrieben)`
    : meter.latestReading
      ? `Letzter Stand: ${formatReadingValue(meter.latestReading.readingValue)} am ${formatDate(meter.latestReading.readingDate)}`
      : "Noch kein Zählerstand erfasst";
  return (
    <li
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="bulk-reading-row"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{label}</span>
          <MeterTypeBadge meterType={meter.meterType} />
        </div>
        <p className="text-sm text-slate-600">
          {meter.unit ? meter.unit.name : COMMON_AREA_LABEL}
          {meter.location ? ` · ${meter.location}` : ""}
        </p>
        <Link
          to={`/dashboard/meters/${meter.id}/readings`}
          className={buttonStyles({ variant: "link", className: "text-sm" })}
        >
          Verlauf anzeigen
        </Link>
      </div>
      <DecimalField
        fieldClassName="w-full sm:w-64"
        label={
          <>
            {position === "start" ? "Anfangsstand" : "Neuer Stand"} (
            {METER_TYPE_UNITS[meter.meterType]}) <span className="sr-only">Zähler {label}</span>
          </>
        }
        hint={hint}
        error={error}
        control={control}
        name={`readingValues.${meter.id}`}
      />
    </li>
  );
}
