import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createBillingPeriodViaApi, createMeterViaApi } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { createSharedTestDatabase, TEST_DRIVERS } from "../support/test-database.ts";
import { SAMPLE_BILLING_DATA, SAMPLE_COST_ITEMS } from "../support/statement-fixtures.ts";

// Issue 26: every pair of writes that a rule connects, sent at the same moment through two
// instances of the app on one database (two connection pools on PostgreSQL; on PGlite both
// share its one connection), 20 times each. Nothing an answer confirmed may be missing
// afterwards, no answer may be a 500, and no pair may end in a state that neither order of the
// two writes could have produced (a tenant in a deleted unit, a finalized letter without its
// tenant, two tenancies sharing a day). The database's own refusal (the error handler's safety
// net for a foreign key or a deadlock) counts as a finding: the services must hold the rule.

const TRIALS = 20;
// English gives itself away by its small words (the fuzz suite's test).
const ENGLISH =
  /^$|\b(the|is|are|must|invalid|expected|required|received|should|cannot|not|found|failed|error|violates|deadlock)\b/i;
const TENANT = { name: "Max Mieter", moveInDate: "2024-01-01" };

type Outcome = {
  status: number;
  body: { error?: { code?: string; message?: string } } & Record<string, unknown>;
};

async function outcomeOf(response: Response): Promise<Outcome> {
  const text = await response.text();
  let body: Outcome["body"] = {};
  try {
    body = text ? (JSON.parse(text) as Outcome["body"]) : {};
  } catch {
    // a PDF or empty answer
  }
  return { status: response.status, body };
}

