import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA as BILLING_DATA,
} from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 24, items 6-8 over HTTP: the heating cost sheet saved with the period's costs, the
// engine's sheet and CO2 basis in the preview, bad sheets refused with German messages and
// nothing stored, and the finalized letter printing the sheet, the § 9 split and the CO2 price
// per calendar year. The period 07/2024-06/2025 of an oil-heated house with stocks.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-heating-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const SHEET = {
  fuel: "oil",
  quantityUnit: "l",
  openingQuantity: "3000",
  openingAmount: "2850.00",
  deliveries: [
    { date: "2024-10-15", quantity: "5000", amount: "5150.00" },
    { date: "2025-02-10", quantity: "3000", amount: "3270.00" },
  ],
  closingQuantity: "2500",
  operatingPower: "420.00",
  maintenance: "380.00",
  emissionMeasurement: "95.00",
  meteringService: "610.00",
  isCombined: true,
  totalEnergyKwh: "85000",
  hotWaterVolumeM3: "180",
  hotWaterTemperatureCelsius: "55",
};
const ITEMS = [
  { costType: "Heizung", amount: "7655.74", key: "area" },
  { costType: "Warmwasser", amount: "2394.26", key: "area" },
];
const CO2 = { fuel: "oil", consumptionKwh: "85000", vatPercent: "19" };

