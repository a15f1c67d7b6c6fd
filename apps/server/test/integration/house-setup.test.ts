import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// POST /api/properties/:id/house-setup (issue 27, decision 1101): the house in one table, saved
// in one transaction or not at all, with the plan's limits on the server.

const PROPERTY = {
  name: "Rosenhof",
  street: "Rosenweg",
  houseNumber: "12",
  postalCode: "33602",
  city: "Bielefeld",
  country: "Deutschland",
  propertyType: "Mehrfamilienhaus",
};

const HKV = "Heizkostenverteiler";

/** Six units, seven tenancies: a change in "EG rechts", a vacancy until March in "DG rechts". */
const ROWS = [
  {
    unitName: "EG links",
    area: "62.5",
    persons: "2",
    tenantName: "Anna Albers",
    moveInDate: "2019-01-01",
    monthlyPrepayment: "180",
    meterType: HKV,
    meterNumber: "HKV-1",
    endReading: "1480",
  },
  {
    unitName: "EG rechts",
    area: "58",
    persons: "1",
    tenantName: "Bernd Brandt",
    moveInDate: "2020-03-01",
    moveOutDate: "2024-06-30",
    monthlyPrepayment: "150",
    meterType: HKV,
    meterNumber: "HKV-2",
    endReading: "400",
  },
  {
    unitName: "EG rechts",
    persons: "2",
    tenantName: "Carla Conrad",
    moveInDate: "2024-07-01",
    monthlyPrepayment: "160",
    meterType: HKV,
    meterNumber: "HKV-2",
    endReading: "950",
  },
  {
    unitName: "1. OG links",
    area: "62.5",
    persons: "3",
    tenantName: "Dieter Dorn",
    moveInDate: "2018-05-01",
    monthlyPrepayment: "200",
    meterType: HKV,
    meterNumber: "HKV-3",
    endReading: "1620",
  },
  {
    unitName: "1. OG rechts",
    area: "58",
    persons: "2",
    tenantName: "Emil Engel",
    moveInDate: "2021-01-01",
    monthlyPrepayment: "170",
    meterType: HKV,
    meterNumber: "HKV-4",
    endReading: "1100",
  },
  {
    unitName: "DG links",
    area: "48.25",
    persons: "1",
    tenantName: "Frieda Fuchs",
    moveInDate: "2022-02-01",
    monthlyPrepayment: "120",
    meterType: HKV,
    meterNumber: "HKV-5",
    endReading: "700",
  },
  {
    unitName: "DG rechts",
    area: "45",
    persons: "2",
    tenantName: "Gustav Graf",
    moveInDate: "2024-03-01",
    monthlyPrepayment: "130",
    meterType: HKV,
    meterNumber: "HKV-6",
    endReading: "560",
  },
];
const BODY = { billingPeriodStart: "2024-01-01", billingPeriodEnd: "2024-12-31", rows: ROWS };

