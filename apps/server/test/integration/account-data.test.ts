import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  readJson,
  TEST_PASSWORD,
  toCookieHeader,
  type TestContext,
} from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { insertProperty, insertStatement, insertTenant, insertUnit } from "../support/fixtures.ts";

/** Every row of every table of the database, as JSON text per table. */
async function dumpAllTables(t: TestContext): Promise<Record<string, string[]>> {
  const tables = await sql<{ table_name?: string; tableName?: string }>`
    select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
    t.db,
  );
  const result: Record<string, string[]> = {};
  for (const row of tables.rows) {
    const name = (row.table_name ?? row.tableName)!;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.raw(`"${name}"`)}`.execute(
      t.db,
    );
    result[name] = rows.rows.map((r) => JSON.stringify(r));
  }
  return result;
}

/** An account with something in every table the product has: master data, meters, rates, statements, mails. */
async function createFullAccount(t: TestContext) {
  const account = await t.signUp();
  const { cookie, userId } = account;
  const property = await insertProperty(t.db, userId, { name: `Löschhaus ${userId.slice(0, 6)}` });
  const unit = await insertUnit(t.db, userId, property.id);
  const tenant = await insertTenant(t.db, userId, unit.id, { name: "Lena Löschbar" });
  await t.request("POST", `/api/tenants/${tenant.id}/prepayments`, {
    cookie,
    body: { monthlyAmount: "150.00", validFrom: "2024-01-01" },
  });
  const meter = await t.request("POST", "/api/meters", {
    cookie,
    body: { meterNumber: "KW-1", meterType: "Kaltwasser", unitId: unit.id },
  });
  const meterId = (await readJson(meter)).id as string;
  await t.request("POST", `/api/meters/${meterId}/readings`, {
    cookie,
    body: { readingValue: "12.5", readingDate: "2024-01-01" },
  });
  await insertStatement(t.db, userId, property.id, unit.id);
  // The metering company's numbers of the property (decision 1701), written directly (an Enterprise feature).
  await t.db
    .insertInto("meteringFirmNumbers")
    .values({ userId, propertyId: property.id, customerNumber: "4711", propertyNumber: null })
    .execute();
  await t.request("PUT", "/api/notification-settings", {
    cookie,
    body: { emailBilling: false, emailSystem: true, emailMarketing: true },
  });
  const billing = await t.request("PUT", "/api/billing-data", {
    cookie,
    body: {
      companyName: "Löschbar Immobilien GmbH",
      phone: "0521 123456",
      street: "Hauptstraße",
      houseNumber: "1",
      postalCode: "33602",
      city: "Bielefeld",
      iban: "DE89 3704 0044 0532 0130 00",
    },
  });
  if (billing.status !== 200)
    throw new Error(`billing data: ${billing.status} ${await billing.text()}`);
  await t.request("POST", "/api/auth/request-password-reset", { body: { email: account.email } });
  await t.request("POST", "/api/contact", {
    body: {
      name: "Lena",
      email: account.email,
      subject: "Allgemeine Anfrage",
      message: "Eine Frage zur Abrechnung.",
    },
  });
  return { ...account, propertyId: property.id, unitId: unit.id, tenantId: tenant.id, meterId };
}

