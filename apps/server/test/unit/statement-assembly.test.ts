import { describe, expect, it } from "vitest";
import { costItemSchema, type CostItemInput } from "@nk/contract";
import type {
  AssemblyCosts,
  AssemblyData,
  AssemblyReading,
  ResolvedCostItem,
} from "../../src/features/statements/assembly/assembly-data.ts";
import { assembleStatement } from "../../src/features/statements/assembly/statement-assembly.ts";
import { calculateStatement } from "@nk/engine";

// docs/rules/statement-inputs.md#assembly with readings fixtures: the engine input and the consumption the wizard shows.

const PERIOD = { id: "p2024", start: "2024-01-01", end: "2024-12-31", previousPeriodId: "p2023" };

function item(input: CostItemInput): ResolvedCostItem {
  return costItemSchema.parse(input) as ResolvedCostItem;
}

function costs(items: CostItemInput[], extra: Partial<AssemblyCosts> = {}): AssemblyCosts {
  return { costItems: items.map(item), co2: null, consumptionOverrides: [], ...extra };
}

let readingSeq = 0;
function reading(
  meterId: string,
  date: string,
  value: string,
  billingPeriodId: string | null = null,
): AssemblyReading {
  readingSeq += 1;
  return { id: `r${readingSeq}`, meterId, billingPeriodId, value, date };
}

function house(overrides: Partial<AssemblyData> = {}): AssemblyData {
  return {
    period: PERIOD,
    property: { propertyType: "Mehrfamilienhaus", efficiencyClass: "C" },
    units: [
      { id: "u1", name: "EG", area: "80.00", persons: 2, hasDecentralizedHotWater: false },
      { id: "u2", name: "OG", area: "60.50", persons: 1, hasDecentralizedHotWater: true },
    ],
    tenants: [
      {
        id: "t1",
        unitId: "u1",
        name: "Alt",
        moveInDate: "2019-03-01",
        moveOutDate: "2024-06-30",
        occupants: [],
        prepayments: [{ monthlyAmount: "150.00", validFrom: "2019-03-01", validUntil: null }],
      },
      {
        id: "t2",
        unitId: "u1",
        name: "Neu",
        moveInDate: "2024-07-01",
        moveOutDate: null,
        occupants: [{ persons: 3, validFrom: "2024-07-01", validUntil: null }],
        prepayments: [],
      },
      {
        id: "t3",
        unitId: "u2",
        name: "Früher",
        moveInDate: "2010-01-01",
        moveOutDate: "2023-05-31",
        occupants: [],
        prepayments: [],
      },
    ],
    meters: [
      {
        id: "hkv1",
        unitId: "u1",
        meterType: "Heizkostenverteiler",
        meterNumber: "H-1",
        displayName: null,
        isRemoteReadable: false,
        installedOn: null,
      },
      {
        id: "kw1",
        unitId: "u1",
        meterType: "Kaltwasser",
        meterNumber: "K-1",
        displayName: "Bad",
        isRemoteReadable: false,
        installedOn: null,
      },
      {
        id: "kw2",
        unitId: "u1",
        meterType: "Kaltwasser",
        meterNumber: "K-2",
        displayName: "Küche",
        isRemoteReadable: false,
        installedOn: null,
      },
      {
        id: "main",
        unitId: null,
        meterType: "Kaltwasser",
        meterNumber: "HW-1",
        displayName: "Hauptzähler",
        isRemoteReadable: false,
        installedOn: null,
      },
    ],
    readings: [],
    ...overrides,
  };
}

