import { formatAreaDe, formatCountDe, formatEuroDe } from "@nk/contract";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import type { PreviewNames } from "../lib/names";
import { formatSharePercent, type UnitRow } from "../lib/preview-figures";

/**
 * Step 2: one row per unit (checkbox, unit, tenants or 'Leer', area, persons, total, share %).
 * The checked units narrow the detailed allocations below; none checked shows all.
 */
export function UnitTable({
  rows,
  names,
  selected,
  onToggle,
}: {
  rows: UnitRow[];
  names: PreviewNames;
  selected: ReadonlySet<string>;
  onToggle: (unitId: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Kosten je Wohneinheit</CardTitle>
      </CardHeader>
      {/* Phones: one entry per unit with its figures in view; the table from sm on. */}
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Kosten je Wohneinheit">
        {rows.map((row) => {
          const unitName = names.unit(row.unitId);
          return (
            <li key={row.unitId} className="space-y-1 px-4 py-3 text-sm">
              <label className="flex items-center gap-2 font-medium text-slate-900">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={selected.has(row.unitId)}
                  onChange={() => onToggle(row.unitId)}
                  aria-label={`${unitName} auswählen`}
                />
                {unitName}
              </label>
              <p className="text-slate-700">
                {row.tenancies.length === 0 ? (
                  <span className="text-slate-500">Leer</span>
                ) : (
                  row.tenancies.map((t) => names.tenant(t.tenancyId)).join(", ")
                )}
              </p>
              <p className="flex flex-wrap justify-between gap-x-3 text-slate-600">
                <span>
                  {formatAreaDe(row.area)} · {formatCountDe(row.persons, "Person", "Personen")}
                </span>
                <span className="font-medium tabular-nums text-slate-900">
                  {formatEuroDe(row.total)} ({formatSharePercent(row.sharePercent)})
                </span>
              </p>
            </li>
          );
        })}
      </ul>
      <CardContent className="hidden overflow-x-auto p-0 sm:block">
        <table className="w-full min-w-[36rem] text-sm" aria-label="Kosten je Wohneinheit">
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <span className="sr-only">Auswahl</span>
              </th>
              <th scope="col" className="px-3 py-2">
                Einheit
              </th>
              <th scope="col" className="px-3 py-2">
                Mieter
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Fläche
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Personen
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Gesamtkosten
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Anteil
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => {
              const unitName = names.unit(row.unitId);
              return (
                <tr key={row.unitId}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={selected.has(row.unitId)}
                      onChange={() => onToggle(row.unitId)}
                      aria-label={`${unitName} auswählen`}
                    />
                  </td>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {unitName}
                  </th>
                  <td className="px-3 py-2 text-slate-700">
                    {row.tenancies.length === 0 ? (
                      <span className="text-slate-500">Leer</span>
                    ) : (
                      row.tenancies.map((t) => names.tenant(t.tenancyId)).join(", ")
                    )}
                    {row.tenancies.length > 0 && row.vacancy.length > 0 ? (
                      <span className="text-slate-500"> · zeitweise leer</span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {formatAreaDe(row.area)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.persons}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums">
                    {formatEuroDe(row.total)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {formatSharePercent(row.sharePercent)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
