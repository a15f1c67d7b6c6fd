import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMeterViaApi,
  createMeteringAccount,
  type MeteringAccount,
} from "../support/metering-fixtures.ts";
import {
  createTestContext,
  readJson,
  TEST_PASSWORD,
  toCookieHeader,
  type TestContext,
} from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 15, item 1: the probes that answered 500 or stored garbage, and the English texts of
// better-auth. Each answer: 400 (or the right status) in the one error shape, German, with an
// error id, and nothing stored.

const NUL = "a\u0000b";
const LONE_SURROGATE = "Haus \ud800";
const NEW_PROPERTY = {
  name: "Haus am Park",
  street: "Parkstraße",
  houseNumber: "12a",
  postalCode: "33602",
  city: "Bielefeld",
  state: "Nordrhein-Westfalen",
  country: "Deutschland",
  propertyType: "Mehrfamilienhaus",
};

describe.each(TEST_DRIVERS)("input hardening (%s)", (driver) => {
  let t: TestContext;
  let a: MeteringAccount;
  let meterId: string;
  beforeAll(async () => {
    t = await createTestContext(driver);
    a = await createMeteringAccount(t);
    meterId = await createMeterViaApi(t, a.cookie, { meterNumber: "KW-1", unitId: a.unitIds[0] });
  });
  afterAll(async () => t?.close());

  async function expectGerman400(response: Response, field?: string) {
    expect(response.status).toBe(400);
    const { error } = await readJson(response);
    expect(error.code).toBe("VALIDATION");
    expect(typeof error.errorId).toBe("string");
    expect(error.errorId).toBe(response.headers.get("x-request-id"));
    if (field)
      expect(error.fields?.[field]).toMatch(
        /Steuerzeichen|ungültiges Zeichen|datum|Zeilenumbrüche/i,
      );
    expect(error.message).not.toMatch(/\b(invalid|error|not|must|body|required)\b/i);
    return error;
  }

  it("refuses a NUL byte in any text field with a German field message", async () => {
    await expectGerman400(
      await t.request("PATCH", "/api/profile", {
        cookie: a.cookie,
        body: { firstName: NUL, lastName: "M" },
      }),
      "firstName",
    );
    await expectGerman400(
      await t.request("POST", "/api/meters", {
        cookie: a.cookie,
        body: { meterType: "Kaltwasser", meterNumber: NUL, unitId: a.unitIds[0] },
      }),
      "meterNumber",
    );
    await expectGerman400(
      await t.request("POST", "/api/tenants", {
        cookie: a.cookie,
        body: {
          name: "Max",
          unitId: a.unitIds[1],
          moveInDate: "2024-01-01",
          notes: `Zeile 1\nZeile 2 ${NUL}`,
        },
      }),
      "notes",
    );
    await expectGerman400(
      await t.request("POST", "/api/auth/reset-password", {
        body: { token: NUL, newPassword: "Sicher1234" },
      }),
      "token",
    );
    const profile = await t.db
      .selectFrom("profiles")
      .select("firstName")
      .where("userId", "=", a.userId)
      .executeTakeFirstOrThrow();
    expect(profile.firstName).toBe("Erika");
  });

  it("keeps line breaks in notes but refuses them in single-line fields", async () => {
    const created = await t.request("POST", "/api/tenants", {
      cookie: a.cookie,
      body: {
        name: "Max Mieter",
        unitId: a.unitIds[1],
        moveInDate: "2024-01-01",
        notes: "Zeile 1\nZeile 2\tEnde",
      },
    });
    expect(created.status).toBe(201);
    expect((await readJson(created)).notes).toBe("Zeile 1\nZeile 2\tEnde");
    await expectGerman400(
      await t.request("POST", "/api/properties/" + a.propertyId + "/units", {
        cookie: a.cookie,
        body: { name: "EG\nrechts", area: "50" },
      }),
      "name",
    );
  });

  it("refuses a lone surrogate in property name, street, city and unit name; nothing is stored as U+FFFD", async () => {
    for (const field of ["name", "street", "city"]) {
      await expectGerman400(
        await t.request("POST", "/api/properties", {
          cookie: a.cookie,
          body: { ...NEW_PROPERTY, [field]: LONE_SURROGATE },
        }),
        field,
      );
    }
    await expectGerman400(
      await t.request("POST", `/api/properties/${a.propertyId}/units`, {
        cookie: a.cookie,
        body: { name: LONE_SURROGATE, area: "50" },
      }),
      "name",
    );
    const units = await t.db
      .selectFrom("units")
      .select("name")
      .where("userId", "=", a.userId)
      .execute();
    expect(units.some((unit) => unit.name.includes("\ufffd"))).toBe(false);
    // A complete pair (an emoji) is a real character and stays.
    const emoji = await t.request("PATCH", `/api/units/${a.unitIds[1]}`, {
      cookie: a.cookie,
      body: { name: "OG rechts 🏠", area: "80", persons: 2 },
    });
    expect(emoji.status, await emoji.clone().text()).toBe(200);
  });

  it("refuses control characters in query strings and path ids", async () => {
    await expectGerman400(
      await t.request("GET", "/api/meters?propertyId=%00", { cookie: a.cookie }),
    );
    await expectGerman400(await t.request("GET", "/api/tenants/%00", { cookie: a.cookie }));
  });

  it("accepts only real dates between 1900 and 2199 in every date field", async () => {
    for (const date of ["0000-01-01", "1899-12-31", "2200-01-01", "2024-02-30", "9999-12-31"]) {
      await expectGerman400(
        await t.request("POST", `/api/meters/${meterId}/readings`, {
          cookie: a.cookie,
          body: { readingValue: "1", readingDate: date },
        }),
        "readingDate",
      );
      await expectGerman400(
        await t.request("POST", "/api/tenants", {
          cookie: a.cookie,
          body: { name: "Max", unitId: a.unitIds[1], moveInDate: date },
        }),
        "moveInDate",
      );
      await expectGerman400(
        await t.request("POST", "/api/tenants", {
          cookie: a.cookie,
          body: { name: "Max", unitId: a.unitIds[1], moveInDate: "2024-01-01", birthDate: date },
        }),
        "birthDate",
      );
      await expectGerman400(
        await t.request("PATCH", `/api/properties/${a.propertyId}`, {
          cookie: a.cookie,
          body: { efficiencyDeterminedDate: date },
        }),
        "efficiencyDeterminedDate",
      );
      const bulk = await t.request("POST", "/api/readings/bulk", {
        cookie: a.cookie,
        body: { readingDate: date, readings: [{ meterId, readingValue: "1" }] },
      });
      expect(bulk.status, `bulk ${date}`).toBe(400);
      const rate = await t.request("POST", "/api/rates", {
        cookie: a.cookie,
        body: {
          rateName: "Wasser",
          utilityType: "water",
          unitPrice: "2.5",
          unit: "m³",
          validFrom: date,
          region: "Hamburg",
        },
      });
      expect(rate.status, `rate ${date}`).toBe(400);
    }
    const readings = await t.db
      .selectFrom("meterReadings")
      .select("id")
      .where("meterId", "=", meterId)
      .execute();
    expect(readings).toHaveLength(0);
    const edge = await t.request("POST", `/api/meters/${meterId}/readings`, {
      cookie: a.cookie,
      body: { readingValue: "1", readingDate: "1900-01-01" },
    });
    expect(edge.status).toBe(201);
  });

  it("answers a null body to better-auth's routes with 400 in German", async () => {
    for (const path of [
      "/api/auth/sign-in/social",
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/request-password-reset",
    ]) {
      const response = await t.request("POST", path, { body: "null" });
      expect(response.status, path).toBe(400);
      expect((await readJson(response)).error).toMatchObject({
        code: "VALIDATION",
        message: "Der Anfragetext muss ein JSON-Objekt sein.",
      });
    }
    const array = await t.request("POST", "/api/auth/sign-in/social", { body: "[1]" });
    expect(array.status).toBe(400);
    const broken = await t.request("POST", "/api/auth/sign-in/social", { body: "{" });
    expect((await readJson(broken)).error).toMatchObject({
      code: "VALIDATION",
      message: "Ungültiges JSON im Anfragetext.",
    });
  });

  it("accepts only paths of the app as callback addresses (random text answered 500 in better-auth)", async () => {
    const { email } = await t.signUp();
    for (const callbackURL of [
      "􌾤륬󨣇",
      "https://evil.example/",
      "//evil.example",
      "javascript:alert(1)",
    ]) {
      const response = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: TEST_PASSWORD, callbackURL },
      });
      expect(response.status, callbackURL).toBe(400);
      expect((await readJson(response)).error.fields.callbackURL).toBe(
        "Die Rücksprungadresse ist ungültig.",
      );
    }
    const fine = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password: TEST_PASSWORD, callbackURL: "/dashboard" },
    });
    expect(fine.status).toBe(200);
  });

  it("signs out without a Content-Type", async () => {
    const signIn = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: (await t.signUp()).email, password: TEST_PASSWORD },
    });
    const cookie = toCookieHeader(signIn);
    const response = await t.app.request("/api/auth/sign-out", {
      method: "POST",
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie })).status).toBe(401);
  });

  it("speaks German where better-auth speaks English", async () => {
    const { cookie } = await t.signUp();
    const foreign = await t.request("POST", "/api/auth/update-user", {
      cookie,
      body: { firstName: "X" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await readJson(foreign)).error.message).toBe(
      "Anfrage von einer fremden Seite abgelehnt.",
    );
    const email = await t.request("POST", "/api/auth/update-user", {
      cookie,
      body: { email: "neu@example.de" },
    });
    expect(email.status).toBe(400);
    expect(JSON.stringify(await readJson(email))).not.toMatch(/Email can not be updated/);
    const unlink = await t.request("POST", "/api/auth/unlink-account", {
      cookie,
      body: { providerId: "google" },
    });
    expect(unlink.status).toBeGreaterThanOrEqual(400);
    expect(unlink.status).toBeLessThan(500);
    expect((await readJson(unlink)).error.message).not.toMatch(/Account not found|You can't/);
    const unsupported = await t.app.request("/api/auth/update-user", {
      method: "POST",
      headers: { cookie, "content-type": "text/plain" },
      body: "x",
    });
    expect(unsupported.status).toBeLessThan(500);
    expect((await readJson(unsupported)).error.message).not.toMatch(
      /content-type|Content-Type is/i,
    );
    const reset = await t.request("POST", "/api/auth/request-password-reset", {
      body: { email: "niemand@example.de" },
    });
    expect(reset.status).toBe(200);
    expect((await readJson(reset)).message).toBe(
      "Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt.",
    );
  });

  it("answers every error in the one shape with an error id, and every API answer with Cache-Control: no-store", async () => {
    const missing = await t.request("GET", "/api/nirgends", { cookie: a.cookie });
    expect(missing.status).toBe(404);
    expect((await readJson(missing)).error).toMatchObject({
      code: "NOT_FOUND",
      errorId: missing.headers.get("x-request-id"),
    });
    const unauthorized = await t.request("GET", "/api/me");
    expect((await readJson(unauthorized)).error).toMatchObject({
      code: "UNAUTHORIZED",
      errorId: expect.any(String),
    });
    const tooLarge = await t.request("POST", "/api/properties", {
      cookie: a.cookie,
      body: { name: "x".repeat(70 * 1024) },
    });
    expect(tooLarge.status).toBe(413);
    expect((await readJson(tooLarge)).error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      errorId: expect.any(String),
    });
    const ok = await t.request("GET", "/api/me", { cookie: a.cookie });
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });
});
