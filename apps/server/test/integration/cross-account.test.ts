import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccountWithEveryResource,
  endsSession,
  fillPath,
  findOwnerId,
  idFieldResource,
  listApiOperations,
  resourceSegments,
  sampleBody,
  sampleQuery,
  type ApiOperation,
  type OwnedAccount,
} from "../support/api-routes.ts";
import { readJson, type TestContext, createTestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 15, item 2: generated from the OpenAPI document. Every route with an id, every method,
// called by a second account with the first account's ids, answers 404 and changes nothing;
// every route that takes an id in its body or query refuses the first account's ids. A route
// added later is covered by itself; when no id of its resource can be found the suite fails
// and names the route (add its segment to ID_SOURCES in test/support/api-routes.ts and a row
// to createAccountWithEveryResource).

/** Public routes whose path parameters are not ids of an account. */
const NOT_ACCOUNT_ROUTES = [/^\/api\/auth\//, /^\/api\/monitoring\//];
/** Tables a foreign request may touch: its own session, the rate limiter, the access log. */
const VOLATILE_TABLES = new Set([
  "sessions",
  "rate_limit_buckets",
  "migrations",
  "kysely_migration",
  "kysely_migration_lock",
  "schema_migrations",
]);

async function snapshot(t: TestContext): Promise<Record<string, unknown[]>> {
  const tables = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = 'public' order by table_name`.execute(
    t.db,
  );
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    if (VOLATILE_TABLES.has(name)) continue;
    const rows = await sql`select * from ${sql.table(name)}`.execute(t.db);
    result[name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

describe.each(TEST_DRIVERS)(
  "cross-account access, generated from the OpenAPI document (%s)",
  (driver) => {
    let t: TestContext;
    let owner: OwnedAccount;
    let intruder: { cookie: string; userId: string };
    let operations: ApiOperation[];
    const ownerIdBySegment = new Map<string, string | undefined>();

    beforeAll(async () => {
      t = await createTestContext(driver);
      owner = await createAccountWithEveryResource(t);
      intruder = await t.signUp();
      operations = (await listApiOperations(t)).filter(
        (op) => !NOT_ACCOUNT_ROUTES.some((pattern) => pattern.test(op.path)),
      );
      for (const op of operations) {
        for (const segment of resourceSegments(op.path)) {
          if (!ownerIdBySegment.has(segment))
            ownerIdBySegment.set(segment, await findOwnerId(t.db, owner.userId, segment));
        }
      }
    });
    afterAll(async () => t?.close());

    const idFor = (field: string) =>
      ownerIdBySegment.get(idFieldResource(field) ?? "") ?? undefined;

    function leaks(text: string): string[] {
      return owner.ids.filter((id) => text.includes(id));
    }

    it("finds the routes with ids in the OpenAPI document, and an id of the first account for each", () => {
      const withIds = operations.filter((op) => op.pathParams.length > 0);
      expect(withIds.length).toBeGreaterThanOrEqual(20);
      const uncovered = withIds.filter((op) =>
        resourceSegments(op.path).some((segment) => !ownerIdBySegment.get(segment)),
      );
      expect(
        uncovered.map((op) => `${op.method} ${op.path}`),
        "routes without an id of the first account: add the segment to ID_SOURCES and a row to createAccountWithEveryResource",
      ).toEqual([]);
    });

    it("answers 404 to every method of every id route called with the first account's ids, and changes nothing", async () => {
      const before = await snapshot(t);
      const failures: string[] = [];
      let calls = 0;
      for (const op of operations.filter((o) => o.pathParams.length > 0)) {
        const url = `${fillPath(
          op.path,
          resourceSegments(op.path).map((segment) => ownerIdBySegment.get(segment) ?? ""),
        )}${sampleQuery(op, idFor)}`;
        const body = sampleBody(op, idFor);
        const response = await t.request(op.method, url, {
          cookie: intruder.cookie,
          ...(body === undefined ? {} : { body }),
        });
        calls += 1;
        const text = await response.text();
        if (response.status !== 404)
          failures.push(`${op.method} ${op.path}: ${response.status} ${text.slice(0, 300)}`);
        else if (leaks(text).length > 0)
          failures.push(`${op.method} ${op.path}: the 404 names ${leaks(text).join(", ")}`);
      }
      expect(
        failures,
        "a 400 means the generated body is not valid: fix sampleFromSchema so the id check is reached",
      ).toEqual([]);
      expect(calls).toBeGreaterThanOrEqual(20);
      const after = await snapshot(t);
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    });

    it("refuses the first account's ids in bodies and query strings, and never shows the first account's data", async () => {
      const failures: string[] = [];
      // The session-ending routes last (DELETE /api/account deletes the second account itself):
      // until then every route is reached signed in, not refused with 401.
      const withoutIds = operations
        .filter((o) => o.pathParams.length === 0)
        .sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
      let checkedSignedIn = false;
      for (const op of withoutIds) {
        if (endsSession(op) && !checkedSignedIn) {
          expect(
            (await t.request("GET", "/api/me", { cookie: intruder.cookie })).status,
            "the second account was signed in until the session-ending routes",
          ).toBe(200);
          checkedSignedIn = true;
        }
        const query = new URLSearchParams();
        for (const param of op.queryParams) {
          if (/Id$/.test(param.name)) query.set(param.name, idFor(param.name) ?? "");
        }
        const url = `${op.path}${query.size > 0 ? `?${query}` : ""}`;
        const body = sampleBody(op, idFor);
        const response = await t.request(op.method, url, {
          cookie: intruder.cookie,
          ...(body === undefined ? {} : { body }),
        });
        const text = await response.text();
        if (response.status >= 500) failures.push(`${op.method} ${url}: ${response.status}`);
        if (leaks(text).length > 0)
          failures.push(`${op.method} ${url}: answer names ${leaks(text).join(", ")}`);
        // Accepting is fine when the foreign id was not used (a global rate ignores propertyId);
        // an answer that linked to the first account's rows would name their ids (leaks above).
      }
      expect(failures).toEqual([]);
      expect(checkedSignedIn).toBe(true);
    });

    it("the first account itself reaches the same routes (the ids are real)", async () => {
      const failures: string[] = [];
      for (const op of operations.filter((o) => o.pathParams.length > 0 && o.method === "GET")) {
        const url = `${fillPath(
          op.path,
          resourceSegments(op.path).map((segment) => ownerIdBySegment.get(segment) ?? ""),
        )}${sampleQuery(op, idFor)}`;
        const response = await t.request("GET", url, { cookie: owner.cookie });
        if (response.status !== 200)
          failures.push(
            `GET ${url}: ${response.status} ${JSON.stringify(await readJson(response)).slice(0, 200)}`,
          );
      }
      expect(failures).toEqual([]);
    });
  },
);
