import { describe, expect, it } from "vitest";
import { calculateCo2Split, splitPeriodByCalendarYear } from "../../src/index.ts";

// Issue 24, items 7 and 8: the CO2 cost priced per calendar year (BEHG § 10 (2); § 3 (3)
// CO2KostAufG: the price at the time of delivery) and its whole basis for the letter.
const CROSSING = { start: "2024-07-01", end: "2025-06-30" };

describe("CO2 price by calendar-year part (issue 24, item 8)", () => {
  it("splits a period at the turn of the year", () => {
    expect(splitPeriodByCalendarYear("2024-07-01", "2025-06-30")).toEqual([
      { year: 2024, from: "2024-07-01", to: "2024-12-31" },
      { year: 2025, from: "2025-01-01", to: "2025-06-30" },
    ]);
    expect(splitPeriodByCalendarYear("2024-01-01", "2024-12-31")).toEqual([
      { year: 2024, from: "2024-01-01", to: "2024-12-31" },
    ]);
  });

  it("prices 07/2024-06/2025 at 45 and 55 EUR/t, emissions shared by degree days, VAT on the sum", () => {
    const outcome = calculateCo2Split({
      period: CROSSING,
      area: 480,
      fuel: "oil",
      consumptionKwh: 60000,
      vatPercent: 19,
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const { result } = outcome;
    // 60,000 kWh x 0.266 = 15,960 kg; Jul-Dec 416.667 and Jan-Jun 583.333 of 1,000 degree-day per mille.
    expect(result.calculation).toEqual({
      energyKwh: "60000",
      heatingValue: "lower",
      heatingValueFactor: null,
      energyKwhLowerHeatingValue: "60000",
      emissionFactor: "0.266",
      emissionFactorSource: "standard",
      costSource: "price",
      priceParts: [
        {
          year: 2024,
          from: "2024-07-01",
          to: "2024-12-31",
          share: "0.416667",
          sharePercent: "41.67",
          emissionsKg: "6650.00",
          pricePerTonne: "45.00",
          priceSource: "statutory",
          netCost: "299.25",
        },
        {
          year: 2025,
          from: "2025-01-01",
          to: "2025-06-30",
          share: "0.583333",
          sharePercent: "58.33",
          emissionsKg: "9310.00",
          pricePerTonne: "55.00",
          priceSource: "statutory",
          netCost: "512.05",
        },
      ],
      vatPercent: "19",
      netCost: "811.30",
      vat: "154.15",
    });
    // 811.30 x 1.19 = 965.447; before issue 24 the whole period cost 15.96 t x 45 x 1.19 = 854.66.
    expect(result).toMatchObject({
      emissionsKg: "15960.00",
      kgPerM2: "33.3",
      stage: 6,
      cost: "965.45",
      landlordCost: "482.73",
      tenantCost: "482.72",
      pricePerTonne: null,
    });
  });

  it("prices 2026 at the corridor midpoint of 60 EUR/t and asks for 2027", () => {
    const year2026 = calculateCo2Split({
      period: { start: "2026-01-01", end: "2026-12-31" },
      area: 100,
      fuel: "oil",
      consumptionKwh: 10000,
    });
    expect(
      year2026.ok && year2026.result.calculation.priceParts.map((part) => part.pricePerTonne),
    ).toEqual(["60.00"]);
    expect(year2026.ok && year2026.result.cost).toBe("159.60");
    const crossing2027 = calculateCo2Split({
      period: { start: "2026-10-01", end: "2027-09-30" },
      area: 100,
      fuel: "oil",
      consumptionKwh: 10000,
    });
    expect(crossing2027).toEqual({
      ok: false,
      errors: [
        "CO2-Preis für 2027 fehlt: Er ist gesetzlich nicht festgelegt. Bitte den CO2-Preis je Tonne oder die CO2-Kosten laut Rechnung des Lieferanten angeben.",
      ],
    });
  });

  it("uses an entered price for the whole period as one part", () => {
    const outcome = calculateCo2Split({
      period: CROSSING,
      area: 480,
      fuel: "oil",
      consumptionKwh: 60000,
      pricePerTonne: 50,
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    expect(outcome.result.calculation.priceParts).toEqual([
      {
        year: 2024,
        from: "2024-07-01",
        to: "2025-06-30",
        share: "1.000000",
        sharePercent: "100.00",
        emissionsKg: "15960.00",
        pricePerTonne: "50.00",
        priceSource: "entered",
        netCost: "798.00",
      },
    ]);
    expect(outcome.result).toMatchObject({ cost: "798.00", pricePerTonne: "50.00" });
  });

  it("uses the supplier's invoice cost as such (§ 3 CO2KostAufG) and prices nothing", () => {
    const outcome = calculateCo2Split({
      period: CROSSING,
      area: 480,
      fuel: "oil",
      consumptionKwh: 60000,
      cost: "901.17",
      vatPercent: 19,
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    expect(outcome.result.calculation).toMatchObject({
      costSource: "supplierInvoice",
      priceParts: [],
      netCost: null,
      vat: null,
      vatPercent: null,
      energyKwh: "60000",
    });
    expect(outcome.result).toMatchObject({ cost: "901.17", pricePerTonne: null });
  });

  it("prints the heating-value conversion of gas and a supplier's emission factor (item 7)", () => {
    const gas = calculateCo2Split({
      period: { start: "2023-01-01", end: "2023-12-31" },
      area: 380,
      fuel: "gas",
      consumptionKwh: 39000,
      heatingValue: "upper",
    });
    expect(gas.ok && gas.result.calculation).toMatchObject({
      energyKwh: "39000",
      heatingValue: "upper",
      heatingValueFactor: "0.903",
      energyKwhLowerHeatingValue: "35217",
      emissionFactor: "0.20088",
      emissionFactorSource: "standard",
      netCost: "212.23",
      vat: "0.00",
    });
    const district = calculateCo2Split({
      period: { start: "2023-01-01", end: "2023-12-31" },
      area: 380,
      fuel: "district_heating",
      consumptionKwh: 50000,
      emissionFactor: 0.12,
    });
    expect(district.ok && district.result.calculation).toMatchObject({
      emissionFactor: "0.12",
      emissionFactorSource: "supplier",
    });
    const stated = calculateCo2Split({
      period: { start: "2023-01-01", end: "2023-12-31" },
      area: 380,
      emissionsKg: 7000,
    });
    expect(stated.ok && stated.result.calculation).toMatchObject({
      energyKwh: null,
      emissionFactor: null,
      costSource: "price",
      netCost: "210.00",
    });
  });

  it("rounds so that the printed net, VAT and cost reconcile to the cent (decision 1161)", () => {
    // 2,008.78 kg x 45 EUR/t = 90.3951 net. Rounded once from the exact net, the cost was
    // 90.3951 x 1.19 = 107.5702 -> 107.57 beside a printed net of 90.40 (90.40 x 1.19 = 107.576).
    const outcome = calculateCo2Split({
      period: { start: "2024-01-01", end: "2024-12-31" },
      area: 100,
      emissionsKg: 2008.78,
      vatPercent: 19,
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    expect(outcome.result.calculation).toMatchObject({ netCost: "90.40", vat: "17.18" });
    expect(outcome.result.calculation.priceParts.map((part) => part.netCost)).toEqual(["90.40"]);
    expect(outcome.result).toMatchObject({ cost: "107.58" });
    const cents = (text: string | null) => Math.round(Number(text) * 100);
    const { netCost, vat } = outcome.result.calculation;
    expect(cents(netCost) + cents(vat)).toBe(cents(outcome.result.cost));
    expect(cents(outcome.result.tenantCost) + cents(outcome.result.landlordCost)).toBe(
      cents(outcome.result.cost),
    );
  });

  it("prices each part from its printed kg, so that kg x price gives the printed net of the part", () => {
    const outcome = calculateCo2Split({
      period: CROSSING,
      area: 480,
      fuel: "oil",
      consumptionKwh: 85000,
      vatPercent: 19,
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    // 9,420.83 kg x 45 = 423.93735 -> 423.94; 13,189.17 kg x 55 = 725.40435 -> 725.40; VAT 1,149.34 x 0.19 = 218.3746 -> 218.37.
    expect(
      outcome.result.calculation.priceParts.map((part) => [part.emissionsKg, part.netCost]),
    ).toEqual([
      ["9420.83", "423.94"],
      ["13189.17", "725.40"],
    ]);
    expect(outcome.result.calculation).toMatchObject({ netCost: "1149.34", vat: "218.37" });
    expect(outcome.result.cost).toBe("1367.71");
  });
});
