import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import {
  addReadingViaApi,
  createBillingPeriodViaApi,
  createMeterViaApi,
  createMeteringAccount,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 15, item 5: data entry that cannot silently go wrong (decisions 0980-0983).

describe.each(TEST_DRIVERS)("data entry rules (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUpUnit() {
    const account = await t.signUp();
    const property = await insertProperty(t.db, account.userId, { name: "Lindenhof" });
    const unit = await insertUnit(t.db, account.userId, property.id, {
      name: "EG links",
      persons: 2,
    });
    return { ...account, property, unit };
  }

  const tenantNames = (userId: string) =>
    t.db
      .selectFrom("tenants")
      .select(["name", "moveInDate", "moveOutDate", "isActive"])
      .where("userId", "=", userId)
      .orderBy("moveInDate")
      .execute();

  describe("one tenancy per unit at a time", () => {
    it("refuses a second open-ended tenant while one lives in the unit, naming the other tenant", async () => {
      const a = await setUpUnit();
      await insertTenant(t.db, a.userId, a.unit.id, { name: "Anna Alt", moveInDate: "2023-01-01" });
      const response = await t.request("POST", "/api/tenants", {
        cookie: a.cookie,
        body: { name: "Bernd Neu", unitId: a.unit.id, moveInDate: "2024-05-01" },
      });
      expect(response.status).toBe(409);
      const message =
        "Die Wohneinheit ist seit 01.01.2023 (ohne Auszugsdatum) an „Anna Alt“ vermietet; Mietzeiträume einer Wohneinheit dürfen sich nicht überschneiden. Tragen Sie zuerst ein Auszugsdatum für „Anna Alt“ ein (Als ausgezogen markieren).";
      expect((await readJson(response)).error).toEqual({
        code: "TENANCY_OVERLAP",
        message,
        fields: { moveInDate: message },
        errorId: expect.any(String),
      });
      expect(await tenantNames(a.userId)).toHaveLength(1);
      const activities = await t.db
        .selectFrom("userActivities")
        .select("id")
        .where("userId", "=", a.userId)
        .where("entityType", "=", "tenant")
        .execute();
      expect(activities).toHaveLength(0);
    });

    it("refuses any overlap with a closed tenancy and allows moving in the day after the move-out", async () => {
      const a = await setUpUnit();
      await insertTenant(t.db, a.userId, a.unit.id, {
        name: "Anna Alt",
        moveInDate: "2022-01-01",
        moveOutDate: "2024-03-31",
        isActive: false,
      });
      const post = (body: Record<string, unknown>) =>
        t.request("POST", "/api/tenants", {
          cookie: a.cookie,
          body: { name: "Bernd Neu", unitId: a.unit.id, ...body },
        });

      // The move-out day is the old tenant's last day (dates are inclusive).
      const sameDay = await post({ moveInDate: "2024-03-31" });
      expect(sameDay.status).toBe(409);
      expect((await readJson(sameDay)).error.message).toContain(
        "vom 01.01.2022 bis 31.03.2024 an „Anna Alt“ vermietet",
      );
      // A closed range ending inside the other one.
      expect((await post({ moveInDate: "2021-06-01", moveOutDate: "2022-02-01" })).status).toBe(
        409,
      );
      // A range around the other one.
      expect((await post({ moveInDate: "2021-06-01", moveOutDate: "2024-12-31" })).status).toBe(
        409,
      );
      // Before it, and after it: fine.
      expect(
        (await post({ name: "Carla Früh", moveInDate: "2020-01-01", moveOutDate: "2021-12-31" }))
          .status,
      ).toBe(201);
      expect((await post({ moveInDate: "2024-04-01" })).status).toBe(201);
      expect((await tenantNames(a.userId)).map((row) => row.name)).toEqual([
        "Carla Früh",
        "Anna Alt",
        "Bernd Neu",
      ]);
    });

    it("checks edits, re-activation and a later move-out date the same way, changing nothing when refused", async () => {
      const a = await setUpUnit();
      const other = await insertUnit(t.db, a.userId, a.property.id, { name: "OG rechts" });
      const old = await insertTenant(t.db, a.userId, a.unit.id, {
        name: "Anna Alt",
        moveInDate: "2022-01-01",
        moveOutDate: "2023-12-31",
        isActive: false,
      });
      const current = await insertTenant(t.db, a.userId, a.unit.id, {
        name: "Bernd Neu",
        moveInDate: "2024-01-01",
      });
      const elsewhere = await insertTenant(t.db, a.userId, other.id, {
        name: "Carla Zwei",
        moveInDate: "2023-01-01",
      });

      // Editing the move-in date into the old tenancy.
      const earlier = await t.request("PATCH", `/api/tenants/${current.id}`, {
        cookie: a.cookie,
        body: { moveInDate: "2023-06-01" },
      });
      expect(earlier.status).toBe(409);
      expect((await readJson(earlier)).error.message).toContain("„Anna Alt“");
      // Moving a tenant into the occupied unit.
      const moved = await t.request("PATCH", `/api/tenants/${elsewhere.id}`, {
        cookie: a.cookie,
        body: { unitId: a.unit.id },
      });
      expect(moved.status).toBe(409);
      // The first overlapping tenancy (by move-in) is named.
      expect((await readJson(moved)).error.message).toContain("„Anna Alt“");
      // Marking the old tenant active again would make two open tenancies.
      const reactivated = await t.request("POST", `/api/tenants/${old.id}/move-in`, {
        cookie: a.cookie,
      });
      expect(reactivated.status).toBe(409);
      expect((await readJson(reactivated)).error.message).toContain("„Bernd Neu“");
      // A later move-out date of the old tenant that runs into the current tenancy.
      const later = await t.request("POST", `/api/tenants/${old.id}/move-out`, {
        cookie: a.cookie,
        body: { moveOutDate: "2024-02-01" },
      });
      expect(later.status).toBe(409);
      expect(await tenantNames(a.userId)).toEqual([
        { name: "Anna Alt", moveInDate: "2022-01-01", moveOutDate: "2023-12-31", isActive: false },
        { name: "Carla Zwei", moveInDate: "2023-01-01", moveOutDate: null, isActive: true },
        { name: "Bernd Neu", moveInDate: "2024-01-01", moveOutDate: null, isActive: true },
      ]);
      // Editing the tenant's own other fields still works (it does not overlap itself).
      expect(
        (
          await t.request("PATCH", `/api/tenants/${current.id}`, {
            cookie: a.cookie,
            body: { phone: "0301234567" },
          })
        ).status,
      ).toBe(200);
    });

    it("lets exactly one of several concurrent move-ins into an empty unit", async () => {
      const a = await setUpUnit();
      const responses = await Promise.all(
        ["Eins", "Zwei", "Drei", "Vier"].map((name) =>
          t.request("POST", "/api/tenants", {
            cookie: a.cookie,
            body: { name: `Mieter ${name}`, unitId: a.unit.id, moveInDate: "2024-05-01" },
          }),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
      expect(await tenantNames(a.userId)).toHaveLength(1);
    });

    it("ignores other accounts' tenants", async () => {
      const a = await setUpUnit();
      const b = await setUpUnit();
      await insertTenant(t.db, b.userId, b.unit.id, { name: "Fremd", moveInDate: "2020-01-01" });
      const response = await t.request("POST", "/api/tenants", {
        cookie: a.cookie,
        body: { name: "Bernd Neu", unitId: a.unit.id, moveInDate: "2024-05-01" },
      });
      expect(response.status).toBe(201);
      const foreign = await t.request("POST", "/api/tenants", {
        cookie: a.cookie,
        body: { name: "Bernd Neu", unitId: b.unit.id, moveInDate: "2024-05-01" },
      });
      expect(foreign.status).toBe(404);
    });
  });

  describe("bulk readings: one reading per meter and date", () => {
    it("updates a reading entered on the same date instead of adding a second one", async () => {
      const a = await createMeteringAccount(t);
      const meterId = await createMeterViaApi(t, a.cookie, {
        meterNumber: "M-1",
        unitId: a.unitIds[0],
      });
      const billingPeriodId = await createBillingPeriodViaApi(t, a.cookie, a.propertyId);
      // Entered on the meter's history page first: no billing period.
      await addReadingViaApi(t, a.cookie, meterId, "100", "2024-12-31");

      const response = await t.request("POST", "/api/readings/bulk", {
        cookie: a.cookie,
        body: {
          billingPeriodId,
          readingDate: "2024-12-31",
          readings: [{ meterId, readingValue: "105.5" }],
        },
      });
      expect(response.status).toBe(200);
      expect(await readJson(response)).toMatchObject({
        savedCount: 1,
        insertedCount: 0,
        updatedCount: 1,
      });
      const rows = await t.db
        .selectFrom("meterReadings")
        .select(["readingValue", "readingDate", "billingPeriodId"])
        .where("meterId", "=", meterId)
        .execute();
      expect(rows).toEqual([
        { readingValue: "105.500", readingDate: "2024-12-31", billingPeriodId },
      ]);

      // Saved again on the same date: still one row.
      const again = await t.request("POST", "/api/readings/bulk", {
        cookie: a.cookie,
        body: {
          billingPeriodId,
          readingDate: "2024-12-31",
          readings: [{ meterId, readingValue: "106" }],
        },
      });
      expect(again.status).toBe(200);
      expect(
        await t.db
          .selectFrom("meterReadings")
          .select(["readingValue"])
          .where("meterId", "=", meterId)
          .execute(),
      ).toEqual([{ readingValue: "106.000" }]);
    });

    it("keeps readings of other dates and inserts one for a new date", async () => {
      const a = await createMeteringAccount(t);
      const meterId = await createMeterViaApi(t, a.cookie, {
        meterNumber: "M-1",
        unitId: a.unitIds[0],
      });
      const billingPeriodId = await createBillingPeriodViaApi(
        t,
        a.cookie,
        a.propertyId,
        "2025-01-01",
        "2025-12-31",
      );
      await addReadingViaApi(t, a.cookie, meterId, "100", "2024-12-31");
      const response = await t.request("POST", "/api/readings/bulk", {
        cookie: a.cookie,
        body: {
          billingPeriodId,
          readingDate: "2025-01-31",
          readings: [{ meterId, readingValue: "110" }],
        },
      });
      expect(response.status).toBe(200);
      const rows = await t.db
        .selectFrom("meterReadings")
        .select(["readingValue", "readingDate"])
        .where("meterId", "=", meterId)
        .orderBy("readingDate")
        .execute();
      expect(rows).toEqual([
        { readingValue: "100.000", readingDate: "2024-12-31" },
        { readingValue: "110.000", readingDate: "2025-01-31" },
      ]);
    });
  });

  describe("tariff price check warns instead of blocking", () => {
    const waterAndSewage = {
      utilityType: "coldwater",
      rateName: "Wasser und Abwasser",
      unitPrice: "6.10",
    };

    it("answers 409 with requiresConfirmation for 6,10 EUR/m³ water and saves it once confirmed", async () => {
      const a = await createMeteringAccount(t);
      const unconfirmed = await t.request("POST", "/api/rates", {
        cookie: a.cookie,
        body: waterAndSewage,
      });
      expect(unconfirmed.status).toBe(409);
      const warning =
        "Bitte prüfen Sie die Eingabe: Der Preis liegt über 200 % des regionalen Durchschnitts (2,85 €/m³).";
      expect((await readJson(unconfirmed)).error).toEqual({
        code: "RATE_PRICE_WARNING",
        message: `Bitte überprüfen Sie die Eingaben. Es gibt Warnungen bei der Preisvalidierung. ${warning}`,
        fields: { unitPrice: warning },
        requiresConfirmation: true,
        errorId: expect.any(String),
      });
      expect(
        await t.db.selectFrom("utilityRates").select("id").where("userId", "=", a.userId).execute(),
      ).toHaveLength(0);

      const confirmed = await t.request("POST", "/api/rates", {
        cookie: a.cookie,
        body: { ...waterAndSewage, confirmPriceWarning: true },
      });
      expect(confirmed.status).toBe(201);
      const rate = await readJson(confirmed);
      expect(rate).toMatchObject({ unitPrice: "6.100000", unit: "m³" });

      // Editing keeps asking until confirmed again.
      const patch = (body: Record<string, unknown>) =>
        t.request("PATCH", `/api/rates/${rate.id}`, {
          cookie: a.cookie,
          body: { ...waterAndSewage, ...body },
        });
      expect((await patch({ unitPrice: "6.20" })).status).toBe(409);
      expect((await patch({ unitPrice: "6.20", confirmPriceWarning: true })).status).toBe(200);
      // A price in the usual range needs no confirmation.
      expect((await patch({ unitPrice: "3.10" })).status).toBe(200);
    });

    it("refuses a confirmation flag that is not a boolean with a German 400", async () => {
      const a = await createMeteringAccount(t);
      const response = await t.request("POST", "/api/rates", {
        cookie: a.cookie,
        body: { ...waterAndSewage, confirmPriceWarning: "ja" },
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).error.fields.confirmPriceWarning).toBe(
        "Ungültige Bestätigung der Preiswarnung.",
      );
    });
  });
});
