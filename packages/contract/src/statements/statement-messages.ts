// German texts of the statement workflow: docs/rules/statements.md#wizard, docs/rules/statements.md#statement-messages, docs/rules/heating.md#heizkv, docs/rules/statement-inputs.md#assembly, docs/rules/statements.md#saved-runs.

export const STATEMENT_MESSAGES = {
  billingPeriodRequired: "Bitte wählen Sie einen Abrechnungszeitraum aus.",
  billingPeriodNotFound: "Abrechnungsperiode nicht gefunden",
  statementNotFound: "Abrechnung nicht gefunden",
  propertyNotFound: "Immobilie nicht gefunden",
  costTypeRequired: "Bitte wählen Sie zuerst eine Kostenart aus.",
  costTypeTooLong: "Die Kostenart darf höchstens 100 Zeichen lang sein.",
  keyInvalid: "Bitte wählen Sie einen gültigen Verteilerschlüssel aus.",
  amountRequired: "Bitte geben Sie einen Betrag ein.",
  amountNotANumber: "Der Betrag muss eine Zahl sein.",
  amountNegative: "Der Betrag darf nicht negativ sein.",
  amountTooManyDecimals: "Der Betrag darf höchstens zwei Nachkommastellen haben.",
  amountTooLarge: "Der Betrag ist zu groß.",
  consumptionShareRange: "Der Verbrauchsanteil muss zwischen 0 und 100 % liegen.",
  meterInvalid: "Bitte wählen Sie eine gültige Zählerart aus.",
  unitInvalid: "Wohneinheit nicht gefunden",
  energySourceInvalid: "Bitte wählen Sie einen gültigen Energieträger aus.",
  laborCostsNotANumber: "Der Lohnanteil muss eine Zahl sein.",
  laborCostsNegative: "Der Lohnanteil darf nicht negativ sein.",
  laborCostsTooManyDecimals: "Der Lohnanteil darf höchstens zwei Nachkommastellen haben.",
  laborCostsTooLarge: "Der Lohnanteil ist zu groß.",
  laborCostsAboveAmount: "Der Lohnanteil darf den Betrag nicht übersteigen.",
  taxCategoryInvalid: "Bitte wählen Sie eine gültige Kategorie nach § 35a EStG aus.",
  heizkvRemoteReadingCutInvalid:
    "Bitte geben Sie an, ob die Kürzung um 3 % nach § 12 HeizkV abgezogen werden soll.",
  heizkvReductionInvalid:
    "Bitte geben Sie an, ob die Kürzung nach § 12 HeizkV abgezogen werden soll.",
  modeInvalid: "Bitte wählen Sie manuell oder tarifbasiert.",
  rateRequired: "Bitte wählen Sie einen Tarif aus.",
  rateModeNotAllowed:
    "Tarifbasierte Berechnung ist nur für verbrauchsabhängige Kostenarten möglich.",
  rateNotFound: "Tarif nicht gefunden",
  rateConsumptionRequired: "Bitte geben Sie einen Verbrauch größer als 0 ein.",
  consumptionNotANumber: "Der Verbrauch muss eine Zahl sein.",
  consumptionNegative: "Der Verbrauch darf nicht negativ sein.",
  consumptionTooManyDecimals: "Der Verbrauch darf höchstens drei Nachkommastellen haben.",
  consumptionTooLarge: "Der Verbrauch ist zu groß.",
  fuelInvalid: "Bitte wählen Sie einen gültigen Energieträger aus.",
  heatingValueInvalid: "Bitte wählen Sie Brennwert (Ho) oder Heizwert (Hu).",
  emissionsNotANumber: "Die Emissionen müssen eine Zahl sein.",
  emissionsNegative: "Die Emissionen dürfen nicht negativ sein.",
  emissionsTooManyDecimals: "Die Emissionen dürfen höchstens drei Nachkommastellen haben.",
  emissionsTooLarge: "Die Emissionen sind zu groß.",
  co2CostNotANumber: "Die CO₂-Kosten müssen eine Zahl sein.",
  co2CostNegative: "Die CO₂-Kosten dürfen nicht negativ sein.",
  co2CostTooManyDecimals: "Die CO₂-Kosten dürfen höchstens zwei Nachkommastellen haben.",
  co2CostTooLarge: "Die CO₂-Kosten sind zu groß.",
  co2PriceInvalid: "Der CO₂-Preis muss eine Zahl zwischen 0 und 1.000 € je Tonne sein.",
  vatPercentInvalid: "Die Umsatzsteuer muss zwischen 0 und 100 % liegen.",
  emissionFactorInvalid: "Der Emissionsfaktor muss zwischen 0 und 1 kg je kWh liegen.",
  overrideReasonRequired: "Bitte geben Sie einen Grund für den manuell eingegebenen Verbrauch an.",
  overrideReasonTooLong: "Der Grund darf höchstens 500 Zeichen lang sein.",
  overrideDuplicate: "Für diese Wohneinheit und Zählerart gibt es bereits einen manuellen Wert.",
  tooManyItems: "Es sind höchstens 100 Kostenpositionen möglich.",
  noCostItems: "Bitte erfassen Sie mindestens eine Kostenposition.",
  noCalculation: "Keine Berechnung zum Speichern verfügbar",
  finalizeRequired: "Bitte geben Sie an, ob die Abrechnung finalisiert werden soll.",
  /** docs/rules/statement-inputs.md#assembly: a unit meter without an end value blocks the calculation. */
  missingReadings: (labels: readonly string[]): string =>
    `Fehlende Zählerstände zum Ende des Abrechnungszeitraums: ${labels.join(", ")}. Bitte erfassen Sie die Zählerstände oder geben Sie den Verbrauch der Wohneinheit manuell mit Grund ein.`,
  missingReading: (meterLabel: string, unitName: string): string =>
    `Zähler ${meterLabel} (${unitName}): Zählerstand zum Ende des Abrechnungszeitraums fehlt`,
  /** docs/rules/statements.md#saved-runs: a finalized run is never overwritten; a change is a correction. */
  alreadyFinal:
    "Diese Abrechnung ist bereits finalisiert und kann nicht mehr geändert werden. Änderungen sind nur als Korrektur möglich.",
  /** Decision 1741: the account's data changed during every try of a save (the run is calculated again each time). */
  changedWhileSaving:
    "Die Daten wurden während des Speicherns mehrfach an anderer Stelle geändert. Bitte speichern Sie die Abrechnung erneut.",
  costsLocked:
    "Die Kosten dieser Abrechnungsperiode sind finalisiert und können nicht mehr geändert werden.",
  saved: "Abrechnung erfolgreich gespeichert!",
  finalized: "Abrechnung erfolgreich finalisiert!",
  saveFailed: "Fehler beim Speichern der Abrechnung",
  calculationFailed: "Fehler bei der Berechnung",
  permissionDenied: "Sie haben keine Berechtigung, Abrechnungen zu erstellen.",
  /** docs/rules/statement-inputs.md#assembly: a manual value printed on the statement. */
  estimatedLabel: "geschätzt (§ 9a HeizkV)",
  /** docs/rules/statements.md#wizard: progress texts while calculating. */
  progress: [
    "Initialisiere Berechnung...",
    "Validiere Zählerstände...",
    "Lade Mieterdaten...",
    "Lade Zählerstandsdaten...",
  ],
  noTariffFor: (source: string): string => `Kein Tarif für ${source} hinterlegt.`,
  featureUnavailable: (feature: string): string =>
    `${feature} ist in Ihrem aktuellen Plan nicht verfügbar.`,
  /** Decision 1403: the key "direct" (contract v1.4). */
  directAmountsOnlyDirect:
    "Beträge je Mietverhältnis gibt es nur beim Schlüssel „Direkt je Mietverhältnis“.",
  directNotByRate:
    "Beim Schlüssel „Direkt je Mietverhältnis“ wird der Betrag eingegeben, nicht aus einem Tarif berechnet.",
  directTenancyInvalid: "Mietverhältnis nicht gefunden",
  directTenancyTwice: "Für dieses Mietverhältnis ist schon ein Betrag eingetragen.",
  directSumMismatch: (sum: string, amount: string): string =>
    `Die Beträge je Mietverhältnis ergeben mit dem Leerstand ${sum}, der Gesamtbetrag ist ${amount}. Bitte so eintragen, dass sie den Gesamtbetrag ergeben.`,
  directLaborAboveAmount: "Der Lohnanteil darf den Betrag des Mietverhältnisses nicht übersteigen.",
} as const;