describe.each(TEST_DRIVERS)("heating cost sheet (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp() {
    const account = await t.signUp();
    expect(
      (await t.request("PUT", "/api/billing-data", { cookie: account.cookie, body: BILLING_DATA }))
        .status,
    ).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: "Ölweg 3" });
    const units = [];
    for (const [name, area] of [
      ["EG", "140.00"],
      ["OG", "180.00"],
      ["DG", "160.00"],
    ] as const) {
      const unit = await insertUnit(t.db, account.userId, property.id, { name, area });
      units.push(unit);
      await insertTenant(t.db, account.userId, unit.id, {
        name: `Mieter ${name}`,
        moveInDate: "2019-01-01",
      });
    }
    const periodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      property.id,
      "2024-07-01",
      "2025-06-30",
    );
    return { ...account, periodId, unitIds: units.map((unit) => unit.id) };
  }

  it("stores and distributes water by the total-water key (cold plus hot water, issue 24 item 9)", async () => {
    const house = await setUp();
    const [eg, og, dg] = house.unitIds as [string, string, string];
    const reason = "Ablesung laut Messdienst";
    const overrides = [
      { unitId: eg, meter: "coldwater", value: "40", reason },
      { unitId: eg, meter: "warmwater", value: "20", reason },
      { unitId: og, meter: "coldwater", value: "25", reason },
      { unitId: og, meter: "warmwater", value: "15", reason },
      { unitId: dg, meter: "coldwater", value: "0", reason },
      { unitId: dg, meter: "warmwater", value: "0", reason },
    ];
    const costItems = [
      { costType: "Kaltwasser", amount: "1000.00", key: "consumption", meter: "water" },
    ];
    const put = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: { costItems, consumptionOverrides: overrides },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect((await readJson(put)).costItems[0].meter).toBe("water");
    const preview = await t.request("POST", "/api/statements/preview", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId },
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const totals = Object.fromEntries(
      (await readJson(preview)).result.tenancies.map(
        (tenancy: { unitId: string; total: string }) => [tenancy.unitId, tenancy.total],
      ),
    );
    // 60 + 40 + 0 m³: 600.00 / 400.00 / 0.00 (by cold water alone it would be 615.38 / 384.62).
    expect(totals).toEqual({ [eg]: "600.00", [og]: "400.00", [dg]: "0.00" });
    const bad = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: { costItems: [{ ...costItems[0], meter: "wasser" }] },
    });
    expect(bad.status).toBe(400);
  });

  it("saves the sheet with the costs, reads it back and previews the engine's sheet and CO2 basis", async () => {
    const house = await setUp();
    const put = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: { costItems: ITEMS, co2: CO2, heatingCosts: SHEET },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const saved = await readJson(put);
    expect(saved.heatingCosts).toMatchObject({
      fuel: "oil",
      quantityUnit: "l",
      isCombined: true,
      deliveries: SHEET.deliveries,
    });
    expect(Number(saved.heatingCosts.closingQuantity)).toBe(2500);
    const row = await t.db
      .selectFrom("billingPeriodHeatingCosts")
      .selectAll()
      .where("billingPeriodId", "=", house.periodId)
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(house.userId);
    expect(row.openingAmount).toBe("2850.00");

    const preview = await t.request("POST", "/api/statements/preview", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId },
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const { result } = await readJson(preview);
    expect(result.heatingCosts).toMatchObject({
      fuelCost: "8545.00",
      total: "10050.00",
      heatingCost: "7655.74",
      hotWaterCost: "2394.26",
      stock: { closing: { amount: "2725.00" } },
    });
    expect(
      result.co2.calculation.priceParts.map((p: { pricePerTonne: string; netCost: string }) => [
        p.pricePerTonne,
        p.netCost,
      ]),
    ).toEqual([
      ["45.00", "423.94"],
      ["55.00", "725.40"],
    ]);
    expect(result.co2).toMatchObject({ cost: "1367.71", stage: 9 });
  });

  it("refuses a sheet the items do not match and bad sheets, with German messages, storing nothing", async () => {
    const house = await setUp();
    const mismatch = await t.request("POST", "/api/statements/preview", {
      cookie: house.cookie,
      body: {
        billingPeriodId: house.periodId,
        costItems: [{ costType: "Heizung", amount: "7000.00", key: "area" }, ITEMS[1]],
        co2: CO2,
        heatingCosts: SHEET,
      },
    });
    expect(mismatch.status).toBe(400);
    expect((await readJson(mismatch)).error.message).toBe(
      "Heizkostenaufstellung: Heizung muss 7.655,74 € betragen (laut Aufstellung), eingegeben sind 7.000,00 €. Bitte die Beträge aus der Aufstellung übernehmen.",
    );
    const tooMuch = await t.request("POST", "/api/statements/preview", {
      cookie: house.cookie,
      body: {
        billingPeriodId: house.periodId,
        costItems: ITEMS,
        heatingCosts: { ...SHEET, closingQuantity: "12000" },
      },
    });
    expect(tooMuch.status).toBe(400);
    expect((await readJson(tooMuch)).error.message).toBe(
      "Heizkostenaufstellung: Der Endbestand ist größer als Anfangsbestand und Zukäufe zusammen – bitte Mengen prüfen.",
    );

    const bad = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: ITEMS,
        heatingCosts: {
          ...SHEET,
          deliveries: [{ date: "31.02.2025", quantity: "-5", amount: "abc" }],
        },
      },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields).toEqual({
      "heatingCosts.deliveries.0.date": "Bitte das Lieferdatum angeben (TT.MM.JJJJ).",
      "heatingCosts.deliveries.0.quantity": "Liefermenge darf nicht negativ sein.",
      "heatingCosts.deliveries.0.amount": "Rechnungsbetrag: bitte einen Betrag eingeben.",
    });
    const noEnergy = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: ITEMS,
        heatingCosts: { ...SHEET, totalEnergyKwh: null, hotWaterVolumeM3: null },
      },
    });
    expect(noEnergy.status).toBe(400);
    expect((await readJson(noEnergy)).error.fields).toEqual({
      "heatingCosts.totalEnergyKwh":
        "Für die Aufteilung nach § 9 HeizkV bitte die gesamte Energie (kWh) angeben.",
      "heatingCosts.hotWaterVolumeM3":
        "Für die Aufteilung nach § 9 HeizkV bitte das Warmwasservolumen (m³) oder die Wohnfläche mit Warmwasser angeben.",
    });
    expect(
      await t.db
        .selectFrom("billingPeriodHeatingCosts")
        .selectAll()
        .where("billingPeriodId", "=", house.periodId)
        .execute(),
    ).toEqual([]);

    // Another account cannot read or write the sheet of this period.
    const stranger = await t.signUp();
    expect(
      (
        await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
          cookie: stranger.cookie,
          body: { costItems: ITEMS, heatingCosts: SHEET },
        })
      ).status,
    ).toBe(404);
  });

  it("prints the sheet, the § 9 split and the CO2 price per calendar year on the finalized letter", async () => {
    const house = await setUp();
    const saved = await t.request("POST", "/api/statements", {
      cookie: house.cookie,
      body: {
        billingPeriodId: house.periodId,
        costItems: ITEMS,
        co2: CO2,
        heatingCosts: SHEET,
        finalize: true,
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const run = await readJson(saved);
    const pdf = await t.request("GET", `/api/tenant-statements/${run.statements[0].id}/pdf`, {
      cookie: house.cookie,
    });
    expect(pdf.status).toBe(200);
    const file = path.join(tmp, `${driver}-${Date.now()}.pdf`);
    fs.writeFileSync(file, new Uint8Array(await pdf.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(
      /[ \t]+/g,
      " ",
    );
    expect(text).toContain("Anfangsbestand am 01.07.2024: 3.000 l 2.850,00 €");
    expect(text).toContain("davon 2.500 l aus der Lieferung vom 10.02.2025 zu 1,09 €/l 2.725,00 €");
    expect(text).toContain("Kosten der zentralen Heizungsanlage 10.050,00 €");
    expect(text).toContain("Q = 2,5 × 180 m³ × (55 °C − 10 °C) 20.250,00 kWh");
    expect(text).toContain(
      "01.07.2024–31.12.2024: 9.420,83 kg (41,67 % nach Gradtagszahlen) × 45,00 € je Tonne 423,94 €",
    );
    expect(text).toContain("Stufe 9");
    expect(getTodayInGermany() > "2025-06-30").toBe(true);
  });
});
