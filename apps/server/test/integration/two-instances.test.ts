import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/db/migrations/index.ts";
import {
  fireAtOnce,
  requestVia,
  startInstancePair,
  type InstancePair,
} from "../support/instance-pair.ts";
import {
  ensureServerBuilt,
  makeDataDir,
  REPO_ROOT,
  SERVER_ENTRY,
} from "../support/server-process.ts";
import { runWithinOneWindow } from "../support/rate-limit-window.ts";
import { TEST_PASSWORD, toCookieHeader } from "../support/test-app.ts";

// Issue 18: two app processes on one PostgreSQL database behave as one application.
// Runs against the PostgreSQL of TEST_DATABASE_URL, like the other PostgreSQL runs.

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres)
  console.warn(
    "Zwei-Instanzen-Test: TEST_DATABASE_URL ist nicht gesetzt, der Test wird übersprungen.",
  );

const PROPERTY = {
  name: "Haus am Park",
  street: "Parkstraße",
  houseNumber: "12",
  postalCode: "33602",
  city: "Bielefeld",
  state: "Nordrhein-Westfalen",
  country: "Deutschland",
  propertyType: "Mehrfamilienhaus",
};

describe.skipIf(!hasPostgres)("two instances on one PostgreSQL database", () => {
  let pair: InstancePair;
  beforeAll(async () => {
    pair = await startInstancePair();
  }, 120_000);
  afterAll(async () => pair?.stop(), 60_000);

  async function signUp(email: string) {
    const response = await requestVia(pair.a, "POST", "/api/auth/sign-up/email", {
      body: {
        email,
        password: TEST_PASSWORD,
        firstName: "Erika",
        lastName: "Mustermann",
        passwordConfirmation: TEST_PASSWORD,
        acceptTerms: true,
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string } };
    return { cookie: toCookieHeader(response), userId: body.user.id };
  }

  it("runs the migrations once when both start together", async () => {
    const applied = [pair.a, pair.b].map(
      (server) => server.readEvents("database.ready")[0]?.migrationsApplied as string[],
    );
    // One instance applied every migration; the other waited for the lock and found none to run.
    expect(applied.map((names) => names.length).sort()).toEqual([0, MIGRATIONS.length]);
    const rows = await pair.database.db
      .selectFrom("schema_migrations" as never)
      .select("name" as never)
      .execute();
    expect(rows).toHaveLength(MIGRATIONS.length);
    expect(pair.a.readEvents("server.listening")).toHaveLength(1);
    expect(pair.b.readEvents("server.listening")).toHaveLength(1);
  });

  it("accepts a session made on one instance on the other, and a sign-out on one ends it on both", async () => {
    const { cookie, userId } = await signUp(`sitzung-${Date.now()}@example.de`);
    expect(cookie).toContain("__Secure-");
    const onB = await requestVia(pair.b, "GET", "/api/me", { cookie });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { user: { id: string } }).user.id).toBe(userId);

    expect(
      (await requestVia(pair.b, "POST", "/api/auth/sign-out", { cookie, body: {} })).status,
    ).toBe(200);
    expect((await requestVia(pair.a, "GET", "/api/me", { cookie })).status).toBe(401);
    expect((await requestVia(pair.b, "GET", "/api/me", { cookie })).status).toBe(401);
  });

  it("ends a session signed out on one instance within 5 s on the other, which had just used it (decision 0990)", async () => {
    const { cookie } = await signUp(`cache-${Date.now()}@example.de`);
    expect((await requestVia(pair.a, "GET", "/api/me", { cookie })).status).toBe(200);
    expect((await requestVia(pair.b, "GET", "/api/me", { cookie })).status).toBe(200);
    const signedOutAt = Date.now();
    expect(
      (await requestVia(pair.b, "POST", "/api/auth/sign-out", { cookie, body: {} })).status,
    ).toBe(200);
    // At once on the instance that signed out; within 5 s on the other (its cached entry ages out).
    expect((await requestVia(pair.b, "GET", "/api/me", { cookie })).status).toBe(401);
    let status = 200;
    while (status === 200) {
      status = (await requestVia(pair.a, "GET", "/api/properties", { cookie })).status;
      expect(Date.now() - signedOutAt).toBeLessThan(5_000);
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
  }, 20_000);

  it("counts failed sign-ins across both instances: the sixth within a minute is refused on either", async () => {
    // The failures, the refused sixth and the right password in one 15-minute window (again with
    // a new account if the window turned).
    const { email, failures, sixth, right } = await runWithinOneWindow(
      pair.database.db,
      15 * 60,
      async () => {
        const email = `versuche-${Date.now()}@example.de`;
        await signUp(email);
        const wrong = { email, password: "Falsch123" };
        const failures: number[] = [];
        for (const via of [pair.a, pair.b, pair.a, pair.b, pair.a]) {
          failures.push(
            (await requestVia(via, "POST", "/api/auth/sign-in/email", { body: wrong })).status,
          );
        }
        const sixth = await requestVia(pair.b, "POST", "/api/auth/sign-in/email", { body: wrong });
        const right = await requestVia(pair.a, "POST", "/api/auth/sign-in/email", {
          body: { email, password: TEST_PASSWORD },
        });
        return { email, failures, sixth, right };
      },
    );
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: { message: string } }).error.message).toMatch(
      /^Zu viele fehlgeschlagene Anmeldeversuche\./,
    );
    // Even the right password waits now, on both instances.
    expect(right.status).toBe(429);
    const counted = await pair.database.db
      .selectFrom("rateLimitBuckets")
      .select("count")
      .where("key", "like", `sign-in:pair:${email}|%`)
      .execute();
    expect(counted.map((row) => row.count)).toEqual([7]);
  });

  it("holds the plan limits when creates arrive at the same time through both instances", async () => {
    const { cookie, userId } = await signUp(`limits-${Date.now()}@example.de`);
    // Trial: 1 property. Four creates at once, two through each instance: exactly one succeeds.
    const creates = await fireAtOnce(
      [pair.a, pair.b, pair.a, pair.b].map((via, i) => ({
        via,
        method: "POST",
        path: "/api/properties",
        body: { ...PROPERTY, name: `Haus ${i}` },
        cookie,
      })),
    );
    const statuses = creates.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403]);
    const refused = creates.find((r) => r.status === 403)!;
    expect(
      ((await refused.json()) as { error: { code: string; message: string } }).error,
    ).toMatchObject({
      code: "LIMIT_REACHED",
      message: "Sie haben das Limit von 1 Immobilien erreicht.",
    });
    const properties = await pair.database.db
      .selectFrom("properties")
      .select("id")
      .where("userId", "=", userId)
      .execute();
    expect(properties).toHaveLength(1);

    // Trial: 3 units. Five creates at once: exactly three succeed.
    const propertyId = properties[0]!.id;
    const units = await fireAtOnce(
      [pair.a, pair.b, pair.a, pair.b, pair.a].map((via, i) => ({
        via,
        method: "POST",
        path: `/api/properties/${propertyId}/units`,
        body: { name: `Wohnung ${i}`, area: "50.00", persons: 1 },
        cookie,
      })),
    );
    expect(units.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403]);
    const rows = await pair.database.db
      .selectFrom("units")
      .select("id")
      .where("userId", "=", userId)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it("keeps exactly one finalized run when a statement is finalized through both instances at once", async () => {
    const { cookie, userId } = await signUp(`finalisieren-${Date.now()}@example.de`);
    const post = async (path: string, body: unknown) => {
      const response = await requestVia(pair.a, "POST", path, { body, cookie });
      expect(response.status, path).toBeLessThan(300);
      return (await response.json()) as { id: string };
    };
    const put = async (path: string, body: unknown) =>
      expect((await requestVia(pair.b, "PUT", path, { body, cookie })).status, path).toBe(200);
    const property = await post("/api/properties", PROPERTY);
    const unit = await post(`/api/properties/${property.id}/units`, {
      name: "EG",
      area: "80.00",
      persons: 2,
    });
    await post("/api/tenants", { name: "Olga Ort", unitId: unit.id, moveInDate: "2024-01-01" });
    const period = await post("/api/billing-periods", {
      propertyId: property.id,
      billingPeriodStart: "2025-01-01",
      billingPeriodEnd: "2025-12-31",
    });
    await put("/api/billing-data", {
      companyName: "Hausverwaltung Park GmbH",
      phone: "0521 123456",
      street: "Parkstraße",
      houseNumber: "1",
      postalCode: "33602",
      city: "Bielefeld",
      iban: "DE89 3704 0044 0532 0130 00",
    });
    const body = {
      billingPeriodId: period.id,
      costItems: [{ costType: "Grundsteuer", amount: "480.00", key: "area" }],
    };
    const draft = await post("/api/statements", { ...body, finalize: false });

    const [first, second] = await fireAtOnce(
      [pair.a, pair.b].map((via) => ({
        via,
        method: "POST",
        path: "/api/statements",
        body: { ...body, finalize: true },
        cookie,
      })),
    );
    expect([first!.status, second!.status].sort()).toEqual([201, 409]);
    const runs = await pair.database.db
      .selectFrom("statementRuns")
      .select(["id", "isFinal"])
      .where("userId", "=", userId)
      .execute();
    expect(runs).toEqual([{ id: draft.id, isFinal: true }]);
    const finalized = await pair.database.db
      .selectFrom("userActivities")
      .select("id")
      .where("userId", "=", userId)
      .where("entityType", "=", "statement")
      .where("action", "=", "finalized")
      .execute();
    expect(finalized).toHaveLength(1);
  });

  it("never loses a tenant confirmed on one instance while the other deletes its unit (issue 26, defect 1; 20 times)", async () => {
    const { cookie, userId } = await signUp(`einheit-${Date.now()}@example.de`);
    // The biggest plan: the race, not the limit, is under test.
    await pair.database.db
      .updateTable("subscriptions")
      .set({ plan: "enterprise_plus", status: "active", trialEndDate: null })
      .where("userId", "=", userId)
      .execute();
    const property = (await (
      await requestVia(pair.a, "POST", "/api/properties", { body: PROPERTY, cookie })
    ).json()) as { id: string };
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 20; i += 1) {
      const unit = (await (
        await requestVia(pair.a, "POST", `/api/properties/${property.id}/units`, {
          body: { name: `Wohnung ${i}`, area: "50.00", persons: 1 },
          cookie,
        })
      ).json()) as { id: string };
      const [tenant, deleted] = await fireAtOnce([
        {
          via: pair.a,
          method: "POST",
          path: "/api/tenants",
          body: { name: "Max Mieter", unitId: unit.id, moveInDate: "2024-01-01" },
          cookie,
        },
        { via: pair.b, method: "DELETE", path: `/api/units/${unit.id}`, cookie },
      ]);
      const key = `${tenant!.status}/${deleted!.status}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      const tenants = await pair.database.db
        .selectFrom("tenants")
        .select("id")
        .where("unitId", "=", unit.id)
        .execute();
      if (tenant!.status === 201) {
        expect(deleted!.status, key).toBe(409);
        expect(tenants).toHaveLength(1);
      } else {
        expect(key).toBe("404/204");
        expect(tenants).toEqual([]);
      }
    }
    console.info(
      `two processes, tenant create vs unit delete: ${[...outcomes].map(([k, n]) => `${k} ×${n}`).join(", ")}`,
    );
  });

  it("refuses to start on the shared database without AUTH_SECRET, naming it, in development too (issue 26)", async () => {
    ensureServerBuilt();
    const dataDir = makeDataDir();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const result = spawnSync(process.execPath, [SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: "development",
        DATABASE_URL: url.toString(),
        AUTH_SECRET: "",
        PORT: "0",
        DATA_DIR: dataDir,
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("AUTH_SECRET: ist erforderlich, wenn DATABASE_URL gesetzt ist");
  });
});
