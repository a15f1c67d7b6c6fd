import { describe, expect, it } from "vitest";
import {
  billingPeriodCostsBodySchema,
  climateFactorSchema,
  efficiencyClassMismatchWarning,
} from "../src/index.ts";

// Issue 17: the Klimafaktor of a billing period (docs/rules/heating.md#consumption-analysis) and the class warning (docs/rules/heating.md#efficiency-class-check).

describe("Klimafaktor", () => {
  it("accepts 0.5 to 2 as canonical text, and empty as not entered", () => {
    expect(climateFactorSchema.parse("0.5")).toBe("0.5");
    expect(climateFactorSchema.parse("1.12")).toBe("1.12");
    expect(climateFactorSchema.parse("2")).toBe("2");
    expect(climateFactorSchema.parse("")).toBeNull();
    expect(climateFactorSchema.parse(undefined)).toBeNull();
    expect(billingPeriodCostsBodySchema.parse({}).climateFactor).toBeNull();
  });

  it("refuses values outside the range in German", () => {
    for (const value of ["0.49", "2.01", "abc", "-1", "1.1234", "1,12"]) {
      const parsed = climateFactorSchema.safeParse(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        "Klimafaktor muss eine Zahl zwischen 0,5 und 2 sein (z. B. 1,12).",
      );
    }
  });

  it("words the efficiency class warning with the de-DE figure", () => {
    expect(efficiencyClassMismatchWarning("E", "H", "1200.5")).toBe(
      "Die hinterlegte Effizienzklasse E passt nicht zum Verbrauch von 1.200,5 kWh/m²·a (entspricht Klasse H). Bitte die Angabe der Immobilie prüfen.",
    );
  });
});
