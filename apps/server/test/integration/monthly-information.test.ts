import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertTenant, insertUnit, TEST_BILLING_DATA } from "../support/fixtures.ts";
import { addReadingViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 30, item 2 (decision 1630, docs/rules/heating.md#monthly-information): the § 6a (1), (2)
// HeizkV monthly consumption information per tenancy and its letter.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-monthly-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function pdfText(bytes: Uint8Array): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe.each(TEST_DRIVERS)("monthly consumption information (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** Krüger (EG, 60 m²) since 2015 with a year of readings; Neumann (OG, 40 m²) moved in on 15 October 2025. */
  async function setUp() {
    const account = await t.signUp();
    expect((await t.request("PUT", "/api/billing-data", { cookie: account.cookie, body: TEST_BILLING_DATA })).status).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: "Birkenweg 12" });
    const eg = await insertUnit(t.db, account.userId, property.id, { name: "EG", area: "60.00" });
    const og = await insertUnit(t.db, account.userId, property.id, { name: "OG", area: "40.00" });
    const krueger = await insertTenant(t.db, account.userId, eg.id, { name: "Jürgen Krüger", moveInDate: "2015-01-01" });
    const neumann = await insertTenant(t.db, account.userId, og.id, { name: "Nina Neumann", moveInDate: "2025-10-15" });
    const meter = async (unitId: string, meterNumber: string) => {
      const response = await t.request("POST", "/api/meters", { cookie: account.cookie, body: { meterNumber, meterType: "Wärmemengenzähler", unitId, isRemoteReadable: true, installedOn: "2022-01-10" } });
      expect(response.status).toBe(201);
      return (await readJson(response)).id as string;
    };
    const egMeter = await meter(eg.id, "WMZ-EG");
    const ogMeter = await meter(og.id, "WMZ-OG");
    for (const [value, date] of [["1000.0", "2024-09-30"], ["1180.5", "2024-10-31"], ["5000", "2025-08-31"], ["5150.25", "2025-09-30"], ["5412.75", "2025-10-31"]] as const) {
      await addReadingViaApi(t, account.cookie, egMeter, value, date);
    }
    for (const [value, date] of [["300", "2025-09-30"], ["437.5", "2025-11-01"]] as const) await addReadingViaApi(t, account.cookie, ogMeter, value, date);
    return { ...account, propertyId: property.id, kruegerId: krueger.id, neumannId: neumann.id };
  }

  it("lists each tenancy's figures from the engine, exact, with unavailable ones as null; the letter prints them and says 'nicht verfügbar'", async () => {
    const account = await setUp();
    const response = await t.request("GET", `/api/properties/${account.propertyId}/monthly-information?month=2025-10`, { cookie: account.cookie });
    expect(response.status).toBe(200);
    const information = await readJson(response);
    expect(information.tenancies.map((x: { tenantName: string; isPartMonth: boolean; isRemoteReadable: boolean }) => [x.tenantName, x.isPartMonth, x.isRemoteReadable])).toEqual([
      ["Jürgen Krüger", false, true],
      ["Nina Neumann", true, true],
    ]);
    expect(information.tenancies[0].figures).toEqual([
      {
        meterType: "Wärmemengenzähler",
        unitLabel: "kWh",
        consumption: "262.5",
        previousMonth: "150.25",
        sameMonthLastYear: "180.5",
        averageUser: "240.0",
        changeToPreviousMonthPercent: 75,
        changeToLastYearPercent: 45,
      },
    ]);
    expect(information.tenancies[1].figures[0]).toMatchObject({ consumption: "137.5", previousMonth: null, sameMonthLastYear: null, averageUser: "160.0" });

    const letter = await t.request("GET", `/api/properties/${account.propertyId}/monthly-information/${account.neumannId}/pdf?month=2025-10`, { cookie: account.cookie });
    expect(letter.status).toBe(200);
    expect(letter.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(new Uint8Array(await letter.arrayBuffer()));
    expect(text).toContain("Monatliche Verbrauchsinformation Oktober 2025");
    expect(text).toContain("Ihr Verbrauch im Oktober 2025 137,5 kWh");
    expect(text).toContain("Ihr Verbrauch im Vormonat nicht verfügbar");
    expect(text).toContain("Ihr Verbrauch im Oktober 2024 nicht verfügbar");
    expect(text).toContain("Durchschnittsnutzer im Haus (gleiche Wohnfläche) 160 kWh");
    expect(text).toContain("„nicht verfügbar“: Für diesen Zeitraum liegen keine Ablesewerte vor.");
    expect(text).toContain("Sie sind in diesem Monat ein- oder ausgezogen");
    const kruegerText = pdfText(new Uint8Array(await (await t.request("GET", `/api/properties/${account.propertyId}/monthly-information/${account.kruegerId}/pdf?month=2025-10`, { cookie: account.cookie })).arrayBuffer()));
    expect(kruegerText).toContain("Ihr Verbrauch im Vormonat 150,25 kWh (+75 %)");
    expect(kruegerText).toContain("Ihr Verbrauch im Oktober 2024 180,5 kWh (+45 %)");
  });

  it("refuses bad months in German and keeps other accounts out", async () => {
    const account = await setUp();
    const bad = await t.request("GET", `/api/properties/${account.propertyId}/monthly-information?month=2025-13`, { cookie: account.cookie });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields.month).toBe("Bitte wählen Sie einen Monat (MM.JJJJ).");
    const future = await t.request("GET", `/api/properties/${account.propertyId}/monthly-information?month=2099-01`, { cookie: account.cookie });
    expect(future.status).toBe(400);
    expect((await readJson(future)).error.message).toBe("Die Verbrauchsinformation gibt es erst nach dem Ende des Monats.");
    const stranger = await t.signUp();
    const foreign = await t.request("GET", `/api/properties/${account.propertyId}/monthly-information?month=2025-10`, { cookie: stranger.cookie });
    expect(foreign.status).toBe(404);
    expect((await readJson(foreign)).error.message).toBe("Immobilie nicht gefunden");
    expect((await t.request("GET", `/api/properties/${account.propertyId}/monthly-information/${account.kruegerId}/pdf?month=2025-10`, { cookie: stranger.cookie })).status).toBe(404);
    const noTenant = await t.request("GET", `/api/properties/${account.propertyId}/monthly-information/${UNKNOWN_ID}/pdf?month=2025-10`, { cookie: account.cookie });
    expect(noTenant.status).toBe(404);
    expect((await readJson(noTenant)).error.message).toBe("Mieter nicht gefunden oder im gewählten Monat nicht in dieser Immobilie");
    // Neumann had not moved in by September.
    expect((await t.request("GET", `/api/properties/${account.propertyId}/monthly-information/${account.neumannId}/pdf?month=2025-09`, { cookie: account.cookie })).status).toBe(404);
  });
});
