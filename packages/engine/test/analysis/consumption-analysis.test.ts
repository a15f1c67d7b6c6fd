import { describe, expect, it } from "vitest";
import { analyzeConsumption, classifyEfficiencyByKwhPerM2, pricePerKwh } from "../../src/index.ts";

describe("consumption analysis inputs", () => {
  it("classifies kWh/m2 by the ranges of part 2, section 5 (lower limit inclusive)", () => {
    const cases: [number, string][] = [
      [0, "A"],
      [29.99, "A"],
      [30, "B"],
      [49.9, "B"],
      [50, "C"],
      [74.9, "C"],
      [75, "D"],
      [99.9, "D"],
      [100, "E"],
      [129.9, "E"],
      [130, "F"],
      [159.9, "F"],
      [160, "G"],
      [199.9, "G"],
      [200, "H"],
      [249.9, "H"],
      [250, "I"],
      [299.9, "I"],
      [300, "J"],
      [1000, "J"],
    ];
    for (const [kwhPerM2, expected] of cases)
      expect(classifyEfficiencyByKwhPerM2(kwhPerM2), String(kwhPerM2)).toBe(expected);
    expect(classifyEfficiencyByKwhPerM2(-1)).toBeNull();
    expect(classifyEfficiencyByKwhPerM2(Number.NaN)).toBeNull();
  });

  it("rounds the price per kWh half up to four decimals", () => {
    expect(pricePerKwh("3253.50", 34000)).toBe("0.0957");
    expect(pricePerKwh("1.00", 3)).toBe("0.3333");
    expect(pricePerKwh("0.00125", 1)).toBe("0.0013");
    expect(pricePerKwh("100.00", 0)).toBeNull();
  });

  it("derives price, kWh and cost per m2 and the class", () => {
    expect(analyzeConsumption({ totalCost: "3253.50", consumptionKwh: 34000, area: 250 })).toEqual({
      pricePerKwh: "0.0957",
      kwhPerM2: "136.00",
      costPerM2: "13.01",
      efficiencyClass: "F",
    });
    expect(analyzeConsumption({ totalCost: "100.00", consumptionKwh: 1000, area: 0 })).toEqual({
      pricePerKwh: "0.1000",
      kwhPerM2: null,
      costPerM2: null,
      efficiencyClass: null,
    });
  });
});
