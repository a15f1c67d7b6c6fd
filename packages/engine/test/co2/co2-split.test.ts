import { describe, expect, it } from "vitest";
import {
  calculateCo2EmissionsKg,
  calculateCo2Split,
  CO2_PRICE_BY_YEAR,
  CO2_STAGES,
  EMISSION_FACTORS,
  getCo2StageByKgPerM2,
  MESSAGES,
  type Co2SplitInput,
} from "../../src/index.ts";

const YEAR_2023 = { start: "2023-01-01", end: "2023-12-31" };

function split(input: Partial<Co2SplitInput>) {
  const outcome = calculateCo2Split({ period: YEAR_2023, area: 380, ...input });
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return outcome;
}

describe("calculateCo2Split (CO2KostAufG, docs/rules/co2.md#co2-split)", () => {
  it("computes the example of co2-stage-from-gas-invoice: 39,000 kWh gas (upper) on 380 m2", () => {
    const { result, warnings } = split({
      fuel: "gas",
      consumptionKwh: 39000,
      heatingValue: "upper",
    });
    expect(result).toMatchObject({
      emissionsKg: "7074.39",
      kgPerM2: "18.6",
      stage: 3,
      class: "C",
      tenantPercent: 80,
      landlordPercent: 20,
      source: "computed",
      pricePerTonne: "30.00",
      cost: "212.23",
      tenantCost: "169.78",
      landlordCost: "42.45",
      landlordCostCents: 4245,
    });
    expect(warnings).toEqual([]);
  });

  it("has the statute's ten stages and the decided factors and prices", () => {
    expect(
      CO2_STAGES.map((stage) => `${stage.class}${stage.tenantPercent}/${stage.landlordPercent}`),
    ).toEqual([
      "A100/0",
      "B90/10",
      "C80/20",
      "D70/30",
      "E60/40",
      "F50/50",
      "G40/60",
      "H30/70",
      "I20/80",
      "J5/95",
    ]);
    expect(EMISSION_FACTORS.gas).toBe(0.20088);
    expect(CO2_PRICE_BY_YEAR).toEqual({
      2021: 25,
      2022: 30,
      2023: 30,
      2024: 45,
      2025: 55,
      2026: 60,
    });
  });

  it("puts a limit into the next stage (12.0 is stage 2, 11.9 stage 1, 52.0 stage 10)", () => {
    expect(getCo2StageByKgPerM2("11.9").stage).toBe(1);
    expect(getCo2StageByKgPerM2("12.0").stage).toBe(2);
    expect(getCo2StageByKgPerM2("46.9").stage).toBe(8);
    expect(getCo2StageByKgPerM2("51.9").stage).toBe(9);
    expect(getCo2StageByKgPerM2("52").stage).toBe(10);
    expect(getCo2StageByKgPerM2("400").stage).toBe(10);
  });

  it("rounds kg/m2 to one decimal before the stage (11.95 -> 12.0 -> stage 2)", () => {
    const { result } = split({ emissionsKg: 11.95 * 380 });
    expect(result.kgPerM2).toBe("12.0");
    expect(result.stage).toBe(2);
    expect(result.source).toBe("supplier");
  });

  it("shrinks the stage limits by days / 365 for a shorter period (§ 5 (1) sentence 4)", () => {
    // 182 days: the limits shrink to 12 x 0.49863 = 5.98, 17 x ... = 8.48, 22 x ... = 10.97;
    // 10 kg/m2 lies between 8.48 and 10.97, so stage 3 (a full year would give stage 1).
    const outcome = calculateCo2Split({
      period: { start: "2023-01-01", end: "2023-07-01" },
      area: 100,
      emissionsKg: 1000,
    });
    expect(outcome.ok && outcome.result.stage).toBe(3);
    expect(outcome.ok && outcome.result.stageLimitFactor).toBe("0.49863");
  });

  it("splits non-residential buildings 50 / 50 (§ 8)", () => {
    const { result } = split({
      propertyType: "commercial",
      fuel: "gas",
      consumptionKwh: 39000,
      heatingValue: "upper",
    });
    expect(result).toMatchObject({
      stage: 3,
      tenantPercent: 50,
      landlordPercent: 50,
      cost: "212.23",
      landlordCost: "106.12",
      tenantCost: "106.11",
    });
  });

  it("uses the stated cost over the price and adds VAT only to a computed cost", () => {
    expect(split({ fuel: "oil", consumptionKwh: 50000, cost: "400.00" }).result).toMatchObject({
      cost: "400.00",
      pricePerTonne: null,
    });
    // 50,000 kWh oil x 0.266 = 13,300 kg; 13.3 t x 30 = 399.00; + 19 % = 474.81
    expect(split({ fuel: "oil", consumptionKwh: 50000, vatPercent: 19 }).result.cost).toBe(
      "474.81",
    );
    expect(split({ fuel: "oil", consumptionKwh: 50000, pricePerTonne: 100 }).result.cost).toBe(
      "1330.00",
    );
  });

  it("warns when the stored class differs from the computed stage", () => {
    const { warnings } = split({
      efficiencyClass: "D",
      fuel: "gas",
      consumptionKwh: 39000,
      heatingValue: "upper",
    });
    expect(warnings).toEqual([MESSAGES.efficiencyClassMismatch()]);
    expect(
      split({ efficiencyClass: "C", fuel: "gas", consumptionKwh: 39000, heatingValue: "upper" })
        .warnings,
    ).toEqual([]);
  });

  it("falls back to the stored class without emissions, moving no amounts", () => {
    const { result, warnings } = split({ efficiencyClass: "G" });
    expect(result).toMatchObject({
      stage: 7,
      class: "G",
      tenantPercent: 40,
      landlordPercent: 60,
      source: "efficiencyClass",
      emissionsKg: null,
      kgPerM2: null,
      cost: null,
      landlordCostCents: 0,
    });
    expect(warnings).toEqual([MESSAGES.co2ConsumptionMissing()]);
  });

  it("uses class E and says so when there is neither emissions nor a class", () => {
    const { result, warnings } = split({});
    expect(result).toMatchObject({ stage: 5, class: "E", source: "default", landlordPercent: 40 });
    expect(warnings).toContain(
      "Effizienzklasse nicht angegeben - CO₂-Aufteilung verwendet Standardwert",
    );
  });

  it("splits a stated cost by the class when emissions are unknown", () => {
    expect(split({ efficiencyClass: "B", cost: "100.00" }).result).toMatchObject({
      landlordCost: "10.00",
      tenantCost: "90.00",
      source: "efficiencyClass",
    });
  });

  it("computes emissions by fuel; wood and pellets emit nothing", () => {
    expect(calculateCo2EmissionsKg({ fuel: "pellets", consumptionKwh: 10000 })?.toString()).toBe(
      "0",
    );
    expect(calculateCo2EmissionsKg({ fuel: "gas", consumptionKwh: 10000 })?.toString()).toBe(
      "2008.8",
    );
    expect(
      calculateCo2EmissionsKg({
        fuel: "gas",
        consumptionKwh: 10000,
        heatingValue: "upper",
      })?.toString(),
    ).toBe("1813.9464");
    expect(
      calculateCo2EmissionsKg({
        fuel: "district_heating",
        consumptionKwh: 10000,
        emissionFactor: 0.1,
      })?.toString(),
    ).toBe("1000");
    expect(calculateCo2EmissionsKg({ consumptionKwh: 1000 })?.toString()).toBe("200");
    expect(calculateCo2EmissionsKg({ fuel: "gas", consumptionKwh: 0 })).toBeNull();
  });

  it("needs a price from 2027 on, naming the year (BEHG § 10 (2) fixes none)", () => {
    const period = { start: "2027-01-01", end: "2027-12-31" };
    expect(calculateCo2Split({ period, area: 100, fuel: "gas", consumptionKwh: 10000 })).toEqual({
      ok: false,
      errors: [
        "CO2-Preis für 2027 fehlt: Er ist gesetzlich nicht festgelegt. Bitte den CO2-Preis je Tonne oder die CO2-Kosten laut Rechnung des Lieferanten angeben.",
      ],
    });
    expect(
      calculateCo2Split({
        period,
        area: 100,
        fuel: "gas",
        consumptionKwh: 10000,
        pricePerTonne: 70,
      }).ok,
    ).toBe(true);
    expect(
      calculateCo2Split({ period, area: 100, fuel: "gas", consumptionKwh: 10000, cost: "150.00" })
        .ok,
    ).toBe(true);
  });

  it("needs an area above 0", () => {
    expect(calculateCo2Split({ period: YEAR_2023, area: 0, emissionsKg: 100 })).toEqual({
      ok: false,
      errors: [MESSAGES.co2AreaMissing()],
    });
  });
});
