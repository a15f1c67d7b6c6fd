import { describe, expect, it } from "vitest";
import {
  calculateStatement,
  getAllocationParts,
  type AllocationPart,
  type StatementInput,
} from "../../src/index.ts";
import { loadExamples } from "../support/examples.ts";
import { buildBaseInput, expectResult, summarizeAllocations } from "../support/inputs.ts";

/**
 * Unit A (50 m2) has t1 from 1 January to 30 April 2025 (120 days, 530 per mille of degree
 * days), vacancy in May and June (61 days, 160/3 per mille) and t2 from 1 July (184 days,
 * 1250/3 per mille); unit B (50 m2) has t3 all year.
 */
function buildTenantChangeInput(): StatementInput {
  return {
    period: { start: "2025-01-01", end: "2025-12-31" },
    units: [
      { id: "A", area: 50, persons: 2 },
      { id: "B", area: 50, persons: 3 },
    ],
    tenancies: [
      { id: "t2", unitId: "A", start: "2025-07-01", end: null, persons: 1 },
      { id: "t3", unitId: "B", start: "2015-01-01", end: null },
      { id: "t1", unitId: "A", start: "2019-01-01", end: "2025-04-30" },
    ],
    consumption: [],
    costItems: [],
  };
}

function calculate(input: StatementInput) {
  return expectResult(calculateStatement(input));
}

describe("lines: tenancies and vacancy (docs/rules/tenancies-and-keys.md#who-bears-what)", () => {
  it("cuts each unit's period into tenancies and vacancy, listed by unit in input order, then by date", () => {
    const input = buildTenantChangeInput();
    input.costItems = [{ costType: "Grundsteuer", amount: "100.00", key: "area" }];
    input.units.unshift({ id: "Z", area: 10 });
    const result = calculate(input);
    expect(
      result.tenancies.map((tenancy) => [
        tenancy.tenancyId,
        tenancy.from,
        tenancy.to,
        tenancy.days,
        tenancy.persons,
      ]),
    ).toEqual([
      ["t1", "2025-01-01", "2025-04-30", 120, 2],
      ["t2", "2025-07-01", "2025-12-31", 184, 1],
      ["t3", "2025-01-01", "2025-12-31", 365, 3],
    ]);
    expect(result.vacancy.map((line) => [line.unitId, line.from, line.to, line.days])).toEqual([
      ["Z", "2025-01-01", "2025-12-31", 365],
      ["A", "2025-05-01", "2025-06-30", 61],
    ]);
    expect(result.tenancies.map((tenancy) => tenancy.degreeDayPerMille)).toEqual([
      530, 416.666667, 1000,
    ]);
    expect(result.vacancy[1]?.degreeDayPerMille).toBe(53.333333);
  });

  it("leaves out tenancies outside the period and clips the others to it", () => {
    const input = buildBaseInput();
    input.period = { start: "2024-03-01", end: "2024-08-31" };
    input.tenancies.push({ id: "gone", unitId: "B", start: "2010-01-01", end: "2019-12-31" });
    (input.tenancies[0] as StatementInput["tenancies"][number]).end = "2029-12-31";
    input.tenancies.push({ id: "future", unitId: "A", start: "2030-01-01", end: null });
    const result = calculate(input);
    expect(
      result.tenancies.map((tenancy) => [
        tenancy.tenancyId,
        tenancy.from,
        tenancy.to,
        tenancy.days,
      ]),
    ).toEqual([
      ["tA", "2024-03-01", "2024-08-31", 184],
      ["tB", "2024-03-01", "2024-08-31", 184],
    ]);
    expect(result.tenancies[0]?.prepayments).toBe("600.00");
  });
});

