import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_MESSAGES, READING_MESSAGES, STATEMENT_MESSAGES } from "@nk/contract";
import { insertTenant } from "../support/fixtures.ts";
import {
  createBillingPeriodViaApi,
  createMeterViaApi,
  createMeteringAccount,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 23, decision 1000: the API reads decimal text only in the canonical form the web app's
// number field sends ("1020", "12345.678"). German text is refused with the field's message and
// changes nothing, so the server never reads "1.234,56" or "1.020.000" by a rule of its own.

const GERMAN_TEXTS = ["1.234,56", "12.345,678", "1.020.000", "0,5", "1 020"];

describe.each(TEST_DRIVERS)("decimal text at the API (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("stores readings exactly as the canonical text says, in the single and the bulk entry", async () => {
    const a = await createMeteringAccount(t);
    const meterId = await createMeterViaApi(t, a.cookie, {
      meterNumber: "WW-1",
      unitId: a.unitIds[0],
    });
    const billingPeriodId = await createBillingPeriodViaApi(t, a.cookie, a.propertyId);
    const single = await t.request("POST", `/api/meters/${meterId}/readings`, {
      cookie: a.cookie,
      body: { readingValue: "1020", readingDate: "2024-06-30" },
    });
    expect(single.status).toBe(201);
    const bulk = await t.request("POST", "/api/readings/bulk", {
      cookie: a.cookie,
      body: {
        billingPeriodId,
        readingDate: "2024-12-31",
        readings: [{ meterId, readingValue: "12345.678" }],
      },
    });
    expect(bulk.status).toBe(200);
    const rows = await t.db
      .selectFrom("meterReadings")
      .select(["readingValue", "readingDate"])
      .where("meterId", "=", meterId)
      .orderBy("readingDate")
      .execute();
    expect(rows).toEqual([
      { readingValue: "1020.000", readingDate: "2024-06-30" },
      { readingValue: "12345.678", readingDate: "2024-12-31" },
    ]);
  });

  it("refuses German text for readings, areas, prepayments, prices and the wizard's inputs, and stores nothing", async () => {
    const a = await createMeteringAccount(t);
    const meterId = await createMeterViaApi(t, a.cookie, {
      meterNumber: "KW-1",
      unitId: a.unitIds[0],
    });
    const billingPeriodId = await createBillingPeriodViaApi(t, a.cookie, a.propertyId);
    const tenant = await insertTenant(t.db, a.userId, a.unitIds[0]!, {
      name: "Anna Alt",
      moveInDate: "2023-01-01",
    });
    for (const text of GERMAN_TEXTS) {
      const requests: [string, string, Record<string, unknown>, string, string][] = [
        [
          "POST",
          `/api/meters/${meterId}/readings`,
          { readingValue: text, readingDate: "2024-06-30" },
          "readingValue",
          READING_MESSAGES.notANumber,
        ],
        [
          "POST",
          "/api/readings/bulk",
          {
            billingPeriodId,
            readingDate: "2024-12-31",
            readings: [{ meterId, readingValue: text }],
          },
          "readings.0.readingValue",
          READING_MESSAGES.notANumber,
        ],
        [
          "POST",
          `/api/properties/${a.propertyId}/units`,
          { name: "DG", area: text, persons: 1 },
          "area",
          "Fläche muss eine Zahl sein",
        ],
        [
          "POST",
          `/api/tenants/${tenant.id}/prepayments`,
          { monthlyAmount: text, validFrom: "2024-01-01" },
          "monthlyAmount",
          "Ungültiger Betrag (höchstens 2 Nachkommastellen)",
        ],
        [
          "POST",
          "/api/rates",
          { utilityType: "coldwater", rateName: "Wasser", unitPrice: text },
          "unitPrice",
          RATE_MESSAGES.unitPriceNotANumber,
        ],
        [
          "PUT",
          `/api/billing-periods/${billingPeriodId}/costs`,
          { costItems: [{ costType: "Grundsteuer", amount: text, key: "area" }] },
          "costItems.0.amount",
          STATEMENT_MESSAGES.amountNotANumber,
        ],
        [
          "PUT",
          `/api/billing-periods/${billingPeriodId}/costs`,
          { co2: { fuel: "gas", consumptionKwh: text } },
          "co2.consumptionKwh",
          STATEMENT_MESSAGES.consumptionNotANumber,
        ],
      ];
      for (const [method, path, body, field, message] of requests) {
        const response = await t.request(method, path, { cookie: a.cookie, body });
        expect(response.status, `${path} ${text}`).toBe(400);
        expect((await readJson(response)).error.fields[field], `${path} ${text}`).toBe(message);
      }
    }
    expect(
      await t.db.selectFrom("meterReadings").select("id").where("meterId", "=", meterId).execute(),
    ).toHaveLength(0);
    expect(
      await t.db.selectFrom("units").select("id").where("propertyId", "=", a.propertyId).execute(),
    ).toHaveLength(a.unitIds.length);
    expect(
      await t.db
        .selectFrom("tenantPrepayments")
        .select("id")
        .where("tenantId", "=", tenant.id)
        .execute(),
    ).toHaveLength(0);
    expect(
      await t.db.selectFrom("utilityRates").select("id").where("userId", "=", a.userId).execute(),
    ).toHaveLength(0);
  });

  it("takes percentages, CO2 prices and factors as canonical text too", async () => {
    const a = await createMeteringAccount(t);
    const billingPeriodId = await createBillingPeriodViaApi(t, a.cookie, a.propertyId);
    const body = {
      costItems: [
        { costType: "Heizung", amount: "1234.56", key: "mixed", consumptionShare: "62.5" },
      ],
      co2: {
        fuel: "gas",
        consumptionKwh: "48000",
        pricePerTonne: "55",
        vatPercent: "19",
        emissionFactor: "0.201",
      },
    };
    const saved = await t.request("PUT", `/api/billing-periods/${billingPeriodId}/costs`, {
      cookie: a.cookie,
      body,
    });
    expect(saved.status).toBe(200);
    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${billingPeriodId}/costs`, { cookie: a.cookie }),
    );
    // Contract v1.5 (decision 1640): the stored text comes back as the columns hold it, never a number.
    expect(costs.costItems[0]).toMatchObject({ amount: "1234.56", consumptionShare: "62.50" });
    expect(costs.co2).toMatchObject({
      consumptionKwh: "48000.000",
      pricePerTonne: "55.00",
      vatPercent: "19.00",
      emissionFactor: "0.201000",
    });
    const german = await t.request("PUT", `/api/billing-periods/${billingPeriodId}/costs`, {
      cookie: a.cookie,
      body: {
        ...body,
        costItems: [{ ...body.costItems[0], consumptionShare: "62,5" }],
        co2: { ...body.co2, emissionFactor: "0,201" },
      },
    });
    expect(german.status).toBe(400);
    expect((await readJson(german)).error.fields).toEqual({
      "costItems.0.consumptionShare": "Der Verbrauchsanteil muss zwischen 0 und 100 % liegen.",
      "co2.emissionFactor": "Der Emissionsfaktor muss zwischen 0 und 1 kg je kWh liegen.",
    });
  });
});
