import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertUnit } from "../support/fixtures.ts";
import {
  addReadingViaApi,
  createBillingPeriodViaApi,
  createMeterViaApi,
  createMeteringAccount,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

describe.each(TEST_DRIVERS)("POST /api/readings/bulk (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp() {
    const a = await createMeteringAccount(t);
    const meters = [
      await createMeterViaApi(t, a.cookie, { meterNumber: "M-1", unitId: a.unitIds[0] }),
      await createMeterViaApi(t, a.cookie, { meterNumber: "M-2", unitId: a.unitIds[1] }),
      await createMeterViaApi(t, a.cookie, {
        meterNumber: "M-3",
        meterType: "Gas",
        propertyId: a.propertyId,
      }),
    ];
    const billingPeriodId = await createBillingPeriodViaApi(t, a.cookie, a.propertyId);
    return { ...a, meters, billingPeriodId };
  }

  const rowsOf = (t: TestContext, userId: string) =>
    t.db
      .selectFrom("meterReadings")
      .select(["meterId", "billingPeriodId", "readingValue", "readingDate", "note"])
      .where("userId", "=", userId)
      .orderBy("readingValue")
      .execute();

  it("keeps start and end readings of one period apart; the consumption is end minus start (issue 27)", async () => {
    const a = await setUp();
    // An older reading of M-1 (installation) must not be taken as the start.
    await addReadingViaApi(t, a.cookie, a.meters[0]!, "3", "2023-05-01");
    const start = await t.request("POST", "/api/readings/bulk", {
      cookie: a.cookie,
      body: {
        billingPeriodId: a.billingPeriodId,
        readingDate: "2024-01-01",
        position: "start",
        readings: [
          { meterId: a.meters[0], readingValue: "1020" },
          { meterId: a.meters[1], readingValue: "500" },
        ],
      },
    });
    expect(start.status).toBe(200);
    const end = await t.request("POST", "/api/readings/bulk", {
      cookie: a.cookie,
      body: {
        billingPeriodId: a.billingPeriodId,
        readingDate: "2024-12-31",
        readings: [
          { meterId: a.meters[0], readingValue: "1102.5" },
          { meterId: a.meters[1], readingValue: "548" },
        ],
      },
    });
    expect(end.status).toBe(200);
    expect(await readJson(end)).toMatchObject({ insertedCount: 2, updatedCount: 0 });
    const rows = await t.db
      .selectFrom("meterReadings")
      .select(["meterId", "billingPeriodId", "readingValue", "readingDate"])
      .where("meterId", "=", a.meters[0]!)
      .orderBy("readingDate")
      .execute();
    expect(rows).toEqual([
      {
        meterId: a.meters[0],
        billingPeriodId: null,
        readingValue: "3.000",
        readingDate: "2023-05-01",
      },
      {
        meterId: a.meters[0],
        billingPeriodId: null,
        readingValue: "1020.000",
        readingDate: "2024-01-01",
      },
      {
        meterId: a.meters[0],
        billingPeriodId: a.billingPeriodId,
        readingValue: "1102.500",
        readingDate: "2024-12-31",
      },
    ]);
    // Saving the start again updates the start reading only.
    const again = await t.request("POST", "/api/readings/bulk", {
      cookie: a.cookie,
      body: {
        billingPeriodId: a.billingPeriodId,
        readingDate: "2024-01-01",
        position: "start",
        readings: [{ meterId: a.meters[0], readingValue: "1021" }],
      },
    });
    expect(await readJson(again)).toMatchObject({ insertedCount: 0, updatedCount: 1 });
    const consumption = await readJson(
      await t.request("GET", `/api/billing-periods/${a.billingPeriodId}/consumption`, {
        cookie: a.cookie,
      }),
    );
    const m1 = consumption.meters.find(
      (meter: { meterId: string }) => meter.meterId === a.meters[0],
    );
    expect({ start: m1.start.value, end: m1.end.value, consumption: m1.consumption }).toEqual({
      start: "1021.000",
      end: "1102.500",
      consumption: "81.500",
    });
  });

  it("refuses a start reading dated after the period's first day and saves nothing", async () => {
    const a = await setUp();
    const response = await t.request("POST", "/api/readings/bulk", {
      cookie: a.cookie,
      body: {
        billingPeriodId: a.billingPeriodId,
        readingDate: "2024-01-15",
        position: "start",
        readings: [{ meterId: a.meters[0], readingValue: "10" }],
      },
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).error.fields).toEqual({
      readingDate:
        "Der Anfangsstand gilt zum Beginn der Periode (01.01.2024); bitte dieses Datum oder ein früheres wählen.",
    });
    expect(await rowsOf(t, a.userId)).toEqual([]);
  });

  it("inserts the readings of a period, then updates the same rows when saved again", async () => {
    const a = await setUp();
    const first = await t.request("POST", "/api/readings/bulk", {
      cookie: a.cookie,
      body: {
        billingPeriodId: a.billingPeriodId,
        readingDate: "2024-12-31",
        readings: [
          { meterId: a.meters[0], readingValue: "100.5" },
          { meterId: a.meters[1], readingValue: "200" },
        ],
      },
    });
    expect(first.status).toBe(200);
    const body = await readJson(first);
    expect(body).toMatchObject({
      savedCount: 2,
      insertedCount: 2,
      updatedCount: 0,
      message: "2 Zählerstände erfolgreich gespeichert!",
    });
    expect(
      body.readings.map(
        (r: { readingValue: string; billingPeriodId: string; readingType: string }) => [
          r.readingValue,
          r.billingPeriodId,
          r.readingType,
        ],
      ),
    ).toEqual([
      ["100.500", a.billingPeriodId, "manual"],
      ["200.000", a.billingPeriodId, "manual"],
    ]);

    const second = await t.request("POST", "/api/readings/bulk", {
      cookie: a.cookie,
      body: {
        billingPeriodId: a.billingPeriodId,
        readingDate: "2025-01-02",
        readings: [
          { meterId: a.meters[0], readingValue: "101" },
          { meterId: a.meters[1], readingValue: "190" },
          { meterId: a.meters[2], readingValue: "55.125" },
        ],
      },
    });
    expect(second.status).toBe(200);
    // M-2 goes from 200 to 190 in the same period: a correction of its own reading, no decrease.
    expect(await readJson(second)).toMatchObject({
      savedCount: 3,
      insertedCount: 1,
      updatedCount: 2,
      message: "3 Zählerstände erfolgreich gespeichert!",
    });
    expect(await rowsOf(t, a.userId)).toEqual([
      {
        meterId: a.meters[2],
        billingPeriodId: a.billingPeriodId,
        readingValue: "55.125",
        readingDate: "2025-01-02",
        note: null,
      },
      {
        meterId: a.meters[0],
        billingPeriodId: a.billingPeriodId,
        readingValue: "101.000",
        readingDate: "2025-01-02",
        note: null,
      },
      {
        meterId: a.meters[1],
        billingPeriodId: a.billingPeriodId,
        readingValue: "190.000",
        readingDate: "2025-01-02",
        note: null,
      },
    ]);
    const detail = await readJson(
      await t.request("GET", `/api/billing-periods/${a.billingPeriodId}`, { cookie: a.cookie }),
    );
    expect(detail.readingCount).toBe(3);
    expect(detail.readings).toHaveLength(3);
    const activity = await t.db
      .selectFrom("userActivities")
      .selectAll()
      .where("userId", "=", a.userId)
      .where("action", "=", "imported")
      .orderBy("createdAt")
      .execute();
    expect(activity.map((row) => row.description)).toEqual([
      "2 Zählerstände erfolgreich gespeichert: Abrechnung 01.01.2024 - 31.12.2024",
      "3 Zählerstände erfolgreich gespeichert: Abrechnung 01.01.2024 - 31.12.2024",
    ]);
    expect(activity[1]!.metadata).toMatchObject({
      insertedCount: 1,
      updatedCount: 2,
      savedCount: 3,
    });
  });

  it("stores nothing when one value is bad", async () => {
    const a = await setUp();
    for (const bad of ["-5", "1.2345", "abc", ""]) {
      const response = await t.request("POST", "/api/readings/bulk", {
        cookie: a.cookie,
        body: {
          billingPeriodId: a.billingPeriodId,
          readingDate: "2024-12-31",
          readings: [
            { meterId: a.meters[0], readingValue: "1" },
            { meterId: a.meters[1], readingValue: "2" },
            { meterId: a.meters[2], readingValue: bad },
          ],
        },
      });
      expect(response.status, bad).toBe(400);
      expect(Object.keys((await readJson(response)).error.fields), bad).toEqual([
        "readings.2.readingValue",
      ]);
    }
    expect(await rowsOf(t, a.userId)).toEqual([]);
  });

  it("rolls back rows already written when a later meter is lower than before, until confirmed", async () => {
    const a = await setUp();
    await addReadingViaApi(t, a.cookie, a.meters[1]!, "500", "2024-06-30");
    const request = (confirmDecrease: boolean) =>
      t.request("POST", "/api/readings/bulk", {
        cookie: a.cookie,
        body: {
          billingPeriodId: a.billingPeriodId,
          readingDate: "2024-12-31",
          confirmDecrease,
          readings: [
            { meterId: a.meters[0], readingValue: "10" },
            { meterId: a.meters[1], readingValue: "20" },
          ],
        },
      });
    const refused = await request(false);
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error).toMatchObject({
      code: "READING_DECREASE",
      message:
        "Bei 1 Zähler passt der neue Stand nicht zu den bisherigen Ständen (niedriger als zuvor). Zähler getauscht oder übergelaufen?",
      requiresConfirmation: true,
      fields: {
        "readings.1.readingValue":
          "Der Zählerstand 20 ist niedriger als der vorherige Stand 500 vom 30.06.2024. Zähler getauscht oder übergelaufen?",
      },
    });
    // Only the earlier single reading: M-1's row, written first in the transaction, was rolled back.
    expect((await rowsOf(t, a.userId)).map((r) => r.readingValue)).toEqual(["500.000"]);

    const confirmed = await request(true);
    expect(confirmed.status).toBe(200);
    expect((await rowsOf(t, a.userId)).map((r) => [r.readingValue, r.note])).toEqual([
      ["10.000", null],
      ["20.000", "Zählerwechsel oder Überlauf bestätigt (vorheriger Stand 500 vom 30.06.2024)"],
      ["500.000", null],
    ]);
  });

  it("refuses meters of another property or account, duplicates, a missing period and empty lists", async () => {
    const a = await setUp();
    const intruder = await createMeteringAccount(t);
    const foreignMeter = await createMeterViaApi(t, intruder.cookie, {
      meterNumber: "F-1",
      unitId: intruder.unitIds[0],
    });
    const otherProperty = await insertProperty(t.db, a.userId, { name: "Nebenhaus" });
    const otherUnit = await insertUnit(t.db, a.userId, otherProperty.id);
    const otherPropertyMeter = await createMeterViaApi(t, a.cookie, {
      meterNumber: "N-1",
      unitId: otherUnit.id,
    });
    const post = (body: unknown, cookie = a.cookie) =>
      t.request("POST", "/api/readings/bulk", { cookie, body });
    const base = { billingPeriodId: a.billingPeriodId, readingDate: "2024-12-31" };

    const foreign = await post({
      ...base,
      readings: [
        { meterId: a.meters[0], readingValue: "1" },
        { meterId: foreignMeter, readingValue: "2" },
      ],
    });
    expect(foreign.status).toBe(404);
    expect((await readJson(foreign)).error.message).toBe("Zähler nicht gefunden");

    const wrongProperty = await post({
      ...base,
      readings: [
        { meterId: a.meters[0], readingValue: "1" },
        { meterId: otherPropertyMeter, readingValue: "2" },
      ],
    });
    expect(wrongProperty.status).toBe(400);
    expect((await readJson(wrongProperty)).error.fields).toEqual({
      "readings.1.meterId": "Der Zähler gehört nicht zur Immobilie dieser Abrechnungsperiode.",
    });

    const duplicate = await post({
      ...base,
      readings: [
        { meterId: a.meters[0], readingValue: "1" },
        { meterId: a.meters[0], readingValue: "2" },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect((await readJson(duplicate)).error.fields["readings.1.meterId"]).toBe(
      "Jeder Zähler darf nur einmal vorkommen.",
    );

    const noPeriod = await post({
      readingDate: "2024-12-31",
      readings: [{ meterId: a.meters[0], readingValue: "1" }],
    });
    expect((await readJson(noPeriod)).error.fields.billingPeriodId).toBe(
      "Bitte wählen Sie eine Abrechnungsperiode aus.",
    );
    const empty = await post({ ...base, readings: [] });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).error.fields.readings).toBe(
      "Bitte geben Sie mindestens einen Zählerstand ein.",
    );
    const future = await post({
      ...base,
      readingDate: "2199-01-01",
      readings: [{ meterId: a.meters[0], readingValue: "1" }],
    });
    expect((await readJson(future)).error.fields.readingDate).toBe(
      "Das Ablesedatum darf nicht in der Zukunft liegen.",
    );

    const foreignPeriod = await post(
      { ...base, readings: [{ meterId: foreignMeter, readingValue: "1" }] },
      intruder.cookie,
    );
    expect(foreignPeriod.status).toBe(404);
    expect((await readJson(foreignPeriod)).error.message).toBe("Abrechnungsperiode nicht gefunden");

    expect(await rowsOf(t, a.userId)).toEqual([]);
    expect(await rowsOf(t, intruder.userId)).toEqual([]);
  });
});
