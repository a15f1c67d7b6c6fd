import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStatement, insertTenant } from "../support/fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { getTodayInGermany } from "@nk/contract";

// /api/properties and its units: docs/rules/master-data.md#entities, docs/rules/master-data.md#validation, docs/rules/master-data.md#messages, docs/rules/master-data.md#constants.

const NEW_PROPERTY = {
  name: "  Haus am Park ",
  street: "Parkstraße",
  houseNumber: "12a",
  addressAddition: "Hinterhaus",
  postalCode: "33602",
  city: "Bielefeld",
  state: "Nordrhein-Westfalen",
  country: "Deutschland",
  propertyType: "Mehrfamilienhaus",
};

const EDIT = {
  name: "Haus am See",
  street: "Seeweg",
  houseNumber: "3",
  addressAddition: "",
  postalCode: "10115",
  city: "Berlin",
  state: "Berlin",
  country: "Deutschland",
};

const MISSING_UUID = "00000000-0000-4000-8000-000000000000";

describe.each(TEST_DRIVERS)("properties and units (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setPlan(userId: string, plan: string) {
    await t.db
      .updateTable("subscriptions")
      .set({ plan, status: "active" })
      .where("userId", "=", userId)
      .execute();
  }

  async function createProperty(cookie: string, overrides: Record<string, unknown> = {}) {
    const response = await t.request("POST", "/api/properties", {
      cookie,
      body: { ...NEW_PROPERTY, ...overrides },
    });
    expect(response.status).toBe(201);
    return readJson(response);
  }

  async function createUnit(cookie: string, propertyId: string, body: Record<string, unknown>) {
    const response = await t.request("POST", `/api/properties/${propertyId}/units`, {
      cookie,
      body,
    });
    expect(response.status).toBe(201);
    return readJson(response);
  }

  async function listActivities(userId: string) {
    return t.db
      .selectFrom("userActivities")
      .select(["action", "entityType", "entityId", "entityName", "description", "metadata"])
      .where("userId", "=", userId)
      .where("entityType", "in", ["property", "unit"])
      .orderBy("createdAt", "desc")
      .orderBy("seq", "desc")
      .execute();
  }

  it("answers 401 without a session on every route", async () => {
    for (const [method, url] of [
      ["GET", "/api/properties"],
      ["POST", "/api/properties"],
      ["GET", `/api/properties/${MISSING_UUID}`],
      ["PATCH", `/api/properties/${MISSING_UUID}`],
      ["DELETE", `/api/properties/${MISSING_UUID}`],
      ["GET", `/api/properties/${MISSING_UUID}/units`],
      ["POST", `/api/properties/${MISSING_UUID}/units`],
      ["PATCH", `/api/units/${MISSING_UUID}`],
      ["DELETE", `/api/units/${MISSING_UUID}`],
      ["POST", "/api/onboarding"],
    ] as const) {
      const response = await t.request(method, url, {
        body: method === "POST" || method === "PATCH" ? {} : undefined,
      });
      expect(response.status, `${method} ${url}`).toBe(401);
    }
  });

  it("lists every route of the area in the OpenAPI document", async () => {
    const doc = await readJson(await t.request("GET", "/api/openapi.json"));
    for (const path of [
      "/api/properties",
      "/api/properties/{id}",
      "/api/properties/{id}/units",
      "/api/units/{id}",
      "/api/onboarding",
    ]) {
      expect(doc.paths?.[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths["/api/properties/{id}"])).toEqual(
      expect.arrayContaining(["get", "patch", "delete"]),
    );
  });

  it("creates a property with the joined address, trimmed values and an activity entry", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    expect(property).toMatchObject({
      name: "Haus am Park",
      street: "Parkstraße",
      houseNumber: "12a",
      addressAddition: "Hinterhaus",
      postalCode: "33602",
      city: "Bielefeld",
      state: "Nordrhein-Westfalen",
      country: "Deutschland",
      address: "Parkstraße 12a, Hinterhaus, 33602 Bielefeld, Nordrhein-Westfalen, Deutschland",
      propertyType: "Mehrfamilienhaus",
      efficiencyClass: null,
      efficiencyDeterminedDate: null,
      efficiencyDeterminationMethod: null,
      heatingFuel: null,
      units: [],
      unitCount: 0,
      totalArea: "0.00",
    });
    expect(property.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(property.createdAt))).toBe(false);

    const [activity] = await listActivities(userId);
    expect(activity).toMatchObject({
      action: "created",
      entityType: "property",
      entityId: property.id,
      entityName: "Haus am Park",
      description: "Immobilie erstellt: Haus am Park",
      metadata: { address: property.address, propertyType: "Mehrfamilienhaus", source: "form" },
    });
  });

  it("skips empty address parts when joining and stores empty optionals as null", async () => {
    const { cookie } = await t.signUp();
    const property = await createProperty(cookie, { addressAddition: "  ", state: "" });
    expect(property.address).toBe("Parkstraße 12a, 33602 Bielefeld, Deutschland");
    expect(property.addressAddition).toBeNull();
    expect(property.state).toBeNull();
  });

  it("rejects a property without the required fields, with every field's German message", async () => {
    const { cookie, userId } = await t.signUp();
    const response = await t.request("POST", "/api/properties", {
      cookie,
      body: {
        name: " ",
        street: "",
        houseNumber: " ",
        postalCode: "",
        city: "",
        country: "",
        propertyType: "",
      },
    });
    expect(response.status).toBe(400);
    const { error } = await readJson(response);
    expect(error.code).toBe("VALIDATION");
    expect(error.fields).toEqual({
      name: "Name der Immobilie ist erforderlich",
      street: "Straße ist erforderlich",
      houseNumber: "Hausnummer ist erforderlich",
      postalCode: "Postleitzahl ist erforderlich",
      city: "Stadt ist erforderlich",
      country: "Land ist erforderlich",
      propertyType: "Immobilientyp ist erforderlich",
    });
    const rows = await t.db
      .selectFrom("properties")
      .select("id")
      .where("userId", "=", userId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("requires 5 digits as the postal code in Germany and a state the country offers", async () => {
    const { cookie } = await t.signUp();
    for (const postalCode of ["1234", "123456", "12a45", "12 345"]) {
      const response = await t.request("POST", "/api/properties", {
        cookie,
        body: { ...NEW_PROPERTY, postalCode },
      });
      expect(response.status, postalCode).toBe(400);
      expect((await readJson(response)).error.fields).toEqual({
        postalCode: "Postleitzahl muss 5 Ziffern haben",
      });
    }
    const badState = await t.request("POST", "/api/properties", {
      cookie,
      body: { ...NEW_PROPERTY, state: "Andere Region" },
    });
    expect((await readJson(badState)).error.fields).toEqual({ state: "Ungültiges Bundesland" });
    const badCountry = await t.request("POST", "/api/properties", {
      cookie,
      body: { ...NEW_PROPERTY, country: "Frankreich", state: null },
    });
    expect((await readJson(badCountry)).error.fields).toEqual({ country: "Ungültiges Land" });
    const badType = await t.request("POST", "/api/properties", {
      cookie,
      body: { ...NEW_PROPERTY, propertyType: "Schloss" },
    });
    expect((await readJson(badType)).error.fields).toEqual({
      propertyType: "Ungültiger Immobilientyp",
    });
  });

  it("enforces the plan's property limit with 403 LIMIT_REACHED and creates nothing", async () => {
    const { cookie, userId } = await t.signUp();
    await createProperty(cookie);
    const response = await t.request("POST", "/api/properties", { cookie, body: NEW_PROPERTY });
    expect(response.status).toBe(403);
    expect(await readJson(response)).toMatchObject({
      error: {
        code: "LIMIT_REACHED",
        message: "Sie haben das Limit von 1 Immobilien erreicht.",
        title: "Limit erreicht",
        limit: 1,
      },
    });
    await setPlan(userId, "starter");
    await createProperty(cookie);
    const third = await t.request("POST", "/api/properties", { cookie, body: NEW_PROPERTY });
    expect(third.status).toBe(403);
    expect((await readJson(third)).error.message).toBe(
      "Sie haben das Limit von 2 Immobilien erreicht.",
    );
    const rows = await t.db
      .selectFrom("properties")
      .select("id")
      .where("userId", "=", userId)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it("lets only one of two simultaneous creations take the last free slot", async () => {
    const { cookie, userId } = await t.signUp();
    const responses = await Promise.all([
      t.request("POST", "/api/properties", { cookie, body: NEW_PROPERTY }),
      t.request("POST", "/api/properties", { cookie, body: NEW_PROPERTY }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 403]);
    const rows = await t.db
      .selectFrom("properties")
      .select("id")
      .where("userId", "=", userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("denies creation after the trial has expired", async () => {
    const { cookie, userId } = await t.signUp();
    await t.db
      .updateTable("subscriptions")
      .set({ trialEndDate: new Date(Date.now() - 60_000) })
      .where("userId", "=", userId)
      .execute();
    const response = await t.request("POST", "/api/properties", { cookie, body: NEW_PROPERTY });
    expect(response.status).toBe(403);
    expect((await readJson(response)).error.code).toBe("LIMIT_REACHED");
  });

  it("lists the properties newest first with their units in the building's order, unit count, exact total area and active tenants", async () => {
    const { cookie, userId } = await t.signUp();
    await setPlan(userId, "professional");
    const older = await createProperty(cookie, { name: "Altbau" });
    const newer = await createProperty(cookie, { name: "Neubau" });
    const b = await createUnit(cookie, older.id, { name: "OG", area: "40.10", persons: 1 });
    const a = await createUnit(cookie, older.id, { name: "EG", area: 62.55, persons: "2" });
    await createUnit(cookie, older.id, {
      name: "DG",
      area: "0.1",
      persons: 1,
      hasDecentralizedHotWater: true,
    });
    await insertTenant(t.db, userId, a.id, { name: "Aktiv" });
    await insertTenant(t.db, userId, a.id, { name: "Aktiv 2" });
    await insertTenant(t.db, userId, b.id, {
      name: "Ausgezogen",
      isActive: false,
      moveOutDate: "2023-06-30",
    });

    const response = await t.request("GET", "/api/properties", { cookie });
    expect(response.status).toBe(200);
    const list = await readJson(response);
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Neubau", "Altbau"]);
    expect(list[0]).toMatchObject({ id: newer.id, units: [], unitCount: 0, totalArea: "0.00" });
    expect(list[1]).toMatchObject({ unitCount: 3, totalArea: "102.75" });
    expect(
      list[1].units.map(
        (u: {
          name: string;
          area: string;
          persons: number;
          activeTenantCount: number;
          hasDecentralizedHotWater: boolean;
        }) => [u.name, u.area, u.persons, u.activeTenantCount, u.hasDecentralizedHotWater],
      ),
    ).toEqual([
      ["EG", "62.55", 2, 2, false],
      ["OG", "40.10", 1, 0, false],
      ["DG", "0.10", 1, 0, true],
    ]);
    // The listed timestamps are the rows' own, to the millisecond.
    const stored = await t.db
      .selectFrom("units")
      .select(["name", "createdAt", "updatedAt"])
      .where("propertyId", "=", older.id)
      .execute();
    for (const unit of list[1].units as { name: string; createdAt: string; updatedAt: string }[]) {
      const row = stored.find((candidate) => candidate.name === unit.name);
      expect([unit.createdAt, unit.updatedAt], unit.name).toEqual([
        row?.createdAt.toISOString(),
        row?.updatedAt.toISOString(),
      ]);
    }

    const one = await readJson(await t.request("GET", `/api/properties/${older.id}`, { cookie }));
    expect(one).toEqual(list[1]);
    const units = await readJson(
      await t.request("GET", `/api/properties/${older.id}/units`, { cookie }),
    );
    expect(units).toEqual(list[1].units);
  });

  it("answers 404 'Immobilie nicht gefunden' for unknown and malformed ids", async () => {
    const { cookie } = await t.signUp();
    for (const id of [MISSING_UUID, "nicht-eine-id", "1"]) {
      const response = await t.request("GET", `/api/properties/${id}`, { cookie });
      expect(response.status).toBe(404);
      expect(await readJson(response)).toMatchObject({
        error: { code: "NOT_FOUND", message: "Immobilie nicht gefunden" },
      });
    }
    const unit = await t.request("PATCH", `/api/units/kaputt`, {
      cookie,
      body: { name: "X", area: 1, persons: 1 },
    });
    expect(unit.status).toBe(404);
    expect((await readJson(unit)).error.message).toBe("Wohneinheit nicht gefunden");
  });

  it("updates name and address, re-joins the address and logs the changed fields", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    const response = await t.request("PATCH", `/api/properties/${property.id}`, {
      cookie,
      body: EDIT,
    });
    expect(response.status).toBe(200);
    const updated = await readJson(response);
    expect(updated).toMatchObject({
      name: "Haus am See",
      address: "Seeweg 3, 10115 Berlin, Berlin, Deutschland",
      addressAddition: null,
      propertyType: "Mehrfamilienhaus",
      createdAt: property.createdAt,
    });
    const [activity] = await listActivities(userId);
    expect(activity).toMatchObject({
      action: "updated",
      entityType: "property",
      entityId: property.id,
      description: "Immobilie aktualisiert: Haus am See",
    });
    expect(activity!.metadata!.changedFields).toEqual(
      expect.arrayContaining([
        "name",
        "street",
        "houseNumber",
        "addressAddition",
        "postalCode",
        "city",
        "state",
        "address",
      ]),
    );
    expect((activity!.metadata!.changes as Record<string, unknown>).name).toEqual({
      from: "Haus am Park",
      to: "Haus am See",
    });
  });

  it("requires name and address on update", async () => {
    const { cookie } = await t.signUp();
    const property = await createProperty(cookie);
    const response = await t.request("PATCH", `/api/properties/${property.id}`, {
      cookie,
      body: { ...EDIT, name: "", street: " ", postalCode: "123" },
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).error.fields).toEqual({
      name: "Name ist erforderlich",
      street: "Straße ist erforderlich",
      postalCode: "Postleitzahl muss 5 Ziffern haben",
    });
    const stored = await readJson(
      await t.request("GET", `/api/properties/${property.id}`, { cookie }),
    );
    expect(stored.name).toBe("Haus am Park");
  });

  it("stores the heating fuel given at creation, keeps it when left out, clears it with empty text and refuses an unknown one (decision 1620)", async () => {
    const { cookie } = await t.signUp();
    const created = await t.request("POST", "/api/properties", {
      cookie,
      body: {
        name: "Rosenhof",
        street: "Rosenweg",
        houseNumber: "12",
        postalCode: "33602",
        city: "Bielefeld",
        country: "Deutschland",
        propertyType: "Mehrfamilienhaus",
        heatingFuel: "gas",
      },
    });
    expect(created.status).toBe(201);
    const property = await readJson(created);
    expect(property.heatingFuel).toBe("gas");
    expect(
      (await readJson(await t.request("GET", `/api/properties/${property.id}`, { cookie })))
        .heatingFuel,
    ).toBe("gas");

    const untouched = await readJson(
      await t.request("PATCH", `/api/properties/${property.id}`, { cookie, body: EDIT }),
    );
    expect(untouched.heatingFuel).toBe("gas");
    const changed = await readJson(
      await t.request("PATCH", `/api/properties/${property.id}`, {
        cookie,
        body: { ...EDIT, heatingFuel: "district_heating" },
      }),
    );
    expect(changed.heatingFuel).toBe("district_heating");
    const cleared = await readJson(
      await t.request("PATCH", `/api/properties/${property.id}`, {
        cookie,
        body: { ...EDIT, heatingFuel: "" },
      }),
    );
    expect(cleared.heatingFuel).toBeNull();

    const invalid = await t.request("PATCH", `/api/properties/${property.id}`, {
      cookie,
      body: { ...EDIT, heatingFuel: "Erdgas" },
    });
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).error.fields).toEqual({
      heatingFuel: "Ungültiger Energieträger",
    });
    expect(
      (await readJson(await t.request("GET", `/api/properties/${property.id}`, { cookie })))
        .heatingFuel,
    ).toBeNull();
  });

  it("sets the efficiency class with date and method: choosing sets today, clearing empties both", async () => {
    const { cookie } = await t.signUp();
    const property = await createProperty(cookie);
    const chosen = await readJson(
      await t.request("PATCH", `/api/properties/${property.id}`, {
        cookie,
        body: { ...EDIT, efficiencyClass: "C" },
      }),
    );
    expect(chosen).toMatchObject({
      efficiencyClass: "C",
      efficiencyDeterminedDate: getTodayInGermany(),
      efficiencyDeterminationMethod: null,
    });

    const withDetails = await readJson(
      await t.request("PATCH", `/api/properties/${property.id}`, {
        cookie,
        body: {
          ...EDIT,
          efficiencyClass: "J",
          efficiencyDeterminedDate: "2024-03-15",
          efficiencyDeterminationMethod: "energieausweis",
        },
      }),
    );
    expect(withDetails).toMatchObject({
      efficiencyClass: "J",
      efficiencyDeterminedDate: "2024-03-15",
      efficiencyDeterminationMethod: "energieausweis",
    });

    // Left out: unchanged.
    const untouched = await readJson(
      await t.request("PATCH", `/api/properties/${property.id}`, { cookie, body: EDIT }),
    );
    expect(untouched).toMatchObject({
      efficiencyClass: "J",
      efficiencyDeterminedDate: "2024-03-15",
      efficiencyDeterminationMethod: "energieausweis",
    });

    const cleared = await readJson(
      await t.request("PATCH", `/api/properties/${property.id}`, {
        cookie,
        body: {
          ...EDIT,
          efficiencyClass: null,
          efficiencyDeterminedDate: "2024-03-15",
          efficiencyDeterminationMethod: "messung",
        },
      }),
    );
    expect(cleared).toMatchObject({
      efficiencyClass: null,
      efficiencyDeterminedDate: null,
      efficiencyDeterminationMethod: null,
    });

    const invalid = await t.request("PATCH", `/api/properties/${property.id}`, {
      cookie,
      body: {
        ...EDIT,
        efficiencyClass: "K",
        efficiencyDeterminedDate: "2024-02-30",
        efficiencyDeterminationMethod: "raten",
      },
    });
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).error.fields).toEqual({
      efficiencyClass: "Ungültige Effizienzklasse",
      efficiencyDeterminedDate: "Ungültiges Datum",
      efficiencyDeterminationMethod: "Ungültige Ermittlungsmethode",
    });
  });

  it("deletes a property with its units, their former tenants and meters, and logs every deletion", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    const unitA = await createUnit(cookie, property.id, { name: "EG", area: "50", persons: 2 });
    const unitB = await createUnit(cookie, property.id, { name: "OG", area: "60", persons: 1 });
    // An active tenant would block it (issue 26); a tenant who moved out goes with the property.
    await insertTenant(t.db, userId, unitA.id, {
      moveInDate: "2020-01-01",
      moveOutDate: "2022-12-31",
      isActive: false,
    });
    await t.db
      .insertInto("meters")
      .values({
        userId,
        propertyId: property.id,
        unitId: unitB.id,
        meterNumber: "WZ-1",
        meterType: "Kaltwasser",
        location: null,
        displayName: null,
        updatedAt: new Date(),
      })
      .execute();

    const response = await t.request("DELETE", `/api/properties/${property.id}`, { cookie });
    expect(response.status).toBe(204);
    for (const table of ["properties", "units", "tenants", "meters"] as const) {
      const rows = await t.db.selectFrom(table).select("id").where("userId", "=", userId).execute();
      expect(rows, table).toHaveLength(0);
    }
    const activities = await listActivities(userId);
    expect(activities.slice(0, 3).map((a) => [a.entityType, a.action, a.entityName])).toEqual([
      ["property", "deleted", "Haus am Park"],
      ["unit", "deleted", "OG"],
      ["unit", "deleted", "EG"],
    ]);
    expect(activities[0]!.metadata).toMatchObject({ unitCount: 2, activeTenantCount: 0 });
    expect(activities[1]!.description).toBe("Wohneinheit gelöscht: OG (Haus am Park)");
    expect((await t.request("GET", `/api/properties/${property.id}`, { cookie })).status).toBe(404);
  });

  it("refuses to delete a property that has statements (409) and keeps everything", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    const unit = await createUnit(cookie, property.id, { name: "EG", area: "50", persons: 2 });
    await insertStatement(t.db, userId, property.id, unit.id);
    const response = await t.request("DELETE", `/api/properties/${property.id}`, { cookie });
    expect(response.status).toBe(409);
    expect(await readJson(response)).toMatchObject({
      error: {
        code: "CONFLICT",
        message: "Immobilie kann nicht gelöscht werden: Es existieren bereits Abrechnungen",
      },
    });
    const units = await t.db
      .selectFrom("units")
      .select("id")
      .where("propertyId", "=", property.id)
      .execute();
    expect(units).toHaveLength(1);
    expect((await listActivities(userId))[0]!.action).toBe("created");
  });

  it("creates units with German validation messages and the unit limit of the plan", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    const unit = await createUnit(cookie, property.id, {
      name: " EG links ",
      area: "62.5",
      persons: 2,
    });
    expect(unit).toMatchObject({
      propertyId: property.id,
      name: "EG links",
      area: "62.50",
      persons: 2,
      hasDecentralizedHotWater: false,
      activeTenantCount: 0,
    });
    const [activity] = await listActivities(userId);
    expect(activity).toMatchObject({
      action: "created",
      entityType: "unit",
      entityId: unit.id,
      description: "Wohneinheit erstellt: EG links (Haus am Park)",
      metadata: {
        propertyId: property.id,
        propertyName: "Haus am Park",
        area: "62.50",
        persons: 2,
      },
    });

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {},
        {
          name: "Name ist erforderlich",
          area: "Fläche ist erforderlich",
          persons: "Personenanzahl ist erforderlich",
        },
      ],
      [
        { name: "X", area: 0, persons: 0 },
        { area: "Fläche muss größer als 0 sein", persons: "Personenanzahl muss größer als 0 sein" },
      ],
      [
        { name: "X", area: "-5", persons: -1 },
        { area: "Fläche muss größer als 0 sein", persons: "Personenanzahl muss größer als 0 sein" },
      ],
      [
        { name: "X", area: "abc", persons: 1.5 },
        { area: "Fläche muss eine Zahl sein", persons: "Personenanzahl muss eine ganze Zahl sein" },
      ],
      [
        { name: "X", area: "10.123", persons: 1 },
        { area: "Fläche darf höchstens 2 Nachkommastellen haben" },
      ],
      [
        { name: "X", area: "", persons: "" },
        { area: "Fläche ist erforderlich", persons: "Personenanzahl ist erforderlich" },
      ],
      [
        { name: "X", area: 10, persons: 1, hasDecentralizedHotWater: "ja" },
        { hasDecentralizedHotWater: "Ungültiger Wert" },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await t.request("POST", `/api/properties/${property.id}/units`, {
        cookie,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(response)).error.fields, JSON.stringify(body)).toEqual(fields);
    }

    await createUnit(cookie, property.id, { name: "EG rechts", area: 50, persons: 1 });
    await createUnit(cookie, property.id, { name: "OG", area: 50, persons: 1 });
    const fourth = await t.request("POST", `/api/properties/${property.id}/units`, {
      cookie,
      body: { name: "DG", area: 30, persons: 1 },
    });
    expect(fourth.status).toBe(403);
    expect(await readJson(fourth)).toMatchObject({
      error: {
        code: "LIMIT_REACHED",
        message: "Sie haben das Limit von 3 Wohneinheiten erreicht.",
        title: "Limit erreicht",
        limit: 3,
      },
    });
    const rows = await t.db.selectFrom("units").select("id").where("userId", "=", userId).execute();
    expect(rows).toHaveLength(3);

    await setPlan(userId, "enterprise_plus");
    await createUnit(cookie, property.id, { name: "DG", area: 30, persons: 1 });
  });

  it("updates a unit, keeps a left-out hot-water flag and logs the changes", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    const unit = await createUnit(cookie, property.id, {
      name: "EG",
      area: "62.50",
      persons: 2,
      hasDecentralizedHotWater: true,
    });
    const response = await t.request("PATCH", `/api/units/${unit.id}`, {
      cookie,
      body: { name: "EG links", area: 70, persons: 3 },
    });
    expect(response.status).toBe(200);
    const updated = await readJson(response);
    expect(updated).toMatchObject({
      id: unit.id,
      name: "EG links",
      area: "70.00",
      persons: 3,
      hasDecentralizedHotWater: true,
      createdAt: unit.createdAt,
    });
    const [activity] = await listActivities(userId);
    expect(activity).toMatchObject({
      action: "updated",
      entityType: "unit",
      entityId: unit.id,
      description: "Wohneinheit aktualisiert: EG links (Haus am Park)",
    });
    expect(activity!.metadata!.changes).toEqual({
      name: { from: "EG", to: "EG links" },
      area: { from: "62.50", to: "70.00" },
      persons: { from: 2, to: 3 },
    });

    const off = await readJson(
      await t.request("PATCH", `/api/units/${unit.id}`, {
        cookie,
        body: { name: "EG links", area: 70, persons: 3, hasDecentralizedHotWater: false },
      }),
    );
    expect(off.hasDecentralizedHotWater).toBe(false);

    const invalid = await t.request("PATCH", `/api/units/${unit.id}`, {
      cookie,
      body: { name: "", area: 0, persons: 0 },
    });
    expect(invalid.status).toBe(400);
    expect((await readJson(invalid)).error.fields).toEqual({
      name: "Name ist erforderlich",
      area: "Fläche muss größer als 0 sein",
      persons: "Personenanzahl muss größer als 0 sein",
    });
  });

  it("refuses to delete a unit with an active tenant (409); deletes one whose tenants moved out", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await createProperty(cookie);
    const occupied = await createUnit(cookie, property.id, { name: "EG", area: 50, persons: 2 });
    const vacated = await createUnit(cookie, property.id, { name: "OG", area: 50, persons: 2 });
    await insertTenant(t.db, userId, occupied.id);
    const formerTenant = await insertTenant(t.db, userId, vacated.id, {
      isActive: false,
      moveOutDate: "2024-01-31",
    });

    const blocked = await t.request("DELETE", `/api/units/${occupied.id}`, { cookie });
    expect(blocked.status).toBe(409);
    expect(await readJson(blocked)).toMatchObject({
      error: {
        code: "CONFLICT",
        message: "Wohneinheit kann nicht gelöscht werden: Es gibt noch aktive Mieter",
      },
    });

    const deleted = await t.request("DELETE", `/api/units/${vacated.id}`, { cookie });
    expect(deleted.status).toBe(204);
    expect(
      await t.db
        .selectFrom("tenants")
        .select("id")
        .where("id", "=", formerTenant.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    const [activity] = await listActivities(userId);
    expect(activity).toMatchObject({
      action: "deleted",
      entityType: "unit",
      entityId: vacated.id,
      description: "Wohneinheit gelöscht: OG (Haus am Park)",
    });
    const remaining = await readJson(
      await t.request("GET", `/api/properties/${property.id}`, { cookie }),
    );
    expect(remaining).toMatchObject({ unitCount: 1, totalArea: "50.00" });
    expect((await t.request("DELETE", `/api/units/${vacated.id}`, { cookie })).status).toBe(404);
  });

  it("answers 404 for another account's property and units on every route and changes nothing", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const property = await createProperty(owner.cookie);
    const unit = await createUnit(owner.cookie, property.id, { name: "EG", area: 50, persons: 2 });
    const before = await readJson(
      await t.request("GET", `/api/properties/${property.id}`, { cookie: owner.cookie }),
    );

    const attempts: [string, string, unknown?][] = [
      ["GET", `/api/properties/${property.id}`],
      ["PATCH", `/api/properties/${property.id}`, EDIT],
      ["DELETE", `/api/properties/${property.id}`],
      ["GET", `/api/properties/${property.id}/units`],
      ["POST", `/api/properties/${property.id}/units`, { name: "Fremd", area: 10, persons: 1 }],
      ["PATCH", `/api/units/${unit.id}`, { name: "Fremd", area: 10, persons: 1 }],
      ["DELETE", `/api/units/${unit.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.request(method, url, { cookie: other.cookie, body });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect((await readJson(response)).error.code).toBe("NOT_FOUND");
    }
    expect(
      await readJson(await t.request("GET", "/api/properties", { cookie: other.cookie })),
    ).toEqual([]);
    const after = await readJson(
      await t.request("GET", `/api/properties/${property.id}`, { cookie: owner.cookie }),
    );
    expect(after).toEqual(before);
    const otherActivities = await listActivities(other.userId);
    expect(otherActivities).toHaveLength(0);
  });
});
