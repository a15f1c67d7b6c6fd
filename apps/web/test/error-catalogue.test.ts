import { describe, expect, it } from "vitest";
import {
  CATEGORY_BY_ERROR_CODE,
  ERROR_CATEGORIES,
  MAX_RETRIES,
  buildEnhancedError,
  classifyError,
  generateErrorId,
  getCatalogueEntry,
  isRetryAllowed,
  type ErrorCategory,
} from "../src/lib/error-catalogue";
import { ApiError } from "../src/lib/api-error";

describe("classifyError", () => {
  const apiError = (code: string, message = "Eine Meldung") =>
    new ApiError({ status: 400, code, message });

  it.each([
    ["VALIDATION", "validation"],
    ["PAYLOAD_TOO_LARGE", "validation"],
    ["NETWORK", "network"],
    ["UNAUTHORIZED", "authentication"],
    ["FORBIDDEN", "permission"],
    ["LIMIT_REACHED", "permission"],
    ["FEATURE_NOT_IN_PLAN", "permission"],
    ["READING_DECREASE", "meterReading"],
    ["TENANCY_OVERLAP", "validation"],
    ["RATE_PRICE_WARNING", "validation"],
    ["BILLING_DATA_MISSING", "validation"],
    ["DATABASE_ERROR", "database"],
    ["PDF_FAILED", "pdf"],
    ["CALCULATION_FAILED", "calculation"],
    ["MISSING_READINGS", "meterReading"],
    ["RATE_INVALID", "rate"],
    ["NOT_FOUND", "generic"],
    ["INTERNAL", "generic"],
  ] as Array<[string, ErrorCategory]>)("classifies the code %s as %s", (code, category) => {
    expect(classifyError(apiError(code))).toBe(category);
  });

  it("decides by the code, never by words in the message", () => {
    expect(classifyError(apiError("INTERNAL", "database connection lost"))).toBe("generic");
    expect(classifyError(apiError("VALIDATION", "Zähler nicht gefunden"))).toBe("validation");
    expect(classifyError(new Error("Supabase client error"))).toBe("generic");
    expect(classifyError(new Error("Failed to fetch"))).toBe("generic");
  });

  it("treats anything that is not an API error as generic", () => {
    expect(classifyError("sql error")).toBe("generic");
    expect(classifyError(42)).toBe("generic");
    expect(classifyError(null)).toBe("generic");
  });

  it("reaches every category of the catalogue through a code (issue 23)", () => {
    const reached = new Set([
      ...Object.values(CATEGORY_BY_ERROR_CODE),
      classifyError(new Error("Fehler im Browser")),
    ]);
    expect([...reached].sort()).toEqual([...ERROR_CATEGORIES].sort());
  });

  it("lists only categories of the catalogue", () => {
    for (const category of Object.values(CATEGORY_BY_ERROR_CODE))
      expect(ERROR_CATEGORIES).toContain(category);
  });
});

describe("catalogue entries", () => {
  const expectedTexts: Record<ErrorCategory, [string, string]> = {
    validation: ["Eingabefehler", "Ihre Eingaben sind nicht vollständig oder fehlerhaft."],
    database: ["Datenbankfehler", "Es gab einen Fehler beim Zugriff auf die Datenbank."],
    network: ["Netzwerkfehler", "Es besteht ein Problem mit der Internetverbindung."],
    authentication: ["Anmeldung erforderlich", "Ihre Sitzung ist abgelaufen oder ungültig."],
    permission: [
      "Keine Berechtigung",
      "Sie haben nicht die erforderlichen Berechtigungen für diese Aktion.",
    ],
    calculation: [
      "Berechnungsfehler",
      "Die Verbrauchsberechnung konnte nicht durchgeführt werden.",
    ],
    pdf: ["PDF-Generierung fehlgeschlagen", "Das PDF-Dokument konnte nicht erstellt werden."],
    meterReading: ["Zählerstand-Fehler", "Es gibt ein Problem mit den Zählerständen."],
    rate: [
      "Tarif-Konfigurationsfehler",
      "Die Versorgertarife sind nicht vollständig konfiguriert.",
    ],
    generic: ["Unerwarteter Fehler", "Es ist ein unerwarteter Fehler aufgetreten."],
  };

  it.each(ERROR_CATEGORIES.map((category) => [category]))(
    "has the catalogue's title and message for %s",
    (category) => {
      const entry = getCatalogueEntry(category);
      expect([entry.title, entry.message]).toEqual(expectedTexts[category]);
      expect(entry.category).toBe(category);
    },
  );

  it.each(ERROR_CATEGORIES.map((category) => [category]))(
    "has actions, troubleshooting steps and prevention tips for %s",
    (category) => {
      const entry = getCatalogueEntry(category);
      expect(entry.actions.length).toBeGreaterThan(0);
      expect(entry.troubleshootingSteps.length).toBeGreaterThanOrEqual(2);
      expect(entry.preventionTips.length).toBeGreaterThanOrEqual(2);
      expect(entry.actions.filter((action) => action.type === "primary")).toHaveLength(1);
    },
  );

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
    expect(getCatalogueEntry("validation").actions.some((action) => action.id === "help")).toBe(
      false,
    );
    const help = getCatalogueEntry("validation", { entityType: "tenant" }).actions.find(
      (action) => action.id === "help",
    );
    expect(help).toMatchObject({ kind: "navigate", isNewTab: true, to: "/dashboard/help" });
  });

  it("asks for confirmation with 'Sind Sie sicher, dass Sie' where an action needs it", () => {
    const confirmed = ERROR_CATEGORIES.flatMap(
      (category) => getCatalogueEntry(category).actions,
    ).filter((action) => action.requiresConfirmation);
    expect(confirmed.length).toBeGreaterThan(0);
    for (const action of confirmed)
      expect(action.confirmationMessage).toMatch(/^Sind Sie sicher, dass Sie/);
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
    expect(
      buildEnhancedError(new ApiError({ status: 0, code: "NETWORK", message: "Keine Verbindung" }))
        .title,
    ).toBe("Netzwerkfehler");
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
