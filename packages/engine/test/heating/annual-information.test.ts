import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buildLetterFigures,
  calculateStatement,
  computeAnnualInformation,
  prepareAnnualInformation,
  validateStatementInputShape,
  type StatementInput,
  type StatementResult,
} from "../../src/index.ts";

// Issue 24, item 12 (decision 1160, docs/calculation/17-jahresinformation-6a.md): the § 6a (3)
// HeizkV annual information of a letter, from the oil house of 07/2024-06/2025 (heating cost sheet
// with the § 9 split: 64.750 kWh for heating over 4.500 meter units).
const BASE = JSON.parse(
  readFileSync(
    new URL("../fixtures/heating-examples/oil-stock-crossing-year.input.json", import.meta.url),
    "utf8",
  ),
) as StatementInput;

const ANNUAL = {
  energyMix: [],
  primaryEnergyFactor: null,
  taxesAndLevies: [{ label: "Energiesteuer (Heizöl)", amount: "522.35" }],
  meteringDeviceFee: "250.00",
  readingAndBillingFee: "360.00",
  climateFactor: 1.1,
};

function calculate(input: StatementInput): StatementResult {
  const outcome = calculateStatement(input);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return outcome.result;
}

/** The same house a year earlier: OG used 2.000 units of 4.700, Klimafaktor 0,95. */
function previousRun(): { input: StatementInput; result: StatementResult } {
  const input: StatementInput = {
    ...BASE,
    period: { start: "2023-07-01", end: "2024-06-30" },
    consumption: [
      { unitId: "EG", meter: "heating", value: 1300 },
      { unitId: "OG", meter: "heating", value: 2000 },
      { unitId: "DG", meter: "heating", value: 1400 },
      { unitId: "EG", meter: "warmwater", value: 40 },
      { unitId: "OG", meter: "warmwater", value: 80 },
      { unitId: "DG", meter: "warmwater", value: 60 },
    ],
    co2: { fuel: "oil", consumptionKwh: 85000, vatPercent: 19 },
    heatingCosts: null,
    costItems: [
      {
        costType: "Heizung",
        amount: "7000.00",
        key: "mixed",
        consumptionShare: 70,
        meter: "heating",
      },
      {
        costType: "Warmwasser",
        amount: "2000.00",
        key: "mixed",
        consumptionShare: 70,
        meter: "warmwater",
      },
    ],
    annualInformation: { climateFactor: 0.95 },
  };
  return { input, result: calculate(input) };
}

