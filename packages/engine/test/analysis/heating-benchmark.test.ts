import { describe, expect, it } from "vitest";
import {
  analyzeHeatingBenchmark,
  HEIZSPIEGEL_LIMITS,
  periodLength,
  rateKwhPerM2,
  sizeBandOf,
  type HeatingBenchmarkInput,
} from "../../src/index.ts";

// Hand calculations from the docs/rules/heating.md#consumption-analysis table (Heizspiegel 2014).
const base: HeatingBenchmarkInput = {
  period: { start: "2024-01-01", end: "2024-12-31" },
  fuel: "gas",
  invoiceKwh: 48000,
  heatedArea: 240,
  buildingArea: 240,
  heatingCosts: "5760.00",
  climateFactor: "1",
  decentralizedHotWater: false,
  storedEfficiencyClass: "E",
  units: [
    { unitId: "a", area: 60, consumption: 900 },
    { unitId: "b", area: 80, consumption: 1600 },
    { unitId: "c", area: 100, consumption: 1300 },
  ],
};

describe("Heizspiegel rating (docs/rules/heating.md#consumption-analysis)", () => {
  it("puts each upper limit into its band and the next hundredth into the next", () => {
    for (const carrier of ["oil", "gas", "district_heating"] as const) {
      for (const band of ["bis250", "bis500", "bis1000", "ueber1000"] as const) {
        const limits = HEIZSPIEGEL_LIMITS[carrier][band];
        expect(rateKwhPerM2(limits.niedrig, limits)).toBe("niedrig");
        expect(rateKwhPerM2(limits.niedrig + 0.01, limits)).toBe("mittel");
        expect(rateKwhPerM2(limits.mittel, limits)).toBe("mittel");
        expect(rateKwhPerM2(limits.mittel + 0.01, limits)).toBe("erhoeht");
        expect(rateKwhPerM2(limits.erhoeht, limits)).toBe("erhoeht");
        expect(rateKwhPerM2(limits.erhoeht + 0.01, limits)).toBe("zu_hoch");
        expect(rateKwhPerM2(0, limits)).toBe("niedrig");
      }
    }
  });

  it("holds the table's figures", () => {
    expect(HEIZSPIEGEL_LIMITS.oil.bis250).toEqual({ niedrig: 106, mittel: 161, erhoeht: 238 });
    expect(HEIZSPIEGEL_LIMITS.gas.bis1000).toEqual({ niedrig: 87, mittel: 150, erhoeht: 235 });
    expect(HEIZSPIEGEL_LIMITS.district_heating.ueber1000).toEqual({
      niedrig: 78,
      mittel: 126,
      erhoeht: 210,
    });
  });

  it("chooses the size column by the building's total area (under 100 m² the first)", () => {
    expect(sizeBandOf(80)).toBe("bis250");
    expect(sizeBandOf(250)).toBe("bis250");
    expect(sizeBandOf("250.5")).toBe("bis500");
    expect(sizeBandOf(500)).toBe("bis500");
    expect(sizeBandOf(501)).toBe("bis1000");
    expect(sizeBandOf(1000)).toBe("bis1000");
    expect(sizeBandOf(1000.01)).toBe("ueber1000");
  });

  it("knows a period of one year", () => {
    expect(periodLength("2024-01-01", "2024-12-31")).toEqual({ days: 366, isOneYear: true });
    expect(periodLength("2023-07-01", "2024-06-30")).toEqual({ days: 366, isOneYear: true });
    expect(periodLength("2024-01-01", "2024-06-30")).toEqual({ days: 182, isOneYear: false });
    expect(periodLength("2024-02-29", "2025-02-28")).toEqual({ days: 366, isOneYear: true });
  });
});

