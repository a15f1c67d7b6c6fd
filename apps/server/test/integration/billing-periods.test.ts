import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertStatement } from "../support/fixtures.ts";
import {
  createBillingPeriodViaApi,
  createMeteringAccount,
  listActivityKeys,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

describe.each(TEST_DRIVERS)("/api/billing-periods (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("creates a period named 'Abrechnung {start} - {end}', in progress, counted as a pending statement", async () => {
    const a = await createMeteringAccount(t);
    const response = await t.request("POST", "/api/billing-periods", {
      cookie: a.cookie,
      body: {
        propertyId: a.propertyId,
        billingPeriodStart: "2024-01-01",
        billingPeriodEnd: "2024-12-31",
      },
    });
    expect(response.status).toBe(201);
    const period = await readJson(response);
    expect(period).toMatchObject({
      propertyId: a.propertyId,
      propertyName: "Lindenstraße 5",
      name: "Abrechnung 01.01.2024 - 31.12.2024",
      billingPeriodStart: "2024-01-01",
      billingPeriodEnd: "2024-12-31",
      status: "In Bearbeitung",
      isFinal: false,
      readingCount: 0,
      hasStatementRun: false,
      readings: [],
    });
    const activity = await t.db
      .selectFrom("userActivities")
      .selectAll()
      .where("entityId", "=", period.id)
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      entityType: "billing_period",
      action: "created",
      entityName: "Abrechnung 01.01.2024 - 31.12.2024",
    });
    const dashboard = await readJson(
      await t.request("GET", "/api/dashboard", { cookie: a.cookie }),
    );
    expect(dashboard.counters.pendingStatements).toBe(1);
  });

  it("rejects the same period twice for a property with 409, but allows it for another property", async () => {
    const a = await createMeteringAccount(t);
    await createBillingPeriodViaApi(t, a.cookie, a.propertyId);
    const again = await t.request("POST", "/api/billing-periods", {
      cookie: a.cookie,
      body: {
        propertyId: a.propertyId,
        billingPeriodStart: "2024-01-01",
        billingPeriodEnd: "2024-12-31",
      },
    });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error).toMatchObject({
      code: "CONFLICT",
      message:
        "Für diese Immobilie gibt es bereits die Abrechnungsperiode 01.01.2024 - 31.12.2024.",
    });
    const other = await insertProperty(t.db, a.userId, { name: "Nebenhaus" });
    expect(
      (
        await t.request("POST", "/api/billing-periods", {
          cookie: a.cookie,
          body: {
            propertyId: other.id,
            billingPeriodStart: "2024-01-01",
            billingPeriodEnd: "2024-12-31",
          },
        })
      ).status,
    ).toBe(201);
    // An overlapping but different period is a different billing period (e.g. a short year after a sale).
    expect(
      (
        await t.request("POST", "/api/billing-periods", {
          cookie: a.cookie,
          body: {
            propertyId: a.propertyId,
            billingPeriodStart: "2024-01-01",
            billingPeriodEnd: "2024-06-30",
          },
        })
      ).status,
    ).toBe(201);
  });

  it("validates the dates: end after start, at most 12 months (§ 556 Abs. 3 BGB), real dates, property required", async () => {
    const a = await createMeteringAccount(t);
    const post = (body: unknown) =>
      t.request("POST", "/api/billing-periods", { cookie: a.cookie, body });
    const cases: [unknown, string, string][] = [
      [
        {
          propertyId: a.propertyId,
          billingPeriodStart: "2024-12-31",
          billingPeriodEnd: "2024-01-01",
        },
        "billingPeriodEnd",
        "Das Ende des Abrechnungszeitraums muss nach dem Beginn liegen.",
      ],
      [
        {
          propertyId: a.propertyId,
          billingPeriodStart: "2024-01-01",
          billingPeriodEnd: "2024-01-01",
        },
        "billingPeriodEnd",
        "Das Ende des Abrechnungszeitraums muss nach dem Beginn liegen.",
      ],
      [
        {
          propertyId: a.propertyId,
          billingPeriodStart: "2024-01-01",
          billingPeriodEnd: "2025-01-01",
        },
        "billingPeriodEnd",
        "Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).",
      ],
      [
        {
          propertyId: a.propertyId,
          billingPeriodStart: "2024-02-29",
          billingPeriodEnd: "2025-03-01",
        },
        "billingPeriodEnd",
        "Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).",
      ],
      [
        {
          propertyId: a.propertyId,
          billingPeriodStart: "2023-02-29",
          billingPeriodEnd: "2023-12-31",
        },
        "billingPeriodStart",
        "Bitte geben Sie ein gültiges Datum ein.",
      ],
      [
        { propertyId: a.propertyId, billingPeriodStart: "", billingPeriodEnd: "2023-12-31" },
        "billingPeriodStart",
        "Bitte geben Sie den Beginn des Abrechnungszeitraums an.",
      ],
      [
        { billingPeriodStart: "2023-01-01", billingPeriodEnd: "2023-12-31" },
        "propertyId",
        "Bitte wählen Sie eine Immobilie aus.",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(response)).error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect(
      (
        await post({
          propertyId: a.propertyId,
          billingPeriodStart: "2024-02-29",
          billingPeriodEnd: "2025-02-28",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post({
          propertyId: a.propertyId,
          billingPeriodStart: "2023-07-01",
          billingPeriodEnd: "2024-06-30",
        })
      ).status,
    ).toBe(201);
  });

  it("lists newest first, filters by property and shows a period with its readings", async () => {
    const a = await createMeteringAccount(t);
    const other = await insertProperty(t.db, a.userId, { name: "Nebenhaus" });
    await createBillingPeriodViaApi(t, a.cookie, a.propertyId, "2022-01-01", "2022-12-31");
    const newest = await createBillingPeriodViaApi(
      t,
      a.cookie,
      a.propertyId,
      "2024-01-01",
      "2024-12-31",
    );
    await createBillingPeriodViaApi(t, a.cookie, other.id, "2023-01-01", "2023-12-31");
    const all = await readJson(
      await t.request("GET", "/api/billing-periods", { cookie: a.cookie }),
    );
    expect(
      all.map((p: { name: string; propertyName: string }) => `${p.propertyName}: ${p.name}`),
    ).toEqual([
      "Lindenstraße 5: Abrechnung 01.01.2024 - 31.12.2024",
      "Nebenhaus: Abrechnung 01.01.2023 - 31.12.2023",
      "Lindenstraße 5: Abrechnung 01.01.2022 - 31.12.2022",
    ]);
    const filtered = await readJson(
      await t.request("GET", `/api/billing-periods?propertyId=${a.propertyId}`, {
        cookie: a.cookie,
      }),
    );
    expect(filtered.map((p: { billingPeriodStart: string }) => p.billingPeriodStart)).toEqual([
      "2024-01-01",
      "2022-01-01",
    ]);
    const one = await t.request("GET", `/api/billing-periods/${newest}`, { cookie: a.cookie });
    expect(one.status).toBe(200);
    expect(await readJson(one)).toMatchObject({ id: newest, readings: [] });
  });

  it("deletes a period without statements, refuses one with statements", async () => {
    const a = await createMeteringAccount(t);
    const id = await createBillingPeriodViaApi(
      t,
      a.cookie,
      a.propertyId,
      "2023-01-01",
      "2023-12-31",
    );
    expect(
      (await t.request("DELETE", `/api/billing-periods/${id}`, { cookie: a.cookie })).status,
    ).toBe(204);
    expect(
      await t.db.selectFrom("billingPeriods").select("id").where("id", "=", id).execute(),
    ).toHaveLength(0);
    expect(await listActivityKeys(t, a.userId)).toContain("billing_period.deleted");
    const statement = await insertStatement(t.db, a.userId, a.propertyId, a.unitIds[0]);
    const refused = await t.request("DELETE", `/api/billing-periods/${statement.billingPeriodId}`, {
      cookie: a.cookie,
    });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error.message).toBe(
      "Abrechnungsperiode kann nicht gelöscht werden: Es existieren bereits Abrechnungen",
    );
  });

  it("answers 404 for another account's periods and properties", async () => {
    const owner = await createMeteringAccount(t);
    const intruder = await createMeteringAccount(t);
    const id = await createBillingPeriodViaApi(t, owner.cookie, owner.propertyId);
    expect(
      (await t.request("GET", `/api/billing-periods/${id}`, { cookie: intruder.cookie })).status,
    ).toBe(404);
    const del = await t.request("DELETE", `/api/billing-periods/${id}`, {
      cookie: intruder.cookie,
    });
    expect(del.status).toBe(404);
    expect((await readJson(del)).error.message).toBe("Abrechnungsperiode nicht gefunden");
    const create = await t.request("POST", "/api/billing-periods", {
      cookie: intruder.cookie,
      body: {
        propertyId: owner.propertyId,
        billingPeriodStart: "2023-01-01",
        billingPeriodEnd: "2023-12-31",
      },
    });
    expect(create.status).toBe(404);
    expect((await readJson(create)).error.message).toBe("Immobilie nicht gefunden");
    expect(
      (
        await t.request("GET", `/api/billing-periods?propertyId=${owner.propertyId}`, {
          cookie: intruder.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request("GET", `/api/billing-periods/${UNKNOWN_ID}`, { cookie: intruder.cookie }))
        .status,
    ).toBe(404);
    expect(
      await readJson(await t.request("GET", "/api/billing-periods", { cookie: intruder.cookie })),
    ).toEqual([]);
  });
});
