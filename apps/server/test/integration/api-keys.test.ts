import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_REQUESTS_PER_MINUTE,
  TEAM_MESSAGES,
} from "@nk/contract";
import { ROUTE_PERMISSIONS } from "../../src/http/route-permissions.ts";
import { fillPath, listApiOperations, sampleBody } from "../support/api-routes.ts";
import { insertProperty } from "../support/fixtures.ts";
import { addMemberViaInvitation } from "../support/team-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { runWithinOneWindow } from "../support/rate-limit-window.ts";

// Issue 29, item 4 (decision 1171): API keys of the Enterprise plan, used as
// `Authorization: Bearer` on the web app's routes with the permissions of their role.

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const PUBLIC_ROUTES = [
  /^\/api\/auth\//,
  /^\/api\/auth-providers$/,
  /^\/api\/monitoring\//,
  /^\/api\/health$/,
  /^\/api\/contact$/,
  /^\/api\/operator$/,
  /^\/api\/invitations\/preview$/,
  /^\/api\/openapi\.json$/,
];
const NEW_PROPERTY = {
  name: "Haus per API",
  street: "Weg",
  houseNumber: "1",
  postalCode: "33602",
  city: "Bielefeld",
  country: "Deutschland",
  propertyType: "Mehrfamilienhaus",
};

