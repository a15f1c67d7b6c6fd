import type { LucideIcon } from "lucide-react";
import { formatNumber } from "../../../lib/format";

export function StatCard({ label, value, icon: Icon }: { label: string; value: number; icon: LucideIcon }) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50">
        <Icon className="size-5 text-brand-700" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="truncate text-sm text-slate-500">{label}</p>
        <p className="text-2xl font-bold tabular-nums text-slate-900">{formatNumber(value)}</p>
      </div>
    </div>
  );
}
