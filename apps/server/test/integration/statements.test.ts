import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { getAllocationParts, type StatementResult } from "@nk/engine";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import {
  addReadingViaApi,
  createBillingPeriodViaApi,
  createMeterViaApi,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";
import { allocateCents, cents, euros, mixedWeights } from "../support/statement-reference.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import type { Db } from "../../src/db/database.ts";

// Issue 11: statements through the HTTP API, from stored data to a saved, immutable run.

async function insertPrepayment(
  db: Db,
  tenantId: string,
  monthlyAmount: string,
  validFrom: string,
  validUntil: string | null,
) {
  await db
    .insertInto("tenantPrepayments")
    .values({
      tenantId,
      monthlyAmount,
      validFrom,
      validUntil,
      isActive: true,
      updatedAt: new Date(),
    })
    .execute();
}

async function insertOccupants(
  db: Db,
  tenantId: string,
  persons: number,
  validFrom: string,
  validUntil: string | null,
) {
  await db
    .insertInto("tenantAttributes")
    .values({ tenantId, persons, validFrom, validUntil, isActive: true, updatedAt: new Date() })
    .execute();
}

/** The cost items of the house, in the calculation contract's field names. */
const COST_ITEMS = [
  { costType: "Heizung", amount: "6000.00", key: "mixed", consumptionShare: 70, meter: "heating" },
  { costType: "Kaltwasser", amount: "1000.00", key: "consumption", meter: "coldwater" },
  { costType: "Grundsteuer", amount: "1830.00", key: "area" },
  { costType: "Müllabfuhr", amount: "732.00", key: "persons" },
  {
    costType: "Hausmeister",
    amount: "1200.00",
    key: "units",
    laborCosts: "600.00",
    taxCategory: "householdServices",
  },
];
/** A gas invoice in upper heating value (Brennwert). */
const CO2 = { fuel: "gas", consumptionKwh: "30000", heatingValue: "upper" };

interface House {
  cookie: string;
  userId: string;
  propertyId: string;
  periodId: string;
  units: { a: string; b: string; c: string };
  tenants: { t1: string; t2: string; tb: string };
  meters: {
    hkvA: string;
    waterA: string;
    hkvB: string;
    waterB: string;
    hkvC: string;
    waterC: string;
    main: string;
  };
}

describe.each(TEST_DRIVERS)("statements (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /**
   * A house of three units in 2024 (366 days): unit A with a tenant change on 30 June and an
   * intermediate heat reading, unit B with a water meter installed in March, unit C vacant all
   * year; occupants and prepayments changing mid-year; a gas invoice for the CO2 split.
   */
  async function buildHouse(options: { withEndReadings?: boolean } = {}): Promise<House> {
    const { cookie, userId } = await t.signUp();
    // The sender of the letters: finalizing needs it (docs/rules/statements.md#pdfs-and-sending).
    const billingData = await t.request("PUT", "/api/billing-data", {
      cookie,
      body: {
        companyName: "Hausverwaltung Birkenweg",
        phone: "030 1234567",
        street: "Birkenweg",
        houseNumber: "1",
        postalCode: "10115",
        city: "Berlin",
        iban: "DE89370400440532013000",
      },
    });
    if (billingData.status !== 200) throw new Error(`billing data: ${billingData.status}`);
    const property = await insertProperty(t.db, userId, {
      name: "Birkenweg 3",
      efficiencyClass: "D",
    });
    const a = await insertUnit(t.db, userId, property.id, {
      name: "1 EG",
      area: "80.00",
      persons: 2,
    });
    const b = await insertUnit(t.db, userId, property.id, {
      name: "2 OG",
      area: "60.00",
      persons: 1,
    });
    const c = await insertUnit(t.db, userId, property.id, {
      name: "3 DG",
      area: "40.00",
      persons: 1,
    });
    const t1 = await insertTenant(t.db, userId, a.id, {
      name: "Anna Alt",
      moveInDate: "2020-01-01",
      moveOutDate: "2024-06-30",
      isActive: false,
    });
    const t2 = await insertTenant(t.db, userId, a.id, {
      name: "Bernd Neu",
      moveInDate: "2024-07-01",
    });
    const tb = await insertTenant(t.db, userId, b.id, {
      name: "Clara Ober",
      moveInDate: "2022-05-01",
    });
    await insertTenant(t.db, userId, c.id, {
      name: "Dora Früher",
      moveInDate: "2015-01-01",
      moveOutDate: "2023-05-31",
      isActive: false,
    });
    await insertOccupants(t.db, t2.id, 2, "2024-07-01", "2024-09-30");
    await insertOccupants(t.db, t2.id, 3, "2024-10-01", null);
    await insertPrepayment(t.db, t1.id, "150.00", "2020-01-01", "2024-06-30");
    await insertPrepayment(t.db, t2.id, "100.00", "2024-07-01", "2024-09-30");
    await insertPrepayment(t.db, t2.id, "120.00", "2024-10-01", null);
    await insertPrepayment(t.db, tb.id, "200.00", "2022-05-01", "2024-03-31");
    await insertPrepayment(t.db, tb.id, "210.00", "2024-04-01", null);
    const meter = (meterNumber: string, meterType: string, unitId: string | null) =>
      createMeterViaApi(t, cookie, {
        meterNumber,
        meterType,
        unitId,
        propertyId: unitId ? null : property.id,
      });
    const meters = {
      hkvA: await meter("HKV-A", "Heizkostenverteiler", a.id),
      waterA: await meter("KW-A", "Kaltwasser", a.id),
      hkvB: await meter("HKV-B", "Heizkostenverteiler", b.id),
      waterB: await meter("KW-B", "Kaltwasser", b.id),
      hkvC: await meter("HKV-C", "Heizkostenverteiler", c.id),
      waterC: await meter("KW-C", "Kaltwasser", c.id),
      main: await meter("HW-1", "Kaltwasser", null),
    };
    const periodId = await createBillingPeriodViaApi(
      t,
      cookie,
      property.id,
      "2024-01-01",
      "2024-12-31",
    );
    await addReadingViaApi(t, cookie, meters.waterA, "100", "2023-12-31");
    await addReadingViaApi(t, cookie, meters.waterC, "50", "2023-12-31");
    await addReadingViaApi(t, cookie, meters.waterB, "0", "2024-03-01");
    await addReadingViaApi(t, cookie, meters.hkvA, "300", "2024-06-30");
    if (options.withEndReadings !== false) {
      await addReadingViaApi(t, cookie, meters.hkvA, "500", "2024-12-31");
      await addReadingViaApi(t, cookie, meters.waterA, "160", "2024-12-31");
      await addReadingViaApi(t, cookie, meters.hkvB, "400", "2024-12-31");
      await addReadingViaApi(t, cookie, meters.waterB, "30", "2024-12-31");
      await addReadingViaApi(t, cookie, meters.hkvC, "100", "2024-12-31");
      await addReadingViaApi(t, cookie, meters.waterC, "60", "2024-12-31");
      await addReadingViaApi(t, cookie, meters.main, "999", "2024-12-31");
    }
    return {
      cookie,
      userId,
      propertyId: property.id,
      periodId,
      units: { a: a.id, b: b.id, c: c.id },
      tenants: { t1: t1.id, t2: t2.id, tb: tb.id },
      meters,
    };
  }

  async function post(cookie: string, url: string, body: unknown) {
    const response = await t.request("POST", url, { cookie, body });
    return { status: response.status, body: await readJson(response) };
  }

  /**
   * The reference calculation of the house, lines in the order t1, t2, B, vacancy C. Heizung's
   * base part weighs area x degree-day per mille (x3: Jun-Aug count 40/3); the CO2 landlord
   * share (40 % of 244.88 = 97.95, stage 5 at 30.2 kg/m²) is taken off Heizung first.
   */
  function reference() {
    const items: Record<string, bigint[]> = {
      Heizung: allocateCents(
        cents("5902.05"),
        mixedWeights(
          70n,
          [80n * 1750n, 80n * 1250n, 60n * 3000n, 40n * 3000n],
          [300n, 200n, 400n, 100n],
        ),
      ),
      Kaltwasser: allocateCents(cents("1000.00"), [60n * 182n, 60n * 184n, 30n * 366n, 10n * 366n]),
      Grundsteuer: allocateCents(cents("1830.00"), [
        80n * 182n,
        80n * 184n,
        60n * 366n,
        40n * 366n,
      ]),
      // Person-days: t1 2 x 182; t2 2 x 92 + 3 x 92 (occupants); B 1 x 366; vacancy 1 x 366 (decision 1140).
      Müllabfuhr: allocateCents(cents("732.00"), [364n, 460n, 366n, 366n]),
      Hausmeister: allocateCents(cents("1200.00"), [182n, 184n, 366n, 366n]),
    };
    const total = (line: number) =>
      Object.values(items).reduce((sum, amounts) => sum + amounts[line]!, 0n);
    const labour = allocateCents(cents("600.00"), [182n, 184n, 366n, 366n]);
    return { items, total, labour };
  }

  it("builds a whole statement from the stored data, to the cent", async () => {
    const house = await buildHouse();
    const { status, body } = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: COST_ITEMS,
      co2: CO2,
    });
    expect(status).toBe(200);
    const { engineInput, result, consumption } = body;

    // The engine's input: database ids, the tenancies of the period, consumption from readings;
    // areas as the database's decimal text (decision 1043).
    expect(engineInput.units).toEqual([
      { id: house.units.a, area: "80.00", persons: 2, decentralizedHotWater: false },
      { id: house.units.b, area: "60.00", persons: 1, decentralizedHotWater: false },
      { id: house.units.c, area: "40.00", persons: 1, decentralizedHotWater: false },
    ]);
    expect(engineInput.tenancies.map((x: { id: string }) => x.id)).toEqual([
      house.tenants.t1,
      house.tenants.t2,
      house.tenants.tb,
    ]);
    // Issue 24: the unit meters go to the engine with their readings, the move-out reading included.
    expect(engineInput.consumption).toEqual([]);
    expect(engineInput.vacancyPersons).toBe(1);
    const meterInput = (meterId: string) =>
      engineInput.meterReadings.find((m: { meterId: string }) => m.meterId === meterId);
    expect(meterInput(house.meters.hkvA)).toEqual({
      meterId: house.meters.hkvA,
      unitId: house.units.a,
      meter: "heating",
      cumulative: false,
      start: null,
      end: { date: "2024-12-31", value: "500.000" },
      readings: [{ date: "2024-06-30", value: "300.000" }],
    });
    expect(meterInput(house.meters.waterA)).toMatchObject({
      start: { date: "2023-12-31", value: "100.000" },
      end: { value: "160.000" },
      readings: [],
    });
    expect(engineInput.meterReadings).toHaveLength(6);
    // Each tenancy's own consumption: t1 read at the move-out, t2 the rest; water split by days.
    const heatingOf = (line: {
      consumption?: { meter: string; value: string; method: string }[];
    }) => line.consumption?.find((c) => c.meter === "heating");
    expect(
      result.tenancies
        .map(heatingOf)
        .map((c: { value: string; method: string }) => [c.value, c.method]),
    ).toEqual([
      ["300", "measured"],
      ["200", "measured"],
      ["400", "measured"],
    ]);
    expect(result.unitConsumption).toEqual(
      expect.arrayContaining([{ unitId: house.units.a, meter: "heating", value: "500" }]),
    );
    expect(
      consumption.meters.find((m: { meterId: string }) => m.meterId === house.meters.waterB),
    ).toMatchObject({ start: { source: "firstInPeriod", value: "0.000" }, consumption: "30.000" });
    expect(consumption.missing).toEqual([]);

    // CO2 from the gas invoice: 30,000 kWh x 0.903 x 0.20088 = 5,441.84 kg; 30.2 kg/m²: stage 5.
    expect(result.co2).toMatchObject({
      stage: 5,
      tenantPercent: 60,
      landlordPercent: 40,
      cost: "244.88",
      landlordCost: "97.95",
      tenantCost: "146.93",
      kgPerM2: "30.2",
    });
    const heating = result.items.find((i: { costType: string }) => i.costType === "Heizung");
    expect(heating).toMatchObject({ amount: "6000.00", distributed: "5902.05" });

    const ref = reference();
    const lines = [...result.tenancies, result.vacancy[0]];
    expect(result.tenancies.map((x: { tenancyId: string }) => x.tenancyId)).toEqual([
      house.tenants.t1,
      house.tenants.t2,
      house.tenants.tb,
    ]);
    expect(result.vacancy).toHaveLength(1);
    expect(result.vacancy[0]).toMatchObject({
      unitId: house.units.c,
      from: "2024-01-01",
      to: "2024-12-31",
      days: 366,
    });
    for (const [costType, amounts] of Object.entries(ref.items)) {
      lines.forEach(
        (line: { allocations: { costType: string; amount: string }[] }, index: number) => {
          const allocation = line.allocations.find((x) => x.costType === costType);
          expect({ costType, index, amount: allocation?.amount ?? "0.00" }).toEqual({
            costType,
            index,
            amount: euros(amounts[index]!),
          });
        },
      );
    }
    expect(lines.map((line: { total: string }) => line.total)).toEqual(
      [0, 1, 2, 3].map((i) => euros(ref.total(i))),
    );
    // Prepayments prorated by month: t1 6 x 150; t2 3 x 100 + 3 x 120; B 3 x 200 + 9 x 210.
    expect(result.tenancies.map((x: { prepayments: string }) => x.prepayments)).toEqual([
      "900.00",
      "660.00",
      "2490.00",
    ]);
    expect(result.tenancies.map((x: { balance: string }) => x.balance)).toEqual([
      euros(ref.total(0) - cents("900.00")),
      euros(ref.total(1) - cents("660.00")),
      euros(ref.total(2) - cents("2490.00")),
    ]);
    // § 35a EStG: the labour part shared with the item's weights (contract v1.1).
    expect(
      result.tenancies.map(
        (x: { taxDeductible?: { householdServices: string } }) =>
          x.taxDeductible?.householdServices,
      ),
    ).toEqual([0, 1, 2].map((i) => euros(ref.labour[i]!)));
    expect(result.totalCosts).toBe("10762.00");
  });

  it("saves cost items as the user types and previews with the saved ones", async () => {
    const house = await buildHouse();
    const empty = await readJson(
      await t.request("GET", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
      }),
    );
    expect(empty).toEqual({
      billingPeriodId: house.periodId,
      costItems: [],
      co2: null,
      consumptionOverrides: [],
      climateFactor: null,
      heatingCosts: null,
      annualInformation: null,
      updatedAt: null,
    });

    const draft = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: [
          { costType: "", key: null },
          {
            costType: "Grundsteuer",
            amount: "1830.00",
            key: "area",
            excludedUnits: [house.units.c],
          },
        ],
        co2: CO2,
      },
    });
    expect(draft.status).toBe(200);
    const saved = await readJson(draft);
    expect(saved.costItems).toEqual([
      expect.objectContaining({ costType: "", key: null, amount: null, mode: "manual" }),
      expect.objectContaining({
        costType: "Grundsteuer",
        amount: "1830.00",
        key: "area",
        excludedUnits: [house.units.c],
      }),
    ]);
    expect(saved.co2).toMatchObject({
      fuel: "gas",
      consumptionKwh: "30000.000",
      heatingValue: "upper",
    });
    expect(saved.updatedAt).not.toBeNull();

    // The incomplete first item blocks a preview from the saved items, with its field.
    const incomplete = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.fields).toMatchObject({
      "costItems.0.key": "Bitte wählen Sie einen gültigen Verteilerschlüssel aus.",
    });

    await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: [
          { costType: "Grundsteuer", amount: "1830", key: "area", excludedUnits: [house.units.c] },
        ],
      },
    });
    const preview = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.engineInput.costItems).toEqual([
      { costType: "Grundsteuer", amount: "1830.00", key: "area", excludedUnits: [house.units.c] },
    ]);
    // The excluded vacant unit takes no part in the item.
    expect(
      preview.body.result.vacancy.map((v: { total: string; allocations: unknown[] }) => [
        v.total,
        v.allocations,
      ]),
    ).toEqual([["0.00", []]]);
  });

  it("lists a missing end reading by meter, blocks, and accepts a manual value with a reason", async () => {
    const house = await buildHouse({ withEndReadings: false });
    const items = [{ costType: "Kaltwasser", amount: "1000.00", key: "consumption" }];
    const blocked = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: items,
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.error.code).toBe("MISSING_READINGS");
    expect(blocked.body.error.message).toContain(
      "Fehlende Zählerstände zum Ende des Abrechnungszeitraums: Kaltwasser KW-A (1 EG)",
    );
    expect(blocked.body.error.details).toEqual([
      "Zähler Kaltwasser KW-A (1 EG): Zählerstand zum Ende des Abrechnungszeitraums fehlt",
      "Zähler Kaltwasser KW-B (2 OG): Zählerstand zum Ende des Abrechnungszeitraums fehlt",
      "Zähler Kaltwasser KW-C (3 DG): Zählerstand zum Ende des Abrechnungszeitraums fehlt",
    ]);
    const panel = await readJson(
      await t.request("GET", `/api/billing-periods/${house.periodId}/consumption`, {
        cookie: house.cookie,
      }),
    );
    expect(panel.missing.map((m: { label: string }) => m.label)).toEqual(
      expect.arrayContaining(["Kaltwasser KW-A", "Heizkostenverteiler HKV-B"]),
    );

    const noReason = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: items,
      consumptionOverrides: [
        { unitId: house.units.a, meter: "coldwater", value: "60", reason: "" },
      ],
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toEqual({
      "consumptionOverrides.0.reason":
        "Bitte geben Sie einen Grund für den manuell eingegebenen Verbrauch an.",
    });

    const overrides = [
      {
        unitId: house.units.a,
        meter: "coldwater",
        value: "60",
        reason: "Zähler unzugänglich, geschätzt",
      },
      { unitId: house.units.b, meter: "coldwater", value: "30", reason: "Ablesung des Mieters" },
      { unitId: house.units.c, meter: "coldwater", value: "10", reason: "Leerstand, geschätzt" },
    ];
    const manual = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: items,
      consumptionOverrides: overrides,
    });
    expect(manual.status).toBe(200);
    expect(manual.body.consumption.values).toContainEqual({
      unitId: house.units.a,
      tenancyId: null,
      meter: "coldwater",
      value: "60",
      source: "manual",
      reason: "Zähler unzugänglich, geschätzt",
    });
    expect(manual.body.result.tenancies.map((x: { total: string }) => x.total)).toEqual([
      "298.36",
      "301.64",
      "300.00",
    ]);
  });

  it("answers calculation errors with the engine's German messages (HeizkV 45 % refused, never clamped)", async () => {
    const house = await buildHouse();
    const { status, body } = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: [{ costType: "Heizung", amount: "6000", key: "mixed", consumptionShare: 45 }],
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("CALCULATION_FAILED");
    expect(body.error.message).toBe("HeizkV-Verstoß: Verbrauchsanteil 45% liegt außerhalb 50-70%");
    expect(body.error.details).toContain(
      "HeizkV-Verstoß: Verbrauchsanteil 45% liegt außerhalb 50-70%",
    );
  });

  it("refuses bad input with German field messages and stores nothing", async () => {
    const house = await buildHouse();
    const other = await t.signUp();
    const foreignProperty = await insertProperty(t.db, other.userId);
    const foreignUnit = await insertUnit(t.db, other.userId, foreignProperty.id);
    const bad = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: [
          {
            costType: "Grundsteuer",
            amount: "12.345",
            key: "fläche",
            excludedUnits: [foreignUnit.id],
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields).toEqual({
      "costItems.0.amount": "Der Betrag darf höchstens zwei Nachkommastellen haben.",
      "costItems.0.key": "Bitte wählen Sie einen gültigen Verteilerschlüssel aus.",
    });
    const foreign = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: [
          { costType: "Grundsteuer", amount: "12", key: "area", excludedUnits: [foreignUnit.id] },
        ],
      },
    });
    expect(foreign.status).toBe(400);
    expect((await readJson(foreign)).error.fields).toEqual({
      "costItems.0.excludedUnits.0": "Wohneinheit nicht gefunden",
    });
    const rows = await t.db
      .selectFrom("billingPeriodCostItems")
      .selectAll()
      .where("billingPeriodId", "=", house.periodId)
      .execute();
    expect(rows).toEqual([]);

    const noItems = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: [],
    });
    expect(noItems.status).toBe(400);
    expect(noItems.body.error.fields).toEqual({
      costItems: "Bitte erfassen Sie mindestens eine Kostenposition.",
    });
    const noFinalize = await post(house.cookie, "/api/statements", {
      billingPeriodId: house.periodId,
      costItems: COST_ITEMS,
    });
    expect(noFinalize.status).toBe(400);
    expect(noFinalize.body.error.fields).toEqual({
      finalize: "Bitte geben Sie an, ob die Abrechnung finalisiert werden soll.",
    });
  });

  it("answers 404 for another account's billing period and statement, and for unknown ids", async () => {
    const house = await buildHouse();
    const saved = await post(house.cookie, "/api/statements", {
      billingPeriodId: house.periodId,
      costItems: COST_ITEMS,
      co2: CO2,
      finalize: false,
    });
    expect(saved.status).toBe(201);
    const intruder = await t.signUp();
    const cookie = intruder.cookie;
    for (const [method, url, body] of [
      ["GET", `/api/billing-periods/${house.periodId}/costs`, undefined],
      ["PUT", `/api/billing-periods/${house.periodId}/costs`, { costItems: [] }],
      ["GET", `/api/billing-periods/${house.periodId}/consumption`, undefined],
      [
        "POST",
        "/api/statements/preview",
        { billingPeriodId: house.periodId, costItems: COST_ITEMS },
      ],
      [
        "POST",
        "/api/statements",
        { billingPeriodId: house.periodId, costItems: COST_ITEMS, finalize: true },
      ],
      ["GET", `/api/statements/${saved.body.id}`, undefined],
      ["GET", `/api/statements/${UNKNOWN_ID}`, undefined],
      ["GET", "/api/statements/kein-uuid", undefined],
      ["POST", "/api/statements/preview", { billingPeriodId: "kein-uuid", costItems: COST_ITEMS }],
    ] as const) {
      const response = await t.request(method, url, { cookie, body });
      expect({ url, method, status: response.status }).toEqual({ url, method, status: 404 });
    }
    const unchanged = await readJson(
      await t.request("GET", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
      }),
    );
    expect(unchanged.costItems).toHaveLength(5);
    expect(
      await t.db
        .selectFrom("statementRuns")
        .select("isFinal")
        .where("billingPeriodId", "=", house.periodId)
        .execute(),
    ).toEqual([{ isFinal: false }]);
  });

  it("replaces a draft, finalizes, then answers 409 and keeps the snapshot's figures whatever changes", async () => {
    const house = await buildHouse();
    const first = await post(house.cookie, "/api/statements", {
      billingPeriodId: house.periodId,
      costItems: COST_ITEMS,
      co2: CO2,
      finalize: false,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      billingPeriodId: house.periodId,
      version: 1,
      isFinal: false,
    });
    expect(
      first.body.statements.map((s: { tenantName: string; status: string }) => [
        s.tenantName,
        s.status,
      ]),
    ).toEqual([
      ["Anna Alt", "calculated"],
      ["Bernd Neu", "calculated"],
      ["Clara Ober", "calculated"],
    ]);
    expect(first.body.statements[0]).toMatchObject({
      tenantId: house.tenants.t1,
      unitId: house.units.a,
      from: "2024-01-01",
      to: "2024-06-30",
      prepayments: "900.00",
    });

    // Saving again replaces the draft: same run, new figures.
    const cheaper = COST_ITEMS.map((item) =>
      item.costType === "Grundsteuer" ? { ...item, amount: "1464.00" } : item,
    );
    const second = await post(house.cookie, "/api/statements", {
      billingPeriodId: house.periodId,
      costItems: cheaper,
      co2: CO2,
      finalize: false,
    });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(
      await t.db
        .selectFrom("tenancyStatements")
        .select("id")
        .where("billingPeriodId", "=", house.periodId)
        .execute(),
    ).toHaveLength(3);
    const ref = reference();
    expect(cents(first.body.statements[2].total) - cents(second.body.statements[2].total)).toBe(
      ref.items.Grundsteuer![2]! - 48800n,
    );

    // Each tenancy's lines, with the key and the step-by-step basis, stay in the stored result
    // (decision 1740: they are not copied into rows).
    const stored = await readJson(
      await t.request("GET", `/api/statements/${second.body.id}`, { cookie: house.cookie }),
    );
    const tenancy = (stored.result as StatementResult).tenancies.find(
      (line) =>
        line.tenancyId === second.body.statements[0].tenantId &&
        line.from === second.body.statements[0].from,
    )!;
    expect(tenancy.allocations.map((line) => [line.costType, line.key])).toEqual([
      ["Heizung", "mixed"],
      ["Kaltwasser", "consumption"],
      ["Grundsteuer", "area"],
      ["Müllabfuhr", "persons"],
      ["Hausmeister", "units"],
    ]);
    expect(
      getAllocationParts(stored.result, tenancy, tenancy.allocations[0]!).map((part) => part.basis),
    ).toEqual(["area", "consumption"]);

    const final = await post(house.cookie, "/api/statements", {
      billingPeriodId: house.periodId,
      finalize: true,
    });
    expect(final.status).toBe(201);
    expect(final.body).toMatchObject({ id: first.body.id, isFinal: true });
    expect(final.body.statements.every((s: { status: string }) => s.status === "finalized")).toBe(
      true,
    );
    const before = await readJson(
      await t.request("GET", `/api/statements/${final.body.id}`, { cookie: house.cookie }),
    );
    expect(before).toMatchObject({
      isFinal: true,
      name: "Abrechnung 01.01.2024 - 31.12.2024",
      propertyName: "Birkenweg 3",
      totalCosts: "10396.00",
      engineVersion: "1.6",
    });
    expect(before.finalizedAt).not.toBeNull();
    expect(
      before.engineInput.costItems.find((i: { costType: string }) => i.costType === "Grundsteuer")
        .amount,
    ).toBe("1464.00");

    const again = await post(house.cookie, "/api/statements", {
      billingPeriodId: house.periodId,
      costItems: COST_ITEMS,
      finalize: false,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      "Diese Abrechnung ist bereits finalisiert und kann nicht mehr geändert werden. Änderungen sind nur als Korrektur möglich.",
    );
    const costs = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: { costItems: [] },
    });
    expect(costs.status).toBe(409);

    // Later edits of the stored data never reach the finalized run.
    await t.db
      .updateTable("tenants")
      .set({ name: "Anna Umbenannt" })
      .where("id", "=", house.tenants.t1)
      .execute();
    await t.db
      .updateTable("units")
      .set({ area: "99.00" })
      .where("id", "=", house.units.a)
      .execute();
    await addReadingViaApi(t, house.cookie, house.meters.hkvB, "450", "2024-12-31");
    const after = await readJson(
      await t.request("GET", `/api/statements/${final.body.id}`, { cookie: house.cookie }),
    );
    expect(after).toEqual(before);

    // Entries of one transaction share created_at: the insertion sequence orders them.
    const activity = await t.db
      .selectFrom("userActivities")
      .select(["entityType", "action"])
      .where("userId", "=", house.userId)
      .where("entityType", "=", "statement")
      .orderBy("seq")
      .execute();
    expect(activity.map((row) => `${row.entityType}.${row.action}`)).toEqual([
      "statement.created",
      "statement.updated",
      "statement.updated",
      "statement.finalized",
    ]);
  });

  it("stores each tenancy's names, dates and figures exactly, whatever characters the names hold", async () => {
    const house = await buildHouse();
    // The rows are written from one array per column (decision 1861): quotes, commas, braces,
    // backslashes and the word NULL are data, never array syntax.
    const hostile = {
      t1: "NULL",
      t2: 'Müller, "Hans" {Jr.} \\ O\'Brien',
      tb: 'Ärzte-GbR; Büro {2}, "Nord"',
    };
    for (const [key, name] of Object.entries(hostile))
      await t.db
        .updateTable("tenants")
        .set({ name })
        .where("id", "=", house.tenants[key as keyof typeof hostile])
        .execute();
    await t.db
      .updateTable("units")
      .set({ name: 'EG "links", {Süd}' })
      .where("id", "=", house.units.a)
      .execute();
    const saved = await post(house.cookie, "/api/statements", {
      billingPeriodId: house.periodId,
      costItems: COST_ITEMS,
      co2: CO2,
      finalize: false,
    });
    expect(saved.status).toBe(201);
    const rows = await t.db
      .selectFrom("tenancyStatements")
      .select([
        "tenantId",
        "unitId",
        "tenantName",
        "unitName",
        "periodFrom",
        "periodTo",
        "totalCostsShare",
        "prepaymentAmount",
        "finalBalance",
        "status",
        "statementRunId",
        "propertyId",
        "userId",
      ])
      .where("billingPeriodId", "=", house.periodId)
      .orderBy("periodFrom")
      .orderBy("tenantName")
      .execute();
    expect(rows.map((row) => [row.tenantName, row.unitName, row.periodFrom, row.periodTo])).toEqual(
      [
        [hostile.t1, 'EG "links", {Süd}', "2024-01-01", "2024-06-30"],
        [hostile.tb, "2 OG", "2024-01-01", "2024-12-31"],
        [hostile.t2, 'EG "links", {Süd}', "2024-07-01", "2024-12-31"],
      ],
    );
    for (const row of rows) {
      const answered = saved.body.statements.find(
        (s: { tenantId: string }) => s.tenantId === row.tenantId,
      );
      expect([row.totalCostsShare, row.prepaymentAmount, row.finalBalance]).toEqual([
        answered.total,
        answered.prepayments,
        answered.balance,
      ]);
      expect(row).toMatchObject({
        status: "calculated",
        statementRunId: saved.body.id,
        propertyId: house.propertyId,
        userId: house.userId,
      });
    }
    expect(rows.find((row) => row.tenantName === "NULL")?.prepaymentAmount).toBe("900.00");
  });

  it("writes a run's documents before its transaction, one row per run, none left behind (decision 1880)", async () => {
    const house = await buildHouse();
    const save = (grundsteuer: string, finalize = false) =>
      post(house.cookie, "/api/statements", {
        billingPeriodId: house.periodId,
        costItems: COST_ITEMS.map((item) =>
          item.costType === "Grundsteuer" ? { ...item, amount: grundsteuer } : item,
        ),
        co2: CO2,
        finalize,
      });
    const stored = async (runId: string) =>
      readJson(await t.request("GET", `/api/statements/${runId}`, { cookie: house.cookie }));
    const grundsteuerOf = async (runId: string) =>
      (await stored(runId)).engineInput.costItems.find(
        (item: { costType: string }) => item.costType === "Grundsteuer",
      ).amount;
    const documentsOfAccount = async () =>
      (
        await t.db
          .selectFrom("statementRunDocuments")
          .select("id")
          .where("userId", "=", house.userId)
          .orderBy("id")
          .execute()
      ).map((row) => row.id);
    const documentsOf = async (id: string) =>
      (
        await t.db
          .selectFrom("statementRuns")
          .select("documentsId")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).documentsId;

    const first = await save("1830.00");
    expect(first.status).toBe(201);
    const runId: string = first.body.id;
    expect(await documentsOfAccount()).toEqual([await documentsOf(runId)]);
    expect(await grundsteuerOf(runId)).toBe("1830.00");

    // Documents a save left unnamed an hour ago (its process ended before its transaction) go
    // with the account's next save; the replaced documents go at once.
    const abandoned = await t.db
      .insertInto("statementRunDocuments")
      .values({ userId: house.userId, engineInput: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`update statement_run_documents set created_at = now() - interval '2 hours'
      where id = ${abandoned.id}`.execute(t.db);
    const replaced = await documentsOf(runId);
    const second = await save("1464.00");
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(runId);
    expect(await documentsOf(runId)).not.toBe(replaced);
    expect(await documentsOfAccount()).toEqual([await documentsOf(runId)]);
    expect(await grundsteuerOf(runId)).toBe("1464.00");
    expect((await stored(runId)).statements).toHaveLength(3);

    // A save that is refused (the period is final) leaves no documents behind.
    expect((await save("1464.00", true)).status).toBe(201);
    const finalRun = await stored(runId);
    const finalDocuments = await documentsOfAccount();
    expect((await save("1600.00")).status).toBe(409);
    expect(await documentsOfAccount()).toEqual(finalDocuments);

    // A correction's draft names its source's documents until it is calculated again; deleting
    // the draft keeps them for the source, which never changes.
    const correction = await readJson(
      await t.request("POST", `/api/statements/${runId}/corrections`, { cookie: house.cookie }),
    );
    expect(await documentsOf(correction.id)).toBe(await documentsOf(runId));
    expect(await grundsteuerOf(correction.id)).toBe("1464.00");
    const corrected = await save("1700.00");
    expect(corrected.status).toBe(201);
    expect(corrected.body.id).toBe(correction.id);
    expect(await documentsOf(correction.id)).not.toBe(await documentsOf(runId));
    expect(await documentsOfAccount()).toHaveLength(2);
    expect(await grundsteuerOf(correction.id)).toBe("1700.00");
    expect(
      (await t.request("DELETE", `/api/statements/${correction.id}`, { cookie: house.cookie }))
        .status,
    ).toBe(204);
    expect(await documentsOfAccount()).toEqual([await documentsOf(runId)]);
    expect(await stored(runId)).toEqual(finalRun);
  });

  it("keeps one run when two first saves of a period arrive at once", async () => {
    const house = await buildHouse();
    const body = {
      billingPeriodId: house.periodId,
      costItems: [{ costType: "Grundsteuer", amount: "100", key: "area" }],
      finalize: false,
    };
    const [a, b] = await Promise.all([
      post(house.cookie, "/api/statements", body),
      post(house.cookie, "/api/statements", body),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(
      await t.db
        .selectFrom("statementRuns")
        .select("id")
        .where("billingPeriodId", "=", house.periodId)
        .execute(),
    ).toHaveLength(1);
    expect(
      await t.db
        .selectFrom("tenancyStatements")
        .select("id")
        .where("billingPeriodId", "=", house.periodId)
        .execute(),
    ).toHaveLength(3);
  });

  it("enforces the plan's maxBillingStatements on saved billing periods, drafts included", async () => {
    const house = await buildHouse();
    const items = [{ costType: "Grundsteuer", amount: "100", key: "area" }];
    const periods = [
      house.periodId,
      await createBillingPeriodViaApi(
        t,
        house.cookie,
        house.propertyId,
        "2023-01-01",
        "2023-12-31",
      ),
      await createBillingPeriodViaApi(
        t,
        house.cookie,
        house.propertyId,
        "2022-01-01",
        "2022-12-31",
      ),
    ];
    expect(
      (
        await post(house.cookie, "/api/statements", {
          billingPeriodId: periods[0],
          costItems: items,
          finalize: false,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post(house.cookie, "/api/statements", {
          billingPeriodId: periods[1],
          costItems: items,
          finalize: false,
        })
      ).status,
    ).toBe(201);
    // Saving a draft again does not count again.
    expect(
      (
        await post(house.cookie, "/api/statements", {
          billingPeriodId: periods[0],
          costItems: items,
          finalize: false,
        })
      ).status,
    ).toBe(201);
    const third = await post(house.cookie, "/api/statements", {
      billingPeriodId: periods[2],
      costItems: items,
      finalize: false,
    });
    expect(third.status).toBe(403);
    expect(third.body.error).toMatchObject({
      code: "LIMIT_REACHED",
      title: "Limit erreicht",
      message: "Sie haben das Limit von 2 Abrechnungen erreicht.",
      limit: 2,
    });
    expect(
      await t.db
        .selectFrom("statementRuns")
        .select("id")
        .where("billingPeriodId", "=", periods[2]!)
        .execute(),
    ).toEqual([]);
    // The documents written before the refused transaction went again (decision 1880).
    expect(
      await t.db
        .selectFrom("statementRunDocuments")
        .select("id")
        .where("userId", "=", house.userId)
        .execute(),
    ).toHaveLength(2);
    const me = await readJson(await t.request("GET", "/api/me", { cookie: house.cookie }));
    expect(me.usage.currentBillingStatements).toBe(2);
  });

  it("computes a rate-based item's amount from the tariff on the server", async () => {
    const house = await buildHouse();
    const rate = await post(house.cookie, "/api/rates", {
      utilityType: "coldwater",
      rateName: "Stadtwerke Wasser",
      unitPrice: "2.85",
      basePrice: "10.00",
    });
    expect(rate.status).toBe(201);
    const { status, body } = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: [
        {
          costType: "Kaltwasser",
          key: "consumption",
          mode: "rate",
          rateId: rate.body.id,
          consumptionAmount: "100",
        },
      ],
    });
    expect(status).toBe(200);
    // 100 m³ x 2.85 + 12 months x 10.00 = 405.00.
    expect(body.engineInput.costItems[0].amount).toBe("405.00");
    expect(body.warnings).toEqual([]);
    expect(body.rateCosts).toEqual([
      expect.objectContaining({
        itemIndex: 0,
        rateId: rate.body.id,
        rateName: "Stadtwerke Wasser",
        totalCosts: "405.00",
        consumptionCosts: "285.00",
        baseCosts: "120.00",
      }),
    ]);
    const gasWater = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: [
        { costType: "Kaltwasser", key: "consumption", amount: "400", energySource: "gas" },
      ],
    });
    expect(gasWater.body.warnings).toContain(
      "Ungewöhnlicher Energieträger für Kaltwasser: Erdgas. Üblich: Wasser.",
    );
    const missingRate = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: [
        {
          costType: "Kaltwasser",
          key: "consumption",
          mode: "rate",
          rateId: UNKNOWN_ID,
          consumptionAmount: "100",
        },
      ],
    });
    expect(missingRate.status).toBe(400);
    expect(missingRate.body.error.fields).toEqual({ "costItems.0.rateId": "Tarif nicht gefunden" });
    // Issue 23: the error screen shows the tariff help for it.
    expect(missingRate.body.error.code).toBe("RATE_INVALID");
  });

  it("serves the quick-setup templates only with the plan feature", async () => {
    const house = await buildHouse();
    const trial = await t.request(
      "GET",
      `/api/statements/templates?propertyId=${house.propertyId}`,
      { cookie: house.cookie },
    );
    expect(trial.status).toBe(200);
    const body = await readJson(trial);
    expect(body.recommendedId).toBe("standard");
    expect(body.templates.map((x: { id: string }) => x.id)).toEqual([
      "standard",
      "weg",
      "commercial",
    ]);
    await t.db
      .updateTable("subscriptions")
      .set({ plan: "starter", status: "active" })
      .where("userId", "=", house.userId)
      .execute();
    const starter = await t.request("GET", "/api/statements/templates", { cookie: house.cookie });
    expect(starter.status).toBe(403);
    expect((await readJson(starter)).error).toEqual({
      code: "FEATURE_NOT_IN_PLAN",
      title: "Upgrade erforderlich",
      message: "Quick-Setup-Vorlagen ist in Ihrem aktuellen Plan nicht verfügbar.",
      errorId: expect.any(String),
    });
  });

  it("describes the statement routes in the OpenAPI document", async () => {
    const doc = await readJson(await t.request("GET", "/api/openapi.json"));
    for (const path of [
      "/api/billing-periods/{id}/costs",
      "/api/billing-periods/{id}/consumption",
      "/api/statements/preview",
      "/api/statements",
      "/api/statements/{id}",
      "/api/statements/templates",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths["/api/billing-periods/{id}/costs"])).toEqual(["get", "put"]);
  });
});
