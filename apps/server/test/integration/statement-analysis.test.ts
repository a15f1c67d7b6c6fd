import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import {
  addReadingViaApi,
  createBillingPeriodViaApi,
  createMeterViaApi,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 17: the consumption analysis of the preview and the saved run (docs/rules/heating.md#consumption-analysis).

/**
 * Hand calculation: a gas-heated house of 60 + 80 + 100 = 240 m² (column 100-250 m²: 95 / 162 /
 * 254) used 48,000 kWh in 2024: 200 kWh/m²a, 'erhöht' = ineffizient. To 'mittel':
 * (200 - 162) x 240 = 9,120 kWh; at 5,760 € / 48,000 kWh = 0.12 €/kWh: 1,094.40 €.
 * With Klimafaktor 1.1: 220 kWh/m²a, (220 - 162) x 240 = 13,920 kWh = 1,670.40 €.
 * Heat meters 900 / 1,600 / 1,300 over 60 / 80 / 100 m²: 15 / 20 / 13 per m², average 15.83.
 */
const COST_ITEMS = [
  { costType: "Heizung", amount: "5760.00", key: "mixed", consumptionShare: 70, meter: "heating" },
];
const CO2 = { fuel: "gas", consumptionKwh: "48000" };

describe.each(TEST_DRIVERS)("consumption analysis (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function buildHouse(plan: "trial" | "starter" | "professional" = "professional") {
    const { cookie, userId } = await t.signUp();
    if (plan !== "trial")
      await t.db
        .updateTable("subscriptions")
        .set({ plan, status: "active" })
        .where("userId", "=", userId)
        .execute();
    const property = await insertProperty(t.db, userId, {
      name: "Lindenstraße 5",
      efficiencyClass: "E",
    });
    const units = [
      await insertUnit(t.db, userId, property.id, { name: "Wohnung 1", area: "60.00", persons: 1 }),
      await insertUnit(t.db, userId, property.id, { name: "Wohnung 2", area: "80.00", persons: 2 }),
      await insertUnit(t.db, userId, property.id, {
        name: "Wohnung 3",
        area: "100.00",
        persons: 2,
      }),
    ];
    const values = ["900", "1600", "1300"];
    for (const [index, unit] of units.entries()) {
      await insertTenant(t.db, userId, unit.id, {
        name: `Mieter ${index + 1}`,
        moveInDate: "2020-01-01",
      });
      const meterId = await createMeterViaApi(t, cookie, {
        meterNumber: `HKV-${index + 1}`,
        meterType: "Heizkostenverteiler",
        unitId: unit.id,
        propertyId: null,
      });
      await addReadingViaApi(t, cookie, meterId, values[index]!, "2024-12-31");
    }
    const periodId = await createBillingPeriodViaApi(
      t,
      cookie,
      property.id,
      "2024-01-01",
      "2024-12-31",
    );
    return { cookie, userId, periodId, units: units.map((unit) => unit.id) };
  }

  async function post(cookie: string, url: string, body: unknown) {
    const response = await t.request("POST", url, { cookie, body });
    return { status: response.status, body: await readJson(response) };
  }

  it("rates the house by the Heizspiegel and compares the units, as calculated by hand", async () => {
    const house = await buildHouse();
    const { status, body } = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: COST_ITEMS,
      co2: CO2,
    });
    expect(status).toBe(200);
    expect(body.analysis).toEqual({
      periodDays: 366,
      isOneYear: true,
      invoiceKwh: "48000",
      heatedArea: "240",
      kwhPerM2: "200.0",
      climateFactor: "1",
      isWeatherCorrected: false,
      adjustedKwhPerM2: "200.0",
      pricePerKwh: "0.1200",
      expectedEfficiencyClass: "H",
      storedEfficiencyClass: "E",
      efficiencyClassMatches: false,
      averagePerM2: "15.83",
      units: [
        {
          unitId: house.units[0],
          unitName: "Wohnung 1",
          area: "60",
          consumption: "900",
          perM2: "15.00",
          percentOfAverage: "95",
        },
        {
          unitId: house.units[1],
          unitName: "Wohnung 2",
          area: "80",
          consumption: "1600",
          perM2: "20.00",
          percentOfAverage: "126",
        },
        {
          unitId: house.units[2],
          unitName: "Wohnung 3",
          area: "100",
          consumption: "1300",
          perM2: "13.00",
          percentOfAverage: "82",
        },
      ],
      benchmark: {
        carrier: "gas",
        sizeBand: "bis250",
        limits: { niedrig: 95, mittel: 162, erhoeht: 254 },
        rating: "erhoeht",
        category: "ineffizient",
        savingsKwh: "9120",
        savingsEuro: "1094.40",
      },
      notes: [
        "Nicht witterungsbereinigt: Klimafaktor 1,0 angenommen. Den Klimafaktor des Standorts veröffentlicht der Deutsche Wetterdienst je Postleitzahl.",
      ],
    });
    // docs/rules/heating.md#efficiency-class-check: the stored class E does not fit 200 kWh/m²: a warning, the preview still answers.
    expect(body.warnings).toContain(
      "Die hinterlegte Effizienzklasse E passt nicht zum Verbrauch von 200,0 kWh/m²·a (entspricht Klasse H). Bitte die Angabe der Immobilie prüfen.",
    );
  });

  it("keeps the Klimafaktor per billing period, applies it and keeps the analysis in the saved run", async () => {
    const house = await buildHouse();
    const put = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: { costItems: COST_ITEMS, co2: CO2, climateFactor: "1.1" },
    });
    expect(put.status).toBe(200);
    expect((await readJson(put)).climateFactor).toBe("1.100");
    const preview = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.analysis).toMatchObject({
      climateFactor: "1.1",
      isWeatherCorrected: true,
      kwhPerM2: "200.0",
      adjustedKwhPerM2: "220.0",
      notes: [],
    });
    expect(preview.body.analysis.benchmark).toMatchObject({
      rating: "erhoeht",
      savingsKwh: "13920",
      savingsEuro: "1670.40",
    });

    const saved = await post(house.cookie, "/api/statements", {
      billingPeriodId: house.periodId,
      finalize: false,
    });
    expect(saved.status).toBe(201);
    const run = await readJson(
      await t.request("GET", `/api/statements/${saved.body.id}`, { cookie: house.cookie }),
    );
    expect(run.analysis).toEqual(preview.body.analysis);
  });

  it("refuses a Klimafaktor outside 0.5 to 2 with a German message and changes nothing", async () => {
    const house = await buildHouse();
    for (const climateFactor of ["3", "0.2", "abc", "-1", "1,1"]) {
      const response = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
        body: { costItems: COST_ITEMS, co2: CO2, climateFactor },
      });
      expect(response.status).toBe(400);
      const { error } = await readJson(response);
      expect(error.fields.climateFactor).toBe(
        "Klimafaktor muss eine Zahl zwischen 0,5 und 2 sein (z. B. 1,12).",
      );
    }
    const preview = await post(house.cookie, "/api/statements/preview", {
      billingPeriodId: house.periodId,
      costItems: COST_ITEMS,
      co2: CO2,
      climateFactor: "2.5",
    });
    expect(preview.status).toBe(400);
    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
      }),
    );
    expect(costs).toMatchObject({ costItems: [], climateFactor: null });
  });

  it("leaves out what the plan lacks: the Heizspiegel in the trial, everything in Starter", async () => {
    const trial = await buildHouse("trial");
    const trialPreview = await post(trial.cookie, "/api/statements/preview", {
      billingPeriodId: trial.periodId,
      costItems: COST_ITEMS,
      co2: CO2,
    });
    expect(trialPreview.status).toBe(200);
    expect(trialPreview.body.analysis).toMatchObject({ kwhPerM2: "200.0", benchmark: null });
    const starter = await buildHouse("starter");
    const starterPreview = await post(starter.cookie, "/api/statements/preview", {
      billingPeriodId: starter.periodId,
      costItems: COST_ITEMS,
      co2: CO2,
    });
    expect(starterPreview.status).toBe(200);
    expect(starterPreview.body.analysis).toBeNull();
    // The class check of docs/rules/heating.md#efficiency-class-check is no plan feature: it warns in every plan.
    expect(
      starterPreview.body.warnings.some((w: string) =>
        w.startsWith("Die hinterlegte Effizienzklasse E"),
      ),
    ).toBe(true);
  });
});
