import { describe, expect, it } from "vitest";
import { calculateHeatingCostSheet } from "@nk/engine";
import { heatingCostsSchema, toChartLength, toHeatingCostSheetInput } from "../src/index.ts";

// Decision 1043: what the contract hands the engine and the charts. Quantities stay the decimal
// text they are stored as; a chart gets a number for drawing only.

describe("toHeatingCostSheetInput", () => {
  it("gives the engine the sheet's quantities as their decimal text, the same for server and wizard", () => {
    const sheet = heatingCostsSchema.parse({
      fuel: "oil",
      quantityUnit: "l",
      openingQuantity: "1200.5",
      openingAmount: "1100.00",
      deliveries: [{ date: "2024-03-01", quantity: "3000.25", amount: "2950.00" }],
      closingQuantity: "800.125",
      maintenance: "150.00",
      isCombined: true,
      totalEnergyKwh: "34000",
      hotWaterVolumeM3: "47.2",
    });
    const input = toHeatingCostSheetInput(sheet);
    expect(input.openingStock).toEqual({ quantity: "1200.5", amount: "1100.00" });
    expect(input.purchases).toEqual([
      { date: "2024-03-01", quantity: "3000.25", amount: "2950.00" },
    ]);
    expect(input.closingStock).toEqual({ quantity: "800.125" });
    expect(input.combined).toMatchObject({
      totalEnergyKwh: "34000",
      hotWaterVolumeM3: "47.2",
      hotWaterTemperatureCelsius: null,
    });
    const outcome = calculateHeatingCostSheet(input);
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    // 1200.5 + 3000.25 - 800.125 = 3400.625 l consumed.
    expect(outcome.sheet.consumedQuantity).toBe("3400.625");
  });

  it("leaves the stocks out of a grid fuel and the § 9 split out of a separate generator", () => {
    const input = toHeatingCostSheetInput(
      heatingCostsSchema.parse({
        fuel: "gas",
        quantityUnit: "kWh",
        quantity: "39000.5",
        fuelCost: "3100.00",
      }),
    );
    expect(input).toMatchObject({
      openingStock: null,
      purchases: [],
      closingStock: null,
      quantity: "39000.5",
      combined: null,
    });
  });
});

describe("toChartLength", () => {
  it("is the text as a number for drawing, 0 for nothing or no number", () => {
    expect(toChartLength("5760.00")).toBe(5760);
    expect(toChartLength("15.25")).toBe(15.25);
    expect(toChartLength(null)).toBe(0);
    expect(toChartLength("viel")).toBe(0);
  });
});
