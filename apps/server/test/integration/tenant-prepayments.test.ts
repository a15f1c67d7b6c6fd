import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

const OVERLAP = "Vorauszahlung überschneidet sich mit bestehenden Zeiträumen";

describe.each(TEST_DRIVERS)("tenant prepayments (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** An account with one tenant (moved in 2023-01-01). */
  async function setUpTenant() {
    const account = await t.signUp();
    const property = await insertProperty(t.db, account.userId);
    const unit = await insertUnit(t.db, account.userId, property.id);
    const tenant = await insertTenant(t.db, account.userId, unit.id, { name: "Vera Voraus" });
    return { ...account, unit, tenant };
  }

  async function post(cookie: string, tenantId: string, body: Record<string, unknown>) {
    const response = await t.request("POST", `/api/tenants/${tenantId}/prepayments`, {
      cookie,
      body,
    });
    return { status: response.status, body: await readJson(response) };
  }

  it("creates a prepayment with the exact amount and no warnings, and logs it", async () => {
    const { cookie, userId, tenant } = await setUpTenant();
    const { status, body } = await post(cookie, tenant.id, {
      monthlyAmount: "150.00",
      validFrom: "2024-01-01",
    });
    expect(status).toBe(201);
    expect(body.warnings).toEqual([]);
    expect(body.prepayment).toMatchObject({
      tenantId: tenant.id,
      monthlyAmount: "150.00",
      validFrom: "2024-01-01",
      validUntil: null,
      isActive: true,
    });
    const row = await t.db
      .selectFrom("tenantPrepayments")
      .selectAll()
      .where("id", "=", body.prepayment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      monthlyAmount: "150.00",
      validFrom: "2024-01-01",
      validUntil: null,
      isActive: true,
    });
    const activity = await t.db
      .selectFrom("userActivities")
      .selectAll()
      .where("userId", "=", userId)
      .where("entityType", "=", "prepayment")
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      action: "created",
      entityId: body.prepayment.id,
      entityName: "Vera Voraus",
      description: "Vorauszahlung angelegt: Vera Voraus",
    });
    expect(activity.metadata).toMatchObject({
      monthlyAmount: "150.00",
      validFrom: "2024-01-01",
      validUntil: null,
    });
  });

  it("keeps amounts exact to the cent: numbers, decimal commas and one decimal", async () => {
    const { cookie, tenant } = await setUpTenant();
    const a = await post(cookie, tenant.id, {
      monthlyAmount: 0.1,
      validFrom: "2020-01-01",
      validUntil: "2020-12-31",
    });
    expect(a.body.prepayment.monthlyAmount).toBe("0.10");
    const b = await post(cookie, tenant.id, {
      monthlyAmount: "99.9",
      validFrom: "2021-01-01",
      validUntil: "2021-12-31",
    });
    expect(b.body.prepayment.monthlyAmount).toBe("99.90");
    const c = await post(cookie, tenant.id, {
      monthlyAmount: "9999999999.99",
      validFrom: "2022-01-01",
      validUntil: "2022-12-31",
    });
    expect(c.status).toBe(201);
    expect(c.body.prepayment.monthlyAmount).toBe("9999999999.99");
  });

  it("requires an amount above 0 with the specification's message", async () => {
    const { cookie, tenant } = await setUpTenant();
    for (const monthlyAmount of ["0", "0.00", "-5", "", undefined, null]) {
      const { status, body } = await post(cookie, tenant.id, {
        monthlyAmount,
        validFrom: "2024-01-01",
      });
      expect(status, String(monthlyAmount)).toBe(400);
      expect(body.error.fields.monthlyAmount).toBe("Vorauszahlungsbetrag muss größer als 0 sein");
    }
    for (const monthlyAmount of ["abc", "1.234", "1.23,45", "12e3"]) {
      const { status, body } = await post(cookie, tenant.id, {
        monthlyAmount,
        validFrom: "2024-01-01",
      });
      expect(status, monthlyAmount).toBe(400);
      expect(body.error.fields.monthlyAmount).toBe(
        "Ungültiger Betrag (höchstens 2 Nachkommastellen)",
      );
    }
    expect(
      await t.db
        .selectFrom("tenantPrepayments")
        .select("id")
        .where("tenantId", "=", tenant.id)
        .execute(),
    ).toHaveLength(0);
  });

  it("takes the canonical text the web app sends, and refuses German text instead of reading it by a second rule (decision 1000)", async () => {
    const { cookie, tenant } = await setUpTenant();
    const german = await post(cookie, tenant.id, {
      monthlyAmount: "1.250,00",
      validFrom: "2024-01-01",
    });
    expect(german.status).toBe(400);
    expect(german.body.error.fields.monthlyAmount).toBe(
      "Ungültiger Betrag (höchstens 2 Nachkommastellen)",
    );
    expect(
      await t.db
        .selectFrom("tenantPrepayments")
        .select("id")
        .where("tenantId", "=", tenant.id)
        .execute(),
    ).toHaveLength(0);
    const { status, body } = await post(cookie, tenant.id, {
      monthlyAmount: "1250.00",
      validFrom: "2024-01-01",
    });
    expect(status).toBe(201);
    expect(body.prepayment.monthlyAmount).toBe("1250.00");
  });

  it("warns above 10,000 EUR without blocking", async () => {
    const { cookie, tenant } = await setUpTenant();
    const exactly = await post(cookie, tenant.id, {
      monthlyAmount: "10000.00",
      validFrom: "2020-01-01",
      validUntil: "2020-12-31",
    });
    expect(exactly.status).toBe(201);
    expect(exactly.body.warnings).toEqual([]);
    const above = await post(cookie, tenant.id, {
      monthlyAmount: "10000.01",
      validFrom: "2021-01-01",
      validUntil: "2021-12-31",
    });
    expect(above.status).toBe(201);
    expect(above.body.warnings).toEqual([
      "Vorauszahlungsbetrag erscheint ungewöhnlich hoch (> 10.000 €)",
    ]);
    expect(above.body.prepayment.monthlyAmount).toBe("10000.01");
  });

  it("checks the dates: start, end, end after start", async () => {
    const { cookie, tenant } = await setUpTenant();
    const noStart = await post(cookie, tenant.id, { monthlyAmount: "100" });
    expect(noStart.body.error.fields).toEqual({ validFrom: "Ungültiges Startdatum" });
    const badStart = await post(cookie, tenant.id, {
      monthlyAmount: "100",
      validFrom: "2024-02-30",
    });
    expect(badStart.body.error.fields).toEqual({ validFrom: "Ungültiges Startdatum" });
    const badEnd = await post(cookie, tenant.id, {
      monthlyAmount: "100",
      validFrom: "2024-01-01",
      validUntil: "31.12.2024",
    });
    expect(badEnd.body.error.fields).toEqual({ validUntil: "Ungültiges Enddatum" });
    for (const validUntil of ["2024-01-01", "2023-12-31"]) {
      const early = await post(cookie, tenant.id, {
        monthlyAmount: "100",
        validFrom: "2024-01-01",
        validUntil,
      });
      expect(early.status).toBe(400);
      expect(early.body.error.fields).toEqual({
        validUntil: "Enddatum muss nach dem Startdatum liegen",
      });
    }
    const all = await post(cookie, tenant.id, {
      monthlyAmount: "0",
      validFrom: "x",
      validUntil: "y",
    });
    expect(all.body.error.fields).toEqual({
      monthlyAmount: "Vorauszahlungsbetrag muss größer als 0 sein",
      validFrom: "Ungültiges Startdatum",
      validUntil: "Ungültiges Enddatum",
    });
    const empty = await post(cookie, tenant.id, {
      monthlyAmount: "100",
      validFrom: "2024-01-01",
      validUntil: "",
    });
    expect(empty.status).toBe(201);
    expect(empty.body.prepayment.validUntil).toBeNull();
  });

  it("rejects overlaps with active prepayments of the same tenant, open end counting as 2099-12-31", async () => {
    const { cookie, tenant, userId, unit } = await setUpTenant();
    const first = await post(cookie, tenant.id, { monthlyAmount: "100", validFrom: "2024-01-01" });
    expect(first.status).toBe(201);

    for (const range of [
      { validFrom: "2025-01-01" },
      { validFrom: "2023-06-01", validUntil: "2024-01-01" },
      { validFrom: "2099-12-31" },
      { validFrom: "2023-01-01", validUntil: "2030-12-31" },
    ]) {
      const { status, body } = await post(cookie, tenant.id, { monthlyAmount: "120", ...range });
      expect(status, JSON.stringify(range)).toBe(400);
      expect(body.error).toMatchObject({
        code: "VALIDATION",
        message: OVERLAP,
        fields: { validFrom: OVERLAP },
      });
    }
    // Before it, and after the open end's 2099-12-31, nothing overlaps.
    expect(
      (
        await post(cookie, tenant.id, {
          monthlyAmount: "90",
          validFrom: "2023-01-01",
          validUntil: "2023-12-31",
        })
      ).status,
    ).toBe(201);
    expect(
      (await post(cookie, tenant.id, { monthlyAmount: "90", validFrom: "2100-01-01" })).status,
    ).toBe(201);

    // Another tenant's prepayments do not count.
    const neighbour = await insertTenant(t.db, userId, unit.id, { name: "Nachbar" });
    expect(
      (await post(cookie, neighbour.id, { monthlyAmount: "80", validFrom: "2024-01-01" })).status,
    ).toBe(201);

    // A deactivated prepayment does not count.
    await t.request("DELETE", `/api/prepayments/${first.body.prepayment.id}`, { cookie });
    expect(
      (
        await post(cookie, tenant.id, {
          monthlyAmount: "130",
          validFrom: "2024-01-01",
          validUntil: "2099-12-30",
        })
      ).status,
    ).toBe(201);
  });

  it("updates a prepayment, ignoring itself in the overlap check and validating the merged values", async () => {
    const { cookie, userId, tenant } = await setUpTenant();
    const a = await post(cookie, tenant.id, {
      monthlyAmount: "100",
      validFrom: "2023-01-01",
      validUntil: "2023-12-31",
    });
    const b = await post(cookie, tenant.id, { monthlyAmount: "110", validFrom: "2024-01-01" });
    const id = a.body.prepayment.id;

    const amount = await t.request("PATCH", `/api/prepayments/${id}`, {
      cookie,
      body: { monthlyAmount: "105.5", validUntil: "2023-11-30" },
    });
    expect(amount.status).toBe(200);
    expect(await readJson(amount)).toEqual({
      prepayment: expect.objectContaining({
        id,
        monthlyAmount: "105.50",
        validFrom: "2023-01-01",
        validUntil: "2023-11-30",
        isActive: true,
      }),
      warnings: [],
    });

    const overlap = await t.request("PATCH", `/api/prepayments/${id}`, {
      cookie,
      body: { validUntil: "2024-01-15" },
    });
    expect(overlap.status).toBe(400);
    expect((await readJson(overlap)).error.fields).toEqual({ validFrom: OVERLAP });

    const openEnd = await t.request("PATCH", `/api/prepayments/${b.body.prepayment.id}`, {
      cookie,
      body: { validUntil: null },
    });
    expect(openEnd.status).toBe(200);

    const merged = await t.request("PATCH", `/api/prepayments/${id}`, {
      cookie,
      body: { validFrom: "2023-12-01" },
    });
    expect(merged.status).toBe(400);
    expect((await readJson(merged)).error.fields).toEqual({
      validUntil: "Enddatum muss nach dem Startdatum liegen",
    });

    const zero = await t.request("PATCH", `/api/prepayments/${id}`, {
      cookie,
      body: { monthlyAmount: "0" },
    });
    expect((await readJson(zero)).error.fields).toEqual({
      monthlyAmount: "Vorauszahlungsbetrag muss größer als 0 sein",
    });

    const high = await readJson(
      await t.request("PATCH", `/api/prepayments/${id}`, {
        cookie,
        body: { monthlyAmount: "12000" },
      }),
    );
    expect(high.warnings).toEqual([
      "Vorauszahlungsbetrag erscheint ungewöhnlich hoch (> 10.000 €)",
    ]);
    expect(high.prepayment.monthlyAmount).toBe("12000.00");

    const row = await t.db
      .selectFrom("tenantPrepayments")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      monthlyAmount: "12000.00",
      validFrom: "2023-01-01",
      validUntil: "2023-11-30",
    });
    const actions = await t.db
      .selectFrom("userActivities")
      .select("action")
      .where("userId", "=", userId)
      .where("entityType", "=", "prepayment")
      .orderBy("createdAt")
      .execute();
    expect(actions.map((x) => x.action)).toEqual([
      "created",
      "created",
      "updated",
      "updated",
      "updated",
    ]);
  });

  it("deletes by deactivating, lists active and inactive by valid-from, and logs it", async () => {
    const { cookie, userId, tenant } = await setUpTenant();
    const later = await post(cookie, tenant.id, { monthlyAmount: "120", validFrom: "2024-01-01" });
    await post(cookie, tenant.id, {
      monthlyAmount: "100",
      validFrom: "2023-01-01",
      validUntil: "2023-12-31",
    });
    const response = await t.request("DELETE", `/api/prepayments/${later.body.prepayment.id}`, {
      cookie,
    });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({
      id: later.body.prepayment.id,
      isActive: false,
      monthlyAmount: "120.00",
    });
    const row = await t.db
      .selectFrom("tenantPrepayments")
      .selectAll()
      .where("id", "=", later.body.prepayment.id)
      .executeTakeFirstOrThrow();
    expect(row.isActive).toBe(false);

    const list = await readJson(
      await t.request("GET", `/api/tenants/${tenant.id}/prepayments`, { cookie }),
    );
    expect(
      list.map((p: { validFrom: string; isActive: boolean; monthlyAmount: string }) => [
        p.validFrom,
        p.monthlyAmount,
        p.isActive,
      ]),
    ).toEqual([
      ["2023-01-01", "100.00", true],
      ["2024-01-01", "120.00", false],
    ]);
    // Deleting again changes nothing and logs nothing.
    expect(
      (await t.request("DELETE", `/api/prepayments/${later.body.prepayment.id}`, { cookie }))
        .status,
    ).toBe(200);
    const actions = await t.db
      .selectFrom("userActivities")
      .select("action")
      .where("userId", "=", userId)
      .where("entityType", "=", "prepayment")
      .execute();
    expect(actions.filter((x) => x.action === "deactivated")).toHaveLength(1);
  });

  it("answers 404 for another account's tenant or prepayment and changes nothing", async () => {
    const owner = await setUpTenant();
    const other = await setUpTenant();
    const own = await post(owner.cookie, owner.tenant.id, {
      monthlyAmount: "100",
      validFrom: "2024-01-01",
    });
    const id = own.body.prepayment.id;

    const list = await t.request("GET", `/api/tenants/${owner.tenant.id}/prepayments`, {
      cookie: other.cookie,
    });
    expect(list.status).toBe(404);
    expect((await readJson(list)).error).toMatchObject({
      code: "NOT_FOUND",
      message: "Mieter nicht gefunden",
    });
    expect(
      (
        await post(other.cookie, owner.tenant.id, {
          monthlyAmount: "1",
          validFrom: "2000-01-01",
          validUntil: "2000-02-01",
        })
      ).status,
    ).toBe(404);
    const patch = await t.request("PATCH", `/api/prepayments/${id}`, {
      cookie: other.cookie,
      body: { monthlyAmount: "1" },
    });
    expect(patch.status).toBe(404);
    expect((await readJson(patch)).error.message).toBe("Vorauszahlung nicht gefunden");
    expect(
      (await t.request("DELETE", `/api/prepayments/${id}`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request("DELETE", "/api/prepayments/kein-uuid", { cookie: other.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request("GET", "/api/tenants/kein-uuid/prepayments", { cookie: other.cookie }))
        .status,
    ).toBe(404);

    const rows = await t.db
      .selectFrom("tenantPrepayments")
      .selectAll()
      .where("tenantId", "=", owner.tenant.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ monthlyAmount: "100.00", isActive: true });
  });
});
