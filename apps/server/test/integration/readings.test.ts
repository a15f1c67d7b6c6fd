import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import {
  addReadingViaApi,
  createMeterViaApi,
  createMeteringAccount,
  listActivityKeys,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe.each(TEST_DRIVERS)("meter readings (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp() {
    const a = await createMeteringAccount(t);
    const meterId = await createMeterViaApi(t, a.cookie, {
      meterNumber: "KW-1",
      unitId: a.unitIds[0],
    });
    return { ...a, meterId };
  }

  it("adds readings as manual/pending with up to 3 decimals and lists them newest first", async () => {
    const a = await setUp();
    const response = await t.request("POST", `/api/meters/${a.meterId}/readings`, {
      cookie: a.cookie,
      body: { readingValue: "1234.5", readingDate: "2024-01-01" },
    });
    expect(response.status).toBe(201);
    expect(await readJson(response)).toMatchObject({
      meterId: a.meterId,
      readingValue: "1234.500",
      readingDate: "2024-01-01",
      readingType: "manual",
      validationStatus: "pending",
      billingPeriodId: null,
      note: null,
    });
    await addReadingViaApi(t, a.cookie, a.meterId, "1300.125", "2024-12-31");
    await addReadingViaApi(t, a.cookie, a.meterId, "1250", "2024-06-30");
    const list = await readJson(
      await t.request("GET", `/api/meters/${a.meterId}/readings`, { cookie: a.cookie }),
    );
    expect(
      list.map((r: { readingDate: string; readingValue: string }) => [
        r.readingDate,
        r.readingValue,
      ]),
    ).toEqual([
      ["2024-12-31", "1300.125"],
      ["2024-06-30", "1250.000"],
      ["2024-01-01", "1234.500"],
    ]);
    const numeric = await t.request("POST", `/api/meters/${a.meterId}/readings`, {
      cookie: a.cookie,
      body: { readingValue: 1400.001, readingDate: "2025-01-01" },
    });
    expect((await readJson(numeric)).readingValue).toBe("1400.001");
    const activity = await t.db
      .selectFrom("userActivities")
      .selectAll()
      .where("userId", "=", a.userId)
      .where("entityType", "=", "meter_reading")
      .execute();
    expect(activity).toHaveLength(4);
    expect(activity[0]).toMatchObject({ action: "added", entityName: "KW-1" });
  });

  it("validates value and date: required, >= 0, at most 3 decimals, real and not future dates", async () => {
    const a = await setUp();
    const post = (body: unknown) =>
      t.request("POST", `/api/meters/${a.meterId}/readings`, { cookie: a.cookie, body });
    const cases: [unknown, string, string][] = [
      [
        { readingValue: "", readingDate: "2024-01-01" },
        "readingValue",
        "Bitte füllen Sie alle Pflichtfelder aus.",
      ],
      [{ readingDate: "2024-01-01" }, "readingValue", "Bitte füllen Sie alle Pflichtfelder aus."],
      [
        { readingValue: "5", readingDate: "" },
        "readingDate",
        "Bitte füllen Sie alle Pflichtfelder aus.",
      ],
      [
        { readingValue: "-1", readingDate: "2024-01-01" },
        "readingValue",
        "Der Zählerstand darf nicht negativ sein.",
      ],
      [
        { readingValue: "1.2345", readingDate: "2024-01-01" },
        "readingValue",
        "Der Zählerstand darf höchstens 3 Nachkommastellen haben.",
      ],
      [
        { readingValue: "zwölf", readingDate: "2024-01-01" },
        "readingValue",
        "Der Zählerstand muss eine Zahl sein.",
      ],
      [
        { readingValue: "123456789012", readingDate: "2024-01-01" },
        "readingValue",
        "Der Zählerstand ist zu groß (höchstens 11 Stellen vor dem Komma).",
      ],
      [
        { readingValue: "5", readingDate: "2023-02-29" },
        "readingDate",
        "Bitte geben Sie ein gültiges Ablesedatum ein.",
      ],
      [
        { readingValue: "5", readingDate: "01.01.2024" },
        "readingDate",
        "Bitte geben Sie ein gültiges Ablesedatum ein.",
      ],
      [
        { readingValue: "5", readingDate: addDays(getTodayInGermany(), 1) },
        "readingDate",
        "Das Ablesedatum darf nicht in der Zukunft liegen.",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(response)).error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect((await post({ readingValue: "0", readingDate: getTodayInGermany() })).status).toBe(201);
    expect(
      await t.db
        .selectFrom("meterReadings")
        .select("id")
        .where("meterId", "=", a.meterId)
        .execute(),
    ).toHaveLength(1);
  });

  it("never stores a lower reading silently: 409 READING_DECREASE until confirmed, then with a note", async () => {
    const a = await setUp();
    await addReadingViaApi(t, a.cookie, a.meterId, "1500.5", "2024-06-30");
    const lower = await t.request("POST", `/api/meters/${a.meterId}/readings`, {
      cookie: a.cookie,
      body: { readingValue: "20", readingDate: "2024-12-31" },
    });
    expect(lower.status).toBe(409);
    expect((await readJson(lower)).error).toMatchObject({
      code: "READING_DECREASE",
      message:
        "Der Zählerstand 20 ist niedriger als der vorherige Stand 1.500,5 vom 30.06.2024. Zähler getauscht oder übergelaufen?",
      requiresConfirmation: true,
    });
    expect(
      await t.db
        .selectFrom("meterReadings")
        .select("id")
        .where("meterId", "=", a.meterId)
        .execute(),
    ).toHaveLength(1);

    const confirmed = await t.request("POST", `/api/meters/${a.meterId}/readings`, {
      cookie: a.cookie,
      body: {
        readingValue: "20",
        readingDate: "2024-12-31",
        confirmDecrease: true,
        note: "Neuer Zähler eingebaut",
      },
    });
    expect(confirmed.status).toBe(201);
    expect((await readJson(confirmed)).note).toBe(
      "Neuer Zähler eingebaut – Zählerwechsel oder Überlauf bestätigt (vorheriger Stand 1.500,5 vom 30.06.2024)",
    );
    const metadata = (
      await t.db
        .selectFrom("userActivities")
        .select("metadata")
        .where("userId", "=", a.userId)
        .where("entityType", "=", "meter_reading")
        .orderBy("createdAt", "desc")
        .executeTakeFirstOrThrow()
    ).metadata;
    expect(metadata).toMatchObject({ isConfirmedDecrease: true, readingValue: "20" });
  });

  it("treats an equal value as fine and a value above a later reading as a decrease", async () => {
    const a = await setUp();
    await addReadingViaApi(t, a.cookie, a.meterId, "100", "2024-01-01");
    await addReadingViaApi(t, a.cookie, a.meterId, "200", "2024-12-31");
    expect(
      (
        await t.request("POST", `/api/meters/${a.meterId}/readings`, {
          cookie: a.cookie,
          body: { readingValue: "100.000", readingDate: "2024-03-01" },
        })
      ).status,
    ).toBe(201);
    const between = await t.request("POST", `/api/meters/${a.meterId}/readings`, {
      cookie: a.cookie,
      body: { readingValue: "250", readingDate: "2024-06-30" },
    });
    expect(between.status).toBe(409);
    expect((await readJson(between)).error.message).toBe(
      "Der Zählerstand 250 ist höher als der spätere Stand 200 vom 31.12.2024. Zähler getauscht oder übergelaufen?",
    );
    // Compared as exact decimals, not as text: 99.999 < 100.
    const justBelow = await t.request("POST", `/api/meters/${a.meterId}/readings`, {
      cookie: a.cookie,
      body: { readingValue: "99.999", readingDate: "2024-02-01" },
    });
    expect(justBelow.status).toBe(409);
  });

  it("deletes a reading and logs it", async () => {
    const a = await setUp();
    const reading = await addReadingViaApi(t, a.cookie, a.meterId, "10", "2024-01-01");
    const response = await t.request("DELETE", `/api/readings/${reading.id}`, { cookie: a.cookie });
    expect(response.status).toBe(204);
    expect(
      await t.db.selectFrom("meterReadings").select("id").where("id", "=", reading.id).execute(),
    ).toHaveLength(0);
    expect(await listActivityKeys(t, a.userId)).toContain("meter_reading.deleted");
    const again = await t.request("DELETE", `/api/readings/${reading.id}`, { cookie: a.cookie });
    expect(again.status).toBe(404);
    expect((await readJson(again)).error.message).toBe("Zählerstand nicht gefunden");
  });

  it("answers 404 for another account's meters and readings", async () => {
    const owner = await setUp();
    const intruder = await createMeteringAccount(t);
    const reading = await addReadingViaApi(t, owner.cookie, owner.meterId, "10", "2024-01-01");
    const list = await t.request("GET", `/api/meters/${owner.meterId}/readings`, {
      cookie: intruder.cookie,
    });
    expect(list.status).toBe(404);
    expect((await readJson(list)).error.message).toBe("Zähler nicht gefunden");
    const add = await t.request("POST", `/api/meters/${owner.meterId}/readings`, {
      cookie: intruder.cookie,
      body: { readingValue: "11", readingDate: "2024-02-01" },
    });
    expect(add.status).toBe(404);
    expect(
      (await t.request("DELETE", `/api/readings/${reading.id}`, { cookie: intruder.cookie }))
        .status,
    ).toBe(404);
    expect(
      (await t.request("DELETE", `/api/readings/${UNKNOWN_ID}`, { cookie: intruder.cookie }))
        .status,
    ).toBe(404);
    expect(
      (await t.request("GET", "/api/meters/123/readings", { cookie: intruder.cookie })).status,
    ).toBe(404);
    expect(
      await t.db
        .selectFrom("meterReadings")
        .select("id")
        .where("meterId", "=", owner.meterId)
        .execute(),
    ).toHaveLength(1);
  });
});
