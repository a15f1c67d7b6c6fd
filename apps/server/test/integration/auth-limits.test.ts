import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, insertUnit } from "../support/fixtures.ts";
import { runWithinOneWindow } from "../support/rate-limit-window.ts";
import {
  createTestContext,
  readJson,
  TEST_PASSWORD,
  toCookieHeader,
  type TestContext,
} from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 15, items 3 and 4: the password policy on every path, the sign-in limiter under
// concurrency and against lock-out, sign-up per address, and the tenant limit.

const WEAK = "aaaaaaaa";
const POLICY =
  "Das Passwort muss mindestens 8 Zeichen lang sein und Groß- und Kleinbuchstaben sowie Ziffern enthalten.";

describe.each(TEST_DRIVERS)("authentication limits (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  const signIn = (email: string, password: string, address: string) =>
    t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password },
      headers: { "x-forwarded-for": address },
    });

  /** Sets the current window of a limiter key as if `count` attempts had been made. */
  async function presetBucket(key: string, windowSeconds: number, count: number) {
    await sql`insert into rate_limit_buckets (key, window_start, count)
      values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), ${count})
      on conflict (key, window_start) do update set count = excluded.count`.execute(t.db);
  }

  it("refuses a weak password on sign-up, reset and change-password alike", async () => {
    const signUp = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email: "schwach@example.de", password: WEAK, firstName: "A", lastName: "B" },
    });
    expect(signUp.status).toBe(400);
    expect((await readJson(signUp)).error.fields.password).toBe(POLICY);

    const reset = await t.request("POST", "/api/auth/reset-password", {
      body: { token: "irgendein-token", newPassword: WEAK },
    });
    expect(reset.status).toBe(400);
    expect((await readJson(reset)).error.fields.newPassword).toBe(POLICY);

    const { cookie, email } = await t.signUp();
    const change = await t.request("POST", "/api/auth/change-password", {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: WEAK },
    });
    expect(change.status).toBe(400);
    expect((await readJson(change)).error.fields.newPassword).toBe(POLICY);
    expect((await signIn(email, TEST_PASSWORD, "192.0.2.1")).status).toBe(200);

    const wrongCurrent = await t.request("POST", "/api/auth/change-password", {
      cookie,
      body: { currentPassword: "Falsch1234", newPassword: "Neu-Sicher-99" },
    });
    expect(wrongCurrent.status).toBe(400);
    expect((await readJson(wrongCurrent)).error.message).toBe("Das aktuelle Passwort ist falsch.");
    const strong = await t.request("POST", "/api/auth/change-password", {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: "Neu-Sicher-99" },
    });
    expect(strong.status).toBe(200);
    expect((await signIn(email, "Neu-Sicher-99", "192.0.2.1")).status).toBe(200);
  });

  it("update-user keeps the profile's limits on names and does not change the e-mail", async () => {
    const { cookie, userId } = await t.signUp();
    const long = await t.request("POST", "/api/auth/update-user", {
      cookie,
      body: { name: "x".repeat(5000) },
    });
    expect(long.status).toBe(400);
    expect((await readJson(long)).error.fields.name).toBe(
      "Der Name darf höchstens 201 Zeichen lang sein.",
    );
    const longFirst = await t.request("POST", "/api/auth/update-user", {
      cookie,
      body: { firstName: "x".repeat(101) },
    });
    expect((await readJson(longFirst)).error.fields.firstName).toBe(
      "Der Vorname darf höchstens 100 Zeichen lang sein.",
    );
    const email = await t.request("POST", "/api/auth/update-user", {
      cookie,
      body: { email: "neu@example.de" },
    });
    expect(email.status).toBe(400);
    expect((await readJson(email)).error.message).toBe(
      "Dieses Feld kann hier nicht geändert werden.",
    );
    const user = await t.db
      .selectFrom("users")
      .select(["name", "email"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe("Erika Mustermann");
    const fine = await t.request("POST", "/api/auth/update-user", {
      cookie,
      body: { name: "Erika Musterfrau" },
    });
    expect(fine.status).toBe(200);
  });

  it("lets exactly 5 of 50 concurrent wrong passwords through; the rest answer 429 with Retry-After", async () => {
    // The 50 failures and the right password after them in one 15-minute window (again with a
    // new account if the window turned).
    const { email, responses, rightHere } = await runWithinOneWindow(t.db, 15 * 60, async () => {
      const { email } = await t.signUp();
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signIn(email, `Falsch${i}Xy`, "198.51.100.20")),
      );
      return { email, responses, rightHere: await signIn(email, TEST_PASSWORD, "198.51.100.20") };
    });
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    const limited = responses.find((r) => r.status === 429)!;
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await readJson(limited)).error).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Zu viele fehlgeschlagene Anmeldeversuche/),
    });
    // The right password from this address waits too; from an address without failures it gets through.
    expect(rightHere.status).toBe(429);
    const owner = await signIn(email, TEST_PASSWORD, "198.51.100.21");
    expect(owner.status).toBe(200);
    expect(toCookieHeader(owner)).toContain("better-auth.session_token=");
  });

  it("does not block other accounts behind one address (a proxy)", async () => {
    const proxy = "203.0.113.50";
    for (let i = 0; i < 30; i++)
      expect((await signIn(`ziel${i}@example.de`, "Falsch123", proxy)).status).toBe(401);
    const { email } = await t.signUp();
    expect((await signIn(email, TEST_PASSWORD, proxy)).status).toBe(200);
  });

  it("limits an account to 100 failures an hour across addresses, yet lets an address without failures try", async () => {
    const { email } = await t.signUp();
    expect((await signIn(email, "Falsch123", "192.0.2.77")).status).toBe(401);
    // The preset hour and the refused sign-in in one window (again if the hour turned).
    const repeated = await runWithinOneWindow(t.db, 3600, async () => {
      await presetBucket(`sign-in:account:${email}`, 3600, 100);
      return signIn(email, TEST_PASSWORD, "192.0.2.77");
    });
    expect(repeated.status).toBe(429);
    expect(Number(repeated.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signIn(email, TEST_PASSWORD, "192.0.2.78")).status).toBe(200);
  });

  it("a successful sign-in forgets the failures of its address", async () => {
    // All in one 15-minute window (again with a new account if the window turned).
    const statuses = await runWithinOneWindow(t.db, 15 * 60, async () => {
      const { email } = await t.signUp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await signIn(email, "Falsch123", "192.0.2.90")).status);
      statuses.push((await signIn(email, TEST_PASSWORD, "192.0.2.90")).status);
      for (let i = 0; i < 6; i++)
        statuses.push((await signIn(email, "Falsch123", "192.0.2.90")).status);
      return statuses;
    });
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 401, 429]);
  });

  it("rate-limits sign-ups per address with 429 and Retry-After, and keeps the message for a known e-mail", async () => {
    const { email } = await t.signUp();
    const known = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email, password: TEST_PASSWORD, firstName: "A", lastName: "B" },
      headers: { "x-forwarded-for": "192.0.2.200" },
    });
    expect(known.status).toBe(422);
    expect((await readJson(known)).error.message).toBe(
      "Ein Konto mit dieser E-Mail-Adresse existiert bereits.",
    );
    // The preset hour and the refused sign-up in one window (again with another e-mail if the
    // hour turned and the sign-up went through).
    let tries = 0;
    const { limited, newEmail } = await runWithinOneWindow(t.db, 3600, async () => {
      const newEmail = `neu-200-${(tries += 1)}@example.de`;
      await presetBucket("sign-up:address:192.0.2.200", 3600, 30);
      const limited = await t.request("POST", "/api/auth/sign-up/email", {
        body: { email: newEmail, password: TEST_PASSWORD, firstName: "A", lastName: "B" },
        headers: { "x-forwarded-for": "192.0.2.200" },
      });
      return { limited, newEmail };
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await readJson(limited)).error.message).toMatch(
      /^Zu viele Registrierungen von dieser Adresse\./,
    );
    expect(
      await t.db.selectFrom("users").select("id").where("email", "=", newEmail).execute(),
    ).toHaveLength(0);
  });

  it("takes the client address from the proxy's own entry of X-Forwarded-For", async () => {
    // The failures and the refused sign-in in one 15-minute window (again with a new account).
    const spoofed = await runWithinOneWindow(t.db, 15 * 60, async () => {
      const { email } = await t.signUp();
      for (let i = 0; i < 5; i++) await signIn(email, "Falsch123", `10.0.0.${i}, 192.0.2.150`);
      return signIn(email, TEST_PASSWORD, "10.9.9.9, 192.0.2.150");
    });
    // A spoofed first entry does not give a fresh address.
    expect(spoofed.status).toBe(429);
  });
});