describe("keys and time weights", () => {
  it("weights units and persons by days, Heizung by degree days (docs/rules/heating.md#heizkv)", () => {
    const input = buildTenantChangeInput();
    input.costItems = [
      { costType: "Müllabfuhr", amount: "1000.00", key: "units" },
      { costType: "Heizung", amount: "1000.00", key: "units" },
      { costType: "Hausmeister", amount: "1000.00", key: "persons" },
      { costType: "Heizung", amount: "1000.00", key: "persons" },
    ];
    const result = calculate(input);
    const amounts = (id: string) =>
      [...result.tenancies, ...result.vacancy.map((line) => ({ ...line, tenancyId: "vacancy" }))]
        .find((line) => line.tenancyId === id)
        ?.allocations.map((allocation) => allocation.amount);
    // units by days: 120, 61, 184, 365 of 730; by degree days: 530, 160/3, 1250/3, 1000 of 2000
    // persons by days: 2 x 120, 0, 1 x 184, 3 x 365; by degree days: 1060, 0, 1250/3, 3000
    expect(amounts("t1")).toEqual(["164.38", "265.00", "158.00", "236.78"]);
    expect(amounts("vacancy")).toEqual(["83.56", "26.67", "0.00", "0.00"]);
    expect(amounts("t2")).toEqual(["252.06", "208.33", "121.13", "93.08"]);
    expect(amounts("t3")).toEqual(["500.00", "500.00", "720.87", "670.14"]);
  });

  it("uses 70 % by consumption when a mixed item gives no share", () => {
    const input = buildBaseInput();
    input.consumption = [
      { unitId: "A", meter: "heating", value: 30 },
      { unitId: "B", meter: "heating", value: 70 },
    ];
    input.costItems = [{ costType: "Heizung", amount: "1000.00", key: "mixed" }];
    const result = calculate(input);
    expect(result.items[0]).toMatchObject({ consumptionShare: 70, meter: "heating" });
    // A: 300 x 60/100 + 700 x 30/100 = 390; B: 120 + 490 = 610
    expect(summarizeAllocations(result)).toEqual({
      tA: { Heizung: "390.00" },
      tB: { Heizung: "610.00" },
    });
  });

  it("excludes units per item and units with decentralised hot water from Warmwasser", () => {
    const input = buildBaseInput();
    input.units[1] = { id: "B", area: 40, persons: 1, decentralizedHotWater: true };
    input.consumption = [
      { unitId: "A", meter: "warmwater", value: 5 },
      { unitId: "B", meter: "warmwater", value: 5 },
    ];
    input.costItems = [
      { costType: "Warmwasser", amount: "500.00", key: "mixed", consumptionShare: 50 },
      { costType: "Aufzug", amount: "300.00", key: "area", excludedUnits: ["A"] },
    ];
    expect(summarizeAllocations(calculate(input))).toEqual({
      tA: { Warmwasser: "500.00" },
      tB: { Aufzug: "300.00" },
    });
  });
});

describe("consumption of a line (contract, step 3; § 9b HeizkV)", () => {
  it("takes an intermediate reading and splits the rest of the unit's value over the other lines by days", () => {
    const input = buildTenantChangeInput();
    input.consumption = [
      { unitId: "A", meter: "coldwater", value: 100 },
      { unitId: "A", tenancyId: "t1", meter: "coldwater", value: 30 },
      { unitId: "B", meter: "coldwater", value: 50 },
    ];
    input.costItems = [{ costType: "Kaltwasser", amount: "300.00", key: "consumption" }];
    // t1 30; the rest 70 over vacancy (61 days) and t2 (184 days): 17.43 and 52.57; t3 50 of 150
    expect(summarizeAllocations(calculate(input))).toEqual({
      t1: { Kaltwasser: "60.00" },
      t2: { Kaltwasser: "105.14" },
      t3: { Kaltwasser: "100.00" },
      "vacancy:A:2025-05-01": { Kaltwasser: "34.86" },
    });
  });

  it("gives the vacancy the rest when every tenancy has its own reading", () => {
    const input = buildTenantChangeInput();
    input.consumption = [
      { unitId: "A", meter: "coldwater", value: 100 },
      { unitId: "A", tenancyId: "t1", meter: "coldwater", value: 30 },
      { unitId: "A", tenancyId: "t2", meter: "coldwater", value: 40 },
      { unitId: "B", meter: "coldwater", value: 50 },
    ];
    input.costItems = [{ costType: "Kaltwasser", amount: "300.00", key: "consumption" }];
    expect(summarizeAllocations(calculate(input))).toEqual({
      t1: { Kaltwasser: "60.00" },
      t2: { Kaltwasser: "80.00" },
      t3: { Kaltwasser: "100.00" },
      "vacancy:A:2025-05-01": { Kaltwasser: "60.00" },
    });
  });

  it("splits a unit's heating value by degree days, and no value counts 0", () => {
    const input = buildTenantChangeInput();
    input.consumption = [
      { unitId: "A", meter: "heating", value: 100 },
      { unitId: "B", meter: "heating", value: 100 },
    ];
    input.costItems = [{ costType: "Heizung", amount: "1000.00", key: "consumption" }];
    expect(summarizeAllocations(calculate(input))).toEqual({
      t1: { Heizung: "265.00" },
      t2: { Heizung: "208.33" },
      t3: { Heizung: "500.00" },
      "vacancy:A:2025-05-01": { Heizung: "26.67" },
    });
    input.consumption = [{ unitId: "B", meter: "heating", value: 100 }];
    expect(summarizeAllocations(calculate(input))).toEqual({
      t1: { Heizung: "0.00" },
      t2: { Heizung: "0.00" },
      t3: { Heizung: "1000.00" },
      "vacancy:A:2025-05-01": { Heizung: "0.00" },
    });
  });

  it("adds several values of one unit and meter", () => {
    const input = buildBaseInput();
    input.consumption = [
      { unitId: "A", meter: "coldwater", value: 10 },
      { unitId: "A", meter: "coldwater", value: 20 },
      { unitId: "B", meter: "coldwater", value: 70 },
    ];
    input.costItems = [{ costType: "Kaltwasser", amount: "100.00", key: "consumption" }];
    expect(summarizeAllocations(calculate(input))).toEqual({
      tA: { Kaltwasser: "30.00" },
      tB: { Kaltwasser: "70.00" },
    });
  });
});

