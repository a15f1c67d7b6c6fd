import type { AnnualInformation, AnnualPeriodConsumption } from "@nk/engine";
import { FUEL_LABELS, formatCalendarDateDe, formatDecimalTextDe, formatEuroDe } from "@nk/contract";

// Issue 24, item 12 (decision 1160, docs/calculation/17-jahresinformation-6a.md): the § 6a (3)
// HeizkV annual information in words. Formats the engine's computeAnnualInformation only.

/** A row: label, the building's figure, and this tenancy's (empty where there is none). */
type AnnualRow = [label: string, value: string, yours?: string];

interface LetterAnnualBar {
  label: string;
  value: string;
  /** Length in percent of the longest bar (the engine's). */
  lengthPercent: number;
  isYours: boolean;
}

export interface LetterAnnualInformation {
  /** § 6a (3) Nr. 4 and 5: the tenancy's consumption, the previous period and the average user. */
  consumptionRows: AnnualRow[];
  /** The chart of the comparison; null without the tenancy's consumption. */
  chart: { title: string; bars: LetterAnnualBar[] } | null;
  /** How the figures came about (weather correction, kWh conversion, average user), in sentences. */
  comparisonNotes: string[];
  /** § 6a (3) Nr. 1 a: the energy mix; for district heating emissions and primary energy factor. */
  energyRows: AnnualRow[];
  /** § 6a (3) Nr. 1 b and c: taxes and levies, fees for metering, reading and billing (building and yours). */
  costRows: AnnualRow[];
  /** § 6a (3) Nr. 2: consumer organisations and energy agencies. */
  advice: string[];
  /** § 6a (3) Nr. 3: consumer dispute settlement. */
  disputeSettlement: string;
}

const ADVICE = [
  "Verbraucherzentrale Energieberatung: www.verbraucherzentrale-energieberatung.de, Telefon 0800 809 802 400 (kostenfrei)",
  "Deutsche Energie-Agentur (dena): www.dena.de",
  "Bundesamt für Wirtschaft und Ausfuhrkontrolle (BAFA), Energieberatung für Wohngebäude: www.bafa.de",
  "Heizspiegel mit Vergleichswerten für Heizenergie (co2online): www.heizspiegel.de",
];

const DISPUTE_SETTLEMENT =
  "Verbraucher können zur Beilegung einer Streitigkeit ein Verfahren bei einer Verbraucherschlichtungsstelle nach dem Verbraucherstreitbeilegungsgesetz (VSBG) beantragen, " +
  "z. B. bei der Universalschlichtungsstelle des Bundes, Zentrum für Schlichtung e. V., Straßburger Straße 8, 77694 Kehl am Rhein, www.verbraucher-schlichter.de. " +
  "Die Teilnahme an einem solchen Verfahren ist für den Vermieter freiwillig.";

const UNITS = "Einheiten";

function carrierLabel(carrier: string): string {
  return Object.hasOwn(FUEL_LABELS, carrier)
    ? FUEL_LABELS[carrier as keyof typeof FUEL_LABELS]
    : carrier;
}

function span(consumption: AnnualPeriodConsumption): string {
  return `${formatCalendarDateDe(consumption.from)}–${formatCalendarDateDe(consumption.to)}`;
}

function amount(consumption: AnnualPeriodConsumption, isWeatherCorrected: boolean): string {
  const units = `${formatDecimalTextDe(isWeatherCorrected ? consumption.weatherCorrected : consumption.value, 2)} ${UNITS}`;
  const kwh = isWeatherCorrected ? consumption.weatherCorrectedKwh : consumption.kwh;
  return kwh === null ? units : `${formatDecimalTextDe(kwh)} kWh (${units})`;
}

function methodNote(consumption: AnnualPeriodConsumption): string {
  const method =
    consumption.method === "measured"
      ? "abgelesen"
      : consumption.method === "apportioned"
        ? "anteilig nach Gradtagszahlen (§ 9b Abs. 3 HeizkV)"
        : "teils gemessen, teils anteilig nach Gradtagszahlen";
  return consumption.isEstimated ? `${method}, geschätzt (§ 9a HeizkV)` : method;
}

