import { describe, expect, it } from "vitest";
import {
  CLASSIFICATION_RULES,
  ERROR_CATEGORIES,
  MAX_RETRIES,
  buildEnhancedError,
  classifyError,
  classifyErrorMessage,
  generateErrorId,
  getCatalogueEntry,
  isRetryAllowed,
  type ErrorCategory,
} from "../src/lib/error-catalogue";
import { ApiError } from "../src/lib/api-error";

describe("classifyErrorMessage", () => {
  const cases: Array<[string, ErrorCategory]> = [
    ["Validation failed for field name", "validation"],
    ["Invalid input", "validation"],
    ["Field is REQUIRED", "validation"],
    ["database unavailable", "database"],
    ["SQL syntax error near SELECT", "database"],
    ["Supabase client error", "database"],
    ["Network request failed", "network"],
    ["Failed to fetch", "network"],
    ["Connection reset by peer", "network"],
    ["JWT expired", "authentication"],
    ["Token expired", "authentication"],
    ["Authentication needed", "authentication"],
    ["Permission denied", "permission"],
    ["401 Unauthorized", "permission"],
    ["Forbidden", "permission"],
    ["Calculation aborted", "calculation"],
    ["Consumption is negative", "calculation"],
    ["Plausibility check failed", "calculation"],
    ["PDF could not be created", "pdf"],
    ["Generation timed out", "pdf"],
    ["Document is empty", "pdf"],
    ["Meter not found", "meterReading"],
    ["Reading lower than before", "meterReading"],
    ["Zähler fehlt", "meterReading"],
    ["ZÄHLER fehlt", "meterReading"],
    ["No rate for electricity", "rate"],
    ["Tariff missing", "rate"],
    ["Energy source unknown", "rate"],
    ["Something odd happened", "generic"],
    ["", "generic"],
  ];

  it.each(cases)("classifies %j as %s", (message, expected) => {
    expect(classifyErrorMessage(message)).toBe(expected);
  });

  it("checks the categories in the specified order (first match wins)", () => {
    expect(classifyErrorMessage("Invalid token")).toBe("validation");
    expect(classifyErrorMessage("Database connection lost")).toBe("database");
    expect(classifyErrorMessage("fetch token failed")).toBe("network");
    expect(classifyErrorMessage("token permission")).toBe("authentication");
    expect(classifyErrorMessage("forbidden calculation")).toBe("permission");
    expect(classifyErrorMessage("consumption pdf")).toBe("calculation");
    expect(classifyErrorMessage("pdf of meter readings")).toBe("pdf");
    expect(classifyErrorMessage("meter rate")).toBe("meterReading");
  });

  it("lists the nine keyword categories in the order of the specification", () => {
    expect(CLASSIFICATION_RULES.map(([category]) => category)).toEqual([
      "validation",
      "database",
      "network",
      "authentication",
      "permission",
      "calculation",
      "pdf",
      "meterReading",
      "rate",
    ]);
  });
});

describe("classifyError", () => {
  it("classifies Error objects by their message", () => {
    expect(classifyError(new Error("Failed to fetch"))).toBe("network");
    expect(classifyError(new TypeError("x is undefined"))).toBe("generic");
  });

  it("classifies strings and ignores other values", () => {
    expect(classifyError("sql error")).toBe("database");
    expect(classifyError(42)).toBe("generic");
    expect(classifyError(null)).toBe("generic");
  });

  it("takes an API error's code into account", () => {
    const error = new ApiError({ status: 400, code: "VALIDATION", message: "Bitte korrigieren Sie die Eingabefehler." });
    expect(classifyError(error)).toBe("validation");
  });
});

