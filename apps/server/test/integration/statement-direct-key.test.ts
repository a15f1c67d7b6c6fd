import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA as BILLING_DATA,
} from "../support/fixtures.ts";
import { createBillingPeriodViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Decision 1403 (contract v1.4) over HTTP: a cost item with the key "direct" saved with each
// tenancy's amount and the vacancy's, read back, previewed and saved as a run; amounts that do
// not add up, another account's tenancy and direct amounts on another key are refused in
// German and change nothing.

describe.each(TEST_DRIVERS)("direct key (%s)", (driver) => {
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
    const property = await insertProperty(t.db, account.userId, { name: "Messweg 5" });
    const eg = await insertUnit(t.db, account.userId, property.id, { name: "EG", area: "60.00" });
    const og = await insertUnit(t.db, account.userId, property.id, { name: "OG", area: "40.00" });
    const egTenant = await insertTenant(t.db, account.userId, eg.id, {
      name: "Jürgen Weiß",
      moveInDate: "2019-01-01",
    });
    // OG stands empty in January and February.
    const ogTenant = await insertTenant(t.db, account.userId, og.id, {
      name: "Ute Groß",
      moveInDate: "2024-03-01",
    });
    const periodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      property.id,
      "2024-01-01",
      "2024-12-31",
    );
    return { ...account, periodId, egTenantId: egTenant.id, ogTenantId: ogTenant.id };
  }

  function heating(house: { egTenantId: string; ogTenantId: string }, vacancyAmount = "87.66") {
    return {
      costType: "Heizung",
      amount: "1500.00",
      key: "direct",
      directAmounts: [
        { tenancyId: house.egTenantId, amount: "912.34" },
        { tenancyId: house.ogTenantId, amount: "500.00" },
      ],
      vacancyAmount,
    };
  }

  it("saves the amounts per tenancy, reads them back, previews and saves the run with each tenancy's own amount", async () => {
    const house = await setUp();
    const put = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: [heating(house), { costType: "Grundsteuer", amount: "100.00", key: "area" }],
      },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const saved = await readJson(put);
    expect(saved.costItems[0]).toMatchObject({
      key: "direct",
      amount: "1500.00",
      vacancyAmount: "87.66",
    });
    expect(saved.costItems[0].directAmounts).toEqual([
      { tenancyId: house.egTenantId, amount: "912.34", laborCosts: null },
      { tenancyId: house.ogTenantId, amount: "500.00", laborCosts: null },
    ]);
    expect(saved.costItems[1].directAmounts).toEqual([]);
    const rows = await t.db
      .selectFrom("billingPeriodDirectAmounts")
      .selectAll()
      .where("userId", "=", house.userId)
      .execute();
    expect(rows).toHaveLength(2);

    const preview = await t.request("POST", "/api/statements/preview", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId },
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const { result } = await readJson(preview);
    const heatingOf = (tenancyId: string) =>
      result.tenancies
        .find((line: { tenancyId: string }) => line.tenancyId === tenancyId)
        .allocations.find((a: { costType: string }) => a.costType === "Heizung").amount;
    expect(heatingOf(house.egTenantId)).toBe("912.34");
    expect(heatingOf(house.ogTenantId)).toBe("500.00");
    expect(result.items[0]).toMatchObject({ key: "direct", vacancy: "87.66", landlord: "87.66" });

    const run = await t.request("POST", "/api/statements", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId, finalize: false },
    });
    expect(run.status, await run.clone().text()).toBe(201);
    const stored = await readJson(
      await t.request("GET", `/api/statements/${(await readJson(run)).id}`, {
        cookie: house.cookie,
      }),
    );
    expect(stored.engineVersion).toBe("1.6");
  });

  it("refuses amounts that do not add up, strangers' tenancies and direct amounts on another key, storing nothing", async () => {
    const house = await setUp();
    const mismatch = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: [heating(house), { costType: "Grundsteuer", amount: "100.00", key: "area" }],
      },
    });
    expect(mismatch.status).toBe(200);
    const preview = await t.request("POST", "/api/statements/preview", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId, costItems: [heating(house, "0.00")] },
    });
    expect(preview.status).toBe(400);
    expect((await readJson(preview)).error.fields["costItems.0.directAmounts"]).toBe(
      "Die Beträge je Mietverhältnis ergeben mit dem Leerstand 1.412,34 €, der Gesamtbetrag ist 1.500,00 €. Bitte so eintragen, dass sie den Gesamtbetrag ergeben.",
    );

    const stranger = await setUp();
    const foreign = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: [
          {
            ...heating(house),
            directAmounts: [{ tenancyId: stranger.egTenantId, amount: "1412.34" }],
          },
        ],
      },
    });
    expect(foreign.status).toBe(400);
    expect((await readJson(foreign)).error.fields["costItems.0.directAmounts.0.tenancyId"]).toBe(
      "Mietverhältnis nicht gefunden",
    );
    const unknown = await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
      cookie: house.cookie,
      body: {
        costItems: [
          { ...heating(house), directAmounts: [{ tenancyId: UNKNOWN_ID, amount: "1412.34" }] },
        ],
      },
    });
    expect(unknown.status).toBe(400);

    const otherKey = await t.request("POST", "/api/statements/preview", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId, costItems: [{ ...heating(house), key: "area" }] },
    });
    expect(otherKey.status).toBe(400);
    expect((await readJson(otherKey)).error.fields["costItems.0.directAmounts"]).toBe(
      "Beträge je Mietverhältnis gibt es nur beim Schlüssel „Direkt je Mietverhältnis“.",
    );

    // What was saved first is still there, unchanged.
    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
      }),
    );
    expect(
      costs.costItems.map((item: { costType: string; key: string }) => [item.costType, item.key]),
    ).toEqual([
      ["Heizung", "direct"],
      ["Grundsteuer", "area"],
    ]);
    expect(costs.costItems[0].directAmounts).toHaveLength(2);
  });

  it("a tenancy deleted later takes its direct amount with it", async () => {
    const house = await setUp();
    expect(
      (
        await t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
          cookie: house.cookie,
          body: { costItems: [heating(house)] },
        })
      ).status,
    ).toBe(200);
    await t.db.deleteFrom("tenants").where("id", "=", house.ogTenantId).execute();
    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
      }),
    );
    expect(costs.costItems[0].directAmounts).toEqual([
      { tenancyId: house.egTenantId, amount: "912.34", laborCosts: null },
    ]);
  });
});
