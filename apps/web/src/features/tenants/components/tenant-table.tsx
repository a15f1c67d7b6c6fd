import type { Tenant } from "@nk/contract";
import { formatDate } from "../../../lib/format";
import { formatMonthlyAmount } from "../lib/money-text";
import { TenantRowActions, type TenantActions } from "./tenant-row-actions";
import { TenantStatusBadge } from "./tenant-status-badge";
import { ScrollRegion } from "../../../components/ui/scroll-region";

/** Wide screens: one row per tenant. */
export function TenantTable({ tenants, actions }: { tenants: Tenant[]; actions: TenantActions }) {
  return (
    <ScrollRegion
      label="Mieter"
      className="hidden rounded-xl border border-slate-200 bg-white shadow-sm xl:block"
    >
      <table className="w-full text-sm" aria-label="Mieter">
        <thead className="bg-slate-50">
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="min-w-40 px-3 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Wohneinheit
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Mietzeit
            </th>
            <th scope="col" className="px-3 py-3 text-right font-medium">
              Personen
            </th>
            <th scope="col" className="px-3 py-3 text-right font-medium">
              Vorauszahlung
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-3 text-right font-medium">
              Aktionen
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tenants.map((tenant) => (
            <tr key={tenant.id} className="align-top" data-testid="tenant-row">
              <td className="px-3 py-3">
                <p className="font-medium text-slate-900">{tenant.name}</p>
                {tenant.email || tenant.phone ? (
                  <p className="text-xs text-slate-500">
                    {[tenant.email, tenant.phone].filter(Boolean).join(" · ")}
                  </p>
                ) : null}
              </td>
              <td className="px-3 py-3">
                <p className="text-slate-900">{tenant.unit.name}</p>
                <p className="text-xs text-slate-500">{tenant.property.name}</p>
              </td>
              <td className="whitespace-nowrap px-3 py-3">
                <p>
                  <span className="sr-only">Einzug </span>
                  {formatDate(tenant.moveInDate)} –
                </p>
                <p className="text-slate-500">
                  {tenant.moveOutDate ? (
                    <>
                      <span className="sr-only">Auszug </span>
                      {formatDate(tenant.moveOutDate)}
                    </>
                  ) : (
                    "laufend"
                  )}
                </p>
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{tenant.currentPersons ?? "–"}</td>
              <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums">
                {tenant.currentMonthlyPrepayment
                  ? formatMonthlyAmount(tenant.currentMonthlyPrepayment)
                  : "–"}
              </td>
              <td className="px-3 py-3">
                <TenantStatusBadge isActive={tenant.isActive} moveOutDate={tenant.moveOutDate} />
              </td>
              <td className="px-3 py-2">
                <TenantRowActions tenant={tenant} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
