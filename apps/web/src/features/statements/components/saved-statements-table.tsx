import { formatEuroDe, STATEMENT_STATUS_LABELS, type TenantStatement } from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { formatDate } from "../../../lib/format";
import { BalanceAmount } from "./balance-amount";
import { ScrollRegion } from "../../../components/ui/scroll-region";

/** The tenancy statements of a saved run: tenant, unit, period, costs, prepayments, balance, status. */
export function SavedStatementsTable({ statements }: { statements: TenantStatement[] }) {
  return (
    <>
      {/* Phones: one card per statement, the result always in view. */}
      <ul className="space-y-3 sm:hidden" aria-label="Abrechnungen je Mietverhältnis">
        {statements.map((statement) => (
          <li
            key={statement.id}
            className="space-y-1 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <p className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">
                {statement.tenantName}{" "}
                <span className="font-normal text-slate-500">· {statement.unitName}</span>
              </span>
              <Badge variant={statement.status === "finalized" ? "success" : "neutral"}>
                {STATEMENT_STATUS_LABELS[statement.status]}
              </Badge>
            </p>
            <p className="text-slate-500">
              {formatDate(statement.from)} – {formatDate(statement.to)}
            </p>
            <p className="flex justify-between">
              <span className="text-slate-600">Kosten</span>
              <span className="tabular-nums">{formatEuroDe(statement.total)}</span>
            </p>
            <p className="flex justify-between">
              <span className="text-slate-600">Vorauszahlungen</span>
              <span className="tabular-nums">{formatEuroDe(statement.prepayments)}</span>
            </p>
            <p className="text-right">
              <BalanceAmount balance={statement.balance} />
            </p>
          </li>
        ))}
      </ul>
      <SavedStatementsGrid statements={statements} />
    </>
  );
}

function SavedStatementsGrid({ statements }: { statements: TenantStatement[] }) {
  return (
    <ScrollRegion
      label="Abrechnungen je Mietverhältnis"
      className="hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:block"
    >
      <table className="w-full min-w-[40rem] text-sm" aria-label="Abrechnungen je Mietverhältnis">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">
              Mieter
            </th>
            <th scope="col" className="px-3 py-2">
              Einheit
            </th>
            <th scope="col" className="px-3 py-2">
              Zeitraum
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Kosten
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Vorauszahlungen
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Ergebnis
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
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
              {/* An amount never breaks before its "€" (the table scrolls instead). */}
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                {formatEuroDe(statement.total)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                {formatEuroDe(statement.prepayments)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <BalanceAmount balance={statement.balance} />
              </td>
              <td className="px-3 py-2">
                <Badge variant={statement.status === "finalized" ? "success" : "neutral"}>
                  {STATEMENT_STATUS_LABELS[statement.status]}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
