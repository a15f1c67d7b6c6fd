import { Decimal, DISTRIBUTION_KEY_LABELS, HEATING_COST_TYPE, type AllocationPart, type DistributionKey, type ItemSummary, type MeterKind } from "@nk/engine";
import { formatDecimalTextDe, formatEuroDe } from "@nk/contract";
import type { ShareStep } from "./letter-model.ts";

// The distribution keys named and explained in words, and the tenant's share computed step by
// step from the engine's basis (the allocation's parts): the second and third of the four
// contents the courts require for a formally valid statement (BGH VIII ZR 93/07; DECISIONS 6).

export const METER_LABELS: Readonly<Record<MeterKind, { name: string; unit: string }>> = {
  heating: { name: "Heizung (Heizkostenverteiler/Wärmezähler)", unit: "Einheiten" },
  warmwater: { name: "Warmwasserzähler", unit: "m³" },
  coldwater: { name: "Kaltwasserzähler", unit: "m³" },
  electricity: { name: "Stromzähler", unit: "kWh" },
  gas: { name: "Gaszähler", unit: "m³" },
};

/** A number for reading: up to `decimals` places, de-DE grouping ('22.812,5'). */
export function formatQuantity(value: number | string, decimals = 3): string {
  return formatDecimalTextDe(new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed());
}

/** An exact amount rounded half up to cents, as a decimal text ("12.35"). */
export function roundToCentsText(value: Decimal | string): string {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Euros rounded half up to cents for display of an exact intermediate amount. */
export function formatExactEuro(value: Decimal | string): string {
  return formatEuroDe(roundToCentsText(value));
}

export function keyLabel(key: DistributionKey): string {
  return DISTRIBUTION_KEY_LABELS[key];
}

export function explainKey(item: ItemSummary, excludedUnitNames: string[]): string {
  const heating = item.costType === HEATING_COST_TYPE;
  const time = heating
    ? "Zeiträume innerhalb des Jahres sind nach Gradtagszahlen gewichtet (Anteil am Jahreswärmebedarf, § 9b HeizkV, VDI 2067)."
    : "Wer nur einen Teil des Zeitraums Mieter war, trägt die Kosten nach Tagen anteilig.";
  const meter = item.meter ? METER_LABELS[item.meter].name : "Zähler";
  let text: string;
  switch (item.key) {
    case "area":
      text = `Verteilung nach Wohnfläche: Ihr Anteil ist die Fläche Ihrer Wohnung im Verhältnis zur Wohnfläche aller beteiligten Wohnungen. ${time}`;
      break;
    case "persons":
      text = "Verteilung nach Personen: Gezählt werden die Bewohner an jedem Tag des Zeitraums (Personentage); Tage ohne Mieter zählen mit 0 Personen.";
      if (heating) text += ` ${time}`;
      break;
    case "units":
      text = `Verteilung nach Wohneinheiten: Jede beteiligte Wohnung trägt den gleichen Teil. ${time}`;
      break;
    case "consumption":
      text = `Verteilung nach Verbrauch: Ihr Anteil ist Ihr gemessener Verbrauch (${meter}) im Verhältnis zum Verbrauch aller beteiligten Wohnungen.`;
      break;
    case "mixed": {
      const consumptionShare = item.consumptionShare ?? 70;
      text =
        `Verteilung zu ${100 - consumptionShare} % als Grundkosten nach Wohnfläche und zu ${consumptionShare} % nach dem erfassten Verbrauch (${meter}), ` +
        `wie es §§ 7 und 8 HeizkV vorschreiben (Verbrauchsanteil 50 bis 70 %). ${time}`;
      break;
    }
  }
  if (excludedUnitNames.length > 0) text += ` Nicht beteiligt: ${excludedUnitNames.join(", ")}.`;
  return text;
}

function basisLabel(part: AllocationPart, key: DistributionKey): string {
  const names = { area: "Wohnfläche", persons: "Personen", units: "Wohneinheiten", consumption: "Verbrauch" } as const;
  if (key === "mixed") {
    return part.basis === "consumption" ? `Verbrauchskosten (${part.percent} %)` : `Grundkosten nach ${names[part.basis]} (${part.percent} %)`;
  }
  return part.percent === 100 ? names[part.basis] : `${names[part.basis]} (${part.percent} %)`;
}

function timeText(part: AllocationPart, heating: boolean): string {
  if (part.timeWeight === null) return "";
  return heating ? ` × ${formatQuantity(part.timeWeight)} ‰ Gradtagsanteil` : ` × ${formatQuantity(part.timeWeight, 0)} Tage`;
}

function computationText(part: AllocationPart, heating: boolean, meter: MeterKind | null): string {
  const weight = formatQuantity(part.weight);
  const total = formatQuantity(part.totalWeight);
  const product = part.timeWeight === null ? null : new Decimal(part.quantity).times(part.timeWeight);
  // With occupant periods the person-days are a sum over days, not persons × days.
  const isProduct = product !== null && product.minus(part.weight).abs().lessThan("0.001");
  switch (part.basis) {
    case "area":
      return `${formatQuantity(part.quantity, 2)} m²${timeText(part, heating)} = ${weight} von insgesamt ${total}`;
    case "persons":
      return isProduct
        ? `${formatQuantity(part.quantity)} ${part.quantity === 1 ? "Person" : "Personen"}${timeText(part, heating)} = ${weight} von insgesamt ${total}`
        : `${weight} Personentage von insgesamt ${total}`;
    case "units":
      return `1 Wohneinheit${timeText(part, heating)} = ${weight} von insgesamt ${total}`;
    case "consumption": {
      const unit = meter ? METER_LABELS[meter].unit : "";
      return `Ihr Verbrauch ${formatQuantity(part.quantity)} ${unit} von insgesamt ${total} ${unit}`.replace(/\s+/g, " ").trim();
    }
  }
}

/** One step per part: the part's base amount × your figure / the total figure. */
export function explainShare(item: ItemSummary, parts: readonly AllocationPart[]): ShareStep[] {
  const heating = item.costType === HEATING_COST_TYPE;
  return parts.map((part) => {
    const base = new Decimal(item.distributed).times(part.percent).dividedBy(100);
    return {
      label: basisLabel(part, item.key),
      computation: computationText(part, heating, item.meter),
      amount: `${formatExactEuro(base)} × ${formatQuantity(part.weight)} / ${formatQuantity(part.totalWeight)} = ${formatExactEuro(part.exactAmount)}`,
    };
  });
}

/** The fraction of an item a line bears (Σ percent × weight / total weight), for the labour share. */
export function lineFraction(parts: readonly AllocationPart[]): Decimal {
  return parts.reduce(
    (sum, part) => (part.totalWeight === 0 ? sum : sum.plus(new Decimal(part.percent).dividedBy(100).times(part.weight).dividedBy(part.totalWeight))),
    new Decimal(0),
  );
}
