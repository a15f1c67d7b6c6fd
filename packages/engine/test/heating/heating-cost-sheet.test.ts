import { describe, expect, it } from "vitest";
import {
  calculateHeatingCostSheet,
  calculateStatement,
  MESSAGES,
  type HeatingCostSheetInput,
} from "../../src/index.ts";

// Issue 24, item 6; decision 1151: the closing stock valued first in, first out.
const OIL: HeatingCostSheetInput = {
  fuel: "oil",
  quantityUnit: "l",
  openingStock: { quantity: 1500, amount: "525.00" },
  purchases: [
    { date: "2024-02-01", quantity: 3500, amount: "1295.00" },
    { date: "2024-06-01", quantity: 3000, amount: "1140.00" },
    { date: "2024-11-01", quantity: 1000, amount: "410.00" },
  ],
  closingStock: { quantity: 2500 },
};

describe("calculateHeatingCostSheet", () => {
  it("values a closing stock larger than the last delivery from the deliveries before it", () => {
    const outcome = calculateHeatingCostSheet(OIL);
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const { stock, consumedQuantity, fuelCost } = outcome.sheet;
    // 1,000 l of the last delivery at 0.41 and 1,500 l of the one before at 0.38 = 980.00 EUR.
    expect(stock?.closing.slices).toEqual([
      { source: 2, date: "2024-11-01", quantity: "1000", unitPrice: "0.410000", amount: "410.00" },
      { source: 1, date: "2024-06-01", quantity: "1500", unitPrice: "0.380000", amount: "570.00" },
    ]);
    expect(stock?.closing.amount).toBe("980.00");
    // 9,000 l available - 2,500 l = 6,500 l for 3,370.00 - 980.00 = 2,390.00 EUR.
    expect(consumedQuantity).toBe("6500");
    expect(fuelCost).toBe("2390.00");
  });

  it("reaches into the opening stock when the deliveries do not cover the closing stock", () => {
    const outcome = calculateHeatingCostSheet({
      ...OIL,
      purchases: [{ date: "2024-10-01", quantity: 1000, amount: "1100.00" }],
      closingStock: { quantity: 1600 },
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    // 1,000 l at 1.10 + 600 l of the opening stock at 0.35 = 1,310.00; used 900 l for 525 + 1,100 - 1,310 = 315.00.
    expect(outcome.sheet.stock?.closing).toMatchObject({
      amount: "1310.00",
      slices: [
        { source: 0, amount: "1100.00" },
        { source: "opening", quantity: "600", amount: "210.00" },
      ],
    });
    expect(outcome.sheet.fuelCost).toBe("315.00");
  });

  it("refuses a closing stock above what was there", () => {
    expect(calculateHeatingCostSheet({ ...OIL, closingStock: { quantity: 9001 } })).toEqual({
      ok: false,
      errors: [MESSAGES.heatingSheetClosingAboveStock()],
    });
  });

  it("takes gas from the bill and splits with the 1.11 factor (§ 9 (2) HeizkV)", () => {
    const outcome = calculateHeatingCostSheet({
      fuel: "gas",
      quantityUnit: "kWh",
      quantity: 34000,
      fuelCost: "3253.50",
      operatingPower: "146.50",
      combined: {
        totalEnergyKwh: 34000,
        hotWaterVolumeM3: 47.2,
        hotWaterTemperatureCelsius: 60,
        isGasUpperHeatingValue: true,
      },
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    // Q = 2.5 x 47.2 x 50 = 5,900 x 1.11 = 6,549 kWh of 34,000: 19.26 % of 3,400.00 = 654.90 EUR.
    expect(outcome.sheet).toMatchObject({
      isStoredFuel: false,
      stock: null,
      total: "3400.00",
      hotWaterCost: "654.90",
      heatingCost: "2745.10",
    });
    expect(outcome.sheet.combinedSplit).toMatchObject({
      baseEnergyKwh: "5900.00",
      upperHeatingValueFactor: "1.11",
      hotWaterEnergyKwh: "6549.00",
      hotWaterSharePercent: "19.26",
    });
  });

  it("makes the statement refuse items that differ from the sheet, naming both amounts", () => {
    const input = {
      period: { start: "2024-01-01", end: "2024-12-31" },
      units: [{ id: "A", area: 100 }],
      tenancies: [{ id: "a", unitId: "A", start: "2020-01-01" }],
      costItems: [{ costType: "Heizung", amount: "3000.00", key: "area" }],
      heatingCosts: {
        fuel: "gas",
        quantityUnit: "kWh",
        quantity: 30000,
        fuelCost: "2900.00",
        maintenance: "150.00",
      },
    };
    const outcome = calculateStatement(input);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.errors).toEqual([
      MESSAGES.heatingSheetItemMismatch("Heizung", "3050.00", "3000.00"),
    ]);
    expect(MESSAGES.heatingSheetItemMismatch("Heizung", "3050.00", "3000.00")).toBe(
      "Heizkostenaufstellung: Heizung muss 3.050,00 € betragen (laut Aufstellung), eingegeben sind 3.000,00 €. Bitte die Beträge aus der Aufstellung übernehmen.",
    );
    const bad = calculateStatement({
      ...input,
      heatingCosts: {
        fuel: "oil",
        quantityUnit: "l",
        purchases: [{ date: "2024-13-01", quantity: -1, amount: "-5" }],
      },
    });
    expect(!bad.ok && bad.errors.length).toBeGreaterThanOrEqual(3);
  });
});
