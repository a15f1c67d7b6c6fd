import { CO2_STAGES, type Co2Stage } from "@nk/engine";
import { ScrollRegion } from "../../../components/ui/scroll-region";

/** '< 12', '12 bis < 17', '≥ 52': the stage's limits in kg CO₂ per m² and year. */
function describeStageRange(stage: Co2Stage): string {
  if (stage.minKgPerM2 === 0) return `< ${stage.maxKgPerM2}`;
  return stage.maxKgPerM2 === null
    ? `≥ ${stage.minKgPerM2}`
    : `${stage.minKgPerM2} bis < ${stage.maxKgPerM2}`;
}

/** The 'demo' section: the statutory CO2 split (CO2KostAufG), the engine's own table (docs/rules/co2.md#co2-split). */
export function Co2Section() {
  return (
    <section id="demo" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            CO₂-Kostenaufteilung
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            Wer trägt wie viel der CO₂-Kosten?
          </h2>
          <p className="mt-3 text-slate-600">
            Seit 2023 teilen Vermieter und Mieter die CO₂-Kosten für Heizung und Warmwasser nach dem
            Kohlendioxidkostenaufteilungsgesetz (CO2KostAufG). Maßgeblich ist der CO₂-Ausstoß des
            Gebäudes in kg pro m² Wohnfläche und Jahr. Nebenkosten berechnet den Ausstoß aus Ihrer
            Brennstoffrechnung, ermittelt die Stufe und weist die Aufteilung in jeder Abrechnung
            aus.
          </p>
          <p className="mt-3 text-sm text-slate-500">
            Für Nichtwohngebäude gilt eine hälftige Teilung (50 % / 50 %). Ist der Ausstoß
            unbekannt, wird die hinterlegte Effizienzklasse der Immobilie verwendet.
          </p>
        </div>
        <ScrollRegion
          label="Stufenmodell nach CO2KostAufG"
          className="rounded-xl border border-slate-200 shadow-sm lg:col-span-3"
        >
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">Stufenmodell für Wohngebäude nach CO2KostAufG</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Stufe
                </th>
                <th scope="col" className="px-4 py-3">
                  kg CO₂ / m² und Jahr
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Mieter
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Vermieter
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {CO2_STAGES.map((stage) => (
                <tr key={stage.stage}>
                  <td className="px-4 py-2.5 font-medium text-slate-900">
                    {stage.stage} ({stage.class})
                  </td>
                  <td className="px-4 py-2.5 text-slate-600">{describeStageRange(stage)}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums text-slate-900">
                    {stage.tenantPercent} %
                  </td>
                  <td className="px-4 py-2.5 text-right tabular-nums text-slate-900">
                    {stage.landlordPercent} %
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </section>
  );
}
