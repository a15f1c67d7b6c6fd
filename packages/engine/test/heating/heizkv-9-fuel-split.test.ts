import { describe, expect, it } from "vitest";
import { MESSAGES, splitCombinedHeatingFuel } from "../../src/index.ts";

describe("splitCombinedHeatingFuel (§ 9 HeizkV)", () => {
  it("computes Q = 2.5 x V x (tw - 10): 47.2 m3 at 60 deg C gives 5,900 kWh and 564.58 EUR of 3,253.50 EUR", () => {
    const outcome = splitCombinedHeatingFuel({
      totalEnergyKwh: 34000,
      fuelCost: "3253.50",
      hotWaterVolumeM3: 47.2,
      hotWaterTemperatureCelsius: 60,
    });
    expect(outcome).toEqual({
      ok: true,
      result: {
        hotWaterEnergyKwh: "5900.00",
        baseEnergyKwh: "5900.00",
        method: "volume",
        hotWaterShare: "0.173529",
        hotWaterCost: "564.58",
        heatingCost: "2688.92",
      },
    });
  });

  it("defaults the hot-water temperature to 60 deg C", () => {
    const outcome = splitCombinedHeatingFuel({
      totalEnergyKwh: 34000,
      fuelCost: "3253.50",
      hotWaterVolumeM3: 47.2,
    });
    expect(outcome.ok && outcome.result.hotWaterEnergyKwh).toBe("5900.00");
  });

  it("falls back to 32 kWh per m2 of the area with hot water when the volume is unknown", () => {
    const outcome = splitCombinedHeatingFuel({
      totalEnergyKwh: 40000,
      fuelCost: "4000.00",
      hotWaterAreaM2: 250,
    });
    expect(outcome).toEqual({
      ok: true,
      result: {
        hotWaterEnergyKwh: "8000.00",
        baseEnergyKwh: "8000.00",
        method: "area",
        hotWaterShare: "0.200000",
        hotWaterCost: "800.00",
        heatingCost: "3200.00",
      },
    });
  });

  it("multiplies Q by 1.11 for gas on the upper heating value and divides by 1.15 for heat supply", () => {
    const upper = splitCombinedHeatingFuel({
      totalEnergyKwh: 34000,
      fuelCost: "3253.50",
      hotWaterVolumeM3: 47.2,
      isGasUpperHeatingValue: true,
    });
    expect(upper.ok && upper.result.hotWaterEnergyKwh).toBe("6549.00");
    expect(upper.ok && upper.result.hotWaterCost).toBe("626.68");
    const supplied = splitCombinedHeatingFuel({
      totalEnergyKwh: 34000,
      fuelCost: "3253.50",
      hotWaterVolumeM3: 47.2,
      isCommercialHeatSupply: true,
    });
    expect(supplied.ok && supplied.result.hotWaterEnergyKwh).toBe("5130.43");
    expect(supplied.ok && supplied.result.hotWaterCost).toBe("490.94");
  });

  it("returns errors instead of throwing", () => {
    expect(
      splitCombinedHeatingFuel({ totalEnergyKwh: 0, fuelCost: "10.00", hotWaterVolumeM3: 1 }),
    ).toEqual({ ok: false, errors: [MESSAGES.fuelSplitEnergyMissing()] });
    expect(splitCombinedHeatingFuel({ totalEnergyKwh: 1000, fuelCost: "10.00" })).toEqual({
      ok: false,
      errors: [MESSAGES.fuelSplitBasisMissing()],
    });
    expect(
      splitCombinedHeatingFuel({ totalEnergyKwh: 1000, fuelCost: "10.00", hotWaterVolumeM3: 100 }),
    ).toEqual({ ok: false, errors: [MESSAGES.fuelSplitHotWaterExceedsTotal()] });
  });
});
