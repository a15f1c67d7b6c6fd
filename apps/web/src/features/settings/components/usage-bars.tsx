import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import type { UsageRow, UsageTone } from "../lib/usage-rows";

const BAR_CLASSES: Record<UsageTone, string> = {
  green: "bg-emerald-500",
  yellow: "bg-amber-400",
  red: "bg-red-500",
};

/** One bar per limited resource; an unlimited one (-1) shows no bar. */
export function UsageBars({ rows }: { rows: UsageRow[] }) {
  return (
    <ul className="space-y-4" aria-label="Nutzung">
      {rows.map((row) => (
        <li key={row.label} className="space-y-1.5" data-testid={`usage-${row.label}`}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-slate-800">{row.label}</span>
            <span className="tabular-nums text-slate-600">
              {row.limit === -1
                ? `${formatNumber(row.current)} (unbegrenzt)`
                : `${formatNumber(row.current)} von ${formatNumber(row.limit)}`}
            </span>
          </div>
          {row.limit === -1 ? null : (
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label={row.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={row.percent}
              data-tone={row.tone}
            >
              <div
                className={cn("h-full rounded-full transition-[width]", BAR_CLASSES[row.tone])}
                style={{ width: `${row.percent}%` }}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
