// Texts of the wizard named in part 2, sections 2.1, 5 and 8 (word for word).

export const COST_TYPE_FIRST = "Bitte wählen Sie zuerst eine Kostenart aus.";
export const NO_CALCULATION_TO_SAVE = "Keine Berechnung zum Speichern verfügbar";
export const SAVE_FAILED = "Fehler beim Speichern der Abrechnung";
export const SAVED = "Abrechnung erfolgreich gespeichert!";
export const FINALIZED = "Abrechnung erfolgreich finalisiert!";
export const CALCULATION_FAILED = "Fehler bei der Berechnung";
export const NO_UNITS = "Keine Wohneinheiten vorhanden – Kostenverteilung nicht möglich.";
export const NO_ALLOCATION = "Keine Kostenverteilung ermittelt – bitte Eingaben prüfen.";
export const QUICK_SETUP_NEEDS_ITEM = "Bitte wählen Sie mindestens eine Kostenposition aus.";

/** 'Kein Tarif für Heizung hinterlegt.' */
export function buildNoRateMessage(source: string): string {
  return `Kein Tarif für ${source} hinterlegt.`;
}

/** 'Fehler: {message}' */
export function buildErrorMessage(message: string): string {
  return `Fehler: ${message}`;
}

/** Section 2.1: the progress texts while calculating, in order. */
export const CALCULATION_PROGRESS_TEXTS = [
  "Initialisiere Berechnung...",
  "Validiere Zählerstände...",
  "Lade Mieterdaten...",
  "Lade Zählerstandsdaten...",
] as const;