describe("statement assembly: units, tenancies, property", () => {
  it("takes every unit, the tenancies that overlap the period with occupants and prepayments", () => {
    const { engineInput } = assembleStatement(
      house(),
      costs([{ costType: "Grundsteuer", amount: "500", key: "area" }]),
    );
    expect(engineInput.period).toEqual({ start: "2024-01-01", end: "2024-12-31" });
    expect(engineInput.propertyType).toBe("residential");
    expect(engineInput.efficiencyClass).toBe("C");
    // Decision 1043: areas as the database's decimal text, read exactly by the engine.
    expect(engineInput.units).toEqual([
      { id: "u1", area: "80.00", persons: 2, decentralizedHotWater: false },
      { id: "u2", area: "60.50", persons: 1, decentralizedHotWater: true },
    ]);
    expect(engineInput.tenancies).toEqual([
      {
        id: "t1",
        unitId: "u1",
        start: "2019-03-01",
        end: "2024-06-30",
        prepayments: [{ monthlyAmount: "150.00", validFrom: "2019-03-01", validUntil: null }],
      },
      {
        id: "t2",
        unitId: "u1",
        start: "2024-07-01",
        end: null,
        occupants: [{ from: "2024-07-01", to: null, persons: 3 }],
        prepayments: [],
      },
    ]);
    expect(engineInput.costItems).toEqual([
      { costType: "Grundsteuer", amount: "500", key: "area", excludedUnits: [] },
    ]);
  });

  it("treats a Gewerbeobjekt as commercial and an unknown class as none", () => {
    const { engineInput } = assembleStatement(
      house({ property: { propertyType: "Gewerbeobjekt", efficiencyClass: null } }),
      costs([]),
    );
    expect(engineInput.propertyType).toBe("commercial");
    expect(engineInput.efficiencyClass).toBeNull();
  });

  it("passes labour costs with their § 35a category and the CO2 inputs as their decimal text (decision 1640)", () => {
    const { engineInput } = assembleStatement(
      house(),
      costs([{ costType: "Hausmeister", amount: "1200", key: "area", laborCosts: "900" }], {
        co2: {
          fuel: "gas",
          consumptionKwh: "39000.123",
          heatingValue: "upper",
          emissionsKg: null,
          cost: null,
          pricePerTonne: "45.50",
          vatPercent: "19.00",
          emissionFactor: "0.201000",
        },
      }),
    );
    expect(engineInput.costItems[0]).toMatchObject({
      laborCosts: "900",
      taxCategory: "householdServices",
    });
    expect(engineInput.co2).toMatchObject({
      fuel: "gas",
      consumptionKwh: "39000.123",
      heatingValue: "upper",
      emissionsKg: null,
      pricePerTonne: "45.50",
      vatPercent: "19.00",
      emissionFactor: "0.201000",
    });
  });
});