describe("catalogue entries", () => {
  const expectedTexts: Record<ErrorCategory, [string, string]> = {
    validation: ["Eingabefehler", "Ihre Eingaben sind nicht vollständig oder fehlerhaft."],
    database: ["Datenbankfehler", "Es gab einen Fehler beim Zugriff auf die Datenbank."],
    network: ["Netzwerkfehler", "Es besteht ein Problem mit der Internetverbindung."],
    authentication: ["Anmeldung erforderlich", "Ihre Sitzung ist abgelaufen oder ungültig."],
    permission: ["Keine Berechtigung", "Sie haben nicht die erforderlichen Berechtigungen für diese Aktion."],
    calculation: ["Berechnungsfehler", "Die Verbrauchsberechnung konnte nicht durchgeführt werden."],
    pdf: ["PDF-Generierung fehlgeschlagen", "Das PDF-Dokument konnte nicht erstellt werden."],
    meterReading: ["Zählerstand-Fehler", "Es gibt ein Problem mit den Zählerständen."],
    rate: ["Tarif-Konfigurationsfehler", "Die Versorgertarife sind nicht vollständig konfiguriert."],
    generic: ["Unerwarteter Fehler", "Es ist ein unerwarteter Fehler aufgetreten."],
  };

  it.each(ERROR_CATEGORIES.map((category) => [category]))("has the catalogue's title and message for %s", (category) => {
    const entry = getCatalogueEntry(category);
    expect([entry.title, entry.message]).toEqual(expectedTexts[category]);
    expect(entry.category).toBe(category);
  });

  it.each(ERROR_CATEGORIES.map((category) => [category]))("has actions, troubleshooting steps and prevention tips for %s", (category) => {
    const entry = getCatalogueEntry(category);
    expect(entry.actions.length).toBeGreaterThan(0);
    expect(entry.troubleshootingSteps.length).toBeGreaterThanOrEqual(2);
    expect(entry.preventionTips.length).toBeGreaterThanOrEqual(2);
    expect(entry.actions.filter((action) => action.type === "primary")).toHaveLength(1);
  });

  it("maps every navigation target to a route of this product", () => {
    const knownTargets = new Set([
      "/login",
      "/auth/reset-password",
      "/dashboard/help",
      "/dashboard/settings?tab=billing",
      "/dashboard/meters",
      "/dashboard/quick-meter-readings",
      "/dashboard/rates",
    ]);
    for (const category of ERROR_CATEGORIES) {
      for (const action of getCatalogueEntry(category, { entityType: "property" }).actions) {
        if (action.kind === "navigate") expect(knownTargets.has(action.to ?? "")).toBe(true);
        else expect(action.to).toBeUndefined();
      }
    }
  });

  it("authentication leads to the login and the password reset", () => {
    const targets = getCatalogueEntry("authentication").actions.map((action) => action.to);
    expect(targets).toEqual(["/login", "/auth/reset-password"]);
  });

  it("permission leads to support and the subscription", () => {
    const targets = getCatalogueEntry("permission").actions.map((action) => action.to);
    expect(targets).toEqual(["/dashboard/help", "/dashboard/settings?tab=billing"]);
  });

  it("offers the help (new tab) for validation errors only when the entity type is known", () => {
    expect(getCatalogueEntry("validation").actions.some((action) => action.id === "help")).toBe(false);
    const help = getCatalogueEntry("validation", { entityType: "tenant" }).actions.find((action) => action.id === "help");
    expect(help).toMatchObject({ kind: "navigate", isNewTab: true, to: "/dashboard/help" });
  });

  it("asks for confirmation with 'Sind Sie sicher, dass Sie' where an action needs it", () => {
    const confirmed = ERROR_CATEGORIES.flatMap((category) => getCatalogueEntry(category).actions).filter(
      (action) => action.requiresConfirmation,
    );
    expect(confirmed.length).toBeGreaterThan(0);
    for (const action of confirmed) expect(action.confirmationMessage).toMatch(/^Sind Sie sicher, dass Sie/);
  });

  it("returns copies that callers may change", () => {
    const first = getCatalogueEntry("generic");
    first.actions[0]!.label = "geändert";
    first.troubleshootingSteps.push("extra");
    const second = getCatalogueEntry("generic");
    expect(second.actions[0]!.label).toBe("Seite neu laden");
    expect(second.troubleshootingSteps).not.toContain("extra");
  });

  it("buildEnhancedError classifies and looks up in one step", () => {
    expect(buildEnhancedError(new Error("Failed to fetch")).title).toBe("Netzwerkfehler");
    expect(buildEnhancedError("boom").title).toBe("Unerwarteter Fehler");
  });
});

describe("retries and error ids", () => {
  it("offers retry only below 3 retries", () => {
    expect(MAX_RETRIES).toBe(3);
    expect([0, 1, 2, 3, 4].map(isRetryAllowed)).toEqual([true, true, true, false, false]);
  });

  it("builds ERR-<base36 time>-<random> ids", () => {
    const id = generateErrorId(1_700_000_000_000, () => 0.5);
    expect(id).toBe(`ERR-${(1_700_000_000_000).toString(36).toUpperCase()}-I00000`);
    expect(generateErrorId()).toMatch(/^ERR-[0-9A-Z]+-[0-9A-Z]{6}$/);
    expect(generateErrorId(0, () => 0)).toBe("ERR-0-000000");
  });
});