describe.each(TEST_DRIVERS)("API keys (%s)", (driver) => {
  let t: TestContext;
  let owner: { cookie: string; userId: string; email: string };
  let propertyId: string;

  async function setPlan(userId: string, plan: "professional" | "enterprise"): Promise<void> {
    await t.db
      .updateTable("subscriptions")
      .set({ plan, status: "active" })
      .where("userId", "=", userId)
      .execute();
  }

  async function createKey(
    cookie: string,
    body: Record<string, unknown>,
  ): Promise<{ id: string; token: string }> {
    const response = await t.request("POST", "/api/api-keys", { cookie, body });
    expect(response.status, await response.clone().text()).toBe(201);
    const answer = await readJson(response);
    return { id: answer.apiKey.id, token: answer.token };
  }

  const withKey = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestContext(driver);
    owner = await t.signUp({ firstName: "Olga", lastName: "Owner" });
    await setPlan(owner.userId, "enterprise");
    propertyId = (await insertProperty(t.db, owner.userId, { name: "Lindenstraße 5" })).id;
  });
  afterAll(async () => t?.close());

  it("shows the secret once, stores only its hash, and answers the account's data to it", async () => {
    const response = await t.request("POST", "/api/api-keys", {
      cookie: owner.cookie,
      body: { name: "Buchhaltung", role: "viewer" },
    });
    expect(response.status).toBe(201);
    const created = await readJson(response);
    expect(created.token).toMatch(API_KEY_PATTERN);
    expect(created.apiKey).toMatchObject({
      name: "Buchhaltung",
      role: "viewer",
      expiresOn: null,
      revokedAt: null,
      createdBy: "Olga Owner",
      isExpired: false,
    });
    expect(created.token.startsWith(created.apiKey.prefix)).toBe(true);

    const row = await t.db
      .selectFrom("apiKeys")
      .selectAll()
      .where("id", "=", created.apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = await t.request("GET", "/api/api-keys", { cookie: owner.cookie });
    expect(await list.text()).not.toContain(created.token);

    const properties = await t.request("GET", "/api/properties", withKey(created.token));
    expect(properties.status).toBe(200);
    expect((await readJson(properties)).map((p: { name: string }) => p.name)).toEqual([
      "Lindenstraße 5",
    ]);
    const used = await t.db
      .selectFrom("apiKeys")
      .select("lastUsedAt")
      .where("id", "=", created.apiKey.id)
      .executeTakeFirstOrThrow();
    expect(used.lastUsedAt).not.toBeNull();
  });

  it("acts with the key's role: a viewer key reads but cannot write; an editor key writes, logged as its member", async () => {
    const viewer = await createKey(owner.cookie, { name: "Lesen", role: "viewer" });
    const refused = await t.request("POST", "/api/properties", {
      ...withKey(viewer.token),
      body: NEW_PROPERTY,
    });
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error).toMatchObject({
      code: "INSUFFICIENT_PERMISSIONS",
      message: TEAM_MESSAGES.forbidden,
    });
    expect(
      await t.db
        .selectFrom("properties")
        .select("id")
        .where("name", "=", NEW_PROPERTY.name)
        .execute(),
    ).toEqual([]);

    const editor = await createKey(owner.cookie, { name: "Schreiben", role: "editor" });
    const created = await t.request("POST", "/api/properties", {
      ...withKey(editor.token),
      body: NEW_PROPERTY,
    });
    expect(created.status).toBe(201);
    const entry = await t.db
      .selectFrom("userActivities")
      .select(["actorUserId", "userId"])
      .where("action", "=", "created")
      .where("entityType", "=", "property")
      .where("entityName", "=", NEW_PROPERTY.name)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actorUserId: owner.userId, userId: owner.userId });
  });

  it("holds a viewer key to the permission table on every route of the OpenAPI document", async () => {
    const viewer = await createKey(owner.cookie, { name: "Alle Routen", role: "viewer" });
    const operations = (await listApiOperations(t)).filter(
      (op) => !PUBLIC_ROUTES.some((pattern) => pattern.test(op.path)),
    );
    const failures: string[] = [];
    for (const op of operations) {
      const requirement = ROUTE_PERMISSIONS[`${op.method} ${op.path}`];
      const body = sampleBody(op, () => MISSING_ID);
      // Ids that do not exist: a route the key may use answers 404 or 400 without changing anything.
      const response = await t.request(
        op.method,
        fillPath(
          op.path,
          op.pathParams.map(() => MISSING_ID),
        ),
        { ...withKey(viewer.token), ...(body === undefined ? {} : { body }) },
      );
      const code = (await readJson(response).catch(() => null))?.error?.code;
      const expected =
        requirement === "member" || requirement === "manage_api_keys"
          ? "API_KEY_NOT_ALLOWED"
          : requirement === "read"
            ? undefined
            : "INSUFFICIENT_PERMISSIONS";
      const isRight =
        expected === undefined
          ? response.status !== 401 && response.status !== 403 && response.status < 500
          : response.status === 403 && code === expected;
      if (!isRight)
        failures.push(
          `${op.method} ${op.path}: ${response.status} ${code} (expected ${expected ?? "not refused"})`,
        );
    }
    expect(failures).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(80);
  }, 600_000);

  it("keeps the person's own routes and the keys themselves to the browser session", async () => {
    const admin = await createKey(owner.cookie, { name: "Admin-Schlüssel", role: "admin" });
    for (const [method, url, body] of [
      ["GET", "/api/me", undefined],
      ["GET", "/api/api-keys", undefined],
      ["POST", "/api/api-keys", { name: "Mehr", role: "viewer" }],
      ["POST", "/api/memberships/switch", { accountId: owner.userId }],
    ] as const) {
      const response = await t.request(method, url, {
        ...withKey(admin.token),
        ...(body ? { body } : {}),
      });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect((await readJson(response)).error).toMatchObject({
        code: "API_KEY_NOT_ALLOWED",
        message: API_KEY_MESSAGES.browserOnly,
      });
    }
    expect(
      await t.db.selectFrom("apiKeys").select("id").where("name", "=", "Mehr").execute(),
    ).toEqual([]);
  });

  it("refuses a revoked key at once with 401", async () => {
    const key = await createKey(owner.cookie, { name: "Kurz", role: "viewer" });
    expect((await t.request("GET", "/api/properties", withKey(key.token))).status).toBe(200);
    const revoked = await t.request("DELETE", `/api/api-keys/${key.id}`, { cookie: owner.cookie });
    expect(revoked.status).toBe(200);
    expect(
      (await readJson(revoked)).apiKeys.find((k: { id: string }) => k.id === key.id).revokedAt,
    ).not.toBeNull();
    const refused = await t.request("GET", "/api/properties", withKey(key.token));
    expect(refused.status).toBe(401);
    expect((await readJson(refused)).error.message).toBe(API_KEY_MESSAGES.invalid);
    expect(
      (await t.request("DELETE", `/api/api-keys/${key.id}`, { cookie: owner.cookie })).status,
    ).toBe(404);
  });

  it("works through its last day and is refused after it; an expiry in the past is not accepted", async () => {
    const today = (
      await sql<{
        today: string;
      }>`select to_char((now() at time zone 'Europe/Berlin')::date, 'YYYY-MM-DD') as today`.execute(
        t.db,
      )
    ).rows[0]!.today;
    const key = await createKey(owner.cookie, {
      name: "Bis heute",
      role: "viewer",
      expiresOn: today,
    });
    expect((await t.request("GET", "/api/properties", withKey(key.token))).status).toBe(200);
    await sql`update api_keys set expires_on = expires_on - 1 where id = ${key.id}`.execute(t.db);
    const refused = await t.request("GET", "/api/properties", withKey(key.token));
    expect(refused.status).toBe(401);
    expect((await readJson(refused)).error.message).toBe(API_KEY_MESSAGES.invalid);
    const listed = (
      await readJson(await t.request("GET", "/api/api-keys", { cookie: owner.cookie }))
    ).apiKeys.find((k: { id: string }) => k.id === key.id);
    expect(listed.isExpired).toBe(true);

    const past = await t.request("POST", "/api/api-keys", {
      cookie: owner.cookie,
      body: { name: "Gestern", role: "viewer", expiresOn: "2020-01-01" },
    });
    expect(past.status).toBe(400);
    expect((await readJson(past)).error.fields.expiresOn).toBe(API_KEY_MESSAGES.expiryInPast);
  });

  it("refuses unknown and malformed keys with 401, even next to a valid session", async () => {
    for (const header of [
      "Bearer nk_" + "A".repeat(43),
      "Bearer falsch",
      "bearer " + "x".repeat(60),
    ]) {
      const response = await t.request("GET", "/api/properties", {
        cookie: owner.cookie,
        headers: { authorization: header },
      });
      expect(response.status, header).toBe(401);
      expect((await readJson(response)).error.message).toBe(API_KEY_MESSAGES.invalid);
    }
  });

  it("is an Enterprise feature: other plans cannot create keys, and existing keys are refused with 403", async () => {
    const key = await createKey(owner.cookie, { name: "Vor dem Wechsel", role: "viewer" });
    await setPlan(owner.userId, "professional");
    try {
      const refused = await t.request("GET", "/api/properties", withKey(key.token));
      expect(refused.status).toBe(403);
      expect((await readJson(refused)).error).toMatchObject({
        code: "FEATURE_NOT_IN_PLAN",
        message: API_KEY_MESSAGES.notInPlan,
      });
      const create = await t.request("POST", "/api/api-keys", {
        cookie: owner.cookie,
        body: { name: "Neu", role: "viewer" },
      });
      expect(create.status).toBe(403);
      expect((await readJson(create)).error.code).toBe("FEATURE_NOT_IN_PLAN");
      expect(
        (await readJson(await t.request("GET", "/api/api-keys", { cookie: owner.cookie })))
          .isAvailable,
      ).toBe(false);
    } finally {
      await setPlan(owner.userId, "enterprise");
    }
    expect((await t.request("GET", "/api/properties", withKey(key.token))).status).toBe(200);
  });

  it("stays in its account: another account's ids answer 404, its keys are not listed or revocable there", async () => {
    const other = await t.signUp();
    await setPlan(other.userId, "enterprise");
    const otherProperty = await insertProperty(t.db, other.userId, { name: "Fremdes Haus" });
    const otherKey = await createKey(other.cookie, { name: "Fremder Schlüssel", role: "admin" });
    const ownKey = await createKey(owner.cookie, { name: "Eigener", role: "admin" });

    expect(
      (await t.request("GET", `/api/properties/${otherProperty.id}`, withKey(ownKey.token))).status,
    ).toBe(404);
    expect(
      (await t.request("GET", `/api/properties/${propertyId}`, withKey(otherKey.token))).status,
    ).toBe(404);
    expect(
      (await t.request("DELETE", `/api/properties/${propertyId}`, withKey(otherKey.token))).status,
    ).toBe(404);
    expect(
      (await readJson(await t.request("GET", "/api/properties", withKey(otherKey.token)))).map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(["Fremdes Haus"]);

    const listed = (
      await readJson(await t.request("GET", "/api/api-keys", { cookie: owner.cookie }))
    ).apiKeys.map((k: { id: string }) => k.id);
    expect(listed).toContain(ownKey.id);
    expect(listed).not.toContain(otherKey.id);
    expect(
      (await t.request("DELETE", `/api/api-keys/${otherKey.id}`, { cookie: owner.cookie })).status,
    ).toBe(404);
    expect((await t.request("GET", "/api/properties", withKey(otherKey.token))).status).toBe(200);
  });

  it("lets owner and admins make keys up to their own role; the key follows its member's role and removal", async () => {
    const admin = await addMemberViaInvitation(t, owner.cookie, "admin");
    const editor = await addMemberViaInvitation(t, owner.cookie, "editor");
    const refused = await t.request("POST", "/api/api-keys", {
      cookie: editor.cookie,
      body: { name: "Bearbeiter", role: "editor" },
    });
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error.message).toBe(TEAM_MESSAGES.forbidden);
    const ownerRole = await t.request("POST", "/api/api-keys", {
      cookie: owner.cookie,
      body: { name: "Inhaber", role: "owner" },
    });
    expect(ownerRole.status).toBe(400);

    const key = await createKey(admin.cookie, { name: "Admin", role: "admin" });
    const asAdmin = await t.request("POST", "/api/properties", {
      ...withKey(key.token),
      body: { ...NEW_PROPERTY, name: "Haus des Admins" },
    });
    expect(asAdmin.status).toBe(201);

    // The owner lowers the admin to viewer: the admin key now only reads.
    expect(
      (
        await t.request("PATCH", `/api/team/members/${admin.userId}`, {
          cookie: owner.cookie,
          body: { role: "viewer" },
        })
      ).status,
    ).toBe(200);
    const lowered = await t.request("POST", "/api/properties", {
      ...withKey(key.token),
      body: { ...NEW_PROPERTY, name: "Noch ein Haus" },
    });
    expect(lowered.status).toBe(403);
    expect((await t.request("GET", "/api/properties", withKey(key.token))).status).toBe(200);

    // Removed from the account: the key stops at once.
    expect(
      (await t.request("DELETE", `/api/team/members/${admin.userId}`, { cookie: owner.cookie }))
        .status,
    ).toBe(200);
    const removed = await t.request("GET", "/api/properties", withKey(key.token));
    expect(removed.status).toBe(401);
    expect((await readJson(removed)).error.message).toBe(API_KEY_MESSAGES.invalid);
  });

  it(`allows ${API_KEY_REQUESTS_PER_MINUTE} requests a minute per key, then 429 with Retry-After`, async () => {
    const key = await createKey(owner.cookie, { name: "Viel", role: "viewer" });
    const other = await createKey(owner.cookie, { name: "Daneben", role: "viewer" });
    // The minute's window already full (as after 600 requests), then one more request, in one
    // window (runWithinOneWindow: again if the minute turned).
    const answer = await runWithinOneWindow(t.db, 60, async () => {
      await sql`
        insert into rate_limit_buckets (key, window_start, count)
        values (${`api-key:${key.id}`}, to_timestamp(floor(extract(epoch from now()) / 60) * 60), ${API_KEY_REQUESTS_PER_MINUTE})
        on conflict (key, window_start) do update set count = ${API_KEY_REQUESTS_PER_MINUTE}`.execute(
        t.db,
      );
      return t.request("GET", "/api/properties", withKey(key.token));
    });
    expect(answer.status).toBe(429);
    expect((await readJson(answer)).error.message).toBe(API_KEY_MESSAGES.rateLimited);
    const retryAfter = Number(answer.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Per key: the account's other key is not limited.
    expect((await t.request("GET", "/api/properties", withKey(other.token))).status).toBe(200);
  });

  it("describes the key scheme in the OpenAPI document", async () => {
    const document = await readJson(await t.request("GET", "/api/openapi.json"));
    expect(document.components.securitySchemes.apiSchluessel).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(document.security).toEqual([{ sitzung: [] }, { apiSchluessel: [] }]);
    expect(document.paths["/api/health"].get.security).toEqual([]);
    expect(document.paths["/api/api-keys"].post).toBeDefined();
    expect(document.info.description).toContain("Authorization: Bearer");
  });
});
