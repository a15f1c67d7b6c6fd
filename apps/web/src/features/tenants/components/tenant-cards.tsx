import type { Tenant } from "@nk/contract";
import { formatDate } from "../../../lib/format";
import { formatMonthlyAmount } from "../lib/money-text";
import { TenantRowActions, type TenantActions } from "./tenant-row-actions";
import { TenantStatusBadge } from "./tenant-status-badge";

/** Narrow screens: one card per tenant. */
export function TenantCards({ tenants, actions }: { tenants: Tenant[]; actions: TenantActions }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label="Mieter">
      {tenants.map((tenant) => (
        <li
          key={tenant.id}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="tenant-card"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{tenant.name}</p>
              <p className="text-sm text-slate-600">
                {tenant.unit.name} · {tenant.property.name}
              </p>
            </div>
            <TenantStatusBadge isActive={tenant.isActive} moveOutDate={tenant.moveOutDate} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500">Einzug</dt>
              <dd>{formatDate(tenant.moveInDate)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Auszug</dt>
              <dd>{tenant.moveOutDate ? formatDate(tenant.moveOutDate) : "–"}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Personen</dt>
              <dd>{tenant.currentPersons ?? "–"}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Vorauszahlung</dt>
              <dd className="tabular-nums">
                {tenant.currentMonthlyPrepayment
                  ? formatMonthlyAmount(tenant.currentMonthlyPrepayment)
                  : "–"}
              </dd>
            </div>
            {tenant.email || tenant.phone ? (
              <div className="col-span-2">
                <dt className="text-xs text-slate-500">Kontakt</dt>
                <dd className="break-words">
                  {[tenant.email, tenant.phone].filter(Boolean).join(" · ")}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-3 border-t border-slate-100 pt-2">
            <TenantRowActions tenant={tenant} actions={actions} isLabelled />
          </div>
        </li>
      ))}
    </ul>
  );
}
