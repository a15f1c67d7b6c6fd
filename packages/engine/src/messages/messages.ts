/**
 * Every German text the engine returns. Where the specification (docs/rules/statements.md#statement-checks, docs/rules/statements.md#statement-messages)
 * or docs/rules/ quote a text, it is used word for word; the others follow their style.
 * Errors block the calculation; warnings and notes accompany a result.
 */

// Percentages and quantities print the German way: 72,5 rather than 72.5.
function formatGermanNumber(value: number | string): string {
  return String(value).replace(".", ",");
}

// "2024-06-30" as "30.06.2024".
function formatGermanDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

// "1234.5" as "1.234,50".
function formatGermanMoney(text: string): string {
  const [whole = "0", fraction = ""] = text.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${fraction.padEnd(2, "0")}`;
}

/** Builders of the German messages, grouped by where they arise. */
export const MESSAGES = Object.freeze({
  // Input that is not JSON or not of the contract's shape (names the field).
  invalidJson: (detail?: string): string =>
    detail ? `Eingabe ist kein gültiges JSON: ${detail}` : "Eingabe ist kein gültiges JSON",
  inputNotObject: (): string => "Eingabe muss ein JSON-Objekt sein",
  fieldMissing: (path: string): string => `Feld "${path}" fehlt`,
  fieldNotObject: (path: string): string => `Feld "${path}" muss ein Objekt sein`,
  fieldNotList: (path: string): string => `Feld "${path}" muss eine Liste sein`,
  fieldNotText: (path: string): string => `Feld "${path}" muss ein Text sein`,
  fieldEmptyText: (path: string): string => `Feld "${path}" darf nicht leer sein`,
  fieldNotNumber: (path: string): string => `Feld "${path}" muss eine Zahl sein`,
  fieldNegative: (path: string): string => `Feld "${path}" darf nicht negativ sein`,
  fieldNotPositive: (path: string): string => `Feld "${path}" muss größer als 0 sein`,
  fieldNotPercent: (path: string): string => `Feld "${path}" muss zwischen 0 und 100 liegen`,
  fieldNotBoolean: (path: string): string => `Feld "${path}" muss true oder false sein`,
  fieldNotDate: (path: string): string => `Feld "${path}" muss ein Datum im Format JJJJ-MM-TT sein`,
  fieldNotMoney: (path: string): string =>
    `Feld "${path}" muss ein Geldbetrag als Text mit höchstens zwei Nachkommastellen sein, z. B. "1234.56"`,
  fieldNotOneOf: (path: string, allowed: readonly string[]): string =>
    `Feld "${path}" muss einer dieser Werte sein: ${allowed.join(", ")}`,
  fieldTooLarge: (path: string): string => `Feld "${path}" ist zu groß`,
  fieldInvalidStartDate: (path: string): string => `Feld "${path}": Ungültiges Startdatum`,
  fieldInvalidEndDate: (path: string): string => `Feld "${path}": Ungültiges Enddatum`,
  duplicateId: (path: string, id: string): string =>
    `Feld "${path}": Kennung "${id}" kommt mehrfach vor`,
  unknownUnit: (path: string, unitId: string): string =>
    `Feld "${path}" verweist auf unbekannte Wohneinheit "${unitId}"`,
  unknownTenancy: (path: string, tenancyId: string): string =>
    `Feld "${path}" verweist auf unbekanntes Mietverhältnis "${tenancyId}"`,
  tenancyOfOtherUnit: (path: string, tenancyId: string, unitId: string): string =>
    `Feld "${path}": Mietverhältnis "${tenancyId}" gehört nicht zur Wohneinheit "${unitId}"`,

  // Billing period (§ 556 (3) BGB: statements are annual).
  periodEndBeforeStart: (): string => "Abrechnungszeitraum: Das Ende liegt vor dem Beginn",
  periodLongerThanYear: (): string =>
    "Abrechnungszeitraum darf höchstens ein Jahr umfassen (§ 556 Abs. 3 BGB)",

  // Statement data checks (docs/rules/statements.md#statement-checks), word for word.
  noUnits: (): string => "Keine Wohneinheiten gefunden",
  totalAreaNotPositive: (): string => "Gesamtwohnfläche ist 0 oder negativ",
  totalCostsNotPositive: (): string => "Gesamtkosten sind 0 oder negativ",
  heizkvViolation: (percent: number | string): string =>
    `HeizkV-Verstoß: Verbrauchsanteil ${formatGermanNumber(percent)}% liegt außerhalb 50-70%`,
  efficiencyClassMissing: (): string =>
    "Effizienzklasse nicht angegeben - CO₂-Aufteilung verwendet Standardwert",

  // Distribution by key (docs/rules/statements.md#statement-checks, docs/rules/statements.md#statement-messages), word for word.
  keyMissing: (costType: string): string => `Verteilungsschlüssel fehlt für Kostenart ${costType}`,
  keyUnknown: (key: string): string => `Unbekannter Verteilerschlüssel: ${key}`,
  // Issue 27: each names the cost item (a statement has many; "which one?" cost a search).
  areaBasisMissing: (costType: string): string =>
    `${costType}: Flächenbasierte Verteilung nicht möglich: Wohnflächen fehlen oder sind 0.`,
  personsBasisMissing: (costType: string): string =>
    `${costType}: Personenbasierte Verteilung nicht möglich: Personenanzahlen fehlen oder sind 0.`,
  unitsBasisMissing: (costType: string): string =>
    `${costType}: Einheitenbasierte Verteilung nicht möglich: Keine Einheiten vorhanden.`,
  consumptionBasisMissing: (costType: string, meterLabel: string): string =>
    `${costType}: Verbrauchsverteilung nicht möglich: Verbrauchsdaten fehlen oder sind 0 (Zählerart ${meterLabel}). Erfassen Sie die Zählerstände oder verteilen Sie die Position nach Fläche.`,
  heizkvConsumptionMissing: (costType: string, meterLabel: string): string =>
    `${costType}: HeizkV-Verteilung nicht möglich: Verbrauchsdaten fehlen oder sind 0 (Zählerart ${meterLabel}). Erfassen Sie die Zählerstände der Wohnungen.`,
  consumptionShareOutOfRange: (percent: number | string): string =>
    `Verbrauchsanteil ${formatGermanNumber(percent)}% muss zwischen 0 und 100 liegen`,
  meterMissing: (path: string, costType: string): string =>
    `Feld "${path}" fehlt: Kostenart ${costType} wird nach Verbrauch verteilt und braucht eine Zählerart`,
  // Contract v1.4, key "direct" (docs/calculation/15-direkter-schluessel.md).
  directSumMismatch: (costType: string, sum: string, amount: string): string =>
    `${costType}: Die direkten Beträge ergeben mit dem Leerstand ${formatGermanMoney(sum)} €, der Gesamtbetrag ist ${formatGermanMoney(amount)} €. Bitte die Beträge so eintragen, dass sie den Gesamtbetrag ergeben.`,
  directAmountsWithoutDirectKey: (costType: string): string =>
    `${costType}: Beträge je Mietverhältnis gibt es nur beim Schlüssel „Direkt je Mietverhältnis“.`,
  directTenancyUnknown: (costType: string, tenancyId: string): string =>
    `${costType}: Das Mietverhältnis ${tenancyId} hat keine Tage in diesem Zeitraum oder nimmt an der Position nicht teil.`,
  directTenancyTwice: (costType: string, tenancyId: string): string =>
    `${costType}: Für das Mietverhältnis ${tenancyId} ist zweimal ein Betrag angegeben.`,
  directAmountNegative: (costType: string): string =>
    `${costType}: Direkte Beträge dürfen nicht negativ sein.`,
  directVacancyWithoutVacancy: (costType: string): string =>
    `${costType}: Für den Leerstand ist ein Betrag angegeben, aber in diesem Zeitraum steht keine Wohnung der Position leer.`,
  directLaborAboveAmount: (costType: string, tenancyId: string): string =>
    `${costType}: Der Lohnanteil des Mietverhältnisses ${tenancyId} ist höher als sein Betrag.`,
  directLaborMismatch: (costType: string): string =>
    `${costType}: Der Lohnanteil der Position muss die Summe der Lohnanteile je Mietverhältnis sein.`,
  directNotWithLimits: (costType: string): string =>
    `${costType}: Beim Schlüssel „Direkt je Mietverhältnis“ sind die Beträge schon verteilt: keine Kürzung nach § 12 HeizKV und kein letzter umlagefähiger Tag.`,
  calculationFailed: (): string => "Fehler bei der Berechnung",
  noDistribution: (): string => "Keine Kostenverteilung ermittelt – bitte Eingaben prüfen.",

  // Tenancies.
  tenancyEndBeforeStart: (path: string): string =>
    `Feld "${path}": Das Mietende liegt vor dem Mietbeginn`,
  tenanciesOverlap: (firstId: string, secondId: string, unitId: string): string =>
    `Mietverhältnisse "${firstId}" und "${secondId}" der Wohneinheit "${unitId}" überschneiden sich`,
  intermediateReadingsExceedUnit: (unitId: string, meter: string): string =>
    `Zwischenablesungen der Wohneinheit "${unitId}" (${meter}) übersteigen deren Gesamtverbrauch; für die übrigen Zeiträume zählt 0`,
  // Occupant periods (contract v1.1; the overlap text word for word).
  occupantPeriodsOverlap: (tenancyId: string): string =>
    `Belegungszeiträume des Mietverhältnisses "${tenancyId}" überschneiden sich`,
  occupantEndBeforeStart: (path: string): string =>
    `Feld "${path}": Das Ende des Belegungszeitraums liegt vor dessen Beginn`,
  // Meter readings (issue 24).
  fieldNotQuantityText: (path: string): string =>
    `Feld "${path}" muss eine Dezimalzahl als Text sein (z. B. "1234.567")`,
  duplicateMeter: (path: string, meterId: string): string =>
    `Feld "${path}": Zähler "${meterId}" ist doppelt angegeben`,
  meterEndBeforeStart: (path: string): string =>
    `Feld "${path}": Der Endstand liegt vor dem Anfangsstand (Datum oder Wert)`,
  readingsAndValueForUnit: (path: string, unitId: string, meter: string): string =>
    `Feld "${path}": Für Wohneinheit "${unitId}" (${meter}) sind sowohl Zählerstände als auch ein Verbrauchswert angegeben`,
  boundaryReadingIgnored: (meterId: string, date: string): string =>
    `Zwischenablesung des Zählers "${meterId}" vom ${date} passt nicht zwischen Anfangs- und Endstand und wird nicht verwendet; der Verbrauch wird dort nach Gradtagszahlen bzw. Tagen aufgeteilt`,
  readingOutsidePeriod: (path: string, tenancyId: string): string =>
    `Feld "${path}": Mietverhältnis "${tenancyId}" liegt außerhalb des Abrechnungszeitraums; der Wert wird nicht berücksichtigt`,

  // Labour part for § 35a EStG (contract v1.1), word for word.
  laborCostsOutOfRange: (costType: string): string =>
    `Lohnanteil von ${costType} liegt nicht zwischen 0 und dem Betrag`,

  // Prepayments (docs/rules/statements.md#statement-checks), word for word.
  prepaymentNotPositive: (): string => "Vorauszahlungsbetrag muss größer als 0 sein",
  prepaymentUnusuallyHigh: (): string =>
    "Vorauszahlungsbetrag erscheint ungewöhnlich hoch (> 10.000 €)",
  invalidStartDate: (): string => "Ungültiges Startdatum",
  invalidEndDate: (): string => "Ungültiges Enddatum",
  endNotAfterStart: (): string => "Enddatum muss nach dem Startdatum liegen",
  prepaymentOverlap: (): string => "Vorauszahlung überschneidet sich mit bestehenden Zeiträumen",

  // CO2 (docs/rules/statements.md#statement-messages and docs/rules/co2.md#co2-split), word for word.
  co2NoHeatingCosts: (): string => "Keine Heiz-/Warmwasserkosten für CO2-Berechnung gefunden.",
  co2ConsumptionMissing: (): string =>
    "CO2-Berechnung nicht möglich: Verbrauch (kWh) für Heizung/Warmwasser fehlt.",
  co2AreaMissing: (): string => "CO2-Berechnung nicht möglich: Wohnfläche fehlt.",
  co2EfficiencyClassMissing: (): string =>
    "CO2-Berechnung nicht möglich: Effizienzklasse der Immobilie fehlt.",
  // Issue 24, item 8: from 2027 the law fixes no price; the user enters it (or the invoice's cost).
  co2PriceMissing: (years: readonly number[] = []): string =>
    years.length === 0
      ? "CO2-Preis für das Abrechnungsjahr fehlt"
      : `CO2-Preis für ${years.join(", ")} fehlt: Er ist gesetzlich nicht festgelegt. Bitte den CO2-Preis je Tonne oder die CO2-Kosten laut Rechnung des Lieferanten angeben.`,
  efficiencyClassMismatch: (): string => "Effizienzklasse weicht von der berechneten CO2-Stufe ab",
  // Issue 24: the § 12 (1) HeizkV cut up front and the last allocable day of a cost item.
  heizkvReductionNotApplicable: (costType: string): string =>
    `Die Kürzung um 15 % nach § 12 Abs. 1 HeizkV gilt nur für Heiz- und Warmwasserkosten, die nicht nach Verbrauch verteilt werden (${costType}).`,
  // Issue 30 (decision 1630): the 3 % cut where devices lack the required remote reading.
  heizkvRemoteReadingCutNotApplicable: (costType: string): string =>
    `Die Kürzung um 3 % nach § 12 Abs. 1 HeizkV gilt nur für Heiz- und Warmwasserkosten (${costType}).`,
  heizkvCutsCombined: (costType: string): string =>
    `Bitte für ${costType} nur eine Kürzung nach § 12 Abs. 1 HeizkV wählen: 15 % oder 3 %.`,
  allocableUntilBeforePeriod: (costType: string, lastDay: string): string =>
    `${costType} ist im Abrechnungszeitraum nicht umlagefähig (nur bis zum ${formatGermanDate(lastDay)}).`,
  allocableUntilNeedsTimedKey: (costType: string): string =>
    `${costType} ist nur bis zu einem Stichtag umlagefähig und kann deshalb nur nach Wohnfläche, Personen oder Wohneinheiten verteilt werden.`,
  co2LandlordShareExceedsCosts: (landlordCost: string): string =>
    `Der CO2-Anteil des Vermieters (${landlordCost} €) übersteigt die Heiz- und Warmwasserkosten`,

  // Notes printed on the statement (legal hints, not problems of the input).
  // § 12 (1) HeizkV, addressed to the tenant who reads the letter (issue 24, item 15).
  heizkvReductionRight: (costType: string): string =>
    `Die Kosten für ${costType} werden nicht nach Verbrauch verteilt. Sie dürfen Ihren Anteil daran deshalb um 15 % kürzen (§ 12 Abs. 1 HeizkV).`,
  heizkvReductionApplied: (costType: string): string =>
    `Die Kosten für ${costType} werden nicht nach Verbrauch verteilt. Ihr Anteil daran ist deshalb bereits um 15 % gekürzt (§ 12 Abs. 1 HeizkV); die Kürzung trägt der Vermieter.`,
  heizkvRemoteReadingRight: (costType: string): string =>
    `Die Geräte zur Verbrauchserfassung waren im Abrechnungszeitraum nicht wie vorgeschrieben fernablesbar (§ 5 HeizkV). Sie dürfen Ihren Anteil an ${costType} deshalb um 3 % kürzen (§ 12 Abs. 1 HeizkV).`,
  heizkvRemoteReadingCutApplied: (costType: string): string =>
    `Die Geräte zur Verbrauchserfassung waren im Abrechnungszeitraum nicht wie vorgeschrieben fernablesbar (§ 5 HeizkV). Ihr Anteil an ${costType} ist deshalb bereits um 3 % gekürzt (§ 12 Abs. 1 HeizkV); die Kürzung trägt der Vermieter.`,
  allocableUntilNote: (costType: string, lastDay: string): string =>
    `${costType} ist nur bis zum ${formatGermanDate(lastDay)} umlagefähig: Umgelegt wird der Anteil der Kosten für die Tage bis dahin, verteilt nach den Tagen bis dahin; die Kosten danach trägt der Vermieter.`,
  co2ReductionRight: (): string =>
    "Ohne Angaben zur CO2-Kostenaufteilung darf der Mieter seinen Anteil an den Heizkosten um 3 % kürzen (§ 7 Abs. 4 CO2KostAufG).",

  // Rate cost (docs/rules/statements.md#statement-messages, docs/rules/statements.md#statement-constants).
  rateTypeUnsupported: (tariffType: string): string =>
    `Tariftyp "${tariffType}" wird nicht unterstützt – es wird mit dem Standardtarif gerechnet.`,
  rateTiersMissing: (): string =>
    "Keine Tarifstufen hinterlegt – es wird mit dem Standardtarif gerechnet.",
  rateConsumptionNotInTiers: (quantity: number): string =>
    `Verbrauch von ${formatGermanNumber(quantity)} ist keiner Tarifstufe zugeordnet – er wird mit dem Arbeitspreis berechnet.`,
  rateCalculationFailed: (): string => "Fehler bei der tarifbasierten Berechnung.",

  // Consumption analysis and the § 9 HeizkV split.
  analysisNeedsMeasurements: (): string =>
    "Verbrauchsanalyse erfordert reale Messdaten und ist ohne vollständige Zählerstände nicht verfügbar.",
  fuelSplitEnergyMissing: (): string =>
    "§ 9 HeizkV: Die Gesamtenergie (kWh) muss größer als 0 sein.",
  fuelSplitHotWaterExceedsTotal: (): string =>
    "§ 9 HeizkV: Die Wärmemenge für Warmwasser ist größer als die gesamte Energie – bitte Eingaben prüfen.",
  // Issue 24, item 6: the heating cost sheet.
  heatingSheetClosingAboveStock: (): string =>
    "Heizkostenaufstellung: Der Endbestand ist größer als Anfangsbestand und Zukäufe zusammen – bitte Mengen prüfen.",
  heatingSheetItemMismatch: (costType: string, expected: string, actual: string): string =>
    `Heizkostenaufstellung: ${costType} muss ${formatGermanMoney(expected)} € betragen (laut Aufstellung), eingegeben sind ${formatGermanMoney(actual)} €. Bitte die Beträge aus der Aufstellung übernehmen.`,
  heatingSheetHotWaterItemMissing: (): string =>
    "Heizkostenaufstellung: Die Anlage erzeugt auch Warmwasser (§ 9 HeizkV) – bitte eine Position Warmwasser anlegen.",
  fuelSplitBasisMissing: (): string =>
    "§ 9 HeizkV: Warmwasservolumen oder Wohnfläche mit Warmwasser muss angegeben werden.",
});

export type MessageBuilders = typeof MESSAGES;
