import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertUnit } from "../support/fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

type Period = { id: string; persons: number; validFrom: string; validUntil: string | null };
const summarize = (periods: Period[]) => periods.map((p) => [p.validFrom, p.validUntil, p.persons]);

describe.each(TEST_DRIVERS)("tenant occupants over time (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** An account with a tenant created through the API (moved in 2024-01-01, 2 persons). */
  async function setUpTenant(extra: Record<string, unknown> = {}) {
    const account = await t.signUp();
    const property = await insertProperty(t.db, account.userId);
    const unit = await insertUnit(t.db, account.userId, property.id, { persons: 2 });
    const response = await t.request("POST", "/api/tenants", {
      cookie: account.cookie,
      body: { name: "Olga Ort", unitId: unit.id, moveInDate: "2024-01-01", ...extra },
    });
    const tenant = await readJson(response);
    return { ...account, tenant };
  }

  async function change(cookie: string, tenantId: string, body: Record<string, unknown>) {
    const response = await t.request("POST", `/api/tenants/${tenantId}/occupants`, {
      cookie,
      body,
    });
    return { status: response.status, body: await readJson(response) };
  }

  it("splits the period a change falls into and keeps the periods free of overlaps", async () => {
    const { cookie, userId, tenant } = await setUpTenant();
    const initial = await readJson(
      await t.request("GET", `/api/tenants/${tenant.id}/occupants`, { cookie }),
    );
    expect(summarize(initial)).toEqual([["2024-01-01", null, 2]]);

    const july = await change(cookie, tenant.id, { persons: 3, validFrom: "2024-07-01" });
    expect(july.status).toBe(201);
    expect(summarize(july.body)).toEqual([
      ["2024-01-01", "2024-06-30", 2],
      ["2024-07-01", null, 3],
    ]);
    // A change inside the first period ends it the day before and runs to its old end.
    const march = await change(cookie, tenant.id, { persons: 1, validFrom: "2024-03-01" });
    expect(summarize(march.body)).toEqual([
      ["2024-01-01", "2024-02-29", 2],
      ["2024-03-01", "2024-06-30", 1],
      ["2024-07-01", null, 3],
    ]);
    // A change on a period's first day corrects its persons.
    const same = await change(cookie, tenant.id, { persons: 4, validFrom: "2024-07-01" });
    expect(summarize(same.body)).toEqual([
      ["2024-01-01", "2024-02-29", 2],
      ["2024-03-01", "2024-06-30", 1],
      ["2024-07-01", null, 4],
    ]);
    const rows = await t.db
      .selectFrom("tenantAttributes")
      .selectAll()
      .where("tenantId", "=", tenant.id)
      .orderBy("validFrom")
      .execute();
    expect(rows.map((r) => [r.validFrom, r.validUntil, r.persons])).toEqual(summarize(same.body));
    const activities = await t.db
      .selectFrom("userActivities")
      .select(["action", "entityId"])
      .where("userId", "=", userId)
      .where("action", "=", "occupancy_changed")
      .execute();
    expect(activities).toHaveLength(3);
    expect(activities[0]!.entityId).toBe(tenant.id);
  });

  it("validates persons and dates against the tenancy", async () => {
    const { cookie, tenant } = await setUpTenant({ moveOutDate: "2024-12-31" });
    for (const persons of [-1, 1.5, "2.5", "zwei", "2,0", null]) {
      const { status, body } = await change(cookie, tenant.id, {
        persons,
        validFrom: "2024-05-01",
      });
      expect(status, String(persons)).toBe(400);
      expect(body.error.fields.persons).toBe("Personenanzahl muss eine ganze Zahl ab 0 sein");
    }
    const bad = await change(cookie, tenant.id, { persons: 1, validFrom: "2024-02-30" });
    expect(bad.body.error.fields).toEqual({ validFrom: "Gültig-ab-Datum ist ungültig" });
    const before = await change(cookie, tenant.id, { persons: 1, validFrom: "2023-12-31" });
    expect(before.status).toBe(400);
    expect(before.body.error.fields).toEqual({
      validFrom: "Die Änderung darf nicht vor dem Einzugsdatum liegen",
    });
    const after = await change(cookie, tenant.id, { persons: 1, validFrom: "2025-01-01" });
    expect(after.body.error.fields).toEqual({
      validFrom: "Die Änderung darf nicht nach dem Auszugsdatum liegen",
    });
    const zero = await change(cookie, tenant.id, { persons: 0, validFrom: "2024-12-01" });
    expect(zero.status).toBe(201);
    expect(summarize(zero.body)).toEqual([
      ["2024-01-01", "2024-11-30", 2],
      ["2024-12-01", null, 0],
    ]);
  });

  it("corrects and removes periods; the neighbour takes over the days; the only period stays", async () => {
    const { cookie, tenant } = await setUpTenant();
    await change(cookie, tenant.id, { persons: 3, validFrom: "2024-04-01" });
    const periods: Period[] = (
      await change(cookie, tenant.id, { persons: 5, validFrom: "2024-09-01" })
    ).body;

    const corrected = await t.request("PATCH", `/api/occupants/${periods[1]!.id}`, {
      cookie,
      body: { persons: 4 },
    });
    expect(corrected.status).toBe(200);
    expect(summarize(await readJson(corrected))).toEqual([
      ["2024-01-01", "2024-03-31", 2],
      ["2024-04-01", "2024-08-31", 4],
      ["2024-09-01", null, 5],
    ]);
    const badPersons = await t.request("PATCH", `/api/occupants/${periods[1]!.id}`, {
      cookie,
      body: { persons: -2 },
    });
    expect((await readJson(badPersons)).error.fields).toEqual({
      persons: "Personenanzahl muss eine ganze Zahl ab 0 sein",
    });

    const middle = await readJson(
      await t.request("DELETE", `/api/occupants/${periods[1]!.id}`, { cookie }),
    );
    expect(summarize(middle)).toEqual([
      ["2024-01-01", "2024-08-31", 2],
      ["2024-09-01", null, 5],
    ]);
    const first = await readJson(
      await t.request("DELETE", `/api/occupants/${periods[0]!.id}`, { cookie }),
    );
    expect(summarize(first)).toEqual([["2024-01-01", null, 5]]);

    const only = await t.request("DELETE", `/api/occupants/${periods[2]!.id}`, { cookie });
    expect(only.status).toBe(409);
    expect((await readJson(only)).error).toMatchObject({
      code: "CONFLICT",
      message: "Der einzige Belegungszeitraum kann nicht gelöscht werden",
    });
  });

  it("moves the first period with a changed move-in date and refuses one after a later change", async () => {
    const { cookie, tenant } = await setUpTenant();
    await change(cookie, tenant.id, { persons: 3, validFrom: "2024-06-01" });
    const earlier = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie,
      body: { moveInDate: "2023-10-01" },
    });
    expect(earlier.status).toBe(200);
    let periods = await readJson(
      await t.request("GET", `/api/tenants/${tenant.id}/occupants`, { cookie }),
    );
    expect(summarize(periods)).toEqual([
      ["2023-10-01", "2024-05-31", 2],
      ["2024-06-01", null, 3],
    ]);
    const tooLate = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie,
      body: { moveInDate: "2024-06-15" },
    });
    expect(tooLate.status).toBe(400);
    expect((await readJson(tooLate)).error.fields).toEqual({
      moveInDate:
        "Das Einzugsdatum darf nicht nach einer späteren Änderung der Personenzahl liegen",
    });
    periods = await readJson(
      await t.request("GET", `/api/tenants/${tenant.id}/occupants`, { cookie }),
    );
    expect(periods[0].validFrom).toBe("2023-10-01");
    const row = await t.db
      .selectFrom("tenants")
      .select("moveInDate")
      .where("id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.moveInDate).toBe("2023-10-01");
  });

  it("answers 404 for another account's tenant or period", async () => {
    const owner = await setUpTenant();
    const other = await setUpTenant();
    const [period] = await readJson(
      await t.request("GET", `/api/tenants/${owner.tenant.id}/occupants`, { cookie: owner.cookie }),
    );
    expect(
      (
        await t.request("GET", `/api/tenants/${owner.tenant.id}/occupants`, {
          cookie: other.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await change(other.cookie, owner.tenant.id, { persons: 1, validFrom: "2024-05-01" })).status,
    ).toBe(404);
    const patch = await t.request("PATCH", `/api/occupants/${period.id}`, {
      cookie: other.cookie,
      body: { persons: 9 },
    });
    expect(patch.status).toBe(404);
    expect((await readJson(patch)).error.message).toBe("Belegungszeitraum nicht gefunden");
    expect(
      (await t.request("DELETE", `/api/occupants/${period.id}`, { cookie: other.cookie })).status,
    ).toBe(404);
    const rows = await t.db
      .selectFrom("tenantAttributes")
      .selectAll()
      .where("tenantId", "=", owner.tenant.id)
      .execute();
    expect(rows.map((r) => r.persons)).toEqual([2]);
  });
});
