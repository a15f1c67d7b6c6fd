import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { SAMPLE_BILLING_DATA, SAMPLE_COST_ITEMS } from "../support/statement-fixtures.ts";

// Issue 26, defects 2 and 3 (decision 1021): a finalized statement is a document. Deleting its
// tenant, or the unit of a tenant who moved out, is refused with a German message, and the
// letter still downloads, is sent and is listed. Deleting a property refuses an active tenant
// as deleting its unit does. The database itself refuses what a check might miss.

const TENANT_BLOCKED =
  "Mieter kann nicht gelöscht werden: Für diesen Mieter gibt es finalisierte Abrechnungen, die als Dokumente erhalten bleiben. Ist er ausgezogen, genügt das Auszugsdatum.";
const UNIT_BLOCKED =
  "Wohneinheit kann nicht gelöscht werden: Es gibt finalisierte Abrechnungen für diese Wohneinheit oder ihre Mieter. Sie bleiben als Dokumente erhalten.";

describe.each(TEST_DRIVERS)(
  "deleting master data keeps every finalized statement whole (%s)",
  (driver) => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext(driver);
    });
    afterAll(async () => t?.close());

    /**
     * A property with two units: EG let to Jürgen Krüger (moved out on `moveOutDate` when given),
     * OG to Maria Weiß; billing data and the 2024 period with its costs.
     */
    async function setUp(options: { moveOutDate?: string } = {}) {
      const account = await t.signUp();
      expect(
        (
          await t.request("PUT", "/api/billing-data", {
            cookie: account.cookie,
            body: SAMPLE_BILLING_DATA,
          })
        ).status,
      ).toBe(200);
      const property = await insertProperty(t.db, account.userId, { name: "Gartenweg 7" });
      const eg = await insertUnit(t.db, account.userId, property.id, {
        name: "EG links",
        area: "60.00",
      });
      const og = await insertUnit(t.db, account.userId, property.id, {
        name: "OG rechts",
        area: "90.00",
      });
      const tenant = await insertTenant(t.db, account.userId, eg.id, {
        name: "Jürgen Krüger",
        moveInDate: "2020-01-01",
        moveOutDate: options.moveOutDate ?? null,
        isActive: options.moveOutDate === undefined,
      });
      await t.db
        .updateTable("tenants")
        .set({
          email: "juergen@example.org",
          address: "Am Markt 1",
          postalCode: "33602",
          city: "Bielefeld",
        })
        .where("id", "=", tenant.id)
        .execute();
      await insertTenant(t.db, account.userId, og.id, {
        name: "Maria Weiß",
        moveInDate: "2020-01-01",
      });
      const billingPeriodId = await createBillingPeriodViaApi(t, account.cookie, property.id);
      return {
        ...account,
        propertyId: property.id,
        egId: eg.id,
        ogId: og.id,
        tenantId: tenant.id,
        billingPeriodId,
      };
    }

    async function saveRun(cookie: string, billingPeriodId: string, finalize: boolean) {
      const response = await t.request("POST", "/api/statements", {
        cookie,
        body: { billingPeriodId, costItems: SAMPLE_COST_ITEMS, finalize },
      });
      expect(response.status).toBe(201);
      const body = await readJson(response);
      return {
        runId: body.id as string,
        statements: body.statements as {
          id: string;
          tenantName: string;
          tenantId: string | null;
        }[],
      };
    }

    /** The letter downloads, is sent (queued and delivered), and the run is listed with it. */
    async function expectLetterIntact(cookie: string, runId: string, statementId: string) {
      const letter = await t.request("GET", `/api/tenant-statements/${statementId}/pdf`, {
        cookie,
      });
      expect(letter.status).toBe(200);
      expect(letter.headers.get("content-type")).toContain("application/pdf");
      expect(
        Buffer.from(await letter.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      const sent = await t.request("POST", `/api/tenant-statements/${statementId}/send`, {
        cookie,
      });
      expect(sent.status).toBe(202);
      expect(await readJson(sent)).toMatchObject({
        statementId,
        to: "juergen@example.org",
        queued: true,
      });
      expect((await t.readOutbox()).some((mail) => mail.includes("juergen@example.org"))).toBe(
        true,
      );
      const list = await readJson(await t.request("GET", "/api/statements", { cookie }));
      expect(list.items.find((item: { id: string }) => item.id === runId)).toMatchObject({
        isFinal: true,
        statementCount: 2,
      });
      const run = await readJson(await t.request("GET", `/api/statements/${runId}`, { cookie }));
      expect(
        run.statements.map((s: { id: string; tenantName: string }) => [s.id, s.tenantName]),
      ).toContainEqual([statementId, "Jürgen Krüger"]);
    }

    it("refuses to delete a tenant with a finalized statement (defect 2); the letter downloads, is sent and listed", async () => {
      const { cookie, tenantId, billingPeriodId } = await setUp();
      const { runId, statements } = await saveRun(cookie, billingPeriodId, true);
      const statement = statements.find((s) => s.tenantId === tenantId)!;

      const response = await t.request("DELETE", `/api/tenants/${tenantId}`, { cookie });
      expect(response.status).toBe(409);
      expect((await readJson(response)).error).toMatchObject({
        code: "TENANT_HAS_FINAL_STATEMENTS",
        message: TENANT_BLOCKED,
      });
      expect(
        await t.db.selectFrom("tenants").select("id").where("id", "=", tenantId).executeTakeFirst(),
      ).toBeDefined();
      await expectLetterIntact(cookie, runId, statement.id);
    });

    it("refuses to delete the unit of a moved-out tenant with a finalized statement (defect 2); the letter stays whole", async () => {
      const { cookie, tenantId, egId, billingPeriodId } = await setUp({
        moveOutDate: "2024-06-30",
      });
      const { runId, statements } = await saveRun(cookie, billingPeriodId, true);
      const statement = statements.find((s) => s.tenantId === tenantId)!;

      const response = await t.request("DELETE", `/api/units/${egId}`, { cookie });
      expect(response.status).toBe(409);
      expect((await readJson(response)).error).toMatchObject({
        code: "UNIT_HAS_FINAL_STATEMENTS",
        message: UNIT_BLOCKED,
      });
      expect(
        await t.db.selectFrom("units").select("id").where("id", "=", egId).executeTakeFirst(),
      ).toBeDefined();
      await expectLetterIntact(cookie, runId, statement.id);
    });

    it("keeps a replaced ('ersetzt') version's tenant too: a correction does not free it", async () => {
      const { cookie, tenantId, billingPeriodId } = await setUp();
      const { runId } = await saveRun(cookie, billingPeriodId, true);
      expect(
        (await t.request("POST", `/api/statements/${runId}/corrections`, { cookie })).status,
      ).toBe(201);
      expect((await t.request("DELETE", `/api/tenants/${tenantId}`, { cookie })).status).toBe(409);
    });

    it("deletes a tenant whose statements are drafts: the draft forgets the tenant and cannot be finalized until calculated again", async () => {
      const { cookie, userId, tenantId, billingPeriodId } = await setUp();
      const { runId, statements } = await saveRun(cookie, billingPeriodId, false);
      const statement = statements.find((s) => s.tenantId === tenantId)!;

      expect((await t.request("DELETE", `/api/tenants/${tenantId}`, { cookie })).status).toBe(204);
      expect(
        await t.db
          .selectFrom("tenancyStatements")
          .select(["tenantId", "tenantName"])
          .where("id", "=", statement.id)
          .executeTakeFirst(),
      ).toEqual({ tenantId: null, tenantName: "Jürgen Krüger" });
      const finalize = await t.request("POST", `/api/statements/${runId}/transition`, {
        cookie,
        body: { to: "finalized", force: true, reason: "Test" },
      });
      expect(finalize.status).toBe(409);
      expect((await readJson(finalize)).error).toMatchObject({
        code: "TENANT_DELETED",
        message:
          "Ein Mieter dieser Abrechnung wurde inzwischen gelöscht. Bitte berechnen Sie die Abrechnung neu, bevor Sie sie finalisieren.",
      });
      // Calculated again, the run has the remaining tenancy and the landlord's vacancy, and finalizes.
      const again = await saveRun(cookie, billingPeriodId, true);
      expect(again.runId).toBe(runId);
      expect(again.statements.map((s) => s.tenantName)).toEqual(["Maria Weiß"]);
      expect(
        await t.db
          .selectFrom("tenants")
          .select("id")
          .where("userId", "=", userId)
          .where("id", "=", tenantId)
          .execute(),
      ).toEqual([]);
    });

    it("deletes a unit whose former tenants have only drafts; they go with it", async () => {
      const { cookie, userId, egId, tenantId, billingPeriodId } = await setUp({
        moveOutDate: "2024-06-30",
      });
      await saveRun(cookie, billingPeriodId, false);
      expect((await t.request("DELETE", `/api/units/${egId}`, { cookie })).status).toBe(204);
      expect(
        await t.db.selectFrom("tenants").select("id").where("id", "=", tenantId).execute(),
      ).toEqual([]);
      const entry = await t.db
        .selectFrom("userActivities")
        .select("metadata")
        .where("userId", "=", userId)
        .where("entityId", "=", egId)
        .where("action", "=", "deleted")
        .executeTakeFirstOrThrow();
      expect(entry.metadata).toMatchObject({ formerTenantCount: 1 });
    });

    it("refuses to delete a property whose unit has an active tenant, like the unit itself (defect 3); nothing is deleted", async () => {
      const { cookie, userId, propertyId, egId } = await setUp();
      const response = await t.request("DELETE", `/api/properties/${propertyId}`, { cookie });
      expect(response.status).toBe(409);
      expect((await readJson(response)).error).toMatchObject({
        message: "Immobilie kann nicht gelöscht werden: Es gibt noch aktive Mieter",
      });
      expect(
        await t.db.selectFrom("units").select("id").where("propertyId", "=", propertyId).execute(),
      ).toHaveLength(2);
      expect(
        await t.db.selectFrom("tenants").select("id").where("userId", "=", userId).execute(),
      ).toHaveLength(2);
      // The unit refuses it the same way.
      expect(
        (await readJson(await t.request("DELETE", `/api/units/${egId}`, { cookie }))).error.message,
      ).toBe("Wohneinheit kann nicht gelöscht werden: Es gibt noch aktive Mieter");
    });

    it("deletes a property whose tenants all moved out, with its units and former tenants", async () => {
      const { cookie, userId } = await t.signUp();
      const property = await insertProperty(t.db, userId, { name: "Altbau" });
      const unit = await insertUnit(t.db, userId, property.id);
      await insertTenant(t.db, userId, unit.id, {
        moveInDate: "2019-01-01",
        moveOutDate: "2021-12-31",
        isActive: false,
      });
      expect((await t.request("DELETE", `/api/properties/${property.id}`, { cookie })).status).toBe(
        204,
      );
      expect(
        await t.db.selectFrom("tenants").select("id").where("userId", "=", userId).execute(),
      ).toEqual([]);
      expect(
        await t.db.selectFrom("units").select("id").where("userId", "=", userId).execute(),
      ).toEqual([]);
    });

    it("the database refuses what a check might miss: a unit with a tenant, a tenant or unit a statement names, a period with runs", async () => {
      const { cookie, userId, egId, ogId, tenantId, billingPeriodId, propertyId } = await setUp();
      await saveRun(cookie, billingPeriodId, true);
      const refuses = async (query: Promise<unknown>) => {
        const error = await query.then(
          () => null,
          (e: unknown) => e as { code?: string },
        );
        expect(error?.code, "foreign key violation").toBe("23503");
      };
      // No cascade from a unit into its tenants, from a property into its units.
      const spare = await insertUnit(t.db, userId, propertyId, { name: "DG" });
      await insertTenant(t.db, userId, spare.id, { name: "Dora Dach" });
      await refuses(t.db.deleteFrom("units").where("id", "=", spare.id).execute());
      // A finalized statement's tenant and unit, and the period of a saved run.
      await refuses(t.db.deleteFrom("tenants").where("id", "=", tenantId).execute());
      await refuses(t.db.deleteFrom("tenants").where("unitId", "=", ogId).execute());
      await refuses(t.db.deleteFrom("units").where("id", "=", egId).execute());
      await refuses(t.db.deleteFrom("billingPeriods").where("id", "=", billingPeriodId).execute());
      expect(
        await t.db.selectFrom("tenants").select("id").where("userId", "=", userId).execute(),
      ).toHaveLength(3);
    });

    it("the database refuses a tenancy statement whose property, period or account is not its run's (decision 1890)", async () => {
      const { cookie, userId, egId, billingPeriodId, propertyId } = await setUp();
      const { runId } = await saveRun(cookie, billingPeriodId, false);
      const other = await insertProperty(t.db, userId, { name: "Lindenallee 3" });
      const otherPeriodId = await createBillingPeriodViaApi(t, cookie, other.id);
      const stranger = await t.signUp();
      const row = {
        userId,
        billingPeriodId,
        propertyId,
        statementRunId: runId,
        unitId: egId,
        tenantName: "Jürgen Krüger",
        totalCostsShare: "1234.56",
        prepaymentAmount: "1200.00",
        finalBalance: "34.56",
        updatedAt: new Date(),
      };
      const insertRow = (values: typeof row) =>
        t.db
          .insertInto("tenancyStatements")
          .values(values)
          .execute()
          .then(
            () => null,
            (error: unknown) => (error as { code?: string }).code,
          );
      const countRows = async () =>
        (
          await t.db
            .selectFrom("tenancyStatements")
            .select("id")
            .where("statementRunId", "=", runId)
            .execute()
        ).length;
      const before = await countRows();
      expect(await insertRow({ ...row, propertyId: other.id }), "another property").toBe("23503");
      expect(await insertRow({ ...row, billingPeriodId: otherPeriodId }), "another period").toBe(
        "23503",
      );
      expect(await insertRow({ ...row, userId: stranger.userId }), "another account").toBe("23503");
      expect(await countRows()).toBe(before);
      // The run's own property, period and account: the key lets the row in.
      expect(await insertRow(row)).toBeNull();
      expect(await countRows()).toBe(before + 1);
    });

    it("deleting the account still deletes everything, statements and all", async () => {
      const { cookie, userId, billingPeriodId } = await setUp();
      const { runId } = await saveRun(cookie, billingPeriodId, true);
      expect(
        (await t.request("POST", `/api/statements/${runId}/corrections`, { cookie })).status,
      ).toBe(201);
      expect(
        (await t.request("DELETE", "/api/account", { cookie, body: { confirmation: "LÖSCHEN" } }))
          .status,
      ).toBe(204);
      for (const table of [
        "properties",
        "units",
        "tenants",
        "billingPeriods",
        "statementRuns",
        "tenancyStatements",
      ] as const) {
        expect(
          await t.db.selectFrom(table).select("id").where("userId", "=", userId).execute(),
          table,
        ).toEqual([]);
      }
    });
  },
);
