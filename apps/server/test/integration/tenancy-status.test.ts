import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@nk/engine";
import { getTodayInGermany } from "@nk/contract";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 23, item 5: a tenant with a move-out date still to come is active, the unit is let, and
// the overview counts active tenants exactly as the plan usage does. Units come in the
// building's order.

describe.each(TEST_DRIVERS)("tenancy status by the dates (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("keeps a tenant moving out in the future active and the unit let; the overview counts what the usage counts", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await insertProperty(t.db, userId, { name: "Lindenhof" });
    const [eg, og, dg] = await Promise.all(
      ["EG links", "1. OG", "DG"].map((name) => insertUnit(t.db, userId, property.id, { name })),
    );
    const today = getTodayInGermany();
    const leaving = await insertTenant(t.db, userId, eg!.id, {
      name: "Anna Alt",
      moveInDate: "2020-01-01",
    });
    await insertTenant(t.db, userId, og!.id, { name: "Bernd Berg", moveInDate: "2021-01-01" });
    await insertTenant(t.db, userId, dg!.id, {
      name: "Carla Clausen",
      moveInDate: "2019-01-01",
      moveOutDate: "2022-12-31",
    });

    // 'Als ausgezogen markieren' with a date after today.
    const moveOutDate = addDays(today, 30);
    const moved = await t.request("POST", `/api/tenants/${leaving.id}/move-out`, {
      cookie,
      body: { moveOutDate },
    });
    expect(moved.status).toBe(200);
    expect(await readJson(moved)).toMatchObject({ isActive: true, moveOutDate });

    const tenants = (await readJson(await t.request("GET", "/api/tenants", { cookie }))) as {
      name: string;
      isActive: boolean;
    }[];
    expect(tenants.map((tenant) => [tenant.name, tenant.isActive]).sort()).toEqual([
      ["Anna Alt", true],
      ["Bernd Berg", true],
      ["Carla Clausen", false],
    ]);
    const [withUnits] = (await readJson(await t.request("GET", "/api/properties", { cookie }))) as {
      units: { name: string; activeTenantCount: number }[];
    }[];
    expect(withUnits!.units.map((unit) => [unit.name, unit.activeTenantCount])).toEqual([
      ["EG links", 1],
      ["1. OG", 1],
      ["DG", 0],
    ]);
    const dashboard = await readJson(await t.request("GET", "/api/dashboard", { cookie }));
    const me = await readJson(await t.request("GET", "/api/me", { cookie }));
    expect(dashboard.counters.activeTenants).toBe(2);
    expect(me.usage.currentTenants).toBe(2);

    // Moved out in the past: not active, the unit empty, both counters agree.
    const past = await t.request("POST", `/api/tenants/${leaving.id}/move-out`, {
      cookie,
      body: { moveOutDate: "2024-06-30" },
    });
    expect(await readJson(past)).toMatchObject({ isActive: false, moveOutDate: "2024-06-30" });
    const after = await readJson(await t.request("GET", "/api/dashboard", { cookie }));
    expect(after.counters.activeTenants).toBe(1);
    expect(
      (await readJson(await t.request("GET", "/api/me", { cookie }))).usage.currentTenants,
    ).toBe(1);
  });

  it("answers the units of a property in the building's order", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await insertProperty(t.db, userId, { name: "Eckhaus" });
    for (const name of ["DG", "2. OG", "1. OG rechts", "EG", "1. OG links", "KG"])
      await insertUnit(t.db, userId, property.id, { name });
    const units = (await readJson(
      await t.request("GET", `/api/properties/${property.id}/units`, { cookie }),
    )) as { name: string }[];
    expect(units.map((unit) => unit.name)).toEqual([
      "KG",
      "EG",
      "1. OG links",
      "1. OG rechts",
      "2. OG",
      "DG",
    ]);
  });
});
