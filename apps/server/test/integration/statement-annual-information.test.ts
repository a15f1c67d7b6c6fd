import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA as BILLING_DATA,
} from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { unpackJson } from "../../src/db/packed-json.ts";

// Issue 24, item 12 over HTTP (decision 1160): the § 6a (3) HeizkV inputs saved with the
// period's costs and read back, bad inputs refused with German messages and nothing changed,
// the inputs carried into the saved run's engine input, and the finalized letter printing the
// annual information with the tenancy's own figures.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-annual-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const ITEMS = [
  {
    costType: "Heizung",
    amount: "6000.00",
    key: "mixed",
    consumptionShare: "70",
    meter: "heating",
  },
  { costType: "Warmwasser", amount: "1500.00", key: "area" },
];
const CO2 = {
  fuel: "district_heating",
  consumptionKwh: "60000",
  emissionFactor: "0.12",
  vatPercent: "19",
};
const ANNUAL = {
  energyMix: [
    { carrier: "Erdgas (KWK)", percent: "62.5" },
    { carrier: "Biomasse", percent: "37.5" },
  ],
  primaryEnergyFactor: "0.6",
  taxesAndLevies: [{ label: "Energiesteuer", amount: "412.30" }],
  meteringDeviceFee: "240.00",
  readingAndBillingFee: "310.50",
};

describe.each(TEST_DRIVERS)("§ 6a (3) HeizkV inputs of a billing period (%s)", (driver) => {
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
    const property = await insertProperty(t.db, account.userId, { name: "Netzweg 5" });
    const units = [];
    for (const [name, area] of [
      ["EG", "70.00"],
      ["OG", "90.00"],
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
      "2024-01-01",
      "2024-12-31",
    );
    const reason = "Ablesung laut Messdienst";
    const overrides = [
      { unitId: units[0]!.id, meter: "heating", value: "400", reason },
      { unitId: units[1]!.id, meter: "heating", value: "600", reason },
    ];
    return { ...account, periodId, overrides };
  }

  it("saves the inputs with the costs, reads them back and carries them into the saved run and the letter", async () => {
    const house = await setUp();
    const body = {
      costItems: ITEMS,
      co2: CO2,
      consumptionOverrides: house.overrides,
      climateFactor: "1.12",
      annualInformation: ANNUAL,
    };
    const put = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const expected = {
      ...ANNUAL,
      primaryEnergyFactor: expect.stringMatching(/^0\.60*$/),
      meteringDeviceFee: "240.00",
      readingAndBillingFee: "310.50",
    };
    expect((await readJson(put)).annualInformation).toEqual(expected);
    const get = await t.request("GET", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
    });
    expect((await readJson(get)).annualInformation).toEqual(expected);
    const row = await t.db
      .selectFrom("billingPeriodAnnualInformation")
      .selectAll()
      .where("billingPeriodId", "=", house.periodId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      userId: house.userId,
      meteringDeviceFee: "240.00",
      readingAndBillingFee: "310.50",
      energyMix: ANNUAL.energyMix,
      taxesAndLevies: ANNUAL.taxesAndLevies,
    });

    // Saved and finalized: the run's engine input holds the inputs and the period's Klimafaktor,
    // as decimal text the way the columns hold them (contract v1.5, decision 1640).
    const saved = await t.request("POST", "/api/statements", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId, finalize: true },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const run = await readJson(saved);
    const snapshot = await t.db
      .selectFrom("statementRuns as s")
      .innerJoin("statementRunDocuments as d", "d.id", "s.documentsId")
      .select("d.engineInput")
      .where("s.billingPeriodId", "=", house.periodId)
      .executeTakeFirstOrThrow();
    const engineInput = (await unpackJson(snapshot.engineInput)) as { annualInformation: unknown };
    expect(engineInput.annualInformation).toEqual({
      energyMix: [
        { carrier: "Erdgas (KWK)", percent: "62.5" },
        { carrier: "Biomasse", percent: "37.5" },
      ],
      primaryEnergyFactor: "0.600000",
      taxesAndLevies: [{ label: "Energiesteuer", amount: "412.30" }],
      meteringDeviceFee: "240.00",
      readingAndBillingFee: "310.50",
      climateFactor: "1.120",
    });

    const pdf = await t.request("GET", `/api/tenant-statements/${run.statements[0].id}/pdf`, {
      cookie: house.cookie,
    });
    expect(pdf.status).toBe(200);
    const file = path.join(tmp, `${driver}-${Date.now()}.pdf`);
    fs.writeFileSync(file, new Uint8Array(await pdf.arrayBuffer()));
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain("Jährliche Verbrauchsinformation (§ 6a Abs. 3 HeizkV)");
    expect(text).toContain("witterungsbereinigt (Klimafaktor 1,12)");
    expect(text).toContain("Energieträger: Erdgas (KWK) (laut Versorger) 62,50 %");
    expect(text).toContain("Primärenergiefaktor des Wärmenetzes 0,6");
    expect(text).toContain("Treibhausgasemissionen der Fernwärme je kWh 0,12 kg CO₂/kWh");
    expect(text).toContain("Energiesteuer 412,30 €");
    expect(text).toContain("Ablesung und Abrechnung 310,50 €");
    expect(text).toContain("Universalschlichtungsstelle des Bundes");
    expect(text).toContain("keine Abrechnung des Vorzeitraums vorhanden");
  });

  it("refuses bad inputs with German messages and changes nothing; null removes them", async () => {
    const house = await setUp();
    const good = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: { costItems: ITEMS, annualInformation: ANNUAL },
    });
    expect(good.status).toBe(200);
    const bad = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: ITEMS,
        annualInformation: {
          energyMix: [
            { carrier: "Gas", percent: "60" },
            { carrier: "", percent: "30" },
          ],
          primaryEnergyFactor: "12",
          meteringDeviceFee: "-1",
          taxesAndLevies: [{ label: "Energiesteuer", amount: "1.234,50" }],
        },
      },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields).toEqual({
      "annualInformation.energyMix.1.carrier": "Bitte den Energieträger angeben.",
      "annualInformation.primaryEnergyFactor": "Primärenergiefaktor: höchstens 10.",
      "annualInformation.meteringDeviceFee": "Gerätemiete und Eichung darf nicht negativ sein.",
      "annualInformation.taxesAndLevies.0.amount": "Betrag: bitte einen Betrag eingeben.",
    });
    const notHundred = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: ITEMS,
        annualInformation: { energyMix: [{ carrier: "Gas", percent: "60" }] },
      },
    });
    expect(notHundred.status).toBe(400);
    expect((await readJson(notHundred)).error.fields).toEqual({
      "annualInformation.energyMix": "Die Anteile des Energiemixes müssen zusammen 100 % ergeben.",
    });
    const rows = await t.db
      .selectFrom("billingPeriodAnnualInformation")
      .selectAll()
      .where("billingPeriodId", "=", house.periodId)
      .execute();
    expect(rows.map((row) => row.readingAndBillingFee)).toEqual(["310.50"]);

    const cleared = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: { costItems: ITEMS, annualInformation: null },
    });
    expect((await readJson(cleared)).annualInformation).toBeNull();
    expect(
      await t.db
        .selectFrom("billingPeriodAnnualInformation")
        .selectAll()
        .where("billingPeriodId", "=", house.periodId)
        .execute(),
    ).toEqual([]);

    // Another account cannot write this period's inputs.
    const stranger = await t.signUp();
    expect(
      (
        await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
          cookie: stranger.cookie,
          body: { costItems: ITEMS, annualInformation: ANNUAL },
        })
      ).status,
    ).toBe(404);
  });
});
