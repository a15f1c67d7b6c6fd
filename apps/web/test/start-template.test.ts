import { describe, expect, it } from "vitest";
import type { StatementConsumption } from "@nk/contract";
import {
  buildEmptyCostItem,
  EMPTY_ANNUAL_INFORMATION,
  EMPTY_CO2,
  EMPTY_HEATING_SHEET,
  toCostsBody,
  type CostsFormValues,
} from "../src/features/statements/lib/cost-form";
import { planStart } from "../src/features/statements/lib/use-start-template";

// Decision 1620: what the wizard starts with on a stored period without saved inputs.

const EMPTY: CostsFormValues = {
  costItems: [],
  co2: EMPTY_CO2,
  consumptionOverrides: [],
  climateFactor: "",
  heatingSheet: EMPTY_HEATING_SHEET,
  annualInformation: EMPTY_ANNUAL_INFORMATION,
};
/** A period whose unit meters are heat cost allocators only (the journey's house). */
const ALLOCATORS_ONLY = {
  meters: [{ unitId: "u1", meter: "heating" }],
} as unknown as StatementConsumption;

describe("the wizard's start (decision 1620)", () => {
  it("puts in the recommended template fitted to the meters, without amounts, and the property's fuel", () => {
    const plan = planStart(EMPTY, "Mehrfamilienhaus", "gas", true, ALLOCATORS_ONLY)!;
    expect(plan.templateName).toBe("Standard Wohngebäude");
    const types = plan.costItems!.map((item) => item.costType);
    expect(types).toContain("Heizung");
    expect(types).toContain("Grundsteuer");
    // No hot-water meters: hot water is not put in; cold water goes by living area.
    expect(types).not.toContain("Warmwasser");
    expect(plan.costItems!.find((item) => item.costType === "Kaltwasser")!.key).toBe("area");
    expect(plan.costItems!.every((item) => item.amount === "")).toBe(true);
    expect(plan.fuel).toBe("gas");
    // What the untouched form serializes to, so the autosave can leave it unsaved.
    expect(plan.serialized).toBe(
      JSON.stringify(
        toCostsBody({ ...EMPTY, costItems: plan.costItems!, co2: { ...EMPTY_CO2, fuel: "gas" } }),
      ),
    );
  });

  it("never replaces items or a fuel the form already holds, and without the template feature puts in the fuel only", () => {
    const typed: CostsFormValues = {
      ...EMPTY,
      costItems: [{ ...buildEmptyCostItem("Grundsteuer"), amount: "800" }],
      co2: { ...EMPTY_CO2, fuel: "oil" },
    };
    expect(planStart(typed, "Mehrfamilienhaus", "gas", true, ALLOCATORS_ONLY)).toBeNull();
    const fuelOnly = planStart(
      EMPTY,
      "Mehrfamilienhaus",
      "district_heating",
      false,
      ALLOCATORS_ONLY,
    )!;
    expect(fuelOnly.costItems).toBeNull();
    expect(fuelOnly.templateName).toBeNull();
    expect(fuelOnly.fuel).toBe("district_heating");
    expect(planStart(EMPTY, "Mehrfamilienhaus", null, false, ALLOCATORS_ONLY)).toBeNull();
  });
});
