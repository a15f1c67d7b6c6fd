import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@nk/engine";
import { getTodayInGermany } from "@nk/contract";
import { insertProperty, insertUnit } from "../support/fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

/** The date `years` years before today (same month and day). */
function yearsAgo(years: number): string {
  const today = getTodayInGermany();
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}

describe.each(TEST_DRIVERS)("/api/tenants (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** A signed-up account with one property and one unit (persons 2). */
  async function setUpAccount() {
    const account = await t.signUp();
    const property = await insertProperty(t.db, account.userId, { name: "Lindenhof" });
    const unit = await insertUnit(t.db, account.userId, property.id, {
      name: "EG links",
      persons: 2,
    });
    return { ...account, property, unit };
  }

  async function createTenant(cookie: string, body: Record<string, unknown>) {
    const response = await t.request("POST", "/api/tenants", { cookie, body });
    return { status: response.status, body: await readJson(response) };
  }

  async function listActivities(userId: string) {
    return t.db
      .selectFrom("userActivities")
      .selectAll()
      .where("userId", "=", userId)
      .where("entityType", "=", "tenant")
      .orderBy("createdAt")
      .execute();
  }

  it("answers 401 without a session", async () => {
    const response = await t.request("GET", "/api/tenants");
    expect(response.status).toBe(401);
  });

  it("creates the first prepayment with the tenant, valid from the move-in date to the move-out date (issue 27)", async () => {
    const { cookie, unit } = await setUpAccount();
    const { status, body } = await createTenant(cookie, {
      name: "Vera Voraus",
      unitId: unit.id,
      moveInDate: "2024-03-01",
      moveOutDate: "2024-08-31",
      monthlyPrepayment: "1234.5",
    });
    expect(status).toBe(201);
    const rows = await t.db
      .selectFrom("tenantPrepayments")
      .selectAll()
      .where("tenantId", "=", body.id)
      .execute();
    expect(
      rows.map((row) => ({
        amount: String(row.monthlyAmount),
        from: row.validFrom,
        until: row.validUntil,
        isActive: row.isActive,
      })),
    ).toEqual([{ amount: "1234.50", from: "2024-03-01", until: "2024-08-31", isActive: true }]);
  });

  it("refuses a German-text prepayment with the form's message and creates no tenant (decision 1000)", async () => {
    const { cookie, userId, unit } = await setUpAccount();
    const { status, body } = await createTenant(cookie, {
      name: "Vera Voraus",
      unitId: unit.id,
      moveInDate: "2024-03-01",
      monthlyPrepayment: "1.234,50",
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      monthlyPrepayment: "Ungültiger Betrag (höchstens 2 Nachkommastellen)",
    });
    expect(
      await t.db.selectFrom("tenants").select("id").where("userId", "=", userId).execute(),
    ).toEqual([]);
    const zero = await createTenant(cookie, {
      name: "Vera Voraus",
      unitId: unit.id,
      moveInDate: "2024-03-01",
      monthlyPrepayment: "0",
    });
    expect(zero.body.error.fields).toEqual({
      monthlyPrepayment: "Vorauszahlungsbetrag muss größer als 0 sein",
    });
  });

  it("creates a tenant with its unit and property, the unit's persons as first occupancy and an activity entry", async () => {
    const { cookie, userId, unit, property } = await setUpAccount();
    const { status, body } = await createTenant(cookie, {
      name: "  Max Mieter ",
      unitId: unit.id,
      moveInDate: "2024-03-01",
      email: "max@example.de",
      phone: "+49 (170) 123-4567",
      postalCode: "",
      notes: "  ",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: "Max Mieter",
      unitId: unit.id,
      moveInDate: "2024-03-01",
      moveOutDate: null,
      isActive: true,
      email: "max@example.de",
      phone: "+49 (170) 123-4567",
      postalCode: null,
      notes: null,
      currentPersons: 2,
      currentMonthlyPrepayment: null,
      unit: { id: unit.id, name: "EG links", area: "62.50", persons: 2, propertyId: property.id },
      property: { id: property.id, name: "Lindenhof" },
    });
    const periods = await t.db
      .selectFrom("tenantAttributes")
      .selectAll()
      .where("tenantId", "=", body.id)
      .execute();
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({
      persons: 2,
      validFrom: "2024-03-01",
      validUntil: null,
      isActive: true,
    });
    const activities = await listActivities(userId);
    expect(activities.map((a) => [a.action, a.entityId, a.entityName])).toEqual([
      ["created", body.id, "Max Mieter"],
    ]);
    expect(activities[0]!.description).toBe("Mieter hinzugefügt: Max Mieter");
  });

  it("takes the occupants from the form when given", async () => {
    const { cookie, unit } = await setUpAccount();
    const { status, body } = await createTenant(cookie, {
      name: "Familie Groß",
      unitId: unit.id,
      moveInDate: "2024-01-01",
      persons: 4,
    });
    expect(status).toBe(201);
    expect(body.currentPersons).toBe(4);
    const period = await t.db
      .selectFrom("tenantAttributes")
      .selectAll()
      .where("tenantId", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(period.persons).toBe(4);
  });

  it("reports the required fields with the specification's messages", async () => {
    const { cookie } = await setUpAccount();
    const { status, body } = await createTenant(cookie, { name: " ", unitId: "", moveInDate: "" });
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION");
    expect(body.error.message).toBe("Bitte korrigieren Sie die Eingabefehler.");
    expect(body.error.fields).toEqual({
      name: "Name ist erforderlich",
      unitId: "Wohneinheit ist erforderlich",
      moveInDate: "Einzugsdatum ist erforderlich",
    });
    const missing = await createTenant(cookie, {});
    expect(missing.body.error.fields).toEqual({
      name: "Name ist erforderlich",
      unitId: "Wohneinheit ist erforderlich",
      moveInDate: "Einzugsdatum ist erforderlich",
    });
  });

  it("checks every field rule of the tenant form", async () => {
    const { cookie, unit } = await setUpAccount();
    const { status, body } = await createTenant(cookie, {
      name: "A",
      unitId: unit.id,
      moveInDate: "2024-02-30",
      moveOutDate: "2024-13-01",
      address: "Weg",
      postalCode: "1234",
      city: "B",
      phone: "12345",
      email: "max@beispiel",
      birthDate: "1990-02-31",
      contractStartDate: "kein Datum",
      contractEndDate: "2024-00-10",
      idDocumentNumber: "12345",
      persons: -1,
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      name: "Name muss mindestens 2 Zeichen lang sein",
      moveInDate: "Einzugsdatum ist ungültig",
      moveOutDate: "Auszugsdatum ist ungültig",
      address: "Adresse muss mindestens 5 Zeichen lang sein",
      postalCode: "Postleitzahl muss 5 Ziffern haben (z.B. 12345)",
      city: "Ort muss mindestens 2 Zeichen lang sein",
      phone: "Ungültige Telefonnummer. Verwenden Sie Format: +49... oder 0...",
      email: "Ungültige E-Mail-Adresse",
      birthDate: "Geburtsdatum ist ungültig",
      contractStartDate: "Vertragsbeginn ist ungültig",
      contractEndDate: "Vertragsende ist ungültig",
      idDocumentNumber: "Ausweisnummer muss mindestens 6 Zeichen lang sein",
      persons: "Personenanzahl muss eine ganze Zahl ab 0 sein",
    });
  });

  it("checks the rules between fields: move-out after move-in, contract end after start, age 18", async () => {
    const { cookie, unit } = await setUpAccount();
    const { status, body } = await createTenant(cookie, {
      name: "Mia Jung",
      unitId: unit.id,
      moveInDate: "2024-05-01",
      moveOutDate: "2024-05-01",
      contractStartDate: "2024-05-01",
      contractEndDate: "2024-04-30",
      birthDate: addDays(yearsAgo(18), 1),
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      moveOutDate: "Auszugsdatum muss nach Einzugsdatum liegen",
      contractEndDate: "Vertragsende muss nach Vertragsbeginn liegen",
      birthDate: "Person muss mindestens 18 Jahre alt sein",
    });
    // Turning 18 today is enough.
    const adult = await createTenant(cookie, {
      name: "Mia Jung",
      unitId: unit.id,
      moveInDate: "2024-05-01",
      birthDate: yearsAgo(18),
    });
    expect(adult.status).toBe(201);
    expect(adult.body.birthDate).toBe(yearsAgo(18));
  });

  it("accepts the phone formats of the specification and refuses the others", async () => {
    const { cookie, unit } = await setUpAccount();
    for (const [index, phone] of [
      "+49 170 1234567",
      "030/123456",
      "0521-98765",
      "(0521) 12 34 56",
      "+4930123",
    ].entries()) {
      // One tenancy per unit at a time (decision 0980): each in its own year.
      const year = 2010 + index;
      const { status, body } = await createTenant(cookie, {
        name: "Tel Test",
        unitId: unit.id,
        moveInDate: `${year}-01-01`,
        phone,
        moveOutDate: `${year}-02-01`,
      });
      expect(status, phone).toBe(201);
      expect(body.phone).toBe(phone);
    }
    for (const phone of [
      "0049301234",
      "+4901701234",
      "01",
      "03012345678901234",
      "+43 1 234567",
      "030 abc",
    ]) {
      const { status, body } = await createTenant(cookie, {
        name: "Tel Test",
        unitId: unit.id,
        moveInDate: "2024-01-01",
        phone,
      });
      expect(status, phone).toBe(400);
      expect(body.error.fields.phone).toBe(
        "Ungültige Telefonnummer. Verwenden Sie Format: +49... oder 0...",
      );
    }
  });

  it("answers 404 for a unit of another account or an unknown unit id", async () => {
    const owner = await setUpAccount();
    const other = await setUpAccount();
    const foreign = await createTenant(other.cookie, {
      name: "Fremd",
      unitId: owner.unit.id,
      moveInDate: "2024-01-01",
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({
      code: "NOT_FOUND",
      message: "Wohneinheit nicht gefunden",
    });
    const unknown = await createTenant(other.cookie, {
      name: "Fremd",
      unitId: "keine-uuid",
      moveInDate: "2024-01-01",
    });
    expect(unknown.status).toBe(404);
    const rows = await t.db
      .selectFrom("tenants")
      .select("id")
      .where("userId", "=", other.userId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("marks a tenant created with a move-out date as inactive", async () => {
    const { cookie, userId, unit } = await setUpAccount();
    const { status, body } = await createTenant(cookie, {
      name: "Frühere Mieterin",
      unitId: unit.id,
      moveInDate: "2020-01-01",
      moveOutDate: "2023-06-30",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ isActive: false, moveOutDate: "2023-06-30" });
    const row = await t.db
      .selectFrom("tenants")
      .select(["isActive", "moveOutDate"])
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ isActive: false, moveOutDate: "2023-06-30" });
    const me = await readJson(await t.request("GET", "/api/me", { cookie }));
    expect(me.usage.currentTenants).toBe(0);
    expect((await listActivities(userId)).map((a) => a.action)).toEqual(["created"]);
  });

  it("lists the account's tenants by name with unit and property, filtered by property", async () => {
    const { cookie, userId, property, unit } = await setUpAccount();
    await t.db
      .updateTable("subscriptions")
      .set({ plan: "professional", status: "active" })
      .where("userId", "=", userId)
      .execute();
    const second = await insertProperty(t.db, userId, { name: "Birkenweg" });
    const secondUnit = await insertUnit(t.db, userId, second.id, { name: "OG", persons: 1 });
    await createTenant(cookie, { name: "Zora Zeller", unitId: unit.id, moveInDate: "2024-01-01" });
    await createTenant(cookie, {
      name: "Anton Amsel",
      unitId: secondUnit.id,
      moveInDate: "2024-01-01",
    });
    await createTenant(cookie, {
      name: "Bea Berg",
      unitId: unit.id,
      moveInDate: "2020-01-01",
      moveOutDate: "2023-12-31",
    });
    const other = await setUpAccount();
    await createTenant(other.cookie, {
      name: "Fremder Mieter",
      unitId: other.unit.id,
      moveInDate: "2024-01-01",
    });

    const all = await readJson(await t.request("GET", "/api/tenants", { cookie }));
    expect(all.map((x: { name: string }) => x.name)).toEqual([
      "Anton Amsel",
      "Bea Berg",
      "Zora Zeller",
    ]);
    expect(all[0]).toMatchObject({
      unit: { name: "OG", persons: 1 },
      property: { id: second.id, name: "Birkenweg" },
    });

    const filtered = await readJson(
      await t.request("GET", `/api/tenants?propertyId=${property.id}`, { cookie }),
    );
    expect(filtered.map((x: { name: string }) => x.name)).toEqual(["Bea Berg", "Zora Zeller"]);

    const foreignFilter = await t.request("GET", `/api/tenants?propertyId=${other.property.id}`, {
      cookie,
    });
    expect(foreignFilter.status).toBe(404);
    expect((await readJson(foreignFilter)).error.message).toBe("Immobilie nicht gefunden");
    expect((await t.request("GET", "/api/tenants?propertyId=abc", { cookie })).status).toBe(404);
  });

  it("reads one tenant and answers 404 for unknown, malformed and foreign ids", async () => {
    const owner = await setUpAccount();
    const other = await setUpAccount();
    const { body: tenant } = await createTenant(owner.cookie, {
      name: "Eva Eigen",
      unitId: owner.unit.id,
      moveInDate: "2024-01-01",
    });
    const own = await t.request("GET", `/api/tenants/${tenant.id}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect((await readJson(own)).name).toBe("Eva Eigen");
    for (const id of [tenant.id, "00000000-0000-4000-8000-000000000000", "nicht-da"]) {
      const response = await t.request("GET", `/api/tenants/${id}`, { cookie: other.cookie });
      expect(response.status).toBe(404);
      expect((await readJson(response)).error).toMatchObject({
        code: "NOT_FOUND",
        message: "Mieter nicht gefunden",
      });
    }
  });

  it("updates fields, validates the merged tenant and logs the change", async () => {
    const { cookie, userId, unit, property } = await setUpAccount();
    const { body: tenant } = await createTenant(cookie, {
      name: "Paul Alt",
      unitId: unit.id,
      moveInDate: "2024-03-01",
      city: "Bielefeld",
    });
    const renamed = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie,
      body: { name: "Paul Neu", city: "" },
    });
    expect(renamed.status).toBe(200);
    expect(await readJson(renamed)).toMatchObject({
      name: "Paul Neu",
      city: null,
      moveInDate: "2024-03-01",
      isActive: true,
    });

    const bad = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie,
      body: { moveInDate: "2024-03-01", moveOutDate: "2024-02-01", email: "x" },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields).toEqual({
      email: "Ungültige E-Mail-Adresse",
      moveOutDate: "Auszugsdatum muss nach Einzugsdatum liegen",
    });
    // The stored move-in date counts when only the move-out date is sent.
    const merged = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie,
      body: { moveOutDate: "2024-03-01" },
    });
    expect(merged.status).toBe(400);
    expect((await readJson(merged)).error).toMatchObject({
      code: "VALIDATION",
      message: "Auszugsdatum muss nach Einzugsdatum liegen",
      fields: { moveOutDate: "Auszugsdatum muss nach Einzugsdatum liegen" },
    });

    const emptyName = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie,
      body: { name: "" },
    });
    expect((await readJson(emptyName)).error.fields).toEqual({ name: "Name ist erforderlich" });

    const secondUnit = await insertUnit(t.db, userId, property.id, { name: "OG rechts" });
    const moved = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie,
      body: { unitId: secondUnit.id },
    });
    expect((await readJson(moved)).unit.name).toBe("OG rechts");

    const other = await setUpAccount();
    const foreignUnit = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie,
      body: { unitId: other.unit.id },
    });
    expect(foreignUnit.status).toBe(404);
    expect((await readJson(foreignUnit)).error.message).toBe("Wohneinheit nicht gefunden");

    const foreignTenant = await t.request("PATCH", `/api/tenants/${tenant.id}`, {
      cookie: other.cookie,
      body: { name: "Übernommen" },
    });
    expect(foreignTenant.status).toBe(404);
    const row = await t.db
      .selectFrom("tenants")
      .select(["name", "unitId"])
      .where("id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Paul Neu", unitId: secondUnit.id });

    const updates = (await listActivities(userId)).filter((a) => a.action === "updated");
    expect(updates).toHaveLength(2);
    expect(updates[0]!.metadata).toMatchObject({ changedFields: ["name", "city"] });
  });

  it("sets inactive with a move-out date and active again when it is cleared, logging moved_out and moved_in", async () => {
    const { cookie, userId, unit } = await setUpAccount();
    const { body: tenant } = await createTenant(cookie, {
      name: "Lena Lang",
      unitId: unit.id,
      moveInDate: "2022-01-01",
    });
    const out = await readJson(
      await t.request("PATCH", `/api/tenants/${tenant.id}`, {
        cookie,
        body: { moveOutDate: "2024-06-30" },
      }),
    );
    expect(out).toMatchObject({ isActive: false, moveOutDate: "2024-06-30" });
    const back = await readJson(
      await t.request("PATCH", `/api/tenants/${tenant.id}`, {
        cookie,
        body: { moveOutDate: null },
      }),
    );
    expect(back).toMatchObject({ isActive: true, moveOutDate: null });
    expect((await listActivities(userId)).map((a) => a.action)).toEqual([
      "created",
      "updated",
      "moved_out",
      "updated",
      "moved_in",
    ]);
  });

  it("moves a tenant out today and marks them active again", async () => {
    const { cookie, userId, unit } = await setUpAccount();
    const { body: tenant } = await createTenant(cookie, {
      name: "Olaf Ost",
      unitId: unit.id,
      moveInDate: "2021-04-01",
    });
    const out = await t.request("POST", `/api/tenants/${tenant.id}/move-out`, { cookie });
    expect(out.status).toBe(200);
    expect(await readJson(out)).toMatchObject({
      isActive: false,
      moveOutDate: getTodayInGermany(),
    });
    const row = await t.db
      .selectFrom("tenants")
      .select(["isActive", "moveOutDate"])
      .where("id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ isActive: false, moveOutDate: getTodayInGermany() });
    let me = await readJson(await t.request("GET", "/api/me", { cookie }));
    expect(me.usage.currentTenants).toBe(0);

    const back = await t.request("POST", `/api/tenants/${tenant.id}/move-in`, { cookie });
    expect(back.status).toBe(200);
    expect(await readJson(back)).toMatchObject({ isActive: true, moveOutDate: null });
    me = await readJson(await t.request("GET", "/api/me", { cookie }));
    expect(me.usage.currentTenants).toBe(1);

    const withDate = await t.request("POST", `/api/tenants/${tenant.id}/move-out`, {
      cookie,
      body: { moveOutDate: "2023-12-31" },
    });
    expect(await readJson(withDate)).toMatchObject({ isActive: false, moveOutDate: "2023-12-31" });

    const activities = await listActivities(userId);
    expect(activities.map((a) => a.action)).toEqual([
      "created",
      "moved_out",
      "moved_in",
      "moved_out",
    ]);
    expect(activities[1]!.description).toBe("Mieter ausgezogen: Olaf Ost");
    expect(activities[2]!.description).toBe("Mieter als aktiv markiert: Olaf Ost");
  });

  it("refuses a move-out on or before the move-in date and answers 404 for foreign tenants", async () => {
    const owner = await setUpAccount();
    const { body: tenant } = await createTenant(owner.cookie, {
      name: "Zukunft",
      unitId: owner.unit.id,
      moveInDate: addDays(getTodayInGermany(), 10),
    });
    const early = await t.request("POST", `/api/tenants/${tenant.id}/move-out`, {
      cookie: owner.cookie,
    });
    expect(early.status).toBe(400);
    expect((await readJson(early)).error.fields).toEqual({
      moveOutDate: "Auszugsdatum muss nach Einzugsdatum liegen",
    });
    const badDate = await t.request("POST", `/api/tenants/${tenant.id}/move-out`, {
      cookie: owner.cookie,
      body: { moveOutDate: "2024-02-30" },
    });
    expect((await readJson(badDate)).error.fields).toEqual({
      moveOutDate: "Auszugsdatum ist ungültig",
    });

    const other = await setUpAccount();
    expect(
      (await t.request("POST", `/api/tenants/${tenant.id}/move-out`, { cookie: other.cookie }))
        .status,
    ).toBe(404);
    expect(
      (await t.request("POST", `/api/tenants/${tenant.id}/move-in`, { cookie: other.cookie }))
        .status,
    ).toBe(404);
    const row = await t.db
      .selectFrom("tenants")
      .select("isActive")
      .where("id", "=", tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.isActive).toBe(true);
  });

  it("enforces maxTenants on active tenants: create, re-activate and clearing the move-out date", async () => {
    const { cookie, userId, property } = await setUpAccount();
    // One unit each: a unit is let to one tenancy at a time (decision 0980).
    const units = [];
    for (const name of ["1", "2", "3", "4", "5"])
      units.push(await insertUnit(t.db, userId, property.id, { name }));
    const created = [];
    for (const [i, name] of ["Erster", "Zweite", "Dritter"].entries()) {
      const { status, body } = await createTenant(cookie, {
        name,
        unitId: units[i]!.id,
        moveInDate: "2024-01-01",
      });
      expect(status).toBe(201);
      created.push(body);
    }
    const fourth = await createTenant(cookie, {
      name: "Vierte",
      unitId: units[3]!.id,
      moveInDate: "2024-01-01",
    });
    expect(fourth.status).toBe(403);
    expect(fourth.body.error).toMatchObject({
      code: "LIMIT_REACHED",
      message: "Sie haben das Limit von 3 Mietern erreicht.",
      title: "Limit erreicht",
      limit: 3,
    });

    // A former tenant does not take a slot.
    const former = await createTenant(cookie, {
      name: "Ehemalige",
      unitId: units[4]!.id,
      moveInDate: "2020-01-01",
      moveOutDate: "2021-01-01",
    });
    expect(former.status).toBe(201);
    const reactivate = await t.request("POST", `/api/tenants/${former.body.id}/move-in`, {
      cookie,
    });
    expect(reactivate.status).toBe(403);
    expect((await readJson(reactivate)).error.code).toBe("LIMIT_REACHED");
    const clear = await t.request("PATCH", `/api/tenants/${former.body.id}`, {
      cookie,
      body: { moveOutDate: "" },
    });
    expect(clear.status).toBe(403);
    const row = await t.db
      .selectFrom("tenants")
      .select(["isActive", "moveOutDate"])
      .where("id", "=", former.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ isActive: false, moveOutDate: "2021-01-01" });

    // Moving one out frees a slot.
    await t.request("POST", `/api/tenants/${created[0].id}/move-out`, { cookie });
    expect(
      (await t.request("POST", `/api/tenants/${former.body.id}/move-in`, { cookie })).status,
    ).toBe(200);
    expect(
      (
        await createTenant(cookie, {
          name: "Fünfte",
          unitId: units[3]!.id,
          moveInDate: "2024-01-01",
        })
      ).status,
    ).toBe(403);
    const count = await t.db
      .selectFrom("tenants")
      .select("id")
      .where("userId", "=", userId)
      .where("isActive", "=", true)
      .execute();
    expect(count).toHaveLength(3);
  });

  it("refuses new tenants once the trial has expired", async () => {
    const { cookie, userId, unit } = await setUpAccount();
    await t.db
      .updateTable("subscriptions")
      .set({ trialEndDate: new Date(Date.now() - 3_600_000) })
      .where("userId", "=", userId)
      .execute();
    const { status, body } = await createTenant(cookie, {
      name: "Zu spät",
      unitId: unit.id,
      moveInDate: "2024-01-01",
    });
    expect(status).toBe(403);
    expect(body.error.code).toBe("LIMIT_REACHED");
  });

  it("deletes a tenant with prepayments and occupancy, logs it, and answers 404 for other accounts", async () => {
    const owner = await setUpAccount();
    const other = await setUpAccount();
    const { body: tenant } = await createTenant(owner.cookie, {
      name: "Gero Geht",
      unitId: owner.unit.id,
      moveInDate: "2024-01-01",
    });
    await t.request("POST", `/api/tenants/${tenant.id}/prepayments`, {
      cookie: owner.cookie,
      body: { monthlyAmount: "120.00", validFrom: "2024-01-01" },
    });

    expect(
      (await t.request("DELETE", `/api/tenants/${tenant.id}`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect(
      await t.db.selectFrom("tenants").select("id").where("id", "=", tenant.id).executeTakeFirst(),
    ).toBeDefined();

    const response = await t.request("DELETE", `/api/tenants/${tenant.id}`, {
      cookie: owner.cookie,
    });
    expect(response.status).toBe(204);
    expect(
      await t.db.selectFrom("tenants").select("id").where("id", "=", tenant.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db
        .selectFrom("tenantPrepayments")
        .select("id")
        .where("tenantId", "=", tenant.id)
        .execute(),
    ).toHaveLength(0);
    expect(
      await t.db
        .selectFrom("tenantAttributes")
        .select("id")
        .where("tenantId", "=", tenant.id)
        .execute(),
    ).toHaveLength(0);
    expect((await listActivities(owner.userId)).map((a) => [a.action, a.entityName])).toEqual([
      ["created", "Gero Geht"],
      ["deleted", "Gero Geht"],
    ]);
    expect(
      (await t.request("DELETE", `/api/tenants/${tenant.id}`, { cookie: owner.cookie })).status,
    ).toBe(404);
  });

  it("shows the active prepayment of today and the current occupants in the list", async () => {
    const { cookie, unit } = await setUpAccount();
    const today = getTodayInGermany();
    const { body: tenant } = await createTenant(cookie, {
      name: "Rita Rat",
      unitId: unit.id,
      moveInDate: "2020-01-01",
      persons: 1,
    });
    await t.request("POST", `/api/tenants/${tenant.id}/prepayments`, {
      cookie,
      body: { monthlyAmount: "99.90", validFrom: "2020-01-01", validUntil: addDays(today, -1) },
    });
    await t.request("POST", `/api/tenants/${tenant.id}/prepayments`, {
      cookie,
      body: { monthlyAmount: "150", validFrom: today },
    });
    await t.request("POST", `/api/tenants/${tenant.id}/occupants`, {
      cookie,
      body: { persons: 3, validFrom: today },
    });
    const [listed] = await readJson(await t.request("GET", "/api/tenants", { cookie }));
    expect(listed).toMatchObject({ currentMonthlyPrepayment: "150.00", currentPersons: 3 });
  });

  it("lists every route in the OpenAPI document", async () => {
    const doc = await readJson(await t.request("GET", "/api/openapi.json"));
    for (const path of [
      "/api/tenants",
      "/api/tenants/{id}",
      "/api/tenants/{id}/move-out",
      "/api/tenants/{id}/move-in",
      "/api/tenants/{id}/prepayments",
      "/api/prepayments/{id}",
      "/api/tenants/{id}/occupants",
      "/api/occupants/{id}",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
