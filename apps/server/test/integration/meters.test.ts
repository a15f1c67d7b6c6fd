import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertUnit } from "../support/fixtures.ts";
import {
  addReadingViaApi,
  createMeterViaApi,
  createMeteringAccount,
  listActivityKeys,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

const REQUIRED = "Bitte füllen Sie alle Pflichtfelder aus.";

describe.each(TEST_DRIVERS)("/api/meters (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("answers 401 without a session", async () => {
    expect((await t.request("GET", "/api/meters")).status).toBe(401);
    expect((await t.request("POST", "/api/meters", { body: { meterNumber: "1" } })).status).toBe(
      401,
    );
  });

  it("creates a unit's meter with property_id stored null, and logs it", async () => {
    const a = await createMeteringAccount(t);
    const response = await t.request("POST", "/api/meters", {
      cookie: a.cookie,
      // Choosing a unit clears the property (docs/rules/master-data.md#validation 'Meter'), even when both are sent.
      body: {
        meterNumber: " KW-100 ",
        meterType: "Kaltwasser",
        unitId: a.unitIds[0],
        propertyId: a.propertyId,
        location: "Keller",
        displayName: "",
      },
    });
    expect(response.status).toBe(201);
    const meter = await readJson(response);
    expect(meter).toMatchObject({
      meterNumber: "KW-100",
      meterType: "Kaltwasser",
      unitId: a.unitIds[0],
      propertyId: null,
      location: "Keller",
      displayName: null,
      unit: { id: a.unitIds[0], name: "EG links", area: "62.50" },
      property: { id: a.propertyId, name: "Lindenstraße 5" },
      latestReading: null,
      readingCount: 0,
    });
    const row = await t.db
      .selectFrom("meters")
      .selectAll()
      .where("id", "=", meter.id)
      .executeTakeFirstOrThrow();
    expect(row.propertyId).toBeNull();
    expect(row.unitId).toBe(a.unitIds[0]);
    expect(row.userId).toBe(a.userId);
    const activity = await t.db
      .selectFrom("userActivities")
      .selectAll()
      .where("entityId", "=", meter.id)
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      entityType: "meter",
      action: "created",
      entityName: "KW-100",
      description: "Zähler angelegt: KW-100",
    });
  });

  it("creates a common-area meter on the property", async () => {
    const a = await createMeteringAccount(t);
    const response = await t.request("POST", "/api/meters", {
      cookie: a.cookie,
      body: { meterNumber: "G-1", meterType: "Gas", propertyId: a.propertyId },
    });
    expect(response.status).toBe(201);
    expect(await readJson(response)).toMatchObject({
      unitId: null,
      propertyId: a.propertyId,
      unit: null,
      property: { id: a.propertyId },
    });
  });

  it("validates meter number, location and type with the specification's message", async () => {
    const a = await createMeteringAccount(t);
    const noNumber = await t.request("POST", "/api/meters", {
      cookie: a.cookie,
      body: { meterNumber: "  ", meterType: "Strom", unitId: a.unitIds[0] },
    });
    expect(noNumber.status).toBe(400);
    expect((await readJson(noNumber)).error).toMatchObject({
      code: "VALIDATION",
      message: REQUIRED,
      fields: { meterNumber: REQUIRED },
    });

    const noPlace = await t.request("POST", "/api/meters", {
      cookie: a.cookie,
      body: { meterNumber: "S-1", meterType: "Strom", unitId: "", propertyId: null },
    });
    expect(noPlace.status).toBe(400);
    expect((await readJson(noPlace)).error.fields).toEqual({ unitId: REQUIRED });

    const badType = await t.request("POST", "/api/meters", {
      cookie: a.cookie,
      body: { meterNumber: "S-1", meterType: "Wasser", unitId: a.unitIds[0] },
    });
    expect(badType.status).toBe(400);
    expect((await readJson(badType)).error.fields.meterType).toBe(
      "Bitte wählen Sie einen gültigen Zählertyp aus.",
    );
    expect(
      await t.db.selectFrom("meters").select("id").where("userId", "=", a.userId).execute(),
    ).toHaveLength(0);
  });

  it("accepts every meter type of the specification", async () => {
    const a = await createMeteringAccount(t);
    const types = [
      "Heizkostenverteiler",
      "Warmwasserzähler",
      "Kaltwasser",
      "Strom",
      "Gas",
      "Wärmemengenzähler",
    ];
    for (const [index, meterType] of types.entries()) {
      await createMeterViaApi(t, a.cookie, {
        meterNumber: `T-${index}`,
        meterType,
        unitId: a.unitIds[0],
      });
    }
    const list = await readJson(await t.request("GET", "/api/meters", { cookie: a.cookie }));
    expect(list.map((m: { meterType: string }) => m.meterType)).toEqual(types);
  });

  it("lists by meter number; the property filter includes its units' meters and nothing else", async () => {
    const a = await createMeteringAccount(t);
    const other = await insertProperty(t.db, a.userId, { name: "Zweites Haus" });
    const otherUnit = await insertUnit(t.db, a.userId, other.id, { name: "Dach" });
    await createMeterViaApi(t, a.cookie, { meterNumber: "C-3", unitId: a.unitIds[1] });
    await createMeterViaApi(t, a.cookie, { meterNumber: "A-1", propertyId: a.propertyId });
    await createMeterViaApi(t, a.cookie, { meterNumber: "B-2", unitId: otherUnit.id });
    const bMeter = await createMeterViaApi(t, a.cookie, {
      meterNumber: "B-1",
      unitId: a.unitIds[0],
    });
    await addReadingViaApi(t, a.cookie, bMeter, "10.5", "2024-01-01");
    await addReadingViaApi(t, a.cookie, bMeter, "12.25", "2024-06-30");

    const all = await readJson(await t.request("GET", "/api/meters", { cookie: a.cookie }));
    expect(all.map((m: { meterNumber: string }) => m.meterNumber)).toEqual([
      "A-1",
      "B-1",
      "B-2",
      "C-3",
    ]);
    const filtered = await readJson(
      await t.request("GET", `/api/meters?propertyId=${a.propertyId}`, { cookie: a.cookie }),
    );
    expect(filtered.map((m: { meterNumber: string }) => m.meterNumber)).toEqual([
      "A-1",
      "B-1",
      "C-3",
    ]);
    expect(filtered[1]).toMatchObject({
      latestReading: { readingValue: "12.250", readingDate: "2024-06-30" },
      readingCount: 2,
    });
    const second = await readJson(
      await t.request("GET", `/api/meters?propertyId=${other.id}`, { cookie: a.cookie }),
    );
    expect(
      second.map((m: { meterNumber: string; property: { name: string } }) => [
        m.meterNumber,
        m.property.name,
      ]),
    ).toEqual([["B-2", "Zweites Haus"]]);
  });

  it("edits a meter: moving it to the common area, and back to a unit clears the property", async () => {
    const a = await createMeteringAccount(t);
    const id = await createMeterViaApi(t, a.cookie, {
      meterNumber: "W-1",
      meterType: "Warmwasserzähler",
      unitId: a.unitIds[0],
    });
    const toCommon = await t.request("PATCH", `/api/meters/${id}`, {
      cookie: a.cookie,
      body: { unitId: null, propertyId: a.propertyId, meterNumber: "W-1a" },
    });
    expect(toCommon.status).toBe(200);
    expect(await readJson(toCommon)).toMatchObject({
      meterNumber: "W-1a",
      unitId: null,
      propertyId: a.propertyId,
      unit: null,
      meterType: "Warmwasserzähler",
    });

    const toUnit = await t.request("PATCH", `/api/meters/${id}`, {
      cookie: a.cookie,
      body: { unitId: a.unitIds[1], propertyId: a.propertyId },
    });
    expect(await readJson(toUnit)).toMatchObject({
      unitId: a.unitIds[1],
      propertyId: null,
      unit: { name: "OG rechts" },
    });

    const onlyName = await t.request("PATCH", `/api/meters/${id}`, {
      cookie: a.cookie,
      body: { displayName: "Bad oben" },
    });
    expect(await readJson(onlyName)).toMatchObject({
      displayName: "Bad oben",
      unitId: a.unitIds[1],
    });

    const nowhere = await t.request("PATCH", `/api/meters/${id}`, {
      cookie: a.cookie,
      body: { unitId: null, propertyId: null },
    });
    expect(nowhere.status).toBe(400);
    expect((await readJson(nowhere)).error.message).toBe(REQUIRED);
    expect(await listActivityKeys(t, a.userId)).toEqual(
      expect.arrayContaining(["meter.created", "meter.updated"]),
    );
  });

  it("deletes a meter with its readings and logs it", async () => {
    const a = await createMeteringAccount(t);
    const id = await createMeterViaApi(t, a.cookie, { meterNumber: "D-1", unitId: a.unitIds[0] });
    await addReadingViaApi(t, a.cookie, id, "1", "2024-01-01");
    const response = await t.request("DELETE", `/api/meters/${id}`, { cookie: a.cookie });
    expect(response.status).toBe(204);
    expect(
      await t.db.selectFrom("meters").select("id").where("id", "=", id).execute(),
    ).toHaveLength(0);
    expect(
      await t.db.selectFrom("meterReadings").select("id").where("meterId", "=", id).execute(),
    ).toHaveLength(0);
    const gone = await t.request("GET", `/api/meters/${id}`, { cookie: a.cookie });
    expect(gone.status).toBe(404);
    expect((await readJson(gone)).error.message).toBe("Zähler nicht gefunden");
    expect(await listActivityKeys(t, a.userId)).toContain("meter.deleted");
  });

  it("answers 404 for another account's meters, units and properties", async () => {
    const owner = await createMeteringAccount(t);
    const intruder = await createMeteringAccount(t);
    const id = await createMeterViaApi(t, owner.cookie, {
      meterNumber: "X-1",
      unitId: owner.unitIds[0],
    });
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { meterNumber: "hack" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await t.request(method, `/api/meters/${id}`, {
        cookie: intruder.cookie,
        body,
      });
      expect(response.status).toBe(404);
      expect((await readJson(response)).error).toMatchObject({
        code: "NOT_FOUND",
        message: "Zähler nicht gefunden",
      });
    }
    const foreignUnit = await t.request("POST", "/api/meters", {
      cookie: intruder.cookie,
      body: { meterNumber: "Y", meterType: "Gas", unitId: owner.unitIds[0] },
    });
    expect(foreignUnit.status).toBe(404);
    expect((await readJson(foreignUnit)).error.message).toBe("Wohneinheit nicht gefunden");
    const foreignProperty = await t.request("POST", "/api/meters", {
      cookie: intruder.cookie,
      body: { meterNumber: "Y", meterType: "Gas", propertyId: owner.propertyId },
    });
    expect(foreignProperty.status).toBe(404);
    expect((await readJson(foreignProperty)).error.message).toBe("Immobilie nicht gefunden");
    const moveToForeign = await t.request(
      "PATCH",
      `/api/meters/${await createMeterViaApi(t, intruder.cookie, { meterNumber: "Z", unitId: intruder.unitIds[0] })}`,
      {
        cookie: intruder.cookie,
        body: { unitId: owner.unitIds[1] },
      },
    );
    expect(moveToForeign.status).toBe(404);
    const filter = await t.request("GET", `/api/meters?propertyId=${owner.propertyId}`, {
      cookie: intruder.cookie,
    });
    expect(filter.status).toBe(404);
    expect(
      (await t.request("GET", `/api/meters/${UNKNOWN_ID}`, { cookie: intruder.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request("GET", "/api/meters/not-a-uuid", { cookie: intruder.cookie })).status,
    ).toBe(404);
    const list = await readJson(await t.request("GET", "/api/meters", { cookie: intruder.cookie }));
    expect(list.map((m: { meterNumber: string }) => m.meterNumber)).toEqual(["Z"]);
    expect(
      (
        await t.db
          .selectFrom("meters")
          .select("meterNumber")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).meterNumber,
    ).toBe("X-1");
  });
});
