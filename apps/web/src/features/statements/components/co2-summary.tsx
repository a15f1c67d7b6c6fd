import { useId } from "react";
import type { StatementResult } from "@nk/engine";
import { formatCalendarDateDe, formatDecimalTextDe, formatEuroDe } from "@nk/contract";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

type Co2 = NonNullable<StatementResult["co2"]>;

const SOURCE_TEXT: Record<Co2["source"], string> = {
  supplier: "Emissionen laut Rechnung des Versorgers",
  computed: "Emissionen berechnet aus dem Brennstoffverbrauch",
  efficiencyClass:
    "Aufteilung nach der hinterlegten Effizienzklasse (keine Emissionen berechenbar)",
  default: "Standardwert Stufe 5 (keine Einstufung des Gebäudes angegeben)",
};

/** Step 2: the CO2KostAufG section (§ 7 (3)): emissions, kg/m², stage, split, tenant and landlord cost. */
export function Co2Summary({
  co2,
  hasHeatingCosts,
}: {
  co2: StatementResult["co2"];
  hasHeatingCosts: boolean;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>CO₂-Kostenaufteilung (CO2KostAufG)</CardTitle>
      </CardHeader>
      <CardContent>
        {co2 === null ? (
          <p className="text-sm text-slate-600">
            {hasHeatingCosts
              ? "Keine CO₂-Angaben erfasst: Tragen Sie Energieträger und Verbrauch (kWh) der Brennstoffrechnung ein, damit die Abrechnung die CO₂-Kosten nach § 7 Abs. 3 CO2KostAufG ausweist."
              : "Keine Heiz- oder Warmwasserkosten erfasst: keine CO₂-Aufteilung."}
          </p>
        ) : (
          <div className="space-y-3 text-sm">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
              <Row
                label="CO₂-Emissionen"
                value={
                  co2.emissionsKg === null ? "–" : `${formatDecimalTextDe(co2.emissionsKg, 2)} kg`
                }
              />
              <Row
                label="Emissionen je m² und Jahr"
                value={co2.kgPerM2 === null ? "–" : `${formatDecimalTextDe(co2.kgPerM2, 1)} kg/m²`}
              />
              <Row label="Stufe" value={`Stufe ${co2.stage}`} />
              <Row
                label="Aufteilung Mieter / Vermieter"
                value={`${co2.tenantPercent} % / ${co2.landlordPercent} %`}
              />
              <Row label="CO₂-Kosten" value={co2.cost === null ? "–" : formatEuroDe(co2.cost)} />
              <Row
                label="CO₂-Preis je Tonne"
                value={co2.pricePerTonne === null ? "–" : formatEuroDe(co2.pricePerTonne)}
              />
              <Row
                label="Anteil Mieter"
                value={co2.tenantCost === null ? "–" : formatEuroDe(co2.tenantCost)}
              />
              <Row
                label="Anteil Vermieter"
                value={co2.landlordCost === null ? "–" : formatEuroDe(co2.landlordCost)}
              />
            </dl>
            {co2.calculation && co2.calculation.priceParts.length > 0 ? (
              <ul className="space-y-1 text-xs text-slate-600" aria-label="CO₂-Preis je Zeitraum">
                {co2.calculation.priceParts.map((part) => (
                  <li key={part.from}>
                    {formatCalendarDateDe(part.from)}–{formatCalendarDateDe(part.to)}:{" "}
                    {formatDecimalTextDe(part.emissionsKg, 2)} kg ×{" "}
                    {formatEuroDe(part.pricePerTonne)} je Tonne (
                    {part.priceSource === "entered" ? "eingegebener Preis" : "gesetzlicher Preis"})
                    = {formatEuroDe(part.netCost)} netto
                  </li>
                ))}
              </ul>
            ) : null}
            {co2.calculation?.costSource === "supplierInvoice" ? (
              <p className="text-xs text-slate-500">
                CO₂-Kosten laut Rechnung des Lieferanten (§ 3 CO2KostAufG).
              </p>
            ) : null}
            <p className="text-xs text-slate-500">{SOURCE_TEXT[co2.source]}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 pb-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
