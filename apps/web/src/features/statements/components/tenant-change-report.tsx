import type { LineConsumption, StatementInput, StatementResult } from "@nk/engine";
import { formatCountDe, formatQuantityDe, METER_KIND_LABELS } from "@nk/contract";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDate } from "../../../lib/format";
import type { PreviewNames } from "../lib/names";
import { describeOccupancy, formatPersons } from "../lib/occupancy-text";

/**
 * Step 2 'Mieterwechsel': every unit whose period is not one tenancy from start to end, with
 * each tenancy's days, persons and person-days (issue 24: a household growing from 1 to 2 is
 * visible), each line's own consumption and whether it was read or apportioned (§ 9b HeizkV),
 * and the vacancy the landlord bears (docs/rules/tenancies-and-keys.md#who-bears-what, decision 1140). All figures are the engine's.
 */
export function TenantChangeReport({
  input,
  result,
  names,
}: {
  input: StatementInput;
  result: StatementResult;
  names: PreviewNames;
}) {
  const changed = input.units
    .map((unit) => ({
      unitId: unit.id,
      tenancies: result.tenancies.filter((t) => t.unitId === unit.id),
      vacancy: result.vacancy.filter((v) => v.unitId === unit.id),
    }))
    .filter(
      (row) =>
        row.tenancies.length > 1 ||
        row.vacancy.length > 0 ||
        row.tenancies.some((t) => (t.occupancy?.length ?? 0) > 1),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mieterwechsel und Leerstand</CardTitle>
      </CardHeader>
      <CardContent>
        {changed.length === 0 ? (
          <p className="text-sm text-slate-600">
            Kein Mieterwechsel und kein Leerstand im Abrechnungszeitraum.
          </p>
        ) : (
          <ul className="space-y-3 text-sm">
            {changed.map((row) => (
              <li key={row.unitId}>
                <p className="font-medium text-slate-900">{names.unit(row.unitId)}</p>
                <ul className="mt-1 space-y-1.5 text-slate-700">
                  {[
                    ...row.tenancies.map((t) => ({
                      key: t.tenancyId,
                      who: names.tenant(t.tenancyId),
                      from: t.from,
                      to: t.to,
                      days: t.days,
                      persons: describeOccupancy(t.occupancy, t.persons),
                      personDays: t.personDays ?? null,
                      consumption: t.consumption ?? [],
                    })),
                    ...row.vacancy.map((v) => ({
                      key: `leer-${v.from}`,
                      who: "Leerstand (Vermieter)",
                      from: v.from,
                      to: v.to,
                      days: v.days,
                      persons: v.persons
                        ? `${formatPersons(v.persons)} (Leerstand, trägt der Vermieter)`
                        : null,
                      personDays: null,
                      consumption: v.consumption ?? [],
                    })),
                  ]
                    .sort((a, b) => a.from.localeCompare(b.from))
                    .map((line) => (
                      <li key={line.key}>
                        <div className="flex flex-wrap justify-between gap-x-3">
                          <span>{line.who}</span>
                          <span className="tabular-nums text-slate-500">
                            {formatDate(line.from)} – {formatDate(line.to)} (
                            {formatCountDe(line.days, "Tag", "Tage")})
                          </span>
                        </div>
                        {line.persons ? (
                          <p className="text-xs text-slate-600">
                            {line.persons}
                            {line.personDays !== null
                              ? ` · ${formatCountDe(line.personDays, "Personentag", "Personentage")}`
                              : ""}
                          </p>
                        ) : null}
                        {line.consumption.length > 0 ? (
                          <p className="text-xs text-slate-600">
                            {line.consumption.map(describeConsumption).join(" · ")}
                          </p>
                        ) : null}
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

function describeConsumption(consumption: LineConsumption): string {
  const by =
    consumption.apportionedBy === "degreeDays"
      ? "anteilig nach Gradtagszahlen"
      : "anteilig nach Tagen";
  const how =
    consumption.method === "measured"
      ? consumption.isEstimated
        ? "geschätzt"
        : "abgelesen"
      : `${consumption.method === "partlyApportioned" ? `teils ${by}` : by}${consumption.isEstimated ? ", geschätzt" : ""}`;
  return `${METER_KIND_LABELS[consumption.meter]} ${formatQuantityDe(consumption.value, 3)} (${how})`;
}