describe.each(TEST_DRIVERS)("export and account deletion (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("exports every table of the account, without secrets and without other accounts' rows", async () => {
    const other = await createFullAccount(t);
    const account = await createFullAccount(t);
    const response = await t.request("GET", "/api/export", { cookie: account.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="nebenkosten-export-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = await readJson(response);
    expect(data.format).toBe("nebenkosten-export-v1");
    expect(data.account).toMatchObject({ id: account.userId, email: account.email });
    const tables = data.tables as Record<string, Record<string, unknown>[]>;
    expect(tables.properties!.map((p) => p.id)).toEqual([account.propertyId]);
    expect(tables.units!.map((u) => u.id)).toEqual([account.unitId]);
    expect(tables.tenants!.map((u) => u.name)).toEqual(["Lena Löschbar"]);
    expect(tables.tenant_prepayments!.map((p) => p.monthly_amount ?? p.monthlyAmount)).toEqual([
      "150.00",
    ]);
    expect(tables.meters).toHaveLength(1);
    expect(tables.meter_readings).toHaveLength(1);
    expect(tables.tenancy_statements).toHaveLength(1);
    expect(tables.billing_periods).toHaveLength(1);
    expect(tables.subscriptions).toHaveLength(1);
    expect(tables.profiles).toHaveLength(1);
    expect(tables.notification_settings).toHaveLength(1);
    expect(tables.billing_data).toHaveLength(1);
    expect(
      tables.metering_firm_numbers!.map((row) => row.customer_number ?? row.customerNumber),
    ).toEqual(["4711"]);
    expect(tables.user_activities!.length).toBeGreaterThan(3);
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.userId);
    expect(text).not.toContain(other.propertyId);
    expect(tables.sessions).toBeUndefined();
    expect(tables.accounts).toBeUndefined();
    expect(text).not.toContain("$argon2");
    const keys = await t.db
      .selectFrom("userActivities")
      .select("action")
      .where("userId", "=", account.userId)
      .where("entityType", "=", "system")
      .execute();
    expect(keys.map((k) => k.action)).toContain("export");
  });

  it("refuses deletion without the word LÖSCHEN and changes nothing", async () => {
    const account = await t.signUp();
    for (const body of [{}, { confirmation: "löschen" }, { confirmation: "LOESCHEN" }]) {
      const response = await t.request("DELETE", "/api/account", { cookie: account.cookie, body });
      expect(response.status).toBe(400);
      expect((await readJson(response)).error.fields.confirmation).toBe(
        "Bitte geben Sie zur Bestätigung LÖSCHEN ein.",
      );
    }
    expect(
      await t.db
        .selectFrom("users")
        .select("id")
        .where("id", "=", account.userId)
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it("deletes the account: no row of any table names it afterwards, the other account keeps everything", async () => {
    const other = await createFullAccount(t);
    const account = await createFullAccount(t);
    await t.runDueJobs();
    const before = await dumpAllTables(t);
    const mentions = (dump: Record<string, string[]>, needle: string) =>
      Object.entries(dump).flatMap(([table, rows]) =>
        rows.filter((r) => r.toLowerCase().includes(needle.toLowerCase())).map(() => table),
      );
    // The fixture really fills the tables (the scan below would prove nothing otherwise).
    expect(mentions(before, account.userId).length).toBeGreaterThan(10);
    expect(mentions(before, account.email)).toEqual(
      expect.arrayContaining(["rate_limit_buckets", "contact_requests", "jobs"]),
    );
    const otherBefore = mentions(before, other.userId).length;

    const response = await t.request("DELETE", "/api/account", {
      cookie: account.cookie,
      body: { confirmation: "LÖSCHEN" },
    });
    expect(response.status).toBe(204);
    const cleared = response.headers
      .getSetCookie()
      .filter((c) => c.startsWith("better-auth.session_token=;"));
    expect(cleared[0]).toMatch(/Max-Age=0/);

    const after = await dumpAllTables(t);
    const ids = [
      account.userId,
      account.email,
      account.propertyId,
      account.unitId,
      account.tenantId,
      account.meterId,
    ];
    for (const needle of ids) expect(mentions(after, needle), needle).toEqual([]);
    expect(mentions(after, other.userId).length).toBe(otherBefore);
    expect((await t.request("GET", "/api/me", { cookie: account.cookie })).status).toBe(401);
    const signIn = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: account.email, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(401);
    // The address can register again as a new account.
    const again = await t.signUp({ email: account.email });
    expect(again.userId).not.toBe(account.userId);
  });

  it("answers 401 without a session", async () => {
    expect((await t.request("GET", "/api/export")).status).toBe(401);
    expect(
      (await t.request("DELETE", "/api/account", { body: { confirmation: "LÖSCHEN" } })).status,
    ).toBe(401);
  });
});

describe.each(TEST_DRIVERS)("notification settings and password change (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("starts with the defaults, saves, validates and keeps accounts apart", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect(
      await readJson(await t.request("GET", "/api/notification-settings", { cookie: a.cookie })),
    ).toEqual({ emailBilling: true, emailSystem: true, emailMarketing: false });
    const saved = await t.request("PUT", "/api/notification-settings", {
      cookie: a.cookie,
      body: { emailBilling: false, emailSystem: true, emailMarketing: true },
    });
    expect(saved.status).toBe(200);
    expect(
      await readJson(await t.request("GET", "/api/notification-settings", { cookie: a.cookie })),
    ).toEqual({ emailBilling: false, emailSystem: true, emailMarketing: true });
    const bad = await t.request("PUT", "/api/notification-settings", {
      cookie: a.cookie,
      body: { emailBilling: "ja", emailSystem: true },
    });
    expect(bad.status).toBe(400);
    const fields = (await readJson(bad)).error.fields;
    expect(fields.emailBilling).toBe("Bitte wählen Sie an oder aus.");
    expect(fields.emailMarketing).toBe("Bitte wählen Sie an oder aus.");
    expect(
      await readJson(await t.request("GET", "/api/notification-settings", { cookie: a.cookie })),
    ).toEqual({ emailBilling: false, emailSystem: true, emailMarketing: true });
    expect(
      await readJson(await t.request("GET", "/api/notification-settings", { cookie: b.cookie })),
    ).toEqual({ emailBilling: true, emailSystem: true, emailMarketing: false });
  });

  it("changes the password with the registration's policy and ends the other sessions", async () => {
    const account = await t.signUp();
    const second = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: account.email, password: TEST_PASSWORD },
    });
    const otherCookie = toCookieHeader(second);
    expect((await t.request("GET", "/api/me", { cookie: otherCookie })).status).toBe(200);

    const weak = await t.request("POST", "/api/auth/change-password", {
      cookie: account.cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: "kurz" },
    });
    expect(weak.status).toBe(400);
    expect((await readJson(weak)).error.fields.newPassword).toBe(
      "Das Passwort muss mindestens 8 Zeichen lang sein und Groß- und Kleinbuchstaben sowie Ziffern enthalten.",
    );
    const mismatch = await t.request("POST", "/api/auth/change-password", {
      cookie: account.cookie,
      body: {
        currentPassword: TEST_PASSWORD,
        newPassword: "Neues123Pw",
        newPasswordConfirmation: "Neues123Px",
      },
    });
    expect((await readJson(mismatch)).error.fields.newPasswordConfirmation).toBe(
      "Die Passwörter stimmen nicht überein.",
    );
    const wrong = await t.request("POST", "/api/auth/change-password", {
      cookie: account.cookie,
      body: { currentPassword: "Falsch123", newPassword: "Neues123Pw" },
    });
    expect(wrong.status).toBe(400);
    expect((await readJson(wrong)).error.fields.currentPassword).toBe(
      "Das aktuelle Passwort ist falsch.",
    );
    expect((await t.request("GET", "/api/me", { cookie: otherCookie })).status).toBe(200);

    const ok = await t.request("POST", "/api/auth/change-password", {
      cookie: account.cookie,
      body: {
        currentPassword: TEST_PASSWORD,
        newPassword: "Neues123Pw",
        newPasswordConfirmation: "Neues123Pw",
      },
    });
    expect(ok.status).toBe(200);
    const newCookie = toCookieHeader(ok) || account.cookie;
    expect((await t.request("GET", "/api/me", { cookie: newCookie })).status).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: otherCookie })).status).toBe(401);
    expect(
      (
        await t.request("POST", "/api/auth/sign-in/email", {
          body: { email: account.email, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.request("POST", "/api/auth/sign-in/email", {
          body: { email: account.email, password: "Neues123Pw" },
        })
      ).status,
    ).toBe(200);
    const actions = await t.db
      .selectFrom("userActivities")
      .select("action")
      .where("userId", "=", account.userId)
      .execute();
    expect(actions.map((a) => a.action)).toContain("password_changed");
  });
});
