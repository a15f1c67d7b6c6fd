import type { StatementCo2 } from "@nk/engine";
import { FUEL_LABELS, formatCalendarDateDe, formatDecimalTextDe, formatEuroDe } from "@nk/contract";

// Issue 24, items 7 and 8: the basis of the CO2 cost in words and figures, so that the tenant
// can reconcile it (§ 7 (3) CO2KostAufG). Formats the engine's co2.calculation only; results
// stored before it have none, and their letters print what they printed before.

/** One row of the CO2 block: label and value. */
type Co2BasisRow = [label: string, value: string];

export interface LetterCo2Basis {
  /** Energy, conversion, emission factor and emissions, as rows. */
  emissionRows: Co2BasisRow[];
  /** One row per priced part (calendar year, or the period with an entered price). */
  priceRows: Co2BasisRow[];
  /** Net cost and VAT rows; empty with the invoice's cost. */
  vatRows: Co2BasisRow[];
  /** Which source the cost came from, in one sentence. */
  costSource: string | null;
}

const KG = (text: string) => `${formatDecimalTextDe(text, 2)} kg`;
const KWH = (text: string) => `${formatDecimalTextDe(text)} kWh`;

/** Formats the engine's CO2 basis for the letter; null for results stored before it. */
export function formatCo2Basis(
  co2: StatementCo2,
  fuel: keyof typeof FUEL_LABELS | null,
): LetterCo2Basis | null {
  const calculation = co2.calculation;
  if (!calculation) return null;
  const emissionRows: Co2BasisRow[] = [];
  if (
    calculation.energyKwh !== null &&
    calculation.energyKwhLowerHeatingValue !== null &&
    calculation.emissionFactor !== null
  ) {
    if (calculation.heatingValueFactor !== null) {
      emissionRows.push(["Energie laut Rechnung (Brennwert)", KWH(calculation.energyKwh)]);
      emissionRows.push([
        `Umrechnung auf den Heizwert (× ${formatDecimalTextDe(calculation.heatingValueFactor)})`,
        KWH(calculation.energyKwhLowerHeatingValue),
      ]);
    } else {
      emissionRows.push(["Energie laut Rechnung (Heizwert)", KWH(calculation.energyKwh)]);
    }
    const factorSource =
      calculation.emissionFactorSource === "supplier"
        ? "laut Lieferant"
        : `Standardwert${fuel ? ` ${FUEL_LABELS[fuel]}` : ""}`;
    emissionRows.push([
      `Emissionsfaktor (${factorSource})`,
      `${formatDecimalTextDe(calculation.emissionFactor)} kg CO₂/kWh`,
    ]);
    if (co2.emissionsKg !== null) {
      emissionRows.push([
        `CO₂-Emissionen (${formatDecimalTextDe(calculation.energyKwhLowerHeatingValue)} kWh × ${formatDecimalTextDe(calculation.emissionFactor)})`,
        KG(co2.emissionsKg),
      ]);
    }
  } else if (co2.emissionsKg !== null) {
    emissionRows.push([
      co2.source === "supplier" ? "CO₂-Emissionen laut Rechnung des Lieferanten" : "CO₂-Emissionen",
      KG(co2.emissionsKg),
    ]);
  }

  const isSplitByYear = calculation.priceParts.length > 1;
  const priceRows: Co2BasisRow[] = calculation.priceParts.map((part) => {
    const span = `${formatCalendarDateDe(part.from)}–${formatCalendarDateDe(part.to)}`;
    const label = isSplitByYear
      ? `${span}: ${KG(part.emissionsKg)} (${formatDecimalTextDe(part.sharePercent, 2)} % nach Gradtagszahlen)`
      : `${span}: ${KG(part.emissionsKg)}`;
    return [`${label} × ${formatEuroDe(part.pricePerTonne)} je Tonne`, formatEuroDe(part.netCost)];
  });
  const vatRows: Co2BasisRow[] =
    calculation.netCost !== null && calculation.vat !== null && calculation.vatPercent !== null
      ? [
          ["CO₂-Kosten netto", formatEuroDe(calculation.netCost)],
          [
            `Umsatzsteuer ${formatDecimalTextDe(calculation.vatPercent)} %`,
            formatEuroDe(calculation.vat),
          ],
        ]
      : [];
  return { emissionRows, priceRows, vatRows, costSource: describeCostSource(co2) };
}

function describeCostSource(co2: StatementCo2): string | null {
  const calculation = co2.calculation;
  if (!calculation || calculation.costSource === null) return null;
  if (calculation.costSource === "supplierInvoice") {
    return "Die CO₂-Kosten sind der auf der Rechnung des Lieferanten ausgewiesene Betrag (§ 3 CO2KostAufG).";
  }
  if (calculation.priceParts.some((part) => part.priceSource === "entered")) {
    return "Die CO₂-Kosten sind berechnet: Emissionen × CO₂-Preis je Tonne laut Angabe des Vermieters, zuzüglich Umsatzsteuer.";
  }
  const years = calculation.priceParts.map((part) => part.year);
  const law = years.some((year) => year >= 2026)
    ? "§ 4 Abs. 1 CO2KostAufG: bis 2025 Festpreis nach § 10 Abs. 2 BEHG, 2026 Mitte des Preiskorridors von 55 bis 65 €"
    : "§ 4 Abs. 1 Nr. 1 CO2KostAufG, Festpreis nach § 10 Abs. 2 BEHG";
  const perYear =
    years.length > 1
      ? " je Kalenderjahr; die Emissionen sind nach Gradtagszahlen (VDI 2067) auf die Kalenderjahre verteilt"
      : "";
  return `Die CO₂-Kosten sind berechnet: Emissionen × gesetzlicher CO₂-Preis (${law})${perYear}, zuzüglich Umsatzsteuer. Eine Angabe des Lieferanten lag nicht vor.`;
}
