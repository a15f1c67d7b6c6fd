// The error catalogue of the full-page error screen (docs/rules/master-data.md#messages).
// Pure: no React, no DOM access; the screen component performs the actions.
import { SERVER_FAILURES, STATEMENT_ERROR_CODES } from "@nk/contract";
import { isApiError } from "./api-error";

export const ERROR_CATEGORIES = [
  "validation",
  "database",
  "network",
  "authentication",
  "permission",
  "calculation",
  "pdf",
  "meterReading",
  "rate",
  "generic",
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

type ErrorSeverity = "low" | "medium" | "high" | "critical";

/**
 * The category of each error code the API answers with (the one error shape, `error.code`) and of
 * the client's own NETWORK code. A code not listed, and anything thrown that is not an API error
 * (a bug in the browser), is 'generic'. Decision 0007: the codes, not words in a message, decide.
 */
export const CATEGORY_BY_ERROR_CODE: Readonly<Record<string, ErrorCategory>> = {
  VALIDATION: "validation",
  BAD_REQUEST: "validation",
  PAYLOAD_TOO_LARGE: "validation",
  PROVIDER_NOT_CONFIGURED: "validation",
  NETWORK: "network",
  UNAUTHORIZED: "authentication",
  FORBIDDEN: "permission",
  LIMIT_REACHED: "permission",
  FEATURE_NOT_IN_PLAN: "permission",
  READING_DECREASE: "meterReading",
  // Decisions 0980 and 0982: the user's input meets a rule (another tenancy, an unusual price).
  TENANCY_OVERLAP: "validation",
  RATE_PRICE_WARNING: "validation",
  BILLING_DATA_MISSING: "validation",
  // Issue 23: the database, the calculation, the letters and the tariffs have their own help.
  [SERVER_FAILURES.database.code]: "database",
  [SERVER_FAILURES.pdf.code]: "pdf",
  [STATEMENT_ERROR_CODES.calculationFailed]: "calculation",
  [STATEMENT_ERROR_CODES.missingReadings]: "meterReading",
  [STATEMENT_ERROR_CODES.rateInvalid]: "rate",
};

export function classifyError(error: unknown): ErrorCategory {
  if (!isApiError(error)) return "generic";
  return CATEGORY_BY_ERROR_CODE[error.code] ?? "generic";
}

/**
 * What an action does. 'navigate' goes to `to` (optionally in a new tab); the others are
 * performed by the error screen: reload the page, report whether the browser is online,
 * explain that offline mode is not available, focus the first invalid field, log the details,
 * or explain the alternative export.
 */
type ErrorActionKind =
  | "navigate"
  | "reload"
  | "checkConnection"
  | "offlineNotice"
  | "focusInvalid"
  | "logDetails"
  | "alternativeExport";

export interface ErrorAction {
  id: string;
  label: string;
  description: string;
  type: "primary" | "secondary";
  kind: ErrorActionKind;
  to?: string;
  isNewTab?: boolean;
  requiresConfirmation?: boolean;
  confirmationMessage?: string;
}

export interface EnhancedErrorMessage {
  category: ErrorCategory;
  severity: ErrorSeverity;
  title: string;
  message: string;
  actions: ErrorAction[];
  troubleshootingSteps: string[];
  preventionTips: string[];
}

export interface ErrorContext {
  operationName?: string;
  currentPage?: string;
  /** When known, the validation screen offers the help for it. */
  entityType?: string;
}

/** Texts shown by the non-navigating actions. */
export const ERROR_ACTION_TEXTS = {
  online: "Ihr Browser ist online. Die Verbindung zum Internet besteht.",
  offline: "Ihr Browser ist offline. Bitte prüfen Sie Ihre Internetverbindung.",
  offlineMode:
    "Der Offline-Modus ist noch nicht verfügbar. Bitte stellen Sie eine Internetverbindung her.",
  detailsLogged: "Die Fehlerdetails wurden in der Browser-Konsole protokolliert.",
  alternativeExport:
    "Sie können Ihre Daten jederzeit unter Einstellungen als JSON exportieren und die PDF-Erstellung später in der Abrechnungsübersicht erneut starten.",
  actionFailed: (message: string) => `Fehler beim Ausführen der Aktion: ${message}`,
} as const;

const reloadAction: ErrorAction = {
  id: "reload",
  label: "Seite neu laden",
  description: "Lädt die Seite neu und versucht den Vorgang erneut.",
  type: "primary",
  kind: "reload",
};

const supportAction: ErrorAction = {
  id: "support",
  label: "Hilfe & Support",
  description: "Öffnet die Hilfe mit den Kontaktmöglichkeiten des Supports.",
  type: "secondary",
  kind: "navigate",
  to: "/dashboard/help",
};

const checkConnectionAction: ErrorAction = {
  id: "check-connection",
  label: "Verbindung prüfen",
  description: "Prüft, ob Ihr Browser mit dem Internet verbunden ist.",
  type: "secondary",
  kind: "checkConnection",
};

type CatalogueEntry = Omit<EnhancedErrorMessage, "category">;

const CATALOGUE: Record<ErrorCategory, CatalogueEntry> = {
  validation: {
    severity: "low",
    title: "Eingabefehler",
    message: "Ihre Eingaben sind nicht vollständig oder fehlerhaft.",
    actions: [
      {
        id: "fix-inputs",
        label: "Eingaben korrigieren",
        description: "Springt zum ersten fehlerhaften Eingabefeld.",
        type: "primary",
        kind: "focusInvalid",
      },
    ],
    troubleshootingSteps: [
      "Prüfen Sie die rot markierten Felder und füllen Sie alle Pflichtfelder aus.",
      "Achten Sie auf das Format: Datum als TT.MM.JJJJ, Beträge mit Komma, Postleitzahl mit 5 Ziffern.",
      "Speichern Sie erneut, nachdem Sie die Eingaben korrigiert haben.",
    ],
    preventionTips: [
      "Beachten Sie die Hinweise unter den Eingabefeldern.",
      "Übernehmen Sie Werte direkt aus Rechnungen und Ablesebelegen, um Tippfehler zu vermeiden.",
    ],
  },
  database: {
    severity: "high",
    title: "Datenbankfehler",
    message: "Es gab einen Fehler beim Zugriff auf die Datenbank.",
    actions: [
      {
        ...reloadAction,
        requiresConfirmation: true,
        confirmationMessage:
          "Sind Sie sicher, dass Sie die Seite neu laden möchten? Nicht gespeicherte Eingaben gehen verloren.",
      },
      checkConnectionAction,
    ],
    troubleshootingSteps: [
      "Laden Sie die Seite neu und wiederholen Sie den Vorgang.",
      "Prüfen Sie, ob Ihre Internetverbindung besteht.",
      "Besteht der Fehler weiter, warten Sie einige Minuten: der Dienst ist eventuell kurz nicht erreichbar.",
    ],
    preventionTips: [
      "Speichern Sie längere Eingaben zwischendurch.",
      "Arbeiten Sie nicht gleichzeitig in mehreren Fenstern an denselben Daten.",
    ],
  },
  network: {
    severity: "medium",
    title: "Netzwerkfehler",
    message: "Es besteht ein Problem mit der Internetverbindung.",
    actions: [
      { ...checkConnectionAction, type: "primary" },
      {
        id: "offline-mode",
        label: "Offline-Modus",
        description: "Arbeiten ohne Internetverbindung.",
        type: "secondary",
        kind: "offlineNotice",
      },
    ],
    troubleshootingSteps: [
      "Prüfen Sie Ihre WLAN- oder Netzwerkverbindung.",
      "Deaktivieren Sie testweise VPN, Proxy oder Werbeblocker.",
      "Laden Sie die Seite neu, sobald die Verbindung wieder besteht.",
    ],
    preventionTips: [
      "Nutzen Sie für die Abrechnung eine stabile Internetverbindung.",
      "Speichern Sie Ihre Eingaben, bevor Sie das Netzwerk wechseln.",
    ],
  },
  authentication: {
    severity: "medium",
    title: "Anmeldung erforderlich",
    message: "Ihre Sitzung ist abgelaufen oder ungültig.",
    actions: [
      {
        id: "login",
        label: "Erneut anmelden",
        description: "Zur Anmeldung mit E-Mail-Adresse und Passwort.",
        type: "primary",
        kind: "navigate",
        to: "/login",
      },
      {
        id: "reset-password",
        label: "Passwort zurücksetzen",
        description: "Fordern Sie einen Link zum Zurücksetzen Ihres Passworts an.",
        type: "secondary",
        kind: "navigate",
        to: "/auth/reset-password",
      },
    ],
    troubleshootingSteps: [
      "Melden Sie sich erneut an.",
      "Haben Sie Ihr Passwort vergessen, setzen Sie es über „Passwort vergessen?“ zurück.",
      "Erlauben Sie Cookies für diese Seite; ohne sie kann die Anmeldung nicht gespeichert werden.",
    ],
    preventionTips: [
      "Wählen Sie „Angemeldet bleiben“ auf Ihrem eigenen Gerät.",
      "Melden Sie sich auf fremden Geräten nach der Arbeit ab.",
    ],
  },
  permission: {
    severity: "medium",
    title: "Keine Berechtigung",
    message: "Sie haben nicht die erforderlichen Berechtigungen für diese Aktion.",
    actions: [
      { ...supportAction, type: "primary", label: "Support kontaktieren" },
      {
        id: "subscription",
        label: "Abonnement verwalten",
        description: "Prüfen Sie Ihren Plan und schalten Sie weitere Funktionen frei.",
        type: "secondary",
        kind: "navigate",
        to: "/dashboard/settings?tab=billing",
      },
    ],
    troubleshootingSteps: [
      "Prüfen Sie, ob Ihr aktueller Plan diese Funktion enthält.",
      "Prüfen Sie, ob Sie mit dem richtigen Konto angemeldet sind.",
      "Wenden Sie sich an den Support, wenn Sie Zugriff haben sollten.",
    ],
    preventionTips: [
      "Behalten Sie die Nutzung Ihres Plans unter Einstellungen › Abonnement im Blick.",
      "Wählen Sie einen Plan, der zur Zahl Ihrer Immobilien und Wohneinheiten passt.",
    ],
  },
  calculation: {
    severity: "high",
    title: "Berechnungsfehler",
    message: "Die Verbrauchsberechnung konnte nicht durchgeführt werden.",
    actions: [
      {
        id: "validate-readings",
        label: "Zählerstände prüfen",
        description: "Prüfen Sie die erfassten Zählerstände der Abrechnungsperiode.",
        type: "primary",
        kind: "navigate",
        to: "/dashboard/quick-meter-readings",
      },
      {
        id: "meters",
        label: "Zähler verwalten",
        description: "Prüfen Sie die Zuordnung der Zähler zu Wohneinheiten.",
        type: "secondary",
        kind: "navigate",
        to: "/dashboard/meters",
      },
      {
        id: "log-details",
        label: "Details protokollieren",
        description: "Schreibt die Fehlerdetails für den Support in die Browser-Konsole.",
        type: "secondary",
        kind: "logDetails",
      },
    ],
    troubleshootingSteps: [
      "Prüfen Sie, ob für jeden Zähler ein Anfangs- und ein Endstand erfasst ist.",
      "Prüfen Sie, ob die Endstände nicht kleiner als die Anfangsstände sind.",
      "Prüfen Sie Abrechnungszeitraum, Wohnflächen und Verteilerschlüssel.",
    ],
    preventionTips: [
      "Erfassen Sie Zählerstände zum Stichtag der Abrechnungsperiode.",
      "Nutzen Sie für den Verbrauchsanteil 50–70 % gemäß HeizkV.",
    ],
  },
  pdf: {
    severity: "medium",
    title: "PDF-Generierung fehlgeschlagen",
    message: "Das PDF-Dokument konnte nicht erstellt werden.",
    actions: [
      reloadAction,
      {
        id: "alternative-export",
        label: "Alternativer Export",
        description: "So erhalten Sie Ihre Daten auch ohne PDF.",
        type: "secondary",
        kind: "alternativeExport",
      },
    ],
    troubleshootingSteps: [
      "Laden Sie die Seite neu und erzeugen Sie das PDF erneut.",
      "Prüfen Sie, ob die Abrechnungsdaten (Absender unter Einstellungen › Abrechnungsdaten) vollständig sind.",
      "Erlauben Sie Downloads und Pop-ups für diese Seite.",
    ],
    preventionTips: [
      "Hinterlegen Sie Ihre Abrechnungsdaten, bevor Sie PDFs erzeugen.",
      "Laden Sie große Abrechnungen einzeln herunter.",
    ],
  },
  meterReading: {
    severity: "medium",
    title: "Zählerstand-Fehler",
    message: "Es gibt ein Problem mit den Zählerständen.",
    actions: [
      {
        id: "meter-readings",
        label: "Zählerstände anzeigen",
        description: "Zur Übersicht der Zähler und ihrer Ablesungen.",
        type: "primary",
        kind: "navigate",
        to: "/dashboard/meters",
      },
      {
        id: "add-meter-reading",
        label: "Zählerstand erfassen",
        description: "Zählerstände für eine Abrechnungsperiode eintragen.",
        type: "secondary",
        kind: "navigate",
        to: "/dashboard/quick-meter-readings",
      },
    ],
    troubleshootingSteps: [
      "Prüfen Sie Datum und Wert der zuletzt erfassten Ablesung.",
      "Ein neuer Zählerstand darf nicht kleiner als der vorherige sein (außer bei Zählertausch).",
      "Prüfen Sie, ob der Zähler der richtigen Wohneinheit zugeordnet ist.",
    ],
    preventionTips: [
      "Lesen Sie alle Zähler am selben Stichtag ab.",
      "Notieren Sie bei einem Zählertausch den End- und den Anfangsstand.",
    ],
  },
  rate: {
    severity: "medium",
    title: "Tarif-Konfigurationsfehler",
    message: "Die Versorgertarife sind nicht vollständig konfiguriert.",
    actions: [
      {
        id: "rates",
        label: "Tarife konfigurieren",
        description: "Hinterlegen Sie Arbeitspreis und Grundpreis Ihrer Versorger.",
        type: "primary",
        kind: "navigate",
        to: "/dashboard/rates",
      },
      {
        id: "energy-sources",
        label: "Hilfe zu Tarifen",
        description: "Erklärt Energieträger, Tarifarten und regionale Durchschnittswerte.",
        type: "secondary",
        kind: "navigate",
        to: "/dashboard/help",
      },
    ],
    troubleshootingSteps: [
      "Legen Sie für jede Versorgungsart einen gültigen Tarif an.",
      "Prüfen Sie das Gültig-ab-Datum: es muss vor dem Abrechnungszeitraum liegen.",
      "Prüfen Sie, ob der Tarif der richtigen Immobilie oder global zugeordnet ist.",
    ],
    preventionTips: [
      "Aktualisieren Sie Tarife bei jeder Preisänderung Ihres Versorgers.",
      "Vergleichen Sie Ihre Preise mit den regionalen Durchschnittswerten.",
    ],
  },
  generic: {
    severity: "high",
    title: "Unerwarteter Fehler",
    message: "Es ist ein unerwarteter Fehler aufgetreten.",
    actions: [reloadAction, supportAction],
    troubleshootingSteps: [
      "Laden Sie die Seite neu.",
      "Melden Sie sich ab und wieder an.",
      "Leeren Sie den Browser-Cache oder versuchen Sie einen anderen Browser.",
    ],
    preventionTips: [
      "Halten Sie Ihren Browser aktuell.",
      "Nennen Sie dem Support die Fehler-ID, damit wir das Problem schnell finden.",
    ],
  },
};

const HELP_ACTION: ErrorAction = {
  id: "help",
  label: "Hilfe anzeigen",
  description: "Öffnet die Hilfe zu diesem Bereich in einem neuen Tab.",
  type: "secondary",
  kind: "navigate",
  to: "/dashboard/help",
  isNewTab: true,
};

/** The catalogue entry for a category (a fresh copy; callers may change it). */
export function getCatalogueEntry(
  category: ErrorCategory,
  context: ErrorContext = {},
): EnhancedErrorMessage {
  const entry = CATALOGUE[category];
  const actions = entry.actions.map((action) => ({ ...action }));
  if (category === "validation" && context.entityType) actions.push({ ...HELP_ACTION });
  return {
    category,
    severity: entry.severity,
    title: entry.title,
    message: entry.message,
    actions,
    troubleshootingSteps: [...entry.troubleshootingSteps],
    preventionTips: [...entry.preventionTips],
  };
}

/** Classifies a thrown value and returns what the error screen shows for it. */
export function buildEnhancedError(
  error: unknown,
  context: ErrorContext = {},
): EnhancedErrorMessage {
  return getCatalogueEntry(classifyError(error), context);
}

/** The retry button is offered only while fewer than this many retries were made. */
export const MAX_RETRIES = 3;

export function isRetryAllowed(retryCount: number): boolean {
  return retryCount < MAX_RETRIES;
}

/** An id such as 'ERR-MI8ZK2Q1-4F7KXA', shown to the user and logged with the error. */
export function generateErrorId(
  now: number = Date.now(),
  random: () => number = Math.random,
): string {
  const time = now.toString(36).toUpperCase();
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, "0");
  return `ERR-${time}-${suffix}`;
}
