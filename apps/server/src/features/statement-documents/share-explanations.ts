import {
  DISTRIBUTION_KEY_LABELS,
  HEATING_COST_TYPE,
  isWeightProduct,
  type AllocationPart,
  type DistributionKey,
  type ItemSummary,
  type LineConsumption,
  type ItemMeter,
  type MoneyString,
  type OccupancyStretch,
} from "@nk/engine";
import { formatEuroDe, formatQuantityDe } from "@nk/contract";
import type { ShareStep } from "./letter-model.ts";

// The distribution keys named and explained in words, and the tenant's share computed step by
// step from the engine's basis (the allocation's parts): the second and third of the four
// contents the courts require for a formally valid statement (BGH VIII ZR 93/07; docs/rules/statements.md#letter-contents).

export const METER_LABELS: Readonly<Record<ItemMeter, { name: string; unit: string }>> = {
  heating: { name: "Heizung (Heizkostenverteiler/Wärmezähler)", unit: "Einheiten" },
  warmwater: { name: "Warmwasserzähler", unit: "m³" },
  coldwater: { name: "Kaltwasserzähler", unit: "m³" },
  electricity: { name: "Stromzähler", unit: "kWh" },
  gas: { name: "Gaszähler", unit: "m³" },
  // Issue 24, item 9.
  water: { name: "Wasser gesamt (Kalt- und Warmwasserzähler)", unit: "m³" },
};

/** A number for reading: up to `decimals` places, de-DE grouping ('22.812,5'). */
export const formatQuantity = formatQuantityDe;

export function keyLabel(key: DistributionKey): string {
  return DISTRIBUTION_KEY_LABELS[key];
}

/** "1 Person", "3 Personen", "2,5 Personen". */
export function formatPersons(persons: number): string {
  return `${formatQuantity(persons, 2)} ${persons === 1 ? "Person" : "Personen"}`;
}

/**
 * Issue 24, item 13: who lived in the flat, from the occupant periods: "4 Personen", or
 * "3 Personen bis 14.09.2024, 4 Personen ab 15.09.2024".
 */
export function describeOccupancy(
  occupancy: readonly OccupancyStretch[],
  formatDate: (date: string) => string,
): string {
  if (occupancy.length === 1) return formatPersons(occupancy[0]!.persons);
  return occupancy
    .map((stretch, index) =>
      index === 0
        ? `${formatPersons(stretch.persons)} bis ${formatDate(stretch.to)}`
        : index === occupancy.length - 1
          ? `${formatPersons(stretch.persons)} ab ${formatDate(stretch.from)}`
          : `${formatPersons(stretch.persons)} vom ${formatDate(stretch.from)} bis ${formatDate(stretch.to)}`,
    )
    .join(", ");
}

/** What the step of one line needs beyond its parts (issue 24): its persons and its consumption. */
export interface StepContext {
  occupancy?: readonly OccupancyStretch[] | undefined;
  /** The line's consumption of the item's meter kind. */
  consumption?: LineConsumption | undefined;
}

export function explainKey(
  item: ItemSummary,
  excludedUnitNames: string[],
  vacancyPersons = 0,
): string {
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
      // Decision 1140: a vacant flat counts one person; the landlord bears its share.
      text =
        vacancyPersons > 0
          ? `Verteilung nach Personen: Gezählt werden die Bewohner an jedem Tag des Zeitraums (Personentage); eine leerstehende Wohnung zählt mit ${formatPersons(vacancyPersons)}, deren Anteil der Vermieter trägt.`
          : "Verteilung nach Personen: Gezählt werden die Bewohner an jedem Tag des Zeitraums (Personentage); Tage ohne Mieter zählen mit 0 Personen.";
      if (heating) text += ` ${time}`;
      break;
    case "units":
      text = `Verteilung nach Wohneinheiten: Jede beteiligte Wohnung trägt den gleichen Teil. ${time}`;
      break;
    case "consumption":
      // Issue 24: a tenancy's consumption may be apportioned (§ 9b (3) HeizkV), so not "gemessen".
      text = `Verteilung nach Verbrauch: Ihr Anteil ist Ihr Verbrauch (${meter}) im Verhältnis zum Verbrauch aller beteiligten Wohnungen; wo für Ihren Zeitraum keine eigene Ablesung vorliegt, ist er nach § 9b Abs. 3 HeizkV anteilig ermittelt.`;
      break;
    case "mixed": {
      const consumptionShare = item.consumptionShare ?? 70;
      text =
        `Verteilung zu ${100 - consumptionShare} % als Grundkosten nach Wohnfläche und zu ${consumptionShare} % nach dem erfassten Verbrauch (${meter}), ` +
        `wie es §§ 7 und 8 HeizkV vorschreiben (Verbrauchsanteil 50 bis 70 %). ${time}`;
      break;
    }
    case "direct":
      // Decision 1403: the amounts are the tenancies' own (metering company's result, own invoice).
      text =
        "Direkt je Mietverhältnis: Ihr Anteil ist der Betrag, der für Ihre Wohnung und Ihren Zeitraum einzeln ermittelt wurde (etwa die Abrechnung des Messdienstes nach Verbrauch); " +
        "die Beträge aller Mietverhältnisse und des Leerstands ergeben zusammen die Gesamtkosten, den Leerstand trägt der Vermieter.";
      break;
  }
  if (excludedUnitNames.length > 0) text += ` Nicht beteiligt: ${excludedUnitNames.join(", ")}.`;
  return text;
}