describe("analyzeHeatingBenchmark", () => {
  it("rates a gas-heated house of 240 m² with 48,000 kWh: 200 kWh/m², 'erhöht', 9,120 kWh and 1,094.40 € to 'mittel'", () => {
    const result = analyzeHeatingBenchmark(base);
    expect(result.kwhPerM2).toBe("200.0");
    expect(result.adjustedKwhPerM2).toBe("200.0");
    expect(result.isWeatherCorrected).toBe(false);
    expect(result.carrier).toBe("gas");
    expect(result.sizeBand).toBe("bis250");
    expect(result.limits).toEqual({ niedrig: 95, mittel: 162, erhoeht: 254 });
    expect(result.rating).toBe("erhoeht");
    expect(result.category).toBe("ineffizient");
    expect(result.pricePerKwh).toBe("0.1200");
    // (200 - 162) x 240 = 9,120 kWh; x 0.12 = 1,094.40 €.
    expect(result.savingsKwh).toBe("9120");
    expect(result.savingsEuro).toBe("1094.40");
    // docs/rules/heating.md#efficiency-class-check: 200 kWh/m² is class H; E is stored: a warning, not a block.
    expect(result.expectedEfficiencyClass).toBe("H");
    expect(result.efficiencyClassMatches).toBe(false);
  });

  it("compares each unit's consumption per m² with the building's average", () => {
    const result = analyzeHeatingBenchmark(base);
    // 3,800 / 240 = 15.8333...
    expect(result.averagePerM2).toBe("15.83");
    expect(result.units).toEqual([
      { unitId: "a", area: "60", consumption: "900", perM2: "15.00", percentOfAverage: "95" },
      { unitId: "b", area: "80", consumption: "1600", perM2: "20.00", percentOfAverage: "126" },
      { unitId: "c", area: "100", consumption: "1300", perM2: "13.00", percentOfAverage: "82" },
    ]);
  });

  it("applies the Klimafaktor to the rated figure and the savings", () => {
    const result = analyzeHeatingBenchmark({ ...base, climateFactor: "1.1" });
    expect(result.kwhPerM2).toBe("200.0");
    expect(result.adjustedKwhPerM2).toBe("220.0");
    expect(result.isWeatherCorrected).toBe(true);
    // (220 - 162) x 240 = 13,920 kWh; x 0.12 = 1,670.40 €.
    expect(result.savingsKwh).toBe("13920");
    expect(result.savingsEuro).toBe("1670.40");
  });

  it("scales a half year to a year and adds 24 kWh/m² for decentralised hot water", () => {
    const half = analyzeHeatingBenchmark({
      ...base,
      period: { start: "2024-01-01", end: "2024-06-30" },
      invoiceKwh: 24000,
    });
    // 24,000 x 365 / 182 / 240 = 200.549...
    expect(half.kwhPerM2).toBe("200.5");
    expect(half.isOneYear).toBe(false);
    const decentral = analyzeHeatingBenchmark({
      ...base,
      invoiceKwh: 19200,
      decentralizedHotWater: true,
    });
    // 19,200 / 240 = 80, + 24 = 104: above 'niedrig' (95).
    expect(decentral.kwhPerM2).toBe("104.0");
    expect(decentral.rating).toBe("mittel");
    expect(decentral.category).toBe("durchschnittlich");
    expect(decentral.savingsKwh).toBe("0");
    expect(decentral.savingsEuro).toBe("0.00");
    expect(decentral.expectedEfficiencyClass).toBe("E");
    expect(decentral.efficiencyClassMatches).toBe(true);
  });

  it("rates nothing for a fuel without a Heizspiegel row or without kWh", () => {
    const wood = analyzeHeatingBenchmark({ ...base, fuel: "wood" });
    expect(wood.kwhPerM2).toBe("200.0");
    expect(wood.rating).toBeNull();
    expect(wood.savingsKwh).toBeNull();
    const none = analyzeHeatingBenchmark({
      ...base,
      invoiceKwh: null,
      storedEfficiencyClass: null,
    });
    expect(none.kwhPerM2).toBeNull();
    expect(none.rating).toBeNull();
    expect(none.pricePerKwh).toBeNull();
    expect(none.efficiencyClassMatches).toBeNull();
  });

  it("rates the large oil-heated building in the column above 1,000 m² as 'niedrig'", () => {
    const result = analyzeHeatingBenchmark({
      ...base,
      fuel: "oil",
      heatedArea: 1200,
      buildingArea: 1200,
      invoiceKwh: 115200,
    });
    // 115,200 / 1,200 = 96 = the upper limit of 'niedrig'.
    expect(result.kwhPerM2).toBe("96.0");
    expect(result.rating).toBe("niedrig");
    expect(result.category).toBe("sehr_effizient");
  });
});