describe("statement assembly: consumption from readings", () => {
  it("Heizkostenverteiler: the end value is the consumption; a water meter: end minus start", () => {
    const data = house({
      readings: [
        reading("hkv1", "2023-12-31", "700", "p2023"),
        reading("hkv1", "2024-12-31", "412.5", "p2024"),
        reading("kw1", "2023-12-31", "100.250", "p2023"),
        reading("kw1", "2023-06-30", "90"),
        reading("kw1", "2024-12-31", "130.000", "p2024"),
        reading("kw2", "2023-12-20", "10"),
        reading("kw2", "2024-12-30", "25.5"),
        reading("main", "2024-12-31", "900"),
      ],
    });
    const { engineInput, consumption, blockingMissing } = assembleStatement(
      data,
      costs([{ costType: "Kaltwasser", amount: "800", key: "consumption" }]),
    );
    expect(blockingMissing).toEqual([]);
    const hkv = consumption.meters.find((m) => m.meterId === "hkv1")!;
    expect(hkv).toMatchObject({
      isCumulative: false,
      start: null,
      consumption: "412.500",
      status: "ok",
      end: { value: "412.5", source: "billingPeriod" },
    });
    const kw1 = consumption.meters.find((m) => m.meterId === "kw1")!;
    expect(kw1).toMatchObject({
      consumption: "29.750",
      start: { source: "previousBillingPeriod", value: "100.250" },
      end: { source: "billingPeriod" },
    });
    const kw2 = consumption.meters.find((m) => m.meterId === "kw2")!;
    expect(kw2).toMatchObject({
      consumption: "15.500",
      start: { source: "beforePeriod" },
      end: { source: "latestInPeriod" },
    });
    // Issue 24: the meters go to the engine with their readings; several meters of one kind in a
    // unit add up there; the common-area main meter is never distributed.
    expect(engineInput.consumption).toEqual([]);
    expect(engineInput.meterReadings).toEqual([
      {
        meterId: "hkv1",
        unitId: "u1",
        meter: "heating",
        cumulative: false,
        start: null,
        end: { date: "2024-12-31", value: "412.5" },
        readings: [],
      },
      {
        meterId: "kw1",
        unitId: "u1",
        meter: "coldwater",
        cumulative: true,
        start: { date: "2023-12-31", value: "100.250" },
        end: { date: "2024-12-31", value: "130.000" },
        readings: [],
      },
      {
        meterId: "kw2",
        unitId: "u1",
        meter: "coldwater",
        cumulative: true,
        start: { date: "2023-12-20", value: "10" },
        end: { date: "2024-12-30", value: "25.5" },
        readings: [],
      },
    ]);
    expect(consumption.values).toContainEqual({
      unitId: "u1",
      tenancyId: null,
      meter: "coldwater",
      value: "45.250",
      source: "readings",
      reason: null,
    });
    expect(consumption.meters.find((m) => m.meterId === "main")).toMatchObject({
      unitId: null,
      consumption: null,
    });
  });

  it("a meter installed during the period starts at its first reading inside it", () => {
    const data = house({
      readings: [
        reading("kw1", "2024-03-15", "0.5"),
        reading("kw1", "2024-12-31", "20.5"),
        reading("kw2", "2024-01-01", "3"),
        reading("kw2", "2024-12-31", "8"),
      ],
    });
    const { consumption } = assembleStatement(data, costs([]));
    expect(consumption.meters.find((m) => m.meterId === "kw1")).toMatchObject({
      start: { source: "firstInPeriod", value: "0.5" },
      consumption: "20.000",
    });
    expect(consumption.values).toContainEqual({
      unitId: "u1",
      tenancyId: null,
      meter: "coldwater",
      value: "25.000",
      source: "readings",
      reason: null,
    });
  });

  it("tenant change with a move-out reading: the engine gives the moved-out tenancy its own consumption", () => {
    const data = house({
      meters: [house().meters[0]!, house().meters[1]!],
      readings: [
        reading("hkv1", "2024-06-30", "150"),
        reading("hkv1", "2024-12-31", "420", "p2024"),
        reading("kw1", "2023-12-31", "100", "p2023"),
        reading("kw1", "2024-06-30", "112.4"),
        reading("kw1", "2024-12-31", "130", "p2024"),
      ],
    });
    const { engineInput, consumption } = assembleStatement(
      data,
      costs([{ costType: "Kaltwasser", amount: "300.00", key: "consumption" }]),
    );
    expect(engineInput.meterReadings?.map((m) => m.readings)).toEqual([
      [{ date: "2024-06-30", value: "150" }],
      [{ date: "2024-06-30", value: "112.4" }],
    ]);
    expect(consumption.meters.find((m) => m.meterId === "kw1")!.intermediate).toEqual([
      {
        tenantId: "t1",
        reading: expect.objectContaining({ date: "2024-06-30", value: "112.4" }),
        consumption: "12.400",
      },
    ]);
    const outcome = calculateStatement(engineInput);
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const byTenancy = Object.fromEntries(
      outcome.result.tenancies.map((t) => [
        t.tenancyId,
        t.consumption?.map((c) => [c.meter, c.value, c.method]),
      ]),
    );
    expect(byTenancy).toEqual({
      t1: [
        ["heating", "150", "measured"],
        ["coldwater", "12.4", "measured"],
      ],
      t2: [
        ["heating", "270", "measured"],
        ["coldwater", "17.6", "measured"],
      ],
    });
  });

  it("issue 24: a move-in reading and the reading that ends a vacancy divide the unit's consumption", () => {
    const tenants = [
      {
        id: "t1",
        unitId: "u1",
        name: "Alt",
        moveInDate: "2019-03-01",
        moveOutDate: "2024-04-30",
        occupants: [],
        prepayments: [],
      },
      {
        id: "t2",
        unitId: "u1",
        name: "Neu",
        moveInDate: "2024-07-01",
        moveOutDate: null,
        occupants: [],
        prepayments: [],
      },
    ];
    const data = house({
      tenants,
      meters: [house().meters[0]!, house().meters[1]!],
      readings: [
        // no reading at the move-out; the day before the move-in (end of vacancy) and the move-in day
        reading("hkv1", "2024-06-30", "300"),
        reading("hkv1", "2024-12-31", "500", "p2024"),
        reading("kw1", "2023-12-31", "100", "p2023"),
        reading("kw1", "2024-07-01", "110"),
        reading("kw1", "2024-12-31", "130", "p2024"),
      ],
    });
    const { engineInput, consumption } = assembleStatement(
      data,
      costs([{ costType: "Heizung", amount: "1000.00", key: "mixed" }]),
    );
    // A move-in reading is never taken for the end of the period.
    expect(consumption.meters.find((m) => m.meterId === "kw1")).toMatchObject({
      end: { date: "2024-12-31" },
      consumption: "30.000",
    });
    const outcome = calculateStatement(engineInput);
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const t2 = outcome.result.tenancies.find((t) => t.tenancyId === "t2")!;
    expect(t2.consumption?.map((c) => [c.meter, c.value, c.method])).toEqual([
      ["heating", "200", "measured"],
      ["coldwater", "20", "measured"],
    ]);
    // t1 and the vacancy share 300 units by degree days and 10 m³ by days (§ 9b (3) HeizkV)
    const t1Heating = outcome.result.tenancies.find((t) => t.tenancyId === "t1")!.consumption![0]!;
    expect(t1Heating).toMatchObject({ method: "apportioned", apportionedBy: "degreeDays" });
    expect(outcome.result.unitConsumption).toEqual([
      { unitId: "u1", meter: "heating", value: "500" },
      { unitId: "u1", meter: "coldwater", value: "30" },
    ]);
  });

  it("tenant change without an intermediate reading: the meter's start and end only (the engine splits by degree days)", () => {
    const data = house({
      meters: [house().meters[0]!],
      readings: [reading("hkv1", "2024-12-31", "420")],
    });
    const { engineInput } = assembleStatement(data, costs([]));
    expect(engineInput.meterReadings).toEqual([
      {
        meterId: "hkv1",
        unitId: "u1",
        meter: "heating",
        cumulative: false,
        start: null,
        end: { date: "2024-12-31", value: "420" },
        readings: [],
      },
    ]);
  });

  it("an intermediate reading on one of two meters of a kind divides that meter only", () => {
    const data = house({
      meters: [house().meters[1]!, house().meters[2]!],
      readings: [
        reading("kw1", "2023-12-31", "1"),
        reading("kw1", "2024-06-30", "5"),
        reading("kw1", "2024-12-31", "9"),
        reading("kw2", "2023-12-31", "1"),
        reading("kw2", "2024-12-31", "2"),
      ],
    });
    const outcome = calculateStatement(
      assembleStatement(
        data,
        costs([{ costType: "Kaltwasser", amount: "100.00", key: "consumption" }]),
      ).engineInput,
    );
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const t1 = outcome.result.tenancies.find((t) => t.tenancyId === "t1")!.consumption![0]!;
    expect(t1.method).toBe("partlyApportioned");
    expect(t1.meters.map((m) => [m.meterId, m.value, m.apportionment?.by ?? null])).toEqual([
      ["kw1", "4", null],
      ["kw2", "0.497268", "days"],
    ]);
  });

  it("a missing end reading is listed by meter and blocks only when an item needs that meter kind", () => {
    const data = house({
      meters: [house().meters[0]!, house().meters[1]!],
      readings: [reading("hkv1", "2024-12-31", "420"), reading("kw1", "2023-12-31", "100")],
    });
    const water = { costType: "Kaltwasser", amount: "300", key: "consumption" } as const;
    const blocked = assembleStatement(data, costs([water]));
    expect(blocked.blockingMissing).toEqual([
      expect.objectContaining({
        meterId: "kw1",
        label: "Bad K-1",
        unitName: "EG",
        meter: "coldwater",
        isBlocking: true,
        message: "Zähler Bad K-1 (EG): Zählerstand zum Ende des Abrechnungszeitraums fehlt",
      }),
    ]);
    expect(blocked.engineInput.meterReadings?.map((m) => m.meterId)).toEqual(["hkv1"]);

    const unused = assembleStatement(
      data,
      costs([{ costType: "Grundsteuer", amount: "300", key: "area" }]),
    );
    expect(unused.blockingMissing).toEqual([]);
    expect(unused.consumption.missing).toHaveLength(1);

    const manual = assembleStatement(
      data,
      costs([water], {
        consumptionOverrides: [
          { unitId: "u1", meter: "coldwater", value: "31.5", reason: "Zähler defekt, geschätzt" },
        ],
      }),
    );
    expect(manual.blockingMissing).toEqual([]);
    expect(manual.consumption.values).toContainEqual({
      unitId: "u1",
      tenancyId: null,
      meter: "coldwater",
      value: "31.5",
      source: "manual",
      reason: "Zähler defekt, geschätzt",
    });
    // A value entered by hand is an estimate (§ 9a HeizkV), marked for the letters.
    // Decision 1043: the value goes to the engine as the decimal text it is stored as.
    expect(manual.engineInput.consumption).toContainEqual({
      unitId: "u1",
      meter: "coldwater",
      value: "31.5",
      estimated: true,
    });
  });

  it("a cumulative meter with a single reading has no end value", () => {
    const data = house({
      meters: [house().meters[1]!],
      readings: [reading("kw1", "2024-05-01", "3")],
    });
    const { consumption } = assembleStatement(
      data,
      costs([{ costType: "Kaltwasser", amount: "300", key: "consumption" }]),
    );
    expect(consumption.meters[0]).toMatchObject({
      status: "missingEnd",
      end: null,
      start: { source: "firstInPeriod" },
    });
  });
});
