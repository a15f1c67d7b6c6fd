import { describe, expect, it } from "vitest";
import { toDecimalInputValue, toGermanDecimalText } from "../src/components/decimal-field";
import { findImplausibleArea, findImplausibleReadingJump } from "../src/lib/plausibility";

describe("decimal input text (decision 0981)", () => {
  it("reads the German comma and the point alike and shows de-DE", () => {
    expect(toGermanDecimalText("66,75")).toBe("66,75");
    expect(toGermanDecimalText("66.75")).toBe("66,75");
    expect(toGermanDecimalText("1.234,5", 2)).toBe("1.234,50");
    expect(toGermanDecimalText("6675", 2)).toBe("6.675,00");
    expect(toGermanDecimalText("6,10", 2)).toBe("6,10");
  });

  it("leaves text that is no number as typed, so the form's message can name it", () => {
    expect(toGermanDecimalText("abc")).toBe("abc");
    expect(toGermanDecimalText("1,2,3")).toBe("1,2,3");
    expect(toGermanDecimalText("")).toBe("");
  });

  it("starts stored values de-DE", () => {
    expect(toDecimalInputValue("62.50", 2)).toBe("62,50");
    expect(toDecimalInputValue("0.331200", 2)).toBe("0,3312");
    expect(toDecimalInputValue(null)).toBe("");
  });
});

describe("plausibility questions (decision 0981)", () => {
  it("asks about a unit area over 1.000 m², not at exactly 1.000 m²", () => {
    expect(findImplausibleArea("1000")).toBeNull();
    expect(findImplausibleArea("66,75")).toBeNull();
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
    expect(findImplausibleReadingJump("2100,001", previous, beforePrevious)).toBe(
      "Der Verbrauch seit dem letzten Stand (1.000,001) ist mehr als zehnmal so hoch wie im Zeitraum davor (100). Ist der Zählerstand richtig?",
    );
    // Without two earlier readings, or with a lower value (asked elsewhere), nothing to compare.
    expect(findImplausibleReadingJump("99999", previous, undefined)).toBeNull();
    expect(findImplausibleReadingJump("1050", previous, beforePrevious)).toBeNull();
    expect(findImplausibleReadingJump("5000", { readingValue: "1000" }, { readingValue: "1000" })).toBeNull();
  });
});