describe.each(TEST_DRIVERS)(
  "concurrent writes through two instances on one database (%s)",
  (driver) => {
    let a: TestContext;
    let b: TestContext;
    /** Per pair: how often each combination of statuses came up, for the report. */
    const tallies = new Map<string, Map<string, number>>();

    beforeAll(async () => {
      const [first, second] = await createSharedTestDatabase(driver, 2);
      a = await createTestContext(driver, { logLevel: "warn" }, { database: first! });
      b = await createTestContext(driver, { logLevel: "warn" }, { database: second! });
    });
    afterAll(async () => {
      for (const [pair, counts] of tallies)
        console.info(
          `[${driver}] ${pair}: ${[...counts].map(([k, n]) => `${k} ×${n}`).join(", ")}`,
        );
      await b?.close();
      await a?.close();
    });

    /** An account on the biggest plan (the limits are tested on their own) with billing data. */
    async function setUpAccount() {
      const account = await a.signUp();
      await a.db
        .updateTable("subscriptions")
        .set({ plan: "enterprise_plus", status: "active", trialEndDate: null })
        .where("userId", "=", account.userId)
        .execute();
      expect(
        (
          await a.request("PUT", "/api/billing-data", {
            cookie: account.cookie,
            body: SAMPLE_BILLING_DATA,
          })
        ).status,
      ).toBe(200);
      const property = await insertProperty(a.db, account.userId, { name: "Lindenhof" });
      return { ...account, propertyId: property.id };
    }

    /**
     * Runs `trial` TRIALS times; each fires its two requests at once, one through each instance,
     * and checks the state afterwards. Every answer must be below 500.
     */
    async function race<S>(
      name: string,
      prepare: (i: number) => Promise<S>,
      fire: (state: S) => [() => Promise<Response>, () => Promise<Response>],
      check: (state: S, first: Outcome, second: Outcome) => Promise<void>,
    ) {
      const counts = new Map<string, number>();
      tallies.set(name, counts);
      const failures: string[] = [];
      for (let i = 0; i < TRIALS; i += 1) {
        const state = await prepare(i);
        const [left, right] = fire(state);
        const [first, second] = await Promise.all([left(), right()]).then((responses) =>
          Promise.all(responses.map(outcomeOf)),
        );
        const key = `${first!.status}/${second!.status}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        try {
          expect([first!.status, second!.status].filter((status) => status >= 500)).toEqual([]);
          for (const outcome of [first!, second!]) {
            if (outcome.status >= 400)
              expect(outcome.body.error?.message ?? "", "error message in German").not.toMatch(
                ENGLISH,
              );
          }
          await check(state, first!, second!);
        } catch (error) {
          counts.set("violations", (counts.get("violations") ?? 0) + 1);
          failures.push(
            `trial ${i}: ${(error as Error).message.split("\n")[0]} ${JSON.stringify([first, second]).slice(0, 400)}`,
          );
        }
      }
      expect(failures, name).toEqual([]);
      // The database's refusal (foreign key, deadlock) never had to stand in for a rule.
      for (const t of [a, b])
        expect(t.readLogEvents("request.conflict_refused_by_database"), name).toEqual([]);
    }

    it("create a tenant vs delete its unit (defect 1): never a tenant confirmed and then gone", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      await race(
        "tenant create vs unit delete",
        async (i) => (await insertUnit(a.db, userId, propertyId, { name: `Wohnung ${i}` })).id,
        (unitId) => [
          () => a.request("POST", "/api/tenants", { cookie, body: { ...TENANT, unitId } }),
          () => b.request("DELETE", `/api/units/${unitId}`, { cookie }),
        ],
        async (unitId, tenant, unit) => {
          const tenants = await a.db
            .selectFrom("tenants")
            .select("id")
            .where("unitId", "=", unitId)
            .execute();
          const unitRow = await a.db
            .selectFrom("units")
            .select("id")
            .where("id", "=", unitId)
            .executeTakeFirst();
          if (tenant.status === 201) {
            expect(unit.status).toBe(409);
            expect(unit.body.error?.message).toBe(
              "Wohneinheit kann nicht gelöscht werden: Es gibt noch aktive Mieter",
            );
            expect(tenants.map((row) => row.id)).toEqual([tenant.body.id]);
            expect(unitRow).toBeDefined();
          } else {
            expect(tenant.status).toBe(404);
            expect(unit.status).toBe(204);
            expect(tenants).toEqual([]);
            expect(unitRow).toBeUndefined();
          }
        },
      );
    });

    it("create a unit vs delete its property", async () => {
      const { cookie, userId } = await setUpAccount();
      await race(
        "unit create vs property delete",
        async (i) => (await insertProperty(a.db, userId, { name: `Haus ${i}` })).id,
        (propertyId) => [
          () =>
            a.request("POST", `/api/properties/${propertyId}/units`, {
              cookie,
              body: { name: "EG", area: "50", persons: 1 },
            }),
          () => b.request("DELETE", `/api/properties/${propertyId}`, { cookie }),
        ],
        async (propertyId, unit, property) => {
          const units = await a.db
            .selectFrom("units")
            .select("id")
            .where("propertyId", "=", propertyId)
            .execute();
          // Either order is fine; what the answers say must be what is stored.
          if (property.status === 204) expect(units).toEqual([]);
          else expect(property.status).toBe(404);
          if (unit.status === 201 && property.status !== 204)
            expect(units.map((row) => row.id)).toEqual([unit.body.id]);
          if (unit.status !== 201) expect(unit.status).toBe(404);
        },
      );
    });

    it("create a tenant vs delete the property of its unit (an active tenant blocks the property, defect 3)", async () => {
      const { cookie, userId } = await setUpAccount();
      await race(
        "tenant create vs property delete",
        async (i) => {
          const property = await insertProperty(a.db, userId, { name: `Haus ${i}` });
          return {
            propertyId: property.id,
            unitId: (await insertUnit(a.db, userId, property.id)).id,
          };
        },
        ({ unitId, propertyId }) => [
          () => a.request("POST", "/api/tenants", { cookie, body: { ...TENANT, unitId } }),
          () => b.request("DELETE", `/api/properties/${propertyId}`, { cookie }),
        ],
        async ({ unitId }, tenant, property) => {
          const tenants = await a.db
            .selectFrom("tenants")
            .select("id")
            .where("unitId", "=", unitId)
            .execute();
          if (tenant.status === 201) {
            expect(property.status).toBe(409);
            expect(tenants).toHaveLength(1);
          } else {
            expect([tenant.status, property.status]).toEqual([404, 204]);
            expect(tenants).toEqual([]);
          }
        },
      );
    });

    it("mark a former tenant active vs delete the unit", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      await race(
        "tenant move-in vs unit delete",
        async (i) => {
          const unit = await insertUnit(a.db, userId, propertyId, { name: `Wohnung ${i}` });
          const tenant = await insertTenant(a.db, userId, unit.id, {
            moveInDate: "2020-01-01",
            moveOutDate: "2022-12-31",
            isActive: false,
          });
          return { unitId: unit.id, tenantId: tenant.id };
        },
        ({ unitId, tenantId }) => [
          () => a.request("POST", `/api/tenants/${tenantId}/move-in`, { cookie }),
          () => b.request("DELETE", `/api/units/${unitId}`, { cookie }),
        ],
        async ({ tenantId }, moveIn, unit) => {
          const tenant = await a.db
            .selectFrom("tenants")
            .select(["isActive"])
            .where("id", "=", tenantId)
            .executeTakeFirst();
          if (moveIn.status === 200) {
            expect(unit.status).toBe(409);
            expect(tenant?.isActive).toBe(true);
          } else {
            expect([moveIn.status, unit.status]).toEqual([404, 204]);
            expect(tenant).toBeUndefined();
          }
        },
      );
    });

    it("two tenants moving into one unit at once: one tenancy, never two sharing a day", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      await race(
        "tenant create vs tenant create (overlap)",
        async (i) => (await insertUnit(a.db, userId, propertyId, { name: `Wohnung ${i}` })).id,
        (unitId) => [
          () =>
            a.request("POST", "/api/tenants", {
              cookie,
              body: { ...TENANT, name: "Anna Alt", unitId },
            }),
          () =>
            b.request("POST", "/api/tenants", {
              cookie,
              body: { ...TENANT, name: "Bernd Neu", unitId },
            }),
        ],
        async (unitId, first, second) => {
          expect([first.status, second.status].sort()).toEqual([201, 409]);
          expect(
            await a.db.selectFrom("tenants").select("id").where("unitId", "=", unitId).execute(),
          ).toHaveLength(1);
        },
      );
    });

    it("two prepayments of one tenant at once: never two sharing a month", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      const unit = await insertUnit(a.db, userId, propertyId);
      await race(
        "prepayment create vs prepayment create (overlap)",
        async () => (await insertTenant(a.db, userId, unit.id)).id,
        (tenantId) => [
          () =>
            a.request("POST", `/api/tenants/${tenantId}/prepayments`, {
              cookie,
              body: { monthlyAmount: "150", validFrom: "2024-01-01" },
            }),
          () =>
            b.request("POST", `/api/tenants/${tenantId}/prepayments`, {
              cookie,
              body: { monthlyAmount: "160", validFrom: "2024-03-01" },
            }),
        ],
        async (tenantId, first, second) => {
          expect([first.status, second.status].sort()).toEqual([201, 400]);
          expect(
            await a.db
              .selectFrom("tenantPrepayments")
              .select("id")
              .where("tenantId", "=", tenantId)
              .execute(),
          ).toHaveLength(1);
        },
      );
    });

    it("add a prepayment vs delete its tenant: the prepayment exists unless the tenant was deleted after it", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      const unit = await insertUnit(a.db, userId, propertyId);
      await race(
        "prepayment create vs tenant delete",
        async () => (await insertTenant(a.db, userId, unit.id)).id,
        (tenantId) => [
          () =>
            a.request("POST", `/api/tenants/${tenantId}/prepayments`, {
              cookie,
              body: { monthlyAmount: "150", validFrom: "2024-01-01" },
            }),
          () => b.request("DELETE", `/api/tenants/${tenantId}`, { cookie }),
        ],
        async (tenantId, prepayment, tenant) => {
          expect(tenant.status).toBe(204);
          // The prepayment was confirmed before the tenant (and with it its prepayments) went, or refused.
          expect([201, 404]).toContain(prepayment.status);
          expect(
            await a.db
              .selectFrom("tenantPrepayments")
              .select("id")
              .where("tenantId", "=", tenantId)
              .execute(),
          ).toEqual([]);
        },
      );
    });

    it("add a meter vs delete its unit, and a reading vs delete its meter", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      await race(
        "meter create vs unit delete",
        async (i) => (await insertUnit(a.db, userId, propertyId, { name: `Wohnung ${i}` })).id,
        (unitId) => [
          () =>
            a.request("POST", "/api/meters", {
              cookie,
              body: { meterNumber: "KW-1", meterType: "Kaltwasser", unitId },
            }),
          () => b.request("DELETE", `/api/units/${unitId}`, { cookie }),
        ],
        async (unitId, meter, unit) => {
          expect(unit.status).toBe(204);
          expect([201, 404]).toContain(meter.status);
          // Deleting a unit takes its meters along: a meter confirmed first went with it.
          expect(
            await a.db.selectFrom("meters").select("id").where("unitId", "=", unitId).execute(),
          ).toEqual([]);
        },
      );
      const unit = await insertUnit(a.db, userId, propertyId, { name: "Zählerwohnung" });
      await race(
        "reading create vs meter delete",
        async (i) => createMeterViaApi(a, cookie, { meterNumber: `WZ-${i}`, unitId: unit.id }),
        (meterId) => [
          () =>
            a.request("POST", `/api/meters/${meterId}/readings`, {
              cookie,
              body: { readingValue: "100", readingDate: "2024-01-01" },
            }),
          () => b.request("DELETE", `/api/meters/${meterId}`, { cookie }),
        ],
        async (meterId, reading, meter) => {
          expect(meter.status).toBe(204);
          expect([201, 404]).toContain(reading.status);
          expect(
            await a.db
              .selectFrom("meterReadings")
              .select("id")
              .where("meterId", "=", meterId)
              .execute(),
          ).toEqual([]);
        },
      );
    });

    it("two readings of one meter at once: a lower value after a higher one is never stored unconfirmed", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      const unit = await insertUnit(a.db, userId, propertyId);
      await race(
        "reading create vs reading create (decrease rule)",
        async (i) => createMeterViaApi(a, cookie, { meterNumber: `WZ-${i}`, unitId: unit.id }),
        (meterId) => [
          () =>
            a.request("POST", `/api/meters/${meterId}/readings`, {
              cookie,
              body: { readingValue: "100", readingDate: "2024-06-01" },
            }),
          () =>
            b.request("POST", `/api/meters/${meterId}/readings`, {
              cookie,
              body: { readingValue: "50", readingDate: "2024-07-01" },
            }),
        ],
        async (meterId, higher, lower) => {
          // Either order is a decrease: 50 after 100, or 100 before a later 50. The second of the
          // two to be stored must be confirmed, so exactly one is.
          expect([higher.status, lower.status].sort()).toEqual([201, 409]);
          expect([higher, lower].find((outcome) => outcome.status === 409)?.body.error?.code).toBe(
            "READING_DECREASE",
          );
          expect(
            await a.db
              .selectFrom("meterReadings")
              .select("id")
              .where("meterId", "=", meterId)
              .execute(),
          ).toHaveLength(1);
        },
      );
    });

    it("create a billing period vs delete its property", async () => {
      const { cookie, userId } = await setUpAccount();
      await race(
        "billing period create vs property delete",
        async (i) => (await insertProperty(a.db, userId, { name: `Haus ${i}` })).id,
        (propertyId) => [
          () =>
            a.request("POST", "/api/billing-periods", {
              cookie,
              body: {
                propertyId,
                billingPeriodStart: "2024-01-01",
                billingPeriodEnd: "2024-12-31",
              },
            }),
          () => b.request("DELETE", `/api/properties/${propertyId}`, { cookie }),
        ],
        async (propertyId, period, property) => {
          expect(property.status).toBe(204);
          expect([201, 404]).toContain(period.status);
          expect(
            await a.db
              .selectFrom("billingPeriods")
              .select("id")
              .where("propertyId", "=", propertyId)
              .execute(),
          ).toEqual([]);
        },
      );
    });

    it("move a tenant into another unit vs delete that unit", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      await race(
        "tenant update (other unit) vs unit delete",
        async (i) => {
          const from = await insertUnit(a.db, userId, propertyId, { name: `Alt ${i}` });
          const to = await insertUnit(a.db, userId, propertyId, { name: `Neu ${i}` });
          return { tenantId: (await insertTenant(a.db, userId, from.id)).id, toId: to.id };
        },
        ({ tenantId, toId }) => [
          () => a.request("PATCH", `/api/tenants/${tenantId}`, { cookie, body: { unitId: toId } }),
          () => b.request("DELETE", `/api/units/${toId}`, { cookie }),
        ],
        async ({ tenantId, toId }, moved, unit) => {
          const tenant = await a.db
            .selectFrom("tenants")
            .innerJoin("units", "units.id", "tenants.unitId")
            .select("units.id")
            .where("tenants.id", "=", tenantId)
            .executeTakeFirst();
          if (moved.status === 200) {
            expect(unit.status).toBe(409);
            expect(tenant?.id).toBe(toId);
          } else {
            expect([moved.status, unit.status]).toEqual([404, 204]);
            expect(tenant).toBeDefined();
          }
        },
      );
    });

    it("record an occupancy change vs delete the tenant", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      const unit = await insertUnit(a.db, userId, propertyId);
      await race(
        "occupancy change vs tenant delete",
        async () => {
          const tenant = await insertTenant(a.db, userId, unit.id);
          await a.db
            .insertInto("tenantAttributes")
            .values({
              tenantId: tenant.id,
              persons: 2,
              validFrom: "2023-01-01",
              validUntil: null,
              updatedAt: new Date(),
            })
            .execute();
          return tenant.id;
        },
        (tenantId) => [
          () =>
            a.request("POST", `/api/tenants/${tenantId}/occupants`, {
              cookie,
              body: { persons: 3, validFrom: "2024-03-01" },
            }),
          () => b.request("DELETE", `/api/tenants/${tenantId}`, { cookie }),
        ],
        async (tenantId, change, tenant) => {
          expect(tenant.status).toBe(204);
          expect([200, 201, 404]).toContain(change.status);
          expect(
            await a.db
              .selectFrom("tenantAttributes")
              .select("id")
              .where("tenantId", "=", tenantId)
              .execute(),
          ).toEqual([]);
        },
      );
    });

    it("two identical billing periods at once: one period", async () => {
      const { cookie, userId } = await setUpAccount();
      await race(
        "billing period create vs billing period create (duplicate)",
        async (i) => (await insertProperty(a.db, userId, { name: `Periodenhaus ${i}` })).id,
        (propertyId) => {
          const body = {
            propertyId,
            billingPeriodStart: "2024-01-01",
            billingPeriodEnd: "2024-12-31",
          };
          return [
            () => a.request("POST", "/api/billing-periods", { cookie, body }),
            () => b.request("POST", "/api/billing-periods", { cookie, body }),
          ];
        },
        async (propertyId, first, second) => {
          expect([first.status, second.status].sort()).toEqual([201, 409]);
          expect(
            await a.db
              .selectFrom("billingPeriods")
              .select("id")
              .where("propertyId", "=", propertyId)
              .execute(),
          ).toHaveLength(1);
        },
      );
    });

    it("bulk readings vs delete one of their meters, and a period's costs vs delete the period", async () => {
      const { cookie, userId, propertyId } = await setUpAccount();
      const unit = await insertUnit(a.db, userId, propertyId);
      const periodId = await createBillingPeriodViaApi(a, cookie, propertyId);
      await race(
        "bulk readings vs meter delete",
        async (i) => createMeterViaApi(a, cookie, { meterNumber: `BZ-${i}`, unitId: unit.id }),
        (meterId) => [
          () =>
            a.request("POST", "/api/readings/bulk", {
              cookie,
              body: {
                billingPeriodId: periodId,
                readingDate: "2024-12-31",
                readings: [{ meterId, readingValue: "120" }],
              },
            }),
          () => b.request("DELETE", `/api/meters/${meterId}`, { cookie }),
        ],
        async (meterId, bulk, meter) => {
          expect(meter.status).toBe(204);
          expect([200, 201, 404]).toContain(bulk.status);
          expect(
            await a.db
              .selectFrom("meterReadings")
              .select("id")
              .where("meterId", "=", meterId)
              .execute(),
          ).toEqual([]);
        },
      );
      await race(
        "costs edit vs billing period delete",
        async (i) =>
          createBillingPeriodViaApi(
            a,
            cookie,
            propertyId,
            `${2000 + i}-01-01`,
            `${2000 + i}-12-31`,
          ),
        (billingPeriodId) => [
          () =>
            a.request("PUT", `/api/billing-periods/${billingPeriodId}/costs`, {
              cookie,
              body: { costItems: SAMPLE_COST_ITEMS },
            }),
          () => b.request("DELETE", `/api/billing-periods/${billingPeriodId}`, { cookie }),
        ],
        async (billingPeriodId, costs, period) => {
          expect(period.status).toBe(204);
          expect([200, 404]).toContain(costs.status);
          expect(
            await a.db
              .selectFrom("billingPeriodCostItems")
              .select("id")
              .where("billingPeriodId", "=", billingPeriodId)
              .execute(),
          ).toEqual([]);
        },
      );
    });

    /** A property with two let units and a billing period of 2024 with its costs saved. */
    async function setUpStatementProperty(userId: string, cookie: string, i: number) {
      const property = await insertProperty(a.db, userId, { name: `Abrechnungshaus ${i}` });
      const eg = await insertUnit(a.db, userId, property.id, { name: "EG links", area: "60.00" });
      const og = await insertUnit(a.db, userId, property.id, { name: "OG rechts", area: "90.00" });
      const tenant = await insertTenant(a.db, userId, eg.id, {
        name: "Jürgen Krüger",
        moveInDate: "2020-01-01",
      });
      await a.db
        .updateTable("tenants")
        .set({ email: "juergen@example.org" })
        .where("id", "=", tenant.id)
        .execute();
      await insertTenant(a.db, userId, og.id, { name: "Maria Weiß", moveInDate: "2020-01-01" });
      const billingPeriodId = await createBillingPeriodViaApi(a, cookie, property.id);
      expect(
        (
          await a.request("PUT", `/api/billing-periods/${billingPeriodId}/costs`, {
            cookie,
            body: { costItems: SAMPLE_COST_ITEMS },
          })
        ).status,
      ).toBe(200);
      return { propertyId: property.id, unitId: eg.id, tenantId: tenant.id, billingPeriodId };
    }

    async function saveRun(
      cookie: string,
      billingPeriodId: string,
      finalize: boolean,
    ): Promise<string> {
      const response = await a.request("POST", "/api/statements", {
        cookie,
        body: { billingPeriodId, finalize },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await readJson(response)).id as string;
    }

    it("finalize a draft run vs delete one of its tenants (defect 2): a finalized letter always keeps its tenant", async () => {
      const { cookie, userId } = await setUpAccount();
      await race(
        "run finalize vs tenant delete",
        async (i) => {
          const setup = await setUpStatementProperty(userId, cookie, i);
          return { ...setup, runId: await saveRun(cookie, setup.billingPeriodId, false) };
        },
        ({ runId, tenantId }) => [
          () =>
            a.request("POST", `/api/statements/${runId}/transition`, {
              cookie,
              body: { to: "finalized", force: true, reason: "Test" },
            }),
          () => b.request("DELETE", `/api/tenants/${tenantId}`, { cookie }),
        ],
        async ({ runId, tenantId }, finalize, tenant) => {
          const statement = await a.db
            .selectFrom("tenancyStatements")
            .select(["id", "status", "tenantId"])
            .where("statementRunId", "=", runId)
            .where("tenantName", "=", "Jürgen Krüger")
            .executeTakeFirstOrThrow();
          if (finalize.status === 200) {
            expect(tenant.status).toBe(409);
            expect(statement).toMatchObject({ status: "finalized", tenantId });
            const letter = await a.request("GET", `/api/tenant-statements/${statement.id}/pdf`, {
              cookie,
            });
            expect(letter.status).toBe(200);
          } else {
            expect(tenant.status).toBe(204);
            expect(finalize.status).toBe(409);
            expect(statement.status).not.toBe("finalized");
          }
        },
      );
    });

    it("save a run finalized vs edit the period's costs: what was confirmed is in the finalized run, or refused", async () => {
      const { cookie, userId } = await setUpAccount();
      const changed = [
        { costType: "Grundsteuer", amount: "750.00", key: "area" },
        SAMPLE_COST_ITEMS[1]!,
      ];
      await race(
        "run save (finalize) vs costs edit",
        async (i) => setUpStatementProperty(userId, cookie, i),
        ({ billingPeriodId }) => [
          () =>
            a.request("POST", "/api/statements", {
              cookie,
              body: { billingPeriodId, finalize: true },
            }),
          () =>
            b.request("PUT", `/api/billing-periods/${billingPeriodId}/costs`, {
              cookie,
              body: { costItems: changed },
            }),
        ],
        async ({ billingPeriodId }, save, costs) => {
          expect(save.status).toBe(201);
          const run = await a.db
            .selectFrom("statementRuns")
            .select(["totalCosts", "isFinal"])
            .where("billingPeriodId", "=", billingPeriodId)
            .executeTakeFirstOrThrow();
          expect(run.isFinal).toBe(true);
          if (costs.status === 200) expect(run.totalCosts).toBe("1050.00");
          else {
            expect(costs.status).toBe(409);
            expect(run.totalCosts).toBe("900.00");
          }
        },
      );
    });

    it("save a run vs delete its property: a property with a saved run stays", async () => {
      const { cookie, userId } = await setUpAccount();
      await race(
        "run save vs property delete",
        async (i) => {
          const setup = await setUpStatementProperty(userId, cookie, 200 + i);
          // Its tenants moved out long ago, so only the run can block the delete.
          await a.db
            .updateTable("tenants")
            .set({ isActive: false, moveOutDate: "2024-12-31" })
            .where("userId", "=", userId)
            .execute();
          return setup;
        },
        ({ billingPeriodId, propertyId }) => [
          () =>
            a.request("POST", "/api/statements", {
              cookie,
              body: { billingPeriodId, finalize: false },
            }),
          () => b.request("DELETE", `/api/properties/${propertyId}`, { cookie }),
        ],
        async ({ propertyId }, save, property) => {
          const runs = await a.db
            .selectFrom("statementRuns")
            .select("id")
            .where("propertyId", "=", propertyId)
            .execute();
          if (save.status === 201) {
            expect(property.status).toBe(409);
            expect(runs).toHaveLength(1);
          } else {
            expect([save.status, property.status]).toEqual([404, 204]);
            expect(runs).toEqual([]);
          }
        },
      );
    });

    it("delete a draft run vs finalize it", async () => {
      const { cookie, userId } = await setUpAccount();
      await race(
        "run delete vs run finalize",
        async (i) => {
          const setup = await setUpStatementProperty(userId, cookie, i);
          return { ...setup, runId: await saveRun(cookie, setup.billingPeriodId, false) };
        },
        ({ runId }) => [
          () => a.request("DELETE", `/api/statements/${runId}`, { cookie }),
          () =>
            b.request("POST", `/api/statements/${runId}/transition`, {
              cookie,
              body: { to: "finalized", force: true, reason: "Test" },
            }),
        ],
        async ({ runId }, deleted, finalize) => {
          const run = await a.db
            .selectFrom("statementRuns")
            .select("isFinal")
            .where("id", "=", runId)
            .executeTakeFirst();
          if (finalize.status === 200) {
            expect(deleted.status).toBe(409);
            expect(run?.isFinal).toBe(true);
          } else {
            expect([deleted.status, finalize.status]).toEqual([204, 404]);
            expect(run).toBeUndefined();
          }
        },
      );
    });

    it("delete a correction's draft vs finalize it by saving, and two corrections at once", async () => {
      const { cookie, userId } = await setUpAccount();
      await race(
        "correction delete vs correction save (finalize)",
        async (i) => {
          const setup = await setUpStatementProperty(userId, cookie, i);
          const finalRun = await saveRun(cookie, setup.billingPeriodId, true);
          const correction = await a.request("POST", `/api/statements/${finalRun}/corrections`, {
            cookie,
          });
          expect(correction.status).toBe(201);
          return { ...setup, finalRun, correctionId: (await readJson(correction)).id as string };
        },
        ({ correctionId, billingPeriodId }) => [
          () => a.request("DELETE", `/api/statements/${correctionId}`, { cookie }),
          () =>
            b.request("POST", "/api/statements", {
              cookie,
              body: { billingPeriodId, finalize: true },
            }),
        ],
        async ({ billingPeriodId, correctionId }, deleted, save) => {
          const runs = await a.db
            .selectFrom("statementRuns")
            .select(["id", "version", "isFinal"])
            .where("billingPeriodId", "=", billingPeriodId)
            .orderBy("version")
            .execute();
          if (save.status === 201) {
            expect(deleted.status).toBe(409);
            expect(runs.map((run) => [run.version, run.isFinal])).toEqual([
              [1, true],
              [2, true],
            ]);
          } else {
            expect([deleted.status, save.status]).toEqual([204, 409]);
            expect(runs.map((run) => run.id)).not.toContain(correctionId);
            expect(runs.map((run) => [run.version, run.isFinal])).toEqual([[1, true]]);
          }
        },
      );
      await race(
        "correction create vs correction create",
        async (i) => {
          const setup = await setUpStatementProperty(userId, cookie, 100 + i);
          return saveRun(cookie, setup.billingPeriodId, true);
        },
        (runId) => [
          () => a.request("POST", `/api/statements/${runId}/corrections`, { cookie }),
          () => b.request("POST", `/api/statements/${runId}/corrections`, { cookie }),
        ],
        async (_runId, first, second) => {
          expect([first.status, second.status].sort()).toEqual([201, 409]);
        },
      );
    });

    it("plan limits hold for creates through both instances at once, and against a smaller plan chosen at the same moment", async () => {
      const { cookie, userId } = await a.signUp();
      // The trial allows one property: of two creates at once exactly one gets it.
      const [first, second] = await Promise.all([
        a.request("POST", "/api/properties", {
          cookie,
          body: {
            name: "Haus A",
            street: "Weg",
            houseNumber: "1",
            postalCode: "33602",
            city: "Bielefeld",
            country: "Deutschland",
            propertyType: "Mehrfamilienhaus",
          },
        }),
        b.request("POST", "/api/properties", {
          cookie,
          body: {
            name: "Haus B",
            street: "Weg",
            houseNumber: "2",
            postalCode: "33602",
            city: "Bielefeld",
            country: "Deutschland",
            propertyType: "Mehrfamilienhaus",
          },
        }),
      ]).then((responses) => Promise.all(responses.map(outcomeOf)));
      expect([first!.status, second!.status].sort()).toEqual([201, 403]);
      expect(
        await a.db.selectFrom("properties").select("id").where("userId", "=", userId).execute(),
      ).toHaveLength(1);

      // Starter allows 3 units: with 2 units, one more unit and the change to starter at once:
      // either the plan changes and then the third unit fits, or the other way round; never 4 units on starter.
      await a.db
        .updateTable("subscriptions")
        .set({ plan: "professional", status: "active", trialEndDate: null })
        .where("userId", "=", userId)
        .execute();
      const property = await insertProperty(a.db, userId, { name: "Planhaus" });
      await race(
        "unit create vs plan change (limit)",
        async (i) => {
          await a.db
            .updateTable("subscriptions")
            .set({ plan: "professional" })
            .where("userId", "=", userId)
            .execute();
          await a.db.deleteFrom("units").where("userId", "=", userId).execute();
          await insertUnit(a.db, userId, property.id, { name: `A${i}` });
          await insertUnit(a.db, userId, property.id, { name: `B${i}` });
          await insertUnit(a.db, userId, property.id, { name: `C${i}` });
          return i;
        },
        () => [
          () =>
            a.request("POST", `/api/properties/${property.id}/units`, {
              cookie,
              body: { name: "D", area: "50", persons: 1 },
            }),
          () => b.request("POST", "/api/subscription/plan", { cookie, body: { plan: "starter" } }),
        ],
        async (_i, unit, plan) => {
          const units = await a.db
            .selectFrom("units")
            .select("id")
            .where("userId", "=", userId)
            .execute();
          const subscription = await a.db
            .selectFrom("subscriptions")
            .select("plan")
            .where("userId", "=", userId)
            .executeTakeFirstOrThrow();
          expect(
            subscription.plan === "starter" && units.length > 3,
            `starter with ${units.length} units`,
          ).toBe(false);
          expect(units).toHaveLength(unit.status === 201 ? 4 : 3);
          expect(subscription.plan).toBe(plan.status === 200 ? "starter" : "professional");
        },
      );
    });
  },
);
