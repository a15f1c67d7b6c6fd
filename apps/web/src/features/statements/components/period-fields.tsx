import {
  BILLING_PERIOD_MESSAGES,
  getLatestBillingPeriodEnd,
  isCalendarDate,
  type BillingPeriod,
} from "@nk/contract";
import { TextField } from "../../../components/ui/field";
import { cn } from "../../../lib/cn";
import { formatDate } from "../../../lib/format";

export interface PeriodValue {
  start: string;
  end: string;
}

/** The period's problem in the billing periods' own words, or null (§ 556 (3) BGB: at most a year). */
export function getPeriodError(
  period: PeriodValue,
): { field: "start" | "end"; message: string } | null {
  if (!isCalendarDate(period.start))
    return {
      field: "start",
      message: period.start
        ? BILLING_PERIOD_MESSAGES.invalidDate
        : BILLING_PERIOD_MESSAGES.startRequired,
    };
  if (!isCalendarDate(period.end))
    return {
      field: "end",
      message: period.end
        ? BILLING_PERIOD_MESSAGES.invalidDate
        : BILLING_PERIOD_MESSAGES.endRequired,
    };
  if (period.end <= period.start)
    return { field: "end", message: BILLING_PERIOD_MESSAGES.endBeforeStart };
  if (period.end > getLatestBillingPeriodEnd(period.start))
    return { field: "end", message: BILLING_PERIOD_MESSAGES.longerThanYear };
  return null;
}

/** Step 1: the billing period (default the previous calendar year) and the property's existing periods. */
export function PeriodFields({
  value,
  onChange,
  existing,
}: {
  value: PeriodValue;
  onChange: (next: PeriodValue) => void;
  existing: BillingPeriod[];
}) {
  const error = getPeriodError(value);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Abrechnungszeitraum</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Von"
          type="date"
          value={value.start}
          error={error?.field === "start" ? error.message : undefined}
          onChange={(event) => onChange({ ...value, start: event.target.value })}
        />
        <TextField
          label="Bis"
          type="date"
          value={value.end}
          error={error?.field === "end" ? error.message : undefined}
          onChange={(event) => onChange({ ...value, end: event.target.value })}
        />
      </div>
      {existing.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">Vorhandene Perioden:</span>
          {existing.map((period) => {
            const isCurrent =
              period.billingPeriodStart === value.start && period.billingPeriodEnd === value.end;
            return (
              <button
                key={period.id}
                type="button"
                aria-pressed={isCurrent}
                onClick={() =>
                  onChange({ start: period.billingPeriodStart, end: period.billingPeriodEnd })
                }
                className={cn(
                  "rounded-full border px-3 py-1 text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                  isCurrent
                    ? "border-brand-500 bg-brand-50 text-brand-800"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {formatDate(period.billingPeriodStart)} – {formatDate(period.billingPeriodEnd)}
                {period.isFinal ? " (finalisiert)" : ""}
              </button>
            );
          })}
        </div>
      ) : null}
    </fieldset>
  );
}
