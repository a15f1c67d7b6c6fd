import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// POST /api/onboarding (the setup wizard, docs/rules/master-data.md#screens, docs/rules/master-data.md#validation) and the
// overview it feeds (GET /api/dashboard).

const PROPERTY = {
  name: "Wohnpark Süd",
  street: "Hauptstraße",
  houseNumber: "5",
  addressAddition: "",
  postalCode: "80331",
  city: "München",
  state: "Bayern",
  country: "Deutschland",
  propertyType: "Wohnungseigentümergemeinschaft (WEG)",
};

const UNITS = [
  { name: "Whg. 1", area: "54.30", persons: 1, hasDecentralizedHotWater: false },
  { name: "Whg. 2", area: 71.25, persons: 3, hasDecentralizedHotWater: true },
  { name: "Whg. 3", area: "0.45", persons: "2" },
];

describe.each(TEST_DRIVERS)("POST /api/onboarding and the dashboard (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function countRows(userId: string) {
    const properties = await t.db
      .selectFrom("properties")
      .select("id")
      .where("userId", "=", userId)
      .execute();
    const units = await t.db
      .selectFrom("units")
      .select("id")
      .where("userId", "=", userId)
      .execute();
    return { properties: properties.length, units: units.length };
  }

  it("creates the property with all its units, logs each, and the dashboard counts and lists them", async () => {
    const { cookie, userId } = await t.signUp();
    const response = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: PROPERTY, units: UNITS },
    });
    expect(response.status).toBe(201);
    const property = await readJson(response);
    expect(property).toMatchObject({
      name: "Wohnpark Süd",
      address: "Hauptstraße 5, 80331 München, Bayern, Deutschland",
      propertyType: "Wohnungseigentümergemeinschaft (WEG)",
      unitCount: 3,
      totalArea: "126.00",
    });
    expect(
      property.units.map(
        (u: { name: string; area: string; persons: number; hasDecentralizedHotWater: boolean }) => [
          u.name,
          u.area,
          u.persons,
          u.hasDecentralizedHotWater,
        ],
      ),
    ).toEqual([
      ["Whg. 1", "54.30", 1, false],
      ["Whg. 2", "71.25", 3, true],
      ["Whg. 3", "0.45", 2, false],
    ]);

    const dashboard = await readJson(await t.request("GET", "/api/dashboard", { cookie }));
    expect(dashboard.counters).toEqual({
      properties: 1,
      units: 3,
      activeTenants: 0,
      pendingStatements: 0,
    });
    expect(
      dashboard.recentActivities
        .slice(0, 4)
        .map((a: { entityType: string; action: string; description: string }) => [
          a.entityType,
          a.action,
          a.description,
        ]),
    ).toEqual([
      ["property", "created", "Immobilie erstellt: Wohnpark Süd"],
      ["unit", "created", "Wohneinheit erstellt: Whg. 3 (Wohnpark Süd)"],
      ["unit", "created", "Wohneinheit erstellt: Whg. 2 (Wohnpark Süd)"],
      ["unit", "created", "Wohneinheit erstellt: Whg. 1 (Wohnpark Süd)"],
    ]);
    expect(dashboard.recentActivities[0]).toMatchObject({
      entityId: property.id,
      entityName: "Wohnpark Süd",
      metadata: {
        source: "onboarding",
        unitCount: 3,
        propertyType: "Wohnungseigentümergemeinschaft (WEG)",
      },
    });

    const me = await readJson(await t.request("GET", "/api/me", { cookie }));
    expect(me.usage).toMatchObject({ currentProperties: 1, currentUnits: 3 });
    expect(await countRows(userId)).toEqual({ properties: 1, units: 3 });
  });

  it("stores the efficiency class chosen in the wizard, dated today, and refuses an unknown one (issue 27)", async () => {
    const { cookie } = await t.signUp();
    const response = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: { ...PROPERTY, efficiencyClass: "C" }, units: UNITS },
    });
    expect(response.status).toBe(201);
    const property = await readJson(response);
    expect(property.efficiencyClass).toBe("C");
    expect(property.efficiencyDeterminedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const other = await t.signUp();
    const wrong = await t.request("POST", "/api/onboarding", {
      cookie: other.cookie,
      body: { property: { ...PROPERTY, efficiencyClass: "K" }, units: UNITS },
    });
    expect(wrong.status).toBe(400);
    expect((await readJson(wrong)).error.fields).toEqual({
      "property.efficiencyClass": "Ungültige Effizienzklasse",
    });
  });

  it("lists at most 8 recent activities on the dashboard, newest first", async () => {
    const { cookie, userId } = await t.signUp();
    await t.db
      .updateTable("subscriptions")
      .set({ plan: "professional", status: "active" })
      .where("userId", "=", userId)
      .execute();
    const units = Array.from({ length: 9 }, (_, i) => ({
      name: `Einheit ${i + 1}`,
      area: 40,
      persons: 1,
    }));
    expect(
      (await t.request("POST", "/api/onboarding", { cookie, body: { property: PROPERTY, units } }))
        .status,
    ).toBe(201);
    const dashboard = await readJson(await t.request("GET", "/api/dashboard", { cookie }));
    expect(dashboard.recentActivities).toHaveLength(8);
    expect(dashboard.recentActivities[0].entityType).toBe("property");
    expect(dashboard.recentActivities[1].entityName).toBe("Einheit 9");
    expect(dashboard.counters).toMatchObject({ properties: 1, units: 9 });
  });

  it("reports the wizard's messages per step and creates nothing", async () => {
    const { cookie, userId } = await t.signUp();
    const empty = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: { ...PROPERTY, name: " ", postalCode: "8033" }, units: [] },
    });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).error.fields).toEqual({
      "property.name": "Name ist erforderlich",
      "property.postalCode": "Postleitzahl muss 5 Ziffern haben",
      units: "Mindestens eine Wohneinheit ist erforderlich",
    });

    const badUnits = await t.request("POST", "/api/onboarding", {
      cookie,
      body: {
        property: PROPERTY,
        units: [UNITS[0], { name: "", area: 0, persons: 0 }, { name: "X", area: "-1", persons: 1 }],
      },
    });
    expect(badUnits.status).toBe(400);
    expect((await readJson(badUnits)).error.fields).toEqual({
      "units.1.name": "Name ist erforderlich",
      "units.1.area": "Fläche muss größer als 0 sein",
      "units.1.persons": "Personenanzahl muss größer als 0 sein",
      "units.2.area": "Fläche muss größer als 0 sein",
    });

    const missing = await t.request("POST", "/api/onboarding", { cookie, body: {} });
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).error.fields.units).toBe(
      "Mindestens eine Wohneinheit ist erforderlich",
    );
    expect(await countRows(userId)).toEqual({ properties: 0, units: 0 });
  });

  it("answers 403 LIMIT_REACHED for more units than the plan allows and creates nothing, not even the property", async () => {
    const { cookie, userId } = await t.signUp();
    const units = [...UNITS, { name: "Whg. 4", area: 30, persons: 1 }];
    const response = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: PROPERTY, units },
    });
    expect(response.status).toBe(403);
    expect(await readJson(response)).toMatchObject({
      error: {
        code: "LIMIT_REACHED",
        message: "Sie haben das Limit von 3 Wohneinheiten erreicht.",
        title: "Limit erreicht",
        limit: 3,
      },
    });
    expect(await countRows(userId)).toEqual({ properties: 0, units: 0 });
    const activities = await t.db
      .selectFrom("userActivities")
      .select("id")
      .where("userId", "=", userId)
      .where("entityType", "in", ["property", "unit"])
      .execute();
    expect(activities).toHaveLength(0);
  });

  it("counts existing units and properties against the limits", async () => {
    const { cookie, userId } = await t.signUp();
    expect(
      (
        await t.request("POST", "/api/onboarding", {
          cookie,
          body: { property: PROPERTY, units: UNITS.slice(0, 1) },
        })
      ).status,
    ).toBe(201);
    const second = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: PROPERTY, units: UNITS.slice(0, 1) },
    });
    expect(second.status).toBe(403);
    expect((await readJson(second)).error.message).toBe(
      "Sie haben das Limit von 1 Immobilien erreicht.",
    );

    // Starter: 2 properties, 3 units. One unit exists, so 3 more are one too many.
    await t.db
      .updateTable("subscriptions")
      .set({ plan: "starter", status: "active" })
      .where("userId", "=", userId)
      .execute();
    const tooMany = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: PROPERTY, units: UNITS },
    });
    expect(tooMany.status).toBe(403);
    expect((await readJson(tooMany)).error.message).toBe(
      "Sie haben das Limit von 3 Wohneinheiten erreicht.",
    );
    expect(await countRows(userId)).toEqual({ properties: 1, units: 1 });
    const fits = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: PROPERTY, units: UNITS.slice(0, 2) },
    });
    expect(fits.status).toBe(201);
    expect(await countRows(userId)).toEqual({ properties: 2, units: 3 });
  });

  it("rolls everything back when a unit cannot be stored (all or nothing)", async () => {
    const { cookie, userId } = await t.signUp();
    // A database-side failure on the last unit, after the property and the first units were written.
    await sql`create function fail_on_unit_name() returns trigger language plpgsql as $$
      begin if new.name = 'Kaputt' then raise exception 'unit refused'; end if; return new; end $$`.execute(
      t.db,
    );
    await sql`create trigger units_fail_test before insert on units for each row execute function fail_on_unit_name()`.execute(
      t.db,
    );
    try {
      const response = await t.request("POST", "/api/onboarding", {
        cookie,
        body: { property: PROPERTY, units: [UNITS[0], { name: "Kaputt", area: 10, persons: 1 }] },
      });
      expect(response.status).toBe(500);
      expect((await readJson(response)).error.code).toBe("DATABASE_ERROR");
    } finally {
      await sql`drop trigger units_fail_test on units`.execute(t.db);
      await sql`drop function fail_on_unit_name()`.execute(t.db);
    }
    expect(await countRows(userId)).toEqual({ properties: 0, units: 0 });
    const activities = await t.db
      .selectFrom("userActivities")
      .select("id")
      .where("userId", "=", userId)
      .where("entityType", "in", ["property", "unit"])
      .execute();
    expect(activities).toHaveLength(0);
  });
});