/** docs/rules/statements.md#wizard: the wizard's four steps. */
export const STATEMENT_WIZARD_STEPS = [
  "Immobilie wählen",
  "Kosten erfassen",
  "Vorschau",
  "Abrechnung",
] as const;

/** docs/rules/statements.md#statement-permissions: the permission action the wizard and the statement API need. */
export const CREATE_BILLING_STATEMENT_PERMISSION = "create_billing_statement";

/** docs/rules/statements.md#statuses. */
export const STATEMENT_STATUSES = [
  "draft",
  "calculated",
  "validated",
  "finalized",
  "sent",
  "archived",
] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const STATEMENT_STATUS_LABELS: Record<StatementStatus, string> = {
  draft: "Entwurf",
  calculated: "Berechnet",
  validated: "Geprüft",
  finalized: "Finalisiert",
  sent: "Versendet",
  archived: "Archiviert",
};

/** Error codes of the statement API beyond the common ones (400 answers). */
export const STATEMENT_ERROR_CODES = {
  /** The engine refused the input: every German message in error.details, the first in error.message. */
  calculationFailed: "CALCULATION_FAILED",
  /** Unit meters without an end value that a cost item needs (docs/rules/statement-inputs.md#assembly), listed in error.details. */
  missingReadings: "MISSING_READINGS",
  /** A rate-based item whose tariff is missing or cannot price the consumption (field errors on rateId). */
  rateInvalid: "RATE_INVALID",
} as const;

/**
 * The calculation contract the saved engine input and output follow. v1.4 added the key
 * "direct" (decision 1403); v1.5 takes the consumption share, the CO2 figures and the § 6a
 * quantities as decimal text (decision 1640); v1.6 stores the result compactly (decision 1730,
 * docs/calculation/19-kompaktes-ergebnis.md); runs saved under 1.0-1.5 stay readable (stored-run.ts). The
 * letter figures keep their own version "1.2": their shape did not change.
 */
export const CALCULATION_CONTRACT_VERSION = "1.6";