function basisLabel(part: AllocationPart, key: DistributionKey): string {
  const names = {
    area: "Wohnfläche",
    persons: "Personen",
    units: "Wohneinheiten",
    consumption: "Verbrauch",
    direct: "Direkter Betrag",
  } as const;
  if (key === "mixed") {
    return part.basis === "consumption"
      ? `Verbrauchskosten (${part.percent} %)`
      : `Grundkosten nach ${names[part.basis]} (${part.percent} %)`;
  }
  return part.percent === 100 ? names[part.basis] : `${names[part.basis]} (${part.percent} %)`;
}

function timeText(part: AllocationPart, heating: boolean): string {
  if (part.timeWeight === null) return "";
  return heating
    ? ` × ${formatQuantity(part.timeWeight)} ‰ Gradtagsanteil`
    : ` × ${formatQuantity(part.timeWeight, 0)} Tage`;
}

/** Issue 24, item 13: "3 Personen × 258 Tage + 4 Personen × 108 Tage" from the engine's stretches. */
function personBreakdown(occupancy: readonly OccupancyStretch[], heating: boolean): string {
  return occupancy
    .map(
      (stretch) =>
        `${formatPersons(stretch.persons)} × ${heating ? `${formatQuantity(stretch.degreeDayPerMille)} ‰ Gradtagsanteil` : `${formatQuantity(stretch.days, 0)} Tage`}`,
    )
    .join(" + ");
}

/** Issue 24, items 3 and 13: how the line's consumption came about. */
function consumptionNote(consumption: LineConsumption | undefined): string {
  if (!consumption) return "";
  const notes: string[] = [];
  if (consumption.method !== "measured") {
    const by = consumption.apportionedBy === "degreeDays" ? "Gradtagszahlen" : "Tagen";
    notes.push(
      consumption.method === "partlyApportioned"
        ? `teils anteilig nach ${by}, § 9b Abs. 3 HeizkV`
        : `anteilig nach ${by}, § 9b Abs. 3 HeizkV`,
    );
  }
  if (consumption.isEstimated) notes.push("geschätzt, § 9a HeizkV");
  return notes.length > 0 ? ` (${notes.join("; ")})` : "";
}

function computationText(
  part: AllocationPart,
  heating: boolean,
  meter: ItemMeter | null,
  context: StepContext,
): string {
  const weight = formatQuantity(part.weight);
  const total = formatQuantity(part.totalWeight);
  // With occupant periods the person-days are a sum over days, not persons × days (the engine tells).
  const isProduct = isWeightProduct(part);
  switch (part.basis) {
    case "area":
      return `${formatQuantity(part.quantity, 2)} m²${timeText(part, heating)} = ${weight} von insgesamt ${total}`;
    case "persons": {
      // Issue 24: the persons of each stretch from the occupant periods, never an average × days.
      const occupancy = context.occupancy ?? [];
      if (occupancy.length > 1 || (!isProduct && occupancy.length > 0)) {
        return `${personBreakdown(occupancy, heating)} = ${weight} ${heating ? "Personen-Gradtagsanteile" : "Personentage"} von insgesamt ${total}`;
      }
      if (!isProduct) return `${weight} Personentage von insgesamt ${total}`;
      return `${formatPersons(part.quantity)}${timeText(part, heating)} = ${weight}${heating ? "" : " Personentage"} von insgesamt ${total}`;
    }
    case "units":
      return `1 Wohneinheit${timeText(part, heating)} = ${weight} von insgesamt ${total}`;
    case "consumption": {
      const unit = meter ? METER_LABELS[meter].unit : "";
      return `Ihr Verbrauch ${formatQuantity(part.quantity)} ${unit}${consumptionNote(context.consumption)} von insgesamt ${total} ${unit}`
        .replace(/\s+/g, " ")
        .trim();
    }
    case "direct":
      return `Ihr Betrag ${formatEuroDe(String(part.quantity))} von insgesamt ${formatEuroDe(String(part.totalWeight))}`;
  }
}

/**
 * One step per part: the part's base amount × your figure / the total figure = the part's
 * result. Base amounts and results are the engine's (contract v1.2): the results with the
 * shares' rounding, so that the steps add up to the share printed beside them.
 */
export function explainShare(
  item: ItemSummary,
  parts: readonly AllocationPart[],
  bases: readonly MoneyString[],
  results: readonly MoneyString[],
  context: StepContext = {},
): ShareStep[] {
  const heating = item.costType === HEATING_COST_TYPE;
  return parts.map((part, index) => ({
    label: basisLabel(part, item.key),
    computation: computationText(part, heating, item.meter, context),
    amount: `${formatEuroDe(bases[index] ?? "0")} × ${formatQuantity(part.weight)} / ${formatQuantity(part.totalWeight)} = ${formatEuroDe(results[index] ?? "0")}`,
  }));
}
