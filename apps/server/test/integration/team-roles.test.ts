import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNABLE_ROLES, roleAllows, TEAM_MESSAGES, type AssignableRole } from "@nk/contract";
import { ROUTE_PERMISSIONS } from "../../src/http/route-permissions.ts";
import {
  createAccountWithEveryResource,
  fillPath,
  findOwnerId,
  idFieldResource,
  listApiOperations,
  resourceSegments,
  sampleBody,
  type ApiOperation,
  type OwnedAccount,
} from "../support/api-routes.ts";
import { addMemberViaInvitation, type AddedMember } from "../support/team-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 29: every route with every role, generated from the OpenAPI document like the
// cross-account suite. A route missing from the permission table (src/http/route-permissions.ts)
// fails the first test by name. A role the table refuses gets 403 with the German message and
// changes nothing, called with the account's real ids; a role it allows is not refused for its
// role (called with ids that do not exist, so nothing of the account is destroyed).

/** Routes outside the account: sign-in and its kin, the public ones. */
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
const VOLATILE_TABLES = new Set(["sessions", "rate_limit_buckets", "migrations", "jobs"]);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
/** Each role calls every route: several hundred requests per test. */
const SUITE_TIMEOUT_MS = 600_000;

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

describe.each(TEST_DRIVERS)("every route with every role (%s)", (driver) => {
  let t: TestContext;
  let owner: OwnedAccount;
  let operations: ApiOperation[];
  const members = new Map<AssignableRole, AddedMember>();
  const ownerIdBySegment = new Map<string, string | undefined>();

  beforeAll(async () => {
    t = await createTestContext(driver);
    owner = await createAccountWithEveryResource(t);
    for (const role of ASSIGNABLE_ROLES)
      members.set(role, await addMemberViaInvitation(t, owner.cookie, role));
    operations = (await listApiOperations(t)).filter(
      (op) => !PUBLIC_ROUTES.some((pattern) => pattern.test(op.path)),
    );
    for (const op of operations) {
      for (const segment of resourceSegments(op.path)) {
        if (!ownerIdBySegment.has(segment))
          ownerIdBySegment.set(segment, await findOwnerId(t.db, owner.userId, segment));
      }
    }
    // A whole account and four members joining by invitation: minutes when the two cores are busy.
  }, SUITE_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const requirementOf = (op: ApiOperation) => ROUTE_PERMISSIONS[`${op.method} ${op.path}`];

  it("declares what every signed-in route of the OpenAPI document needs", () => {
    expect(operations.length).toBeGreaterThanOrEqual(80);
    const undeclared = operations
      .filter((op) => requirementOf(op) === undefined)
      .map((op) => `${op.method} ${op.path}`);
    expect(
      undeclared,
      "add these routes to ROUTE_PERMISSIONS in apps/server/src/http/route-permissions.ts",
    ).toEqual([]);
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const stale = Object.keys(ROUTE_PERMISSIONS).filter((key) => !documented.has(key));
    expect(stale, "entries of ROUTE_PERMISSIONS without a route").toEqual([]);
  });

  it(
    "refuses every route a role may not use with 403 and the German message, and changes nothing",
    async () => {
      const before = await snapshot(t);
      const failures: string[] = [];
      let refusals = 0;
      for (const role of ASSIGNABLE_ROLES) {
        const member = members.get(role)!;
        for (const op of operations) {
          const requirement = requirementOf(op);
          if (
            requirement === undefined ||
            requirement === "member" ||
            roleAllows(role, requirement)
          )
            continue;
          const url = fillPath(
            op.path,
            resourceSegments(op.path).map((segment) => ownerIdBySegment.get(segment) ?? MISSING_ID),
          );
          const body = sampleBody(op, (field) =>
            ownerIdBySegment.get(idFieldResource(field) ?? ""),
          );
          const response = await t.request(op.method, url, {
            cookie: member.cookie,
            ...(body === undefined ? {} : { body }),
          });
          refusals += 1;
          const answer = await readJson(response).catch(() => null);
          if (
            response.status !== 403 ||
            answer?.error?.code !== "INSUFFICIENT_PERMISSIONS" ||
            answer?.error?.message !== TEAM_MESSAGES.forbidden
          ) {
            failures.push(
              `${role} ${op.method} ${op.path}: ${response.status} ${JSON.stringify(answer).slice(0, 200)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
      // Viewers alone are refused every write of the account.
      expect(refusals).toBeGreaterThanOrEqual(100);
      const after = await snapshot(t);
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    },
    SUITE_TIMEOUT_MS,
  );

  it(
    "lets every role reach the routes its role allows (not refused for the role)",
    async () => {
      const failures: string[] = [];
      for (const role of ASSIGNABLE_ROLES) {
        const member = members.get(role)!;
        for (const op of operations) {
          const requirement = requirementOf(op);
          if (
            requirement === undefined ||
            !(requirement === "member" || roleAllows(role, requirement))
          )
            continue;
          // Ids that do not exist: the handler is reached and answers 404 without destroying anything.
          const url = fillPath(
            op.path,
            op.pathParams.map(() => MISSING_ID),
          );
          const body = sampleBody(op, () => MISSING_ID);
          const response = await t.request(op.method, url, {
            cookie: member.cookie,
            ...(body === undefined ? {} : { body }),
          });
          const answer = await readJson(response).catch(() => null);
          // A service's finer rule may still refuse (an admin names no admins): not the route's check.
          if (
            response.status === 401 ||
            answer?.error?.message === TEAM_MESSAGES.forbidden ||
            response.status >= 500
          ) {
            failures.push(
              `${role} ${op.method} ${op.path}: ${response.status} ${JSON.stringify(answer).slice(0, 200)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
    },
    SUITE_TIMEOUT_MS,
  );

  it("reads the account's data for every role, and the owner's reads are the same", async () => {
    for (const role of ASSIGNABLE_ROLES) {
      const member = members.get(role)!;
      const properties = await readJson(
        await t.request("GET", "/api/properties", { cookie: member.cookie }),
      );
      expect(
        properties.map((p: { name: string }) => p.name),
        role,
      ).toEqual(["Lindenstraße 5"]);
      const me = await readJson(await t.request("GET", "/api/me", { cookie: member.cookie }));
      expect(me.account).toMatchObject({ id: owner.userId, role });
      expect(me.user.id).toBe(member.userId);
    }
  });
});
