import type { StatementInput, StatementResult } from "@nk/engine";
import { formatCountDe } from "@nk/contract";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDate } from "../../../lib/format";
import type { PreviewNames } from "../lib/names";

/**
 * Step 2 'Mieterwechsel': every unit whose period is not one tenancy from start to end, with
 * each tenancy's days and the vacancy the landlord bears (DECISIONS 2).
 */
export function TenantChangeReport({ input, result, names }: { input: StatementInput; result: StatementResult; names: PreviewNames }) {
  const changed = input.units
    .map((unit) => ({
      unitId: unit.id,
      tenancies: result.tenancies.filter((t) => t.unitId === unit.id),
      vacancy: result.vacancy.filter((v) => v.unitId === unit.id),
    }))
    .filter((row) => row.tenancies.length > 1 || row.vacancy.length > 0);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mieterwechsel und Leerstand</CardTitle>
      </CardHeader>
      <CardContent>
        {changed.length === 0 ? (
          <p className="text-sm text-slate-600">Kein Mieterwechsel und kein Leerstand im Abrechnungszeitraum.</p>
        ) : (
          <ul className="space-y-3 text-sm">
            {changed.map((row) => (
              <li key={row.unitId}>
                <p className="font-medium text-slate-900">{names.unit(row.unitId)}</p>
                <ul className="mt-1 space-y-0.5 text-slate-700">
                  {[...row.tenancies.map((t) => ({ key: t.tenancyId, who: names.tenant(t.tenancyId), from: t.from, to: t.to, days: t.days })),
                    ...row.vacancy.map((v) => ({ key: `leer-${v.from}`, who: "Leerstand (Vermieter)", from: v.from, to: v.to, days: v.days }))]
                    .sort((a, b) => a.from.localeCompare(b.from))
                    .map((line) => (
                      <li key={line.key} className="flex flex-wrap justify-between gap-x-3">
                        <span>{line.who}</span>
                        <span className="tabular-nums text-slate-500">
                          {formatDate(line.from)} – {formatDate(line.to)} ({formatCountDe(line.days, "Tag", "Tage")})
                        </span>
                      </li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
