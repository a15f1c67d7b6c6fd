import { formatEuroDe, STATEMENT_STATUS_LABELS, type TenantStatement } from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { formatDate } from "../../../lib/format";
import { BalanceAmount } from "./balance-amount";

/** The tenancy statements of a saved run: tenant, unit, period, costs, prepayments, balance, status. */
export function SavedStatementsTable({ statements }: { statements: TenantStatement[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[40rem] text-sm" aria-label="Abrechnungen je Mietverhältnis">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">Mieter</th>
            <th scope="col" className="px-3 py-2">Einheit</th>
            <th scope="col" className="px-3 py-2">Zeitraum</th>
            <th scope="col" className="px-3 py-2 text-right">Kosten</th>
            <th scope="col" className="px-3 py-2 text-right">Vorauszahlungen</th>
            <th scope="col" className="px-3 py-2 text-right">Ergebnis</th>
            <th scope="col" className="px-3 py-2">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {statements.map((statement) => (
            <tr key={statement.id}>
              <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                {statement.tenantName}
              </th>
              <td className="px-3 py-2">{statement.unitName}</td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                {formatDate(statement.from)} – {formatDate(statement.to)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatEuroDe(statement.total)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatEuroDe(statement.prepayments)}</td>
              <td className="px-3 py-2 text-right">
                <BalanceAmount balance={statement.balance} />
              </td>
              <td className="px-3 py-2">
                <Badge variant={statement.status === "finalized" ? "success" : "neutral"}>{STATEMENT_STATUS_LABELS[statement.status]}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