describe("computeAnnualInformation (§ 6a (3) HeizkV, issue 24 item 12)", () => {
  const input: StatementInput = { ...BASE, annualInformation: ANNUAL };
  const result = calculate(input);

  it("gives the tenancy's consumption in meter units and kWh, weather-corrected, against its own previous period", () => {
    // The previous run has no § 9 split and heats water: no kWh there, so both periods compare in meter units.
    const info = computeAnnualInformation({
      input,
      result,
      tenancyId: "og",
      previous: previousRun(),
    });
    // 64.750 kWh heating energy (§ 9 split) / 4.500 units = 14,388889 kWh per unit.
    expect(info).toMatchObject({
      heatingEnergyKwh: "64750",
      heatingEnergySource: "heizkv9Split",
      kwhPerUnit: "14.388889",
    });
    expect(info?.current).toEqual({
      from: "2024-07-01",
      to: "2025-06-30",
      days: 365,
      value: "1830.00",
      kwh: "26332",
      method: "measured",
      isEstimated: false,
      climateFactor: "1.1",
      isWeatherCorrected: true,
      weatherCorrected: "2013.00",
      weatherCorrectedKwh: "28965",
    });
    expect(info?.previous).toMatchObject({
      value: "2000.00",
      kwh: null,
      climateFactor: "0.95",
      weatherCorrected: "1900.00",
      days: 366,
    });
    // Per day: 2.013 / 365 against 1.900 / 366 = +6,2 %.
    expect(info?.changePercent).toBe("6.2");
  });

  it("compares with a user of the building's average per m² with the same area and time", () => {
    const info = computeAnnualInformation({ input, result, tenancyId: "og", previous: null });
    // 4.500 units / 480 m² = 9,375 per m²; × 180 m² = 1.687,50; OG 1.830 = 108 %.
    expect(info?.averageUser).toEqual({
      perM2: "9.38",
      value: "1687.50",
      kwh: "24281",
      yourPercent: "108",
    });
    expect(info?.previousMissing).toBe("noPreviousPeriod");
    // Chart in kWh (weather-corrected): the tenant 28.965, the average user 24.281 × 1,1 = 26.709.
    expect(info?.chart).toEqual({
      unit: "kWh",
      bars: [
        { kind: "current", value: "28965", lengthPercent: 100 },
        { kind: "averageUser", value: "26709", lengthPercent: 92 },
      ],
    });
  });

  it("gives the energy mix, the levies and the metering fees with the tenancy's part", () => {
    const info = computeAnnualInformation({ input, result, tenancyId: "og", previous: null });
    expect(info).toMatchObject({
      energyMix: [{ carrier: "oil", percent: "100.00" }],
      energyMixSource: "fuel",
      districtHeating: null,
    });
    expect(info?.levies.map((line) => [line.kind, line.amount])).toEqual([
      ["levy", "522.35"],
      ["co2", "1367.71"],
    ]);
    expect(info?.fees.map((line) => [line.kind, line.amount])).toEqual([
      ["meteringDevices", "250.00"],
      ["readingAndBilling", "360.00"],
    ]);
    // The three tenancies' parts of a fee add up to the fee (largest remainder over the heating cents).
    const parts = ["eg", "og", "dg"].map(
      (tenancyId) =>
        computeAnnualInformation({ input, result, tenancyId, previous: null })?.fees[0]?.yourShare,
    );
    expect(parts.reduce((sum, part) => sum + Math.round(Number(part) * 100), 0)).toBe(25000);
  });

  it("gives each tenancy its part of the CO2 cost as its CO2 block splits it, adding up to the building's", () => {
    const letters = buildLetterFigures(input, result);
    const co2Parts = ["eg", "og", "dg"].map((tenancyId) => {
      const line = computeAnnualInformation({
        input,
        result,
        tenancyId,
        previous: null,
      })?.levies.find((entry) => entry.kind === "co2");
      const block = letters.tenancies.find((figures) => figures.tenancyId === tenancyId)?.co2;
      // The row's part is what the CO2 block divides between the tenant and the landlord.
      expect(Math.round(Number(line?.yourShare) * 100)).toBe(
        Math.round(Number(block?.tenantCost) * 100) +
          Math.round(Number(block?.landlordShare) * 100),
      );
      return Math.round(Number(line?.yourShare) * 100);
    });
    expect(co2Parts.every((part) => part > 0)).toBe(true);
    expect(co2Parts.reduce((sum, part) => sum + part, 0)).toBe(136771);
  });

  it("shows a tenant who moved in mid-year her own part, not the flat's year or her predecessor's", () => {
    const moved: StatementInput = {
      ...input,
      tenancies: [
        ...BASE.tenancies.filter((tenancy) => tenancy.unitId !== "EG"),
        { id: "eg-old", unitId: "EG", start: "2019-04-01", end: "2024-12-31" },
        { id: "eg-new", unitId: "EG", start: "2025-01-01", end: null },
      ],
      consumption: [
        ...(BASE.consumption ?? []),
        { unitId: "EG", tenancyId: "eg-old", meter: "heating", value: 700 },
      ],
    };
    const movedResult = calculate(moved);
    const info = computeAnnualInformation({
      input: moved,
      result: movedResult,
      tenancyId: "eg-new",
      previous: previousRun(),
    });
    // EG 1.250 units in the year, 700 of them the predecessor's: the new tenant's 550.
    expect(info?.current).toMatchObject({
      from: "2025-01-01",
      value: "550.00",
      method: "measured",
    });
    expect(info?.previous).toBeNull();
    expect(info?.previousMissing).toBe("notTenantThen");
    // The average user of 140 m² over her degree-day share of the period, not the whole year.
    expect(Number(info?.averageUser?.value)).toBeLessThan(9.375 * 140);
  });

  it("prints the network's emissions and primary energy factor for district heating", () => {
    const district: StatementInput = {
      ...input,
      co2: {
        fuel: "district_heating",
        consumptionKwh: 85000,
        emissionFactor: 0.12,
        vatPercent: 19,
      },
      heatingCosts: null,
      annualInformation: {
        ...ANNUAL,
        energyMix: [
          { carrier: "Erdgas (KWK)", percent: 62.5 },
          { carrier: "Biomasse", percent: 37.5 },
        ],
        primaryEnergyFactor: 0.6,
      },
    };
    const info = computeAnnualInformation({
      input: district,
      result: calculate(district),
      tenancyId: "og",
      previous: null,
    });
    expect(info?.energyMix).toEqual([
      { carrier: "Erdgas (KWK)", percent: "62.50" },
      { carrier: "Biomasse", percent: "37.50" },
    ]);
    expect(info?.districtHeating).toEqual({
      emissionFactor: "0.12",
      emissionsKg: "10200.00",
      primaryEnergyFactor: "0.6",
    });
    // Water heated centrally (Warmwasser item) and no § 9 split: no kWh for heating alone.
    expect(info?.kwhPerUnit).toBeNull();
    expect(info?.chart?.unit).toBe("units");
  });

  it("reads the inputs from untrusted JSON with German messages", () => {
    const bad = validateStatementInputShape({
      ...input,
      annualInformation: {
        energyMix: [{ carrier: "Gas", percent: 120 }],
        meteringDeviceFee: "-5.00",
        climateFactor: 0,
      },
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.issues.map((issue) => issue.message)).toEqual([
      'Feld "annualInformation.energyMix[0].percent" muss zwischen 0 und 100 liegen',
      'Feld "annualInformation.climateFactor" muss größer als 0 sein',
      'Feld "annualInformation.meteringDeviceFee" darf nicht negativ sein',
    ]);
    const good = validateStatementInputShape(input);
    expect(good.ok && good.input.annualInformation).toEqual(ANNUAL);
  });

  it("answers every tenancy of a run from figures worked out once, reading only the tenancy's own line (issue 32)", () => {
    const reads: string[] = [];
    const watch = <T extends object>(target: T, name: string): T =>
      new Proxy(target, {
        get(object, key, receiver) {
          if (typeof key === "string") reads.push(`${name}.${key}`);
          return Reflect.get(object, key, receiver) as unknown;
        },
      });
    const previous = previousRun();
    const ofRun = prepareAnnualInformation({
      input: watch(input, "input"),
      result: watch(result, "result"),
      previous: { input: previous.input, result: watch(previous.result, "previous") },
    });
    // The first answer splits the fees and reads the letter figures (asked only when needed).
    const first = ofRun("eg");
    reads.length = 0;
    const others = [ofRun("og"), ofRun("dg")];
    const runWide = ["tenancies", "vacancy", "unitConsumption", "letters", "items"];
    const runReads = reads.filter((read) => runWide.some((key) => read.endsWith(`.${key}`)));
    expect(runReads).toEqual([]);
    expect(reads.some((read) => read.startsWith("input."))).toBe(false);
    // The same figures as asked one tenancy at a time.
    for (const [tenancyId, info] of [
      ["eg", first],
      ["og", others[0]],
      ["dg", others[1]],
    ] as const)
      expect(info).toEqual(computeAnnualInformation({ input, result, tenancyId, previous }));
    // A fee's parts still add up over the run's tenancies (one split of the fee, shared).
    const parts = [first, ...others].map((info) => info?.fees[0]?.yourShare ?? "");
    expect(parts.map((part) => Number.parseInt(part.replace(".", ""), 10))).toHaveLength(3);
    expect(parts.reduce((sum, part) => sum + Number.parseInt(part.replace(".", ""), 10), 0)).toBe(
      25000,
    );
    expect(() => ofRun("nobody")).toThrow(RangeError);
  });

  it("is null without heating items", () => {
    const noHeating = {
      ...input,
      costItems: [{ costType: "Grundsteuer", amount: "900.00", key: "area" as const }],
      heatingCosts: null,
      co2: null,
    };
    expect(
      computeAnnualInformation({
        input: noHeating,
        result: calculate(noHeating),
        tenancyId: "og",
        previous: null,
      }),
    ).toBeNull();
  });
});
