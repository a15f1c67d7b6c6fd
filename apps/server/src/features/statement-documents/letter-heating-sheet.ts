import type { HeatingCostSheet } from "@nk/engine";
import {
  FUEL_LABELS,
  FUEL_QUANTITY_UNIT_LABELS,
  formatCalendarDateDe,
  formatDecimalTextDe,
  formatEuroDe,
} from "@nk/contract";

// Issue 24, item 6: the heating cost sheet and the § 9 HeizkV split as the letter prints them.
// Formats the engine's result.heatingCosts only (decision 1151); no figure is computed here.

/** label, value; `strong` marks a sum. */
type SheetRow = [label: string, value: string, strong?: boolean];

export interface LetterHeatingSheet {
  title: string;
  /** Fuel, stocks, deliveries, consumption. */
  fuelRows: SheetRow[];
  /** Cost components and the total. */
  costRows: SheetRow[];
  /** The § 9 HeizkV split; empty without a combined generator. */
  splitRows: SheetRow[];
  notes: string[];
}

const SHORT_UNITS: Record<HeatingCostSheet["quantityUnit"], string> = {
  l: "l",
  kg: "kg",
  kWh: "kWh",
  m3: "m³",
  t: "t",
};

export function formatHeatingSheet(
  sheet: HeatingCostSheet,
  period: { start: string; end: string },
): LetterHeatingSheet {
  const unit = SHORT_UNITS[sheet.quantityUnit];
  const qty = (text: string) => `${formatDecimalTextDe(text)} ${unit}`;
  const price = (text: string) => `${formatDecimalTextDe(text, 2)} €/${unit}`;
  const fuelRows: SheetRow[] = [
    [
      `Brennstoff (Mengen in ${FUEL_QUANTITY_UNIT_LABELS[sheet.quantityUnit]})`,
      FUEL_LABELS[sheet.fuel],
    ],
  ];
  const notes: string[] = [];
  if (sheet.stock) {
    const { opening, purchases, purchasesTotal, available, closing } = sheet.stock;
    fuelRows.push([
      `Anfangsbestand am ${formatCalendarDateDe(period.start)}: ${qty(opening.quantity)}`,
      formatEuroDe(opening.amount),
    ]);
    for (const purchase of purchases) {
      fuelRows.push([
        `Lieferung am ${formatCalendarDateDe(purchase.date)}: ${qty(purchase.quantity)} zu ${price(purchase.unitPrice)}`,
        formatEuroDe(purchase.amount),
      ]);
    }
    fuelRows.push([
      `Lieferungen gesamt: ${qty(purchasesTotal.quantity)}`,
      formatEuroDe(purchasesTotal.amount),
    ]);
    fuelRows.push([`Zur Verfügung: ${qty(available.quantity)}`, formatEuroDe(available.amount)]);
    fuelRows.push([
      `abzüglich Endbestand am ${formatCalendarDateDe(period.end)}: ${qty(closing.quantity)}`,
      `− ${formatEuroDe(closing.amount)}`,
    ]);
    for (const slice of closing.slices) {
      const origin =
        slice.source === "opening"
          ? "aus dem Anfangsbestand"
          : `aus der Lieferung vom ${formatCalendarDateDe(slice.date ?? "")}`;
      fuelRows.push([
        `   davon ${qty(slice.quantity)} ${origin} zu ${price(slice.unitPrice)}`,
        formatEuroDe(slice.amount),
      ]);
    }
    notes.push(
      "Der Endbestand ist nach der Reihenfolge der Lieferungen bewertet: Zuerst verbraucht wird, was zuerst im Tank war („first in, first out“); übrig bleibt die zuletzt gelieferte Menge zu ihrem Preis.",
    );
  }
  fuelRows.push([
    `Verbrauchter Brennstoff: ${qty(sheet.consumedQuantity)}${sheet.averageUnitPrice ? ` (im Mittel ${formatDecimalTextDe(sheet.averageUnitPrice)} €/${unit})` : ""}`,
    formatEuroDe(sheet.fuelCost),
    true,
  ]);

  const costRows: SheetRow[] = [["Brennstoffkosten", formatEuroDe(sheet.fuelCost)]];
  const components: Array<[string, string]> = [
    ["Betriebsstrom", sheet.components.operatingPower],
    ["Wartung, Reinigung und Prüfung der Anlage", sheet.components.maintenance],
    ["Immissionsschutzmessung (Schornsteinfeger)", sheet.components.emissionMeasurement],
    ["Messdienst: Gerätemiete, Ablesung und Abrechnung", sheet.components.meteringService],
  ];
  for (const [label, amount] of components)
    if (amount !== "0.00") costRows.push([label, formatEuroDe(amount)]);
  costRows.push(["Kosten der zentralen Heizungsanlage", formatEuroDe(sheet.total), true]);

  const splitRows: SheetRow[] = [];
  const split = sheet.combinedSplit;
  if (split) {
    const formula =
      split.method === "volume"
        ? `Q = 2,5 × ${formatDecimalTextDe(split.hotWaterVolumeM3 ?? "0")} m³ × (${formatDecimalTextDe(split.hotWaterTemperatureCelsius ?? "60")} °C − 10 °C)`
        : `Q = 32 kWh/m² × ${formatDecimalTextDe(split.hotWaterAreaM2 ?? "0")} m² Wohnfläche mit Warmwasser`;
    splitRows.push([
      "Gesamte Energie der Anlage",
      `${formatDecimalTextDe(split.totalEnergyKwh)} kWh`,
    ]);
    splitRows.push([formula, `${formatDecimalTextDe(split.baseEnergyKwh, 2)} kWh`]);
    if (split.upperHeatingValueFactor)
      splitRows.push([
        `× ${formatDecimalTextDe(split.upperHeatingValueFactor)} (Erdgas nach Brennwert abgerechnet)`,
        "",
      ]);
    if (split.commercialHeatSupplyDivisor)
      splitRows.push([
        `÷ ${formatDecimalTextDe(split.commercialHeatSupplyDivisor)} (Wärmelieferung)`,
        "",
      ]);
    splitRows.push([
      "Energie für Warmwasser (Q)",
      `${formatDecimalTextDe(split.hotWaterEnergyKwh, 2)} kWh`,
    ]);
    splitRows.push([
      "Energie für Heizung",
      `${formatDecimalTextDe(split.heatingEnergyKwh, 2)} kWh`,
    ]);
    splitRows.push([
      `Anteil Warmwasser: ${formatDecimalTextDe(split.hotWaterEnergyKwh, 2)} / ${formatDecimalTextDe(split.totalEnergyKwh)} kWh`,
      `${formatDecimalTextDe(split.hotWaterSharePercent, 2)} %`,
    ]);
    splitRows.push([
      `Warmwasserkosten: ${formatEuroDe(sheet.total)} × ${formatDecimalTextDe(split.hotWaterSharePercent, 2)} %`,
      formatEuroDe(split.hotWaterCost),
      true,
    ]);
    splitRows.push(["Heizkosten: der Rest", formatEuroDe(split.heatingCost), true]);
    notes.push(
      split.method === "volume"
        ? "Die Anlage erwärmt auch das Trinkwasser; ohne Wärmezähler dafür wird die Wärmemenge nach § 9 Abs. 2 HeizkV aus dem gemessenen Volumen und der Temperatur berechnet."
        : "Die Anlage erwärmt auch das Trinkwasser; da das Volumen nicht gemessen wurde, gilt nach § 9 Abs. 2 HeizkV 32 kWh je m² Wohnfläche mit Warmwasser.",
    );
  }
  return {
    title: split
      ? "Heizkostenaufstellung und Aufteilung nach § 9 HeizkV"
      : "Heizkostenaufstellung (§ 7 Abs. 2 HeizkV)",
    fuelRows,
    costRows,
    splitRows,
    notes,
  };
}
