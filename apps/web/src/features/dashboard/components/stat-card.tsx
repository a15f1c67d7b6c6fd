import type { LucideIcon } from "lucide-react";
import { formatNumber } from "../../../lib/format";

export function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: number;
  icon: LucideIcon;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 sm:size-11">
        <Icon className="size-5 text-brand-700" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="text-sm leading-tight text-slate-500">{label}</p>
        <p className="text-2xl font-bold tabular-nums text-slate-900">{formatNumber(value)}</p>
      </div>
    </div>
  );
}
