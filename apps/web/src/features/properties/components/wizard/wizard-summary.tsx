import { DECIMAL_KINDS, joinAddress, sumDecimalTexts, type OnboardingValues } from "@nk/contract";
import { formatArea, formatNumber } from "../../../../lib/format";
import { ScrollRegion } from "../../../../components/ui/scroll-region";

/** Step 3: the property, its units, the total area (2 decimals) and the total persons. */
export function WizardSummary({ values }: { values: OnboardingValues }) {
  const { property, units } = values;
  const totalArea = sumDecimalTexts(
    units.map((unit) => unit.area),
    DECIMAL_KINDS.area.maxDecimals,
  );
  const totalPersons = units.reduce((sum, unit) => sum + unit.persons, 0);

  return (
    <div className="space-y-6">
      <section aria-label="Immobilie" className="space-y-1">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Immobilie</h3>
        <p className="text-base font-semibold text-slate-900">{property.name}</p>
        <p className="text-sm text-slate-600">{joinAddress(property)}</p>
        <p className="text-sm text-slate-600">{property.propertyType}</p>
      </section>

      <section aria-label="Wohneinheiten" className="space-y-2">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Wohneinheiten ({units.length})
        </h3>
        <ScrollRegion label="Wohneinheiten" className="rounded-lg border border-slate-200">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Fläche
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Personen
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {units.map((unit, index) => (
                <tr key={index}>
                  <td className="px-3 py-2 text-slate-900">
                    {unit.name}
                    {unit.hasDecentralizedHotWater ? (
                      <span className="ml-2 text-xs text-slate-500">(dezentrales Warmwasser)</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatArea(unit.area)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatNumber(unit.persons)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-brand-50 p-4">
          <dt className="text-sm text-brand-900">Gesamtfläche</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900" data-testid="total-area">
            {formatArea(totalArea)}
          </dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-4">
          <dt className="text-sm text-brand-900">Personen gesamt</dt>
          <dd className="text-xl font-bold tabular-nums text-slate-900" data-testid="total-persons">
            {formatNumber(totalPersons)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
