import { describe, expect, it } from "vitest";
import { compareDecimalText, toDecimalFormValue } from "@nk/contract";
import { toShownDecimalError, toShownDecimalText } from "../src/components/decimal-field";
import { findImplausibleArea, findImplausibleReadingJump } from "../src/lib/plausibility";

describe("the one number field (decisions 0981 and 1000)", () => {
  it("shows the form's canonical value de-DE, and reads what it shows back to the same value", () => {
    for (const [value, minDecimals, shown] of [
      ["1020", 0, "1.020"],
      ["48000", 0, "48.000"],
      ["12345.678", 0, "12.345,678"],
      ["1234.56", 2, "1.234,56"],
      ["1250", 2, "1.250,00"],
      ["0.331200", 2, "0,3312"],
      ["0.5", 0, "0,5"],
    ] as const) {
      expect(toShownDecimalText(value, minDecimals)).toBe(shown);
      expect(compareDecimalText(toDecimalFormValue(shown), value)).toBe(0);
    }
    expect(toShownDecimalText(null)).toBe("");
    expect(toShownDecimalText(2)).toBe("2");
  });

  it("shows unreadable text as typed, and asks about an ambiguous point instead of the schema's message", () => {
    expect(toShownDecimalText(toDecimalFormValue("1.5"))).toBe("1.5");
    expect(toShownDecimalText(toDecimalFormValue("abc"))).toBe("abc");
    expect(toShownDecimalError("1.5", "Zählerstand muss eine Zahl sein")).toBe(
      "„1.5“ ist nicht eindeutig: Nachkommastellen bitte mit Komma (1,5); der Punkt trennt nur Tausender (1.500).",
    );
    expect(toShownDecimalError("abc", "Zählerstand muss eine Zahl sein")).toBe(
      "Zählerstand muss eine Zahl sein",
    );
    expect(toShownDecimalError("1.5", undefined)).toBeUndefined();
  });
});

describe("plausibility questions (decision 0981)", () => {
  it("asks about a unit area over 1.000 m², not at exactly 1.000 m²", () => {
    expect(findImplausibleArea("1000")).toBeNull();
    expect(findImplausibleArea("66.75")).toBeNull();
    expect(findImplausibleArea("1000.01", "DG")).toBe(
      "Die Wohneinheit „DG“ hat 1.000,01 m² Wohnfläche, mehr als 1.000 m² für eine Wohnung. Ist der Wert richtig?",
    );
    expect(findImplausibleArea("6675")).toContain("6.675,00 m²");
    expect(findImplausibleArea("abc")).toBeNull();
  });

  it("asks about a reading jump over ten times the previous consumption", () => {
    const previous = { readingValue: "1100" };
    const beforePrevious = { readingValue: "1000" };
    // 100 before; 1.000 now is exactly ten times: fine. 1.000,001 is more.
    expect(findImplausibleReadingJump("2100", previous, beforePrevious)).toBeNull();
    expect(findImplausibleReadingJump("2100.001", previous, beforePrevious)).toBe(
      "Der Verbrauch seit dem letzten Stand (1.000,001) ist mehr als zehnmal so hoch wie im Zeitraum davor (100). Ist der Zählerstand richtig?",
    );
    // Without two earlier readings, or with a lower value (asked elsewhere), nothing to compare.
    expect(findImplausibleReadingJump("99999", previous, undefined)).toBeNull();
    expect(findImplausibleReadingJump("1050", previous, beforePrevious)).toBeNull();
    expect(
      findImplausibleReadingJump("5000", { readingValue: "1000" }, { readingValue: "1000" }),
    ).toBeNull();
  });
});
