import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import {
  addReadingViaApi,
  createMeterViaApi,
  createMeteringAccount,
} from "../support/metering-fixtures.ts";

// Issue 28, item 4: readings from a CSV file (the metering company's or a spreadsheet's),
// matched to meters by number, checked like typed readings; plan feature bulkImportExport.
// ablesung-2025.csv: Windows-1252, ';', decimal commas, thousands points, a lower value.
// ablesung-fehler.csv: UTF-8, ',', an unknown meter, a future date, text, an ambiguous point, a line twice.

const FILES = new URL("../support/reading-files/", import.meta.url);
const asFile = (name: string) => ({
  fileName: name,
  contentBase64: readFileSync(new URL(name, FILES)).toString("base64"),
});

describe.each(TEST_DRIVERS)("readings import (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp(plan: string | null = "enterprise") {
    const account = await createMeteringAccount(t);
    if (plan)
      expect(
        (
          await t.request("POST", "/api/subscription/plan", {
            cookie: account.cookie,
            body: { plan },
          })
        ).status,
      ).toBe(200);
    const water = await createMeterViaApi(t, account.cookie, {
      meterNumber: "WZ-4711",
      meterType: "Kaltwasser",
      unitId: account.unitIds[0],
    });
    const water2 = await createMeterViaApi(t, account.cookie, {
      meterNumber: "WZ-4712",
      meterType: "Kaltwasser",
      unitId: account.unitIds[1],
    });
    const hkv = await createMeterViaApi(t, account.cookie, {
      meterNumber: "HKV 0815",
      meterType: "Heizkostenverteiler",
      unitId: account.unitIds[1],
    });
    await addReadingViaApi(t, account.cookie, water, "1100.000", "2024-12-31");
    await addReadingViaApi(t, account.cookie, water2, "1050", "2024-12-31");
    return { ...account, meters: { water, water2, hkv } };
  }

  const post = async (cookie: string, path: string, body: unknown) => {
    const response = await t.request("POST", path, { cookie, body });
    return { status: response.status, body: await readJson(response) };
  };

  async function readingsOf(userId: string) {
    return t.db
      .selectFrom("meterReadings as r")
      .innerJoin("meters as m", "m.id", "r.meterId")
      .select(["m.meterNumber", "r.readingDate", "r.readingValue", "r.note"])
      .where("r.userId", "=", userId)
      .orderBy("m.meterNumber")
      .orderBy("r.readingDate")
      .execute();
  }

  it("is a plan feature: the trial is refused on preview and import, nothing stored", async () => {
    const { cookie, userId } = await setUp(null);
    for (const path of ["/api/imports/readings/preview", "/api/imports/readings"]) {
      const { status, body } = await post(cookie, path, { file: asFile("ablesung-2025.csv") });
      expect(status).toBe(403);
      expect(body.error).toMatchObject({
        code: "FEATURE_NOT_IN_PLAN",
        message: "Massenimport und -export ist in Ihrem aktuellen Plan nicht verfügbar.",
      });
    }
    expect(await readingsOf(userId)).toHaveLength(2);
  });

  it("previews a Windows-1252 file line by line, asks about the lower value, stores all in one go and nothing the second time", async () => {
    const { cookie, userId, meters } = await setUp();
    const file = asFile("ablesung-2025.csv");
    const preview = await post(cookie, "/api/imports/readings/preview", { file });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      encoding: "windows-1252",
      counts: { new: 2, duplicate: 0, decrease: 1, error: 0 },
    });
    expect(preview.body.rows).toEqual([
      {
        row: 2,
        meterNumber: "WZ-4711",
        meterId: meters.water,
        meterLabel: "Kaltwasser · Lindenstraße 5 · EG links",
        readingDate: "2025-12-31",
        readingValue: "1234.567",
        status: "new",
        message: null,
      },
      {
        row: 3,
        meterNumber: "WZ-4712",
        meterId: meters.water2,
        meterLabel: "Kaltwasser · Lindenstraße 5 · OG rechts",
        readingDate: "2025-12-31",
        readingValue: "987.5",
        status: "decrease",
        message: expect.stringContaining(
          "Der Zählerstand 987,5 ist niedriger als der vorherige Stand 1.050 vom 31.12.2024.",
        ),
      },
      {
        row: 4,
        meterNumber: "hkv 0815",
        meterId: meters.hkv,
        meterLabel: "Heizkostenverteiler · Lindenstraße 5 · OG rechts",
        readingDate: "2025-12-31",
        readingValue: "1520",
        status: "new",
        message: null,
      },
    ]);
    expect(await readingsOf(userId)).toHaveLength(2);

    const unconfirmed = await post(cookie, "/api/imports/readings", { file });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.error).toMatchObject({
      code: "READING_DECREASE",
      requiresConfirmation: true,
      fields: { "rows.3": expect.stringContaining("987,5") },
    });
    expect(unconfirmed.body.error.message).toBe(
      "Ein Zählerstand ist niedriger als der vorherige Stand. Bitte prüfen Sie die markierten Zeilen und bestätigen Sie, dass sie stimmen (Zählertausch oder Überlauf).",
    );
    expect(await readingsOf(userId)).toHaveLength(2);

    const stored = await post(cookie, "/api/imports/readings", { file, confirmDecreases: true });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual({
      imported: 3,
      skippedDuplicates: 0,
      message: "3 Zählerstände gespeichert.",
    });
    const rows = await readingsOf(userId);
    expect(rows.map((row) => [row.meterNumber, row.readingDate, row.readingValue])).toEqual([
      ["HKV 0815", "2025-12-31", "1520.000"],
      ["WZ-4711", "2024-12-31", "1100.000"],
      ["WZ-4711", "2025-12-31", "1234.567"],
      ["WZ-4712", "2024-12-31", "1050.000"],
      ["WZ-4712", "2025-12-31", "987.500"],
    ]);
    expect(rows.find((row) => row.readingValue === "1234.567")?.note).toBe("Ablesung Fa. Mößner");
    expect(rows.find((row) => row.readingValue === "987.500")?.note).toContain("1.050");
    const activity = await t.db
      .selectFrom("userActivities")
      .select("description")
      .where("userId", "=", userId)
      .where("action", "=", "imported")
      .execute();
    expect(activity.map((row) => row.description)).toEqual([
      "Zählerstände importiert (ablesung-2025.csv): 3 Zählerstände gespeichert.",
    ]);

    const again = await post(cookie, "/api/imports/readings/preview", { file });
    expect(again.body.counts).toEqual({ new: 0, duplicate: 3, decrease: 0, error: 0 });
    const second = await post(cookie, "/api/imports/readings", { file, confirmDecreases: true });
    expect(second.body).toEqual({
      imported: 0,
      skippedDuplicates: 3,
      message: "Alle Zählerstände dieser Datei waren bereits erfasst; es wurde nichts geändert.",
    });
    expect(await readingsOf(userId)).toHaveLength(5);
  });

  it("names every bad line in German and stores nothing of a file with errors", async () => {
    const { cookie, userId } = await setUp();
    const file = asFile("ablesung-fehler.csv");
    const preview = await post(cookie, "/api/imports/readings/preview", { file });
    expect(preview.status).toBe(200);
    expect(
      preview.body.rows.map((row: { row: number; status: string; message: string | null }) => [
        row.row,
        row.status,
        row.message,
      ]),
    ).toEqual([
      [
        2,
        "error",
        "Kein Zähler mit der Nummer „WZ-9999“ in Ihrem Konto. Bitte legen Sie ihn zuerst unter „Zähler“ an.",
      ],
      [3, "error", "Das Ablesedatum darf nicht in der Zukunft liegen."],
      [4, "error", "Der Zählerstand muss eine Zahl sein."],
      [
        5,
        "error",
        "„1234.5“ ist nicht eindeutig: Nachkommastellen bitte mit Komma, der Punkt trennt nur Tausender.",
      ],
      [6, "new", null],
      [7, "error", "Derselbe Zähler und Tag steht schon in Zeile 6."],
    ]);
    const refused = await post(cookie, "/api/imports/readings", { file, confirmDecreases: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      "5 Zeilen sind fehlerhaft. Bitte korrigieren Sie die Datei; es wurde nichts gespeichert.",
    );
    expect(Object.keys(refused.body.error.fields)).toEqual([
      "rows.2",
      "rows.3",
      "rows.4",
      "rows.5",
      "rows.7",
    ]);
    expect(await readingsOf(userId)).toHaveLength(2);

    const noHeader = await post(cookie, "/api/imports/readings/preview", {
      file: {
        fileName: "x.csv",
        contentBase64: Buffer.from("Name;Wohnung\nMüller;EG\n").toString("base64"),
      },
    });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.error.message).toBe(
      "In der Datei wurde keine Kopfzeile mit den Spalten Zählernummer, Datum (oder Ablesedatum) und Zählerstand (oder Wert) gefunden.",
    );
  });

  it("reads the metering service's monthly values in the EED interface's shape: service, unit and the estimated flag are checked against the meter (decision 1690)", async () => {
    const { cookie, userId } = await setUp();
    const bad = asFile("eed-monatswerte-fehler.csv");
    const preview = await post(cookie, "/api/imports/readings/preview", { file: bad });
    expect(preview.status).toBe(200);
    expect(
      preview.body.rows.map((row: { row: number; status: string; message: string | null }) => [
        row.row,
        row.status,
        row.message,
      ]),
    ).toEqual([
      [2, "new", null],
      [3, "error", "Die Sparte HEATING passt nicht zum Zähler (Kaltwasser)."],
      [4, "error", "Die Einheit KWH passt nicht zum Zähler (Kaltwasser zählt in m³)."],
      [5, "error", "Unbekannte Sparte „GAS“ (erwartet HEATING, HOT_WATER oder COLD_WATER)."],
      [
        6,
        "error",
        "„vielleicht“ bei „geschätzt“ ist nicht eindeutig (erwartet true/false, ja/nein oder 1/0).",
      ],
    ]);
    const refused = await post(cookie, "/api/imports/readings", { file: bad });
    expect(refused.status).toBe(400);
    expect(await readingsOf(userId)).toHaveLength(2);

    const good = await post(cookie, "/api/imports/readings", {
      file: asFile("eed-monatswerte-2025-01.csv"),
    });
    expect(good.status).toBe(200);
    expect(good.body.imported).toBe(2);
    expect(
      (await readingsOf(userId)).filter((reading) => reading.readingDate === "2025-01-31"),
    ).toEqual([
      {
        meterNumber: "HKV 0815",
        readingDate: "2025-01-31",
        readingValue: "120.000",
        note: "Schätzwert des Messdienstes",
      },
      {
        meterNumber: "WZ-4711",
        readingDate: "2025-01-31",
        readingValue: "1110.500",
        note: null,
      },
    ]);
  });

  it("matches only the account's own meters", async () => {
    await setUp();
    const stranger = await createMeteringAccount(t);
    await t.request("POST", "/api/subscription/plan", {
      cookie: stranger.cookie,
      body: { plan: "enterprise" },
    });
    const preview = await post(stranger.cookie, "/api/imports/readings/preview", {
      file: asFile("ablesung-2025.csv"),
    });
    expect(preview.body.counts).toEqual({ new: 0, duplicate: 0, decrease: 0, error: 3 });
    expect(preview.body.rows[0].message).toBe(
      "Kein Zähler mit der Nummer „WZ-4711“ in Ihrem Konto. Bitte legen Sie ihn zuerst unter „Zähler“ an.",
    );
  });
});