/** Formats the engine's annual information for the letter. */
export function formatAnnualInformation(info: AnnualInformation): LetterAnnualInformation {
  const consumptionRows: AnnualRow[] = [];
  const notes: string[] = [];
  const { current, previous } = info;
  if (current) {
    consumptionRows.push([
      `Ihr Heizverbrauch ${span(current)} (${current.days} Tage, ${methodNote(current)})`,
      amount(current, false),
    ]);
    if (current.isWeatherCorrected)
      consumptionRows.push([
        `witterungsbereinigt (Klimafaktor ${formatDecimalTextDe(current.climateFactor)})`,
        amount(current, true),
      ]);
  } else {
    consumptionRows.push(["Ihr Heizverbrauch", "nicht erfasst"]);
  }
  if (previous) {
    consumptionRows.push([
      `Ihr Heizverbrauch im Vorzeitraum ${span(previous)} (${previous.days} Tage)`,
      amount(previous, false),
    ]);
    if (previous.isWeatherCorrected)
      consumptionRows.push([
        `witterungsbereinigt (Klimafaktor ${formatDecimalTextDe(previous.climateFactor)})`,
        amount(previous, true),
      ]);
  } else {
    const why = {
      noPreviousPeriod: "keine Abrechnung des Vorzeitraums vorhanden",
      notTenantThen: "Sie wohnten im Vorzeitraum nicht in der Wohnung",
      noValue: "kein Verbrauchswert vorhanden",
      none: "",
    }[info.previousMissing ?? "none"];
    consumptionRows.push(["Ihr Heizverbrauch im Vorzeitraum", why || "nicht vorhanden"]);
  }
  if (info.changePercent !== null) {
    const sign = info.changePercent.startsWith("-") ? "−" : "+";
    consumptionRows.push([
      "Veränderung je Tag gegenüber dem Vorzeitraum (witterungsbereinigt)",
      `${sign}${formatDecimalTextDe(info.changePercent.replace(/^-/, ""), 1)} %`,
    ]);
  }
  if (info.averageUser) {
    const average = info.averageUser;
    consumptionRows.push([
      `Durchschnitt des Gebäudes je m² Wohnfläche`,
      `${formatDecimalTextDe(average.perM2, 2)} ${UNITS}/m²`,
    ]);
    const value =
      average.kwh === null
        ? `${formatDecimalTextDe(average.value, 2)} ${UNITS}`
        : `${formatDecimalTextDe(average.kwh)} kWh (${formatDecimalTextDe(average.value, 2)} ${UNITS})`;
    consumptionRows.push(["Durchschnittsnutzer mit Ihrer Wohnfläche im gleichen Zeitraum", value]);
    if (average.yourPercent !== null)
      consumptionRows.push([
        "Ihr Verbrauch im Verhältnis zum Durchschnittsnutzer",
        `${average.yourPercent} %`,
      ]);
    notes.push(
      "Der Durchschnittsnutzer verbraucht je m² so viel wie der Durchschnitt aller Wohnungen des Gebäudes, bei Ihrer Wohnfläche und Ihrem Anteil am Zeitraum nach Gradtagszahlen (§ 6a Abs. 3 Nr. 5 HeizkV).",
    );
  }
  if (info.kwhPerUnit !== null && info.heatingEnergyKwh !== null) {
    const source =
      info.heatingEnergySource === "heizkv9Split"
        ? "Heizenergie nach der Aufteilung nach § 9 HeizkV"
        : "Energie laut Brennstoffrechnung";
    notes.push(
      `kWh: ${source} ${formatDecimalTextDe(info.heatingEnergyKwh)} kWh / Einheiten aller Wohnungen = ${formatDecimalTextDe(info.kwhPerUnit)} kWh je Einheit.`,
    );
  }
  if (current?.isWeatherCorrected || previous?.isWeatherCorrected) {
    notes.push(
      "Witterungsbereinigt: Verbrauch × Klimafaktor des Deutschen Wetterdienstes für den Standort und den Zeitraum (§ 6a Abs. 3 Nr. 4 HeizkV).",
    );
  } else if (current) {
    notes.push(
      "Für den Zeitraum ist kein Klimafaktor angegeben: Die Werte sind nicht witterungsbereinigt.",
    );
  }

  const chartUnit = info.chart?.unit === "kWh" ? "kWh" : UNITS;
  const chartLabels = {
    previous: previous ? `Vorzeitraum ${span(previous)}` : "Vorzeitraum",
    current: current ? `Ihr Verbrauch ${span(current)}` : "Ihr Verbrauch",
    averageUser: "Durchschnittsnutzer, gleiche Fläche und Zeit",
  };
  const chart = info.chart
    ? {
        title: `Vergleich${current?.isWeatherCorrected ? ", witterungsbereinigt" : ""} (${chartUnit})`,
        bars: info.chart.bars.map((bar) => ({
          label: chartLabels[bar.kind],
          value: `${formatDecimalTextDe(bar.value, info.chart?.unit === "kWh" ? 0 : 2)} ${chartUnit}`,
          lengthPercent: bar.lengthPercent,
          isYours: bar.kind === "current",
        })),
      }
    : null;

  const energyRows: AnnualRow[] = info.energyMix.map((share) => [
    `Energieträger: ${carrierLabel(share.carrier)}${info.energyMixSource === "supplier" ? " (laut Versorger)" : ""}`,
    `${formatDecimalTextDe(share.percent, 2)} %`,
  ]);
  if (energyRows.length === 0)
    energyRows.push(["Eingesetzte Energieträger", "laut Rechnung des Versorgers"]);
  if (info.districtHeating) {
    const district = info.districtHeating;
    if (district.emissionFactor)
      energyRows.push([
        "Treibhausgasemissionen der Fernwärme je kWh",
        `${formatDecimalTextDe(district.emissionFactor)} kg CO₂/kWh`,
      ]);
    if (district.emissionsKg)
      energyRows.push([
        "Treibhausgasemissionen des Gebäudes im Zeitraum",
        `${formatDecimalTextDe(district.emissionsKg, 2)} kg CO₂`,
      ]);
    energyRows.push([
      "Primärenergiefaktor des Wärmenetzes",
      district.primaryEnergyFactor
        ? formatDecimalTextDe(district.primaryEnergyFactor)
        : "vom Versorger nicht angegeben",
    ]);
  }

  const costRows: AnnualRow[] = [...info.levies, ...info.fees].map((line) => [
    line.label,
    formatEuroDe(line.amount),
    line.yourShare === null ? "" : formatEuroDe(line.yourShare),
  ]);
  return {
    consumptionRows,
    chart,
    comparisonNotes: notes,
    energyRows,
    costRows,
    advice: [...ADVICE],
    disputeSettlement: DISPUTE_SETTLEMENT,
  };
}