describe("CO2 in the statement", () => {
  it("moves a stated cost by the class; commercial buildings split 50 / 50", () => {
    const input = buildBaseInput();
    input.propertyType = "commercial";
    input.efficiencyClass = "B";
    input.costItems = [{ costType: "Heizung", amount: "1000.00", key: "area" }];
    input.co2 = { cost: "100.00" };
    const result = calculate(input);
    expect(result.co2).toMatchObject({
      source: "efficiencyClass",
      class: "B",
      tenantPercent: 50,
      landlordPercent: 50,
      cost: "100.00",
      landlordCost: "50.00",
      tenantCost: "50.00",
      emissionsKg: null,
    });
    expect(result.items[0]).toMatchObject({
      amount: "1000.00",
      distributed: "950.00",
      landlord: "50.00",
      co2LandlordShare: "50.00",
    });
    expect(summarizeAllocations(result)).toEqual({
      tA: { Heizung: "570.00" },
      tB: { Heizung: "380.00" },
    });
    expect(result.warnings).toEqual([
      "CO2-Berechnung nicht möglich: Verbrauch (kWh) für Heizung/Warmwasser fehlt.",
    ]);
  });

  it("takes the landlord's share off Heizung and Warmwasser in proportion to their amounts", () => {
    const input = buildBaseInput();
    input.costItems = [
      { costType: "Heizung", amount: "2000.00", key: "area" },
      { costType: "Warmwasser", amount: "1000.00", key: "area" },
      { costType: "Grundsteuer", amount: "500.00", key: "area" },
    ];
    input.efficiencyClass = "J";
    input.co2 = { cost: "100.01" };
    const result = calculate(input);
    // J: 95 % of 100.01 = 95.01 (half up); 2/3 and 1/3: 63.34 and 31.67 (largest remainder)
    expect(result.co2?.landlordCost).toBe("95.01");
    expect(result.items.map((item) => item.co2LandlordShare)).toEqual(["63.34", "31.67", "0.00"]);
    expect(result.items.map((item) => item.distributed)).toEqual(["1936.66", "968.33", "500.00"]);
  });

  it("is null without CO2 input", () => {
    expect(calculate(buildBaseInput()).co2).toBeNull();
  });
});