describe.each(TEST_DRIVERS)("tenant plan limit (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("counts tenants with a future move-out date; the trial holds 3, also under concurrent requests", async () => {
    const { cookie, userId } = await t.signUp();
    const property = await insertProperty(t.db, userId);
    const units = await Promise.all(
      ["A", "B", "C", "D"].map((name) => insertUnit(t.db, userId, property.id, { name })),
    );
    // Two tenancies one after the other in each of three units (no overlap within a unit), all
    // reaching into the future: six candidates for a trial of three.
    const body = (i: number) => ({
      name: `Mieter ${i}`,
      unitId: units[i % 3]!.id,
      moveInDate: i < 3 ? "2024-01-01" : "2061-01-01",
      moveOutDate: i < 3 ? "2060-12-31" : "2099-12-31",
    });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request("POST", "/api/tenants", { cookie, body: body(i) }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403]);
    const refused = responses.find((r) => r.status === 403)!;
    expect((await readJson(refused)).error).toMatchObject({
      code: "LIMIT_REACHED",
      message: "Sie haben das Limit von 3 Mietern erreicht.",
    });
    const rows = await t.db
      .selectFrom("tenants")
      .select(["id"])
      .where("userId", "=", userId)
      .execute();
    expect(rows).toHaveLength(3);
    const me = await readJson(await t.request("GET", "/api/me", { cookie }));
    expect(me.usage.currentTenants).toBe(3);
    // A tenant who moved out in the past does not count.
    const past = await t.request("POST", "/api/tenants", {
      cookie,
      body: {
        name: "Früher",
        unitId: units[3]!.id,
        moveInDate: "2020-01-01",
        moveOutDate: "2021-12-31",
      },
    });
    expect(past.status).toBe(201);
    // Giving them a future move-out date makes them count again: refused.
    const revived = await t.request("PATCH", `/api/tenants/${(await readJson(past)).id}`, {
      cookie,
      body: { moveOutDate: "2099-12-31" },
    });
    expect(revived.status).toBe(403);
  });
});
