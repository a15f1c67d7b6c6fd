import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, TEST_PASSWORD, toCookieHeader, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Decision 0992: on the embedded database signed-in reads are answered again from memory while
// no data changed. What must never happen: an answer older than a change, whoever made the
// change, or one session's answer given to another. (On PostgreSQL the cache is off; the same
// rules must hold there trivially.)

const PROPERTY = { name: "Haus am Park", street: "Parkstraße", houseNumber: "12", postalCode: "33602", city: "Bielefeld", state: "Nordrhein-Westfalen", country: "Deutschland", propertyType: "Mehrfamilienhaus" };

describe.each(TEST_DRIVERS)("answers kept while nothing changed (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  const listNames = async (cookie: string) => {
    const response = await t.request("GET", "/api/properties", { cookie });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    return (body.items ?? body).map((property: { name: string }) => property.name);
  };

  it("shows a property created through the API in the very next list", async () => {
    const { cookie } = await t.signUp();
    expect(await listNames(cookie)).toEqual([]);
    expect(await listNames(cookie)).toEqual([]);
    expect((await t.request("POST", "/api/properties", { cookie, body: PROPERTY })).status).toBe(201);
    expect(await listNames(cookie)).toEqual(["Haus am Park"]);
  });

  it("shows a change written outside any request (a job, a webhook) in the very next list", async () => {
    const { cookie, userId } = await t.signUp();
    await t.request("POST", "/api/properties", { cookie, body: PROPERTY });
    expect(await listNames(cookie)).toEqual(["Haus am Park"]);
    await t.db.updateTable("properties").set({ name: "Haus am See" }).where("userId", "=", userId).execute();
    expect(await listNames(cookie)).toEqual(["Haus am See"]);
  });

  it("shows a plan changed behind the app's back in the very next /api/me", async () => {
    const { cookie, userId } = await t.signUp();
    expect((await readJson(await t.request("GET", "/api/me", { cookie }))).subscription.plan).toBe("trial");
    await t.db.updateTable("subscriptions").set({ plan: "professional", status: "active" }).where("userId", "=", userId).execute();
    expect((await readJson(await t.request("GET", "/api/me", { cookie }))).subscription.plan).toBe("professional");
  });

  it("shows one session's change to the account's other session at once", async () => {
    const { cookie, email } = await t.signUp();
    const signIn = await t.request("POST", "/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD } });
    const other = toCookieHeader(signIn);
    expect(await listNames(other)).toEqual([]);
    await t.request("POST", "/api/properties", { cookie, body: PROPERTY });
    expect(await listNames(other)).toEqual(["Haus am Park"]);
  });

  it("never gives an account's answer to another account on the same address", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.request("POST", "/api/properties", { cookie: a.cookie, body: PROPERTY });
    expect(await listNames(a.cookie)).toEqual(["Haus am Park"]);
    expect(await listNames(b.cookie)).toEqual([]);
    expect(await listNames(a.cookie)).toEqual(["Haus am Park"]);
  });

  it("refuses a signed-out session though its answer was just kept", async () => {
    const { cookie } = await t.signUp();
    await listNames(cookie);
    await listNames(cookie);
    expect((await t.request("POST", "/api/auth/sign-out", { cookie })).status).toBe(200);
    expect((await t.request("GET", "/api/properties", { cookie })).status).toBe(401);
  });

  it("is on for the embedded database only", () => {
    expect(t.database.readWriteGeneration === null).toBe(driver === "postgres");
  });
});