describe.each(TEST_DRIVERS)("POST /api/properties/:id/house-setup (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function createProperty(
    cookie: string,
    units: { name: string; area: string; persons: number }[] = [
      { name: "EG links", area: "62.5", persons: 2 },
    ],
  ) {
    const response = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: PROPERTY, units },
    });
    expect(response.status).toBe(201);
    return (await readJson(response)) as { id: string; units: { id: string; name: string }[] };
  }

  async function countRows(userId: string) {
    const count = async (
      table: "units" | "tenants" | "meters" | "meterReadings" | "billingPeriods",
    ) => (await t.db.selectFrom(table).select("id").where("userId", "=", userId).execute()).length;
    return {
      units: await count("units"),
      tenants: await count("tenants"),
      meters: await count("meters"),
      readings: await count("meterReadings"),
      periods: await count("billingPeriods"),
    };
  }

  it("saves units, tenants, prepayments, meters and readings in one go, joining the stored unit of the same name", async () => {
    const { cookie, userId } = await t.signUp();
    expect(
      (
        await t.request("POST", "/api/subscription/plan", {
          cookie,
          body: { plan: "professional" },
        })
      ).status,
    ).toBe(200);
    const property = await createProperty(cookie);

    const response = await t.request("POST", `/api/properties/${property.id}/house-setup`, {
      cookie,
      body: BODY,
    });
    expect(response.status).toBe(201);
    const saved = await readJson(response);
    expect(saved).toMatchObject({
      unitCount: 5,
      tenantCount: 7,
      meterCount: 6,
      readingCount: 7,
      message:
        "7 Zeilen gespeichert: Wohneinheiten, Mieter, Zähler und Zählerstände sind angelegt.",
    });
    expect(await countRows(userId)).toEqual({
      units: 6,
      tenants: 7,
      meters: 6,
      readings: 7,
      periods: 1,
    });

    const tenants = (await readJson(
      await t.request("GET", `/api/tenants?propertyId=${property.id}`, { cookie }),
    )) as { id: string; name: string; unit: { name: string } }[];
    const bernd = tenants.find((tenant) => tenant.name === "Bernd Brandt")!;
    const carla = tenants.find((tenant) => tenant.name === "Carla Conrad")!;
    expect(bernd.unit.name).toBe("EG rechts");
    const prepayments = await readJson(
      await t.request("GET", `/api/tenants/${bernd.id}/prepayments`, { cookie }),
    );
    expect(
      prepayments.map(
        (p: { monthlyAmount: string; validFrom: string; validUntil: string | null }) => [
          p.monthlyAmount,
          p.validFrom,
          p.validUntil,
        ],
      ),
    ).toEqual([["150.00", "2020-03-01", "2024-06-30"]]);
    const occupancy = await readJson(
      await t.request("GET", `/api/tenants/${carla.id}/occupants`, { cookie }),
    );
    expect(
      occupancy.map((p: { persons: number; validFrom: string }) => [p.persons, p.validFrom]),
    ).toEqual([[2, "2024-07-01"]]);

    // The tenant change's meter is one meter with a reading on the move-out day and the period's end.
    const readings = await t.db
      .selectFrom("meterReadings as r")
      .innerJoin("meters as m", "m.id", "r.meterId")
      .select(["m.meterNumber", "r.readingDate", "r.readingValue", "r.billingPeriodId"])
      .where("m.meterNumber", "=", "HKV-2")
      .where("r.userId", "=", userId)
      .orderBy("r.readingDate")
      .execute();
    expect(
      readings.map((r) => [
        r.readingDate,
        r.readingValue,
        r.billingPeriodId === saved.billingPeriodId,
      ]),
    ).toEqual([
      ["2024-06-30", "400.000", false],
      ["2024-12-31", "950.000", true],
    ]);

    // The period's consumption sees every allocator's end reading.
    const consumption = await readJson(
      await t.request("GET", `/api/billing-periods/${saved.billingPeriodId}/consumption`, {
        cookie,
      }),
    );
    expect(consumption.meters.filter((meter: { end: unknown }) => meter.end !== null)).toHaveLength(
      6,
    );
  });

  it("refuses a wrong row with a message naming it and its cell, and saves nothing", async () => {
    const { cookie, userId } = await t.signUp();
    expect(
      (
        await t.request("POST", "/api/subscription/plan", {
          cookie,
          body: { plan: "professional" },
        })
      ).status,
    ).toBe(200);
    const property = await createProperty(cookie);
    const before = await countRows(userId);
    const rows = ROWS.map((row) => ({ ...row }));
    rows[3]!.area = "62,5";
    rows[5]!.moveOutDate = "31.12.2024";
    const response = await t.request("POST", `/api/properties/${property.id}/house-setup`, {
      cookie,
      body: { ...BODY, rows },
    });
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.error.message).toBe(
      "Zeile 4, Fläche (m²): Fläche muss eine Zahl sein (und 1 weitere Zeile). Es wurde nichts gespeichert.",
    );
    // The rules between rows follow once every cell reads.
    expect(body.error.fields).toEqual({
      "rows.3.area": "Fläche muss eine Zahl sein",
      "rows.5.moveOutDate": "Auszugsdatum ist ungültig",
    });
    expect(await countRows(userId)).toEqual(before);
  });

  it("names overlapping tenancies, a meter of two units, a reading without a period and an allocator's start reading", async () => {
    const { cookie } = await t.signUp();
    const property = await createProperty(cookie);
    const overlap = await t.request("POST", `/api/properties/${property.id}/house-setup`, {
      cookie,
      body: {
        rows: [
          {
            unitName: "OG",
            area: "70",
            persons: "1",
            tenantName: "Ida Iske",
            moveInDate: "2020-01-01",
            meterType: HKV,
            meterNumber: "H-1",
          },
          {
            unitName: "OG",
            tenantName: "Jan Jansen",
            moveInDate: "2023-01-01",
            meterType: "Kaltwasser",
            meterNumber: "K-1",
            endReading: "12",
          },
          { unitName: "DG", area: "40", persons: "1", meterType: HKV, meterNumber: "H-1" },
        ],
      },
    });
    expect(overlap.status).toBe(400);
    const fields = (await readJson(overlap)).error.fields;
    expect(fields).toMatchObject({
      "rows.1.moveInDate":
        "Überschneidet sich mit dem Mieter in Zeile 1 (dieselbe Wohneinheit, eine Mietzeit nach der anderen)",
      "rows.2.meterNumber": "Diese Zählernummer gehört schon zur Wohneinheit in Zeile 1",
      billingPeriodStart: "Bitte Beginn des Abrechnungszeitraums angeben",
    });

    const allocatorStart = await t.request("POST", `/api/properties/${property.id}/house-setup`, {
      cookie,
      body: {
        ...BODY,
        rows: [
          {
            unitName: "OG",
            area: "70",
            persons: "1",
            meterType: HKV,
            meterNumber: "H-1",
            startReading: "5",
            endReading: "10",
          },
        ],
      },
    });
    expect((await readJson(allocatorStart)).error.fields).toEqual({
      "rows.0.startReading":
        "Heizkostenverteiler beginnen jede Periode bei 0 und brauchen keinen Anfangsstand.",
    });
  });

  it("checks rows naming a stored unit against it and against its stored tenants", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    const unitId = property.units[0]!.id;
    expect(
      (
        await t.request("POST", "/api/tenants", {
          cookie,
          body: { name: "Karl Klein", unitId, moveInDate: "2022-01-01" },
        })
      ).status,
    ).toBe(201);
    const before = await countRows(userId);
    const response = await t.request("POST", `/api/properties/${property.id}/house-setup`, {
      cookie,
      body: {
        rows: [
          {
            unitName: "eg links",
            area: "60",
            persons: "2",
            tenantName: "Lena Lohse",
            moveInDate: "2024-01-01",
          },
        ],
      },
    });
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.error.fields["rows.0.area"]).toBe(
      "Fläche weicht von der gespeicherten Wohneinheit ab (62,50 m²); bitte dort ändern",
    );
    expect(body.error.fields["rows.0.moveInDate"]).toContain("Karl Klein");
    expect(await countRows(userId)).toEqual(before);
  });

  it("keeps the trial's unit limit for the whole table, and another account's property is not found", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    const before = await countRows(userId);
    const limited = await t.request("POST", `/api/properties/${property.id}/house-setup`, {
      cookie,
      body: BODY,
    });
    expect(limited.status).toBe(403);
    expect((await readJson(limited)).error.code).toBe("LIMIT_REACHED");
    expect(await countRows(userId)).toEqual(before);

    const other = await t.signUp();
    const foreign = await t.request("POST", `/api/properties/${property.id}/house-setup`, {
      cookie: other.cookie,
      body: { rows: [{ unitName: "X", area: "10", persons: "1" }] },
    });
    expect(foreign.status).toBe(404);
    expect(await countRows(userId)).toEqual(before);
  });
});
