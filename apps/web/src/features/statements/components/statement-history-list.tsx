import { Eye, FileDown, FileText, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { formatEuroDe, type StatementListItem } from "@nk/contract";
import { Button, buttonStyles } from "../../../components/ui/button";
import { formatDate } from "../../../lib/format";
import { BalanceAmount } from "./balance-amount";
import { RunBadges } from "./run-badges";
import { ScrollRegion } from "../../../components/ui/scroll-region";

interface HistoryRowActions {
  onView: (item: StatementListItem) => void;
  onDelete: (item: StatementListItem) => void;
}

interface ListProps {
  items: StatementListItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  actions: HistoryRowActions;
}

function RowActions({ item, actions }: { item: StatementListItem; actions: HistoryRowActions }) {
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        onClick={() => actions.onView(item)}
        aria-label={`${item.name} ansehen`}
      >
        <Eye className="size-4" aria-hidden="true" />
        Ansehen
      </Button>
      {item.isFinal ? null : (
        <Link
          to={`/dashboard/statements/edit/${item.id}?property=${item.propertyId}`}
          className={buttonStyles({ size: "sm", variant: "ghost" })}
          aria-label={`${item.name} bearbeiten`}
        >
          <Pencil className="size-4" aria-hidden="true" />
          Bearbeiten
        </Link>
      )}
      <Link
        to={`/dashboard/statements/${item.id}`}
        className={buttonStyles({ size: "sm", variant: "ghost" })}
        aria-label={`Details von ${item.name}`}
      >
        <FileText className="size-4" aria-hidden="true" />
        Details
      </Link>
      <a
        href={`/api/statements/${item.id}/pdf`}
        className={buttonStyles({ size: "sm", variant: "ghost" })}
        aria-label={`PDF von ${item.name}`}
      >
        <FileDown className="size-4" aria-hidden="true" />
        PDF
      </a>
      {item.isFinal ? null : (
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          onClick={() => actions.onDelete(item)}
          aria-label={`${item.name} löschen`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Löschen
        </Button>
      )}
    </div>
  );
}

function SelectBox({
  item,
  selected,
  onToggle,
}: {
  item: StatementListItem;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  return (
    <input
      type="checkbox"
      className="size-4 rounded border-slate-300 accent-brand-700"
      checked={selected.has(item.id)}
      onChange={() => onToggle(item.id)}
      aria-label={`${item.name} auswählen`}
    />
  );
}

/** The saved runs of the history: a table from 640 px, cards below. */
export function StatementHistoryList(props: ListProps) {
  const { items, selected, onToggle, onToggleAll, actions } = props;
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
    <>
      <ul className="space-y-3 sm:hidden" aria-label="Abrechnungen">
        {items.map((item) => (
          <li
            key={item.id}
            className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex items-start gap-3">
              <SelectBox item={item} selected={selected} onToggle={onToggle} />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-semibold text-slate-900">{item.name}</p>
                <p className="text-slate-500">
                  {item.propertyName} · erstellt am {formatDate(item.createdAt)}
                </p>
                <RunBadges item={item} />
              </div>
            </div>
            <p className="flex justify-between">
              <span className="text-slate-600">Gesamtkosten</span>
              <span className="tabular-nums">{formatEuroDe(item.totalCosts)}</span>
            </p>
            <p className="text-right">
              <BalanceAmount balance={item.balanceSum} />
            </p>
            <RowActions item={item} actions={actions} />
          </li>
        ))}
      </ul>
      <ScrollRegion
        label="Abrechnungen"
        className="hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:block"
      >
        <table className="w-full min-w-[56rem] text-sm" aria-label="Abrechnungen">
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={allSelected}
                  onChange={onToggleAll}
                  aria-label="Alle auswählen"
                />
              </th>
              <th scope="col" className="px-3 py-2">
                Abrechnung
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Erstellt
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Gesamtkosten
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Summe Salden
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Aktionen
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => (
              <tr key={item.id}>
                <td className="px-3 py-2">
                  <SelectBox item={item} selected={selected} onToggle={onToggle} />
                </td>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {item.name}
                  <span className="block text-xs font-normal text-slate-500">
                    {item.propertyName} · {formatDate(item.periodStart)} –{" "}
                    {formatDate(item.periodEnd)}
                  </span>
                </th>
                <td className="px-3 py-2">
                  <RunBadges item={item} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                  {formatDate(item.createdAt)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {formatEuroDe(item.totalCosts)}
                </td>
                <td className="px-3 py-2 text-right">
                  <BalanceAmount balance={item.balanceSum} />
                </td>
                <td className="px-3 py-2">
                  <RowActions item={item} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
