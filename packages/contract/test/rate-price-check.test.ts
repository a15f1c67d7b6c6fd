import { describe, expect, it } from "vitest";
import { checkRatePrice, getRegionalAverage } from "../src/metering/index.ts";

describe("checkRatePrice (part 1 section 5, part 2 'Rate sanity check')", () => {
  it("accepts the regional average itself without warnings", () => {
    expect(
      checkRatePrice({ utilityType: "electricity", unitPrice: "0.35", basePrice: "12.50" }),
    ).toMatchObject({
      isValid: true,
      warnings: [],
      suggestions: [],
      unitPriceDeviationPercent: 0,
      basePriceDeviationPercent: 0,
    });
  });

  it("warns above 25 % off, stays valid up to 50 % below and 200 % above", () => {
    expect(checkRatePrice({ utilityType: "electricity", unitPrice: "0.4375" }).warnings).toEqual(
      [],
    ); // exactly +25 %
    const over = checkRatePrice({ utilityType: "electricity", unitPrice: "0.4376" });
    expect(over).toMatchObject({ isValid: true, unitPriceDeviationPercent: 25 });
    expect(over.warnings).toEqual([
      "Der Preis weicht um 25 % vom regionalen Durchschnitt (0,35 €/kWh) ab.",
    ]);
    expect(over.suggestions).toEqual([
      "Regionaler Durchschnitt für Strom (Deutschland): 0,35 €/kWh",
    ]);
    expect(checkRatePrice({ utilityType: "electricity", unitPrice: "0.2" }).warnings).toEqual([
      "Der Preis weicht um 43 % vom regionalen Durchschnitt (0,35 €/kWh) ab.",
    ]);
    expect(checkRatePrice({ utilityType: "electricity", unitPrice: "0.175" }).isValid).toBe(true);
    expect(checkRatePrice({ utilityType: "electricity", unitPrice: "0.70" }).isValid).toBe(true);
  });

  it("is invalid below 50 % or above 200 % of the average", () => {
    const low = checkRatePrice({ utilityType: "electricity", unitPrice: "0.174999" });
    expect(low.isValid).toBe(false);
    expect(low.fieldWarnings.unitPrice).toBe(
      "Bitte prüfen Sie die Eingabe: Der Preis liegt unter 50 % des regionalen Durchschnitts (0,35 €/kWh).",
    );
    expect(low.warnings).toHaveLength(1);
    const high = checkRatePrice({ utilityType: "coldwater", region: "Hamburg", unitPrice: "5.31" });
    expect(high.isValid).toBe(false);
    expect(high.fieldWarnings.unitPrice).toBe(
      "Bitte prüfen Sie die Eingabe: Der Preis liegt über 200 % des regionalen Durchschnitts (2,65 €/m³).",
    );
  });

  it("warns on a base price more than 30 % off, without blocking", () => {
    expect(
      checkRatePrice({ utilityType: "gas", unitPrice: "0.12", basePrice: "11.05" }).warnings,
    ).toEqual([]); // exactly +30 %
    const base = checkRatePrice({ utilityType: "gas", unitPrice: "0.12", basePrice: "5" });
    expect(base.isValid).toBe(true);
    expect(base.fieldWarnings.basePrice).toBe(
      "Der Grundpreis weicht um 41 % vom regionalen Durchschnitt (8,50 €/Monat) ab.",
    );
    expect(base.suggestions).toEqual(["Üblicher Grundpreis (Deutschland): 8,50 €/Monat"]);
    // Water has no average base price in the specification: nothing to compare.
    expect(
      checkRatePrice({ utilityType: "warmwater", unitPrice: "4.2", basePrice: "99" }).warnings,
    ).toEqual([]);
  });

  it("ignores empty or unparsable input (the schema reports it)", () => {
    expect(checkRatePrice({ utilityType: "gas", unitPrice: "", basePrice: "" })).toMatchObject({
      isValid: true,
      warnings: [],
    });
    expect(checkRatePrice({ utilityType: "gas", unitPrice: "abc" })).toMatchObject({
      isValid: true,
      unitPriceDeviationPercent: null,
    });
  });

  it("uses the region's own figures and falls back to Germany", () => {
    expect(getRegionalAverage("electricity", "Berlin")).toMatchObject({
      unitPrice: "0.34",
      basePrice: "12.20",
      rateName: "Berlin Durchschnitt",
    });
    expect(getRegionalAverage("electricity", "Sachsen")).toMatchObject({
      region: "Deutschland",
      isFallback: true,
      rateName: "Deutschland Durchschnitt",
    });
    expect(getRegionalAverage("heating", null)).toMatchObject({
      unitPrice: "0.12",
      basePrice: "8.50",
      unit: "kWh",
    });
    expect(
      checkRatePrice({ utilityType: "gas", region: "Hamburg", unitPrice: "0.0549" }).isValid,
    ).toBe(false);
    expect(
      checkRatePrice({ utilityType: "gas", region: "Bayern", unitPrice: "0.0599" }).isValid,
    ).toBe(false);
  });
});
