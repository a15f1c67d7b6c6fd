import type { LucideIcon } from "lucide-react";
import { DoorClosed, UserCheck, UserMinus } from "lucide-react";
import type { Tenant } from "@nk/contract";

export interface TenantSummary {
  activeTenants: number;
  formerTenants: number;
  /** Distinct units of the active tenants. */
  occupiedUnits: number;
}

export function summarizeTenants(tenants: Tenant[]): TenantSummary {
  const active = tenants.filter((tenant) => tenant.isActive);
  return {
    activeTenants: active.length,
    formerTenants: tenants.length - active.length,
    occupiedUnits: new Set(active.map((tenant) => tenant.unitId)).size,
  };
}

function SummaryCard({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: number;
  icon: LucideIcon;
  testId: string;
}) {
  return (
    <div
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
      data-testid={testId}
    >
      <div className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 sm:flex">
        <Icon className="size-5 text-brand-700" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="text-xs leading-tight text-slate-500 sm:text-sm">{label}</p>
        <p className="text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      </div>
    </div>
  );
}

/** docs/rules/master-data.md#screens: active tenants, former tenants, occupied units. */
export function TenantSummaryCards({ summary }: { summary: TenantSummary }) {
  return (
    <section aria-label="Zusammenfassung" className="grid grid-cols-3 gap-2 sm:gap-3">
      <SummaryCard
        label="Aktive Mieter"
        value={summary.activeTenants}
        icon={UserCheck}
        testId="summary-active"
      />
      <SummaryCard
        label="Ehemalige Mieter"
        value={summary.formerTenants}
        icon={UserMinus}
        testId="summary-former"
      />
      <SummaryCard
        label="Belegte Wohneinheiten"
        value={summary.occupiedUnits}
        icon={DoorClosed}
        testId="summary-occupied"
      />
    </section>
  );
}