describe("notes and the step-by-step basis", () => {
  it("notes the 15 % cut of § 12 HeizkV and the 3 % cut of § 7 (4) CO2KostAufG", () => {
    const input = buildBaseInput();
    input.costItems = [{ costType: "Heizung", amount: "1000.00", key: "area" }];
    expect(calculate(input).notes).toEqual([
      "Die Kosten für Heizung werden nicht nach Verbrauch verteilt. Sie dürfen Ihren Anteil daran deshalb um 15 % kürzen (§ 12 Abs. 1 HeizkV).",
      "Ohne Angaben zur CO2-Kostenaufteilung darf der Mieter seinen Anteil an den Heizkosten um 3 % kürzen (§ 7 Abs. 4 CO2KostAufG).",
    ]);
    expect(calculate(buildBaseInput()).notes).toEqual([]);
  });

  it("explains each allocation: three-units-all-keys, m1's Heizung", () => {
    const example = loadExamples().find((candidate) => candidate.name === "three-units-all-keys");
    const result = expectResult(calculateStatement(example?.input));
    const tenancy = result.tenancies[0];
    const heating = tenancy?.allocations[0];
    expect(heating).toEqual({
      costType: "Heizung",
      amount: "1379.21",
      key: "mixed",
      exactAmount: "1379.207554",
      item: 0,
    });
    expect(getAllocationParts(result, tenancy ?? {}, heating ?? { exactAmount: "" })).toEqual([
      {
        basis: "area",
        percent: 30,
        quantity: 62.5,
        timeWeight: 1000,
        weight: 62500,
        totalWeight: 188800,
        exactAmount: "456.931939",
      },
      {
        basis: "consumption",
        percent: 70,
        quantity: 412.6,
        timeWeight: null,
        weight: 412.6,
        totalWeight: 1440.85,
        exactAmount: "922.275615",
      },
    ]);
    // Decision 0403: the figures stand once per series; the item names its series and totals.
    const heatingBasis = result.basis?.items[0];
    expect(
      heatingBasis?.parts.map(({ basis, percent, series, totalWeight }) => ({
        basis,
        percent,
        totalWeight,
        seriesBasis: result.basis?.series[series]?.basis,
      })),
    ).toEqual([
      { basis: "area", percent: 30, totalWeight: 188800, seriesBasis: "area" },
      { basis: "consumption", percent: 70, totalWeight: 1440.85, seriesBasis: "consumption" },
    ]);
    expect(heatingBasis?.parts[0]?.exactAmounts?.[tenancy?.position ?? -1]).toBe("456.931939");
    const vacancyLine = result.vacancy[0];
    const vacancyHeating = vacancyLine?.allocations[0];
    expect(
      getAllocationParts(result, vacancyLine ?? {}, vacancyHeating ?? { exactAmount: "" }).map(
        (part) => [part.timeWeight, part.quantity],
      ),
    ).toEqual([
      [247.586207, 45],
      [null, 73.78069],
    ]);
    // An item of one part: the allocation's exact amount is the part's.
    const single = tenancy?.allocations.find(
      (allocation) => result.items[allocation.item]?.key === "area",
    );
    expect(
      single && getAllocationParts(result, tenancy ?? {}, single).map((part) => part.exactAmount),
    ).toEqual([single?.exactAmount]);
    const withoutBasis = expectResult(calculateStatement(example?.input, { includeBasis: false }));
    expect(withoutBasis.basis).toBeNull();
    expect(withoutBasis.tenancies[0]?.allocations[0]?.amount).toBe("1379.21");
    expect(
      getAllocationParts(
        withoutBasis,
        withoutBasis.tenancies[0] ?? {},
        withoutBasis.tenancies[0]?.allocations[0] ?? { exactAmount: "" },
      ),
    ).toEqual([]);
  });

  it("reads the basis of a result stored before decision 0403 from the allocation's parts", () => {
    const storedPart: AllocationPart = {
      basis: "area",
      percent: 100,
      quantity: 50,
      timeWeight: 365,
      weight: 18250,
      totalWeight: 36500,
      exactAmount: "300.000000",
    };
    // A stored result has no `basis`, its lines no position and its allocations no item.
    expect(getAllocationParts({}, {}, { exactAmount: "300.000000", parts: [storedPart] })).toEqual([
      storedPart,
    ]);
    expect(
      getAllocationParts({ basis: null }, {}, { exactAmount: "300.000000", parts: [] }),
    ).toEqual([]);
  });
});
