import type { Db } from "../../src/db/database.ts";
import {
  createBillingPeriodViaApi,
  createMeterViaApi,
  addReadingViaApi,
} from "./metering-fixtures.ts";
import { insertProperty, insertUnit } from "./fixtures.ts";
import { readJson, TEST_PASSWORD, type TestContext } from "./test-app.ts";
import { addMemberViaInvitation, inviteViaApi } from "./team-fixtures.ts";

// The routes of the API as the OpenAPI document lists them, an account that owns one row of
// every kind, and request bodies derived from the route's JSON schema. The cross-account and
// fuzz suites build on this, so a route added later is covered without a new test.

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON schemas of the OpenAPI document */
type JsonSchema = any;

export interface ApiOperation {
  method: string;
  /** OpenAPI path, e.g. /api/tenants/{id} */
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema; isRequired: boolean }[];
  bodySchema: JsonSchema | undefined;
}

export async function listApiOperations(t: TestContext): Promise<ApiOperation[]> {
  const doc = await readJson(await t.request("GET", "/api/openapi.json"));
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const parameters = (op.parameters ?? []) as {
        in: string;
        name: string;
        required?: boolean;
        schema?: JsonSchema;
      }[];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        queryParams: parameters
          .filter((p) => p.in === "query")
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, isRequired: p.required === true })),
        bodySchema: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

/** How to find an id of the owner's for the resource a path segment names (`/api/<segment>/{id}`). */
export const ID_SOURCES: Record<string, (db: Db, userId: string) => Promise<string | undefined>> = {
  properties: async (db, userId) =>
    (await db.selectFrom("properties").select("id").where("userId", "=", userId).executeTakeFirst())
      ?.id,
  units: async (db, userId) =>
    (await db.selectFrom("units").select("id").where("userId", "=", userId).executeTakeFirst())?.id,
  tenants: async (db, userId) =>
    (await db.selectFrom("tenants").select("id").where("userId", "=", userId).executeTakeFirst())
      ?.id,
  prepayments: async (db, userId) =>
    (
      await db
        .selectFrom("tenantPrepayments as p")
        .innerJoin("tenants as t", "t.id", "p.tenantId")
        .select("p.id")
        .where("t.userId", "=", userId)
        .executeTakeFirst()
    )?.id,
  occupants: async (db, userId) =>
    (
      await db
        .selectFrom("tenantAttributes as a")
        .innerJoin("tenants as t", "t.id", "a.tenantId")
        .select("a.id")
        .where("t.userId", "=", userId)
        .executeTakeFirst()
    )?.id,
  meters: async (db, userId) =>
    (await db.selectFrom("meters").select("id").where("userId", "=", userId).executeTakeFirst())
      ?.id,
  readings: async (db, userId) =>
    (
      await db
        .selectFrom("meterReadings")
        .select("id")
        .where("userId", "=", userId)
        .executeTakeFirst()
    )?.id,
  // The open period first: the finalized one (of the saved statement run) refuses most writes.
  "billing-periods": async (db, userId) =>
    (
      await db
        .selectFrom("billingPeriods")
        .select("id")
        .where("userId", "=", userId)
        .orderBy("isFinal")
        .orderBy("billingPeriodStart", "desc")
        .executeTakeFirst()
    )?.id,
  rates: async (db, userId) =>
    (
      await db
        .selectFrom("utilityRates")
        .select("id")
        .where("userId", "=", userId)
        .executeTakeFirst()
    )?.id,
  // /api/statements/{id} is a saved statement run, /api/tenant-statements/{id} one tenancy statement of it (docs/glossary.md).
  statements: async (db, userId) =>
    (
      await db
        .selectFrom("statementRuns")
        .select("id")
        .where("userId", "=", userId)
        .executeTakeFirst()
    )?.id,
  "tenant-statements": async (db, userId) =>
    (
      await db
        .selectFrom("tenancyStatements")
        .select("id")
        .where("userId", "=", userId)
        .executeTakeFirst()
    )?.id,
  // /api/team/members/{id} is a member's user id (not the owner's), /api/team/invitations/{id} an open invitation.
  members: async (db, userId) =>
    (
      await db
        .selectFrom("accountMembers")
        .select("userId")
        .where("accountId", "=", userId)
        .where("role", "!=", "owner")
        .executeTakeFirst()
    )?.userId,
  invitations: async (db, userId) =>
    (
      await db
        .selectFrom("accountInvitations")
        .select("id")
        .where("accountId", "=", userId)
        .where("acceptedAt", "is", null)
        .executeTakeFirst()
    )?.id,
  // /api/properties/{id}/monthly-information/{tenantId}/pdf: a tenant of the account (decision 1630).
  // A tenant who lived in the property the `properties` source gives (the same first row) in the sample month.
  "monthly-information": async (db, userId) => {
    const property = await db
      .selectFrom("properties")
      .select("id")
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (!property) return undefined;
    const tenant = await db
      .selectFrom("tenants as t")
      .innerJoin("units as u", "u.id", "t.unitId")
      .select("t.id")
      .where("t.userId", "=", userId)
      .where("u.propertyId", "=", property.id)
      .where("t.moveInDate", "<=", "2024-10-01")
      .where((eb) =>
        eb.or([eb("t.moveOutDate", "is", null), eb("t.moveOutDate", ">=", "2024-10-31")]),
      )
      .executeTakeFirst();
    return tenant?.id;
  },
  // /api/api-keys/{id}: a key of the account that is not revoked (decision 1171).
  "api-keys": async (db, userId) =>
    (
      await db
        .selectFrom("apiKeys")
        .select("id")
        .where("accountId", "=", userId)
        .where("revokedAt", "is", null)
        .executeTakeFirst()
    )?.id,
};

function toCamelCase(segment: string): string {
  return segment.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/**
 * The owner's id for the path parameter at `index` of the path's segments: by ID_SOURCES, else
 * from the table named like the segment (`/api/meters/{id}` -> table meters, user_id).
 */
export async function findOwnerId(
  db: Db,
  userId: string,
  segment: string,
): Promise<string | undefined> {
  const source = ID_SOURCES[segment];
  if (source) return source(db, userId);
  try {
    const rows = await (db as any)
      .selectFrom(toCamelCase(segment))
      .select("id")
      .where("userId", "=", userId)
      .limit(1)
      .execute();
    return rows[0]?.id === undefined ? undefined : String(rows[0].id);
  } catch {
    return undefined;
  }
}

/** The segment before each `{param}` of a path: the resource the id belongs to. */
export function resourceSegments(path: string): string[] {
  const segments = path.split("/");
  return segments.flatMap((segment, i) =>
    /^\{\w+\}$/.test(segment) ? [segments[i - 1] ?? ""] : [],
  );
}

export interface OwnedAccount {
  cookie: string;
  userId: string;
  email: string;
  /** Every id of the account, to check that none leaks into another account's answers. */
  ids: string[];
}

/**
 * Routes that end the session they are called with: the account deleted, the session signed out
 * or revoked. The fuzz suite calls them with a throwaway account (made again when it is gone), the
 * cross-account suite last; a route missing here that ends the owner's session fails both suites.
 */
export const SESSION_ENDING_ROUTES = new Set([
  "DELETE /api/account",
  "POST /api/auth/sign-out",
  "POST /api/auth/change-password",
]);

export function endsSession(op: Pick<ApiOperation, "method" | "path">): boolean {
  return SESSION_ENDING_ROUTES.has(`${op.method} ${op.path}`);
}

/**
 * An account with one row of every kind the API serves (and two units, a meter with a reading,
 * two periods, a finalized statement run with its tenant statements, a rate); `account` is an
 * account already signed up, else a new one.
 */
export async function createAccountWithEveryResource(
  t: TestContext,
  account?: { cookie: string; userId: string; email: string },
): Promise<OwnedAccount> {
  const { cookie, userId, email } = account ?? (await t.signUp());
  // Every feature too: the routes of plan features (bulk export, issue 28) answer the owner.
  await t.db
    .updateTable("subscriptions")
    .set({ plan: "enterprise", status: "active" })
    .where("userId", "=", userId)
    .execute();
  const property = await insertProperty(t.db, userId, { name: "Lindenstraße 5" });
  const unit = await insertUnit(t.db, userId, property.id, { name: "EG links" });
  await insertUnit(t.db, userId, property.id, { name: "OG rechts", area: "80.00" });
  const tenant = await t.request("POST", "/api/tenants", {
    cookie,
    body: { name: "Max Mieter", unitId: unit.id, moveInDate: "2023-01-01", persons: 2 },
  });
  if (tenant.status !== 201) throw new Error(`tenant: ${tenant.status} ${await tenant.text()}`);
  const tenantId = (await readJson(tenant)).id as string;
  const prepayment = await t.request("POST", `/api/tenants/${tenantId}/prepayments`, {
    cookie,
    body: { monthlyAmount: "150", validFrom: "2024-01-01" },
  });
  if (prepayment.status !== 201)
    throw new Error(`prepayment: ${prepayment.status} ${await prepayment.text()}`);
  const meterId = await createMeterViaApi(t, cookie, { meterNumber: "KW-1", unitId: unit.id });
  await addReadingViaApi(t, cookie, meterId, "100", "2024-01-01");
  // A heat cost allocator read at the ends of September and October 2024: the § 6a monthly
  // information of October has figures for the tenant (decision 1630).
  const allocatorId = await createMeterViaApi(t, cookie, {
    meterNumber: "HKV-1",
    meterType: "Heizkostenverteiler",
    unitId: unit.id,
  });
  await addReadingViaApi(t, cookie, allocatorId, "120", "2024-09-30");
  await addReadingViaApi(t, cookie, allocatorId, "185", "2024-10-31");
  await createFinalizedStatementRun(t, cookie, property.id);
  await createBillingPeriodViaApi(t, cookie, property.id);
  const rate = await t.request("POST", "/api/rates", {
    cookie,
    body: { utilityType: "coldwater", rateName: "Wasser", unitPrice: "2.9" },
  });
  if (rate.status !== 201) throw new Error(`rate: ${rate.status} ${await rate.text()}`);
  // The team: one member who joined, one open invitation (issue 29).
  await addMemberViaInvitation(t, cookie, "editor");
  await inviteViaApi(t, cookie, `offen-${userId.slice(0, 8)}@example.de`, "viewer");
  // An API key (Enterprise, decision 1171).
  const apiKey = await t.request("POST", "/api/api-keys", {
    cookie,
    body: { name: "Buchhaltung", role: "viewer" },
  });
  if (apiKey.status !== 201) throw new Error(`api key: ${apiKey.status} ${await apiKey.text()}`);
  const ids = new Set<string>([userId]);
  for (const segment of Object.keys(ID_SOURCES)) {
    const id = await ID_SOURCES[segment]!(t.db, userId);
    if (id) ids.add(id);
  }
  for (const table of [
    "properties",
    "units",
    "tenants",
    "meters",
    "meterReadings",
    "billingPeriods",
    "utilityRates",
    "statementRuns",
    "tenancyStatements",
    "letterBatches",
  ] as const) {
    for (const row of await t.db
      .selectFrom(table)
      .select("id")
      .where("userId", "=", userId)
      .execute())
      ids.add(String(row.id));
  }
  return { cookie, userId, email, ids: [...ids] };
}

/**
 * A finalized statement run of 2023 and its tenant statements, made through the API like the
 * web app does: billing data first (finalizing needs them, docs/rules/statements.md#pdfs-and-sending), then the run.
 */
async function createFinalizedStatementRun(
  t: TestContext,
  cookie: string,
  propertyId: string,
): Promise<void> {
  const billingData = await t.request("PUT", "/api/billing-data", {
    cookie,
    body: {
      companyName: "Hausverwaltung Sonnenschein GmbH",
      phone: "0521 123456",
      street: "Lindenstraße",
      houseNumber: "5",
      postalCode: "33602",
      city: "Bielefeld",
      iban: "DE89 3704 0044 0532 0130 00",
    },
  });
  if (billingData.status !== 200)
    throw new Error(`billing data: ${billingData.status} ${await billingData.text()}`);
  const billingPeriodId = await createBillingPeriodViaApi(
    t,
    cookie,
    propertyId,
    "2023-01-01",
    "2023-12-31",
  );
  const costItems = [
    { costType: "Grundsteuer", amount: "600.00", key: "area" },
    { costType: "Müllabfuhr", amount: "300.00", key: "units" },
  ];
  const run = await t.request("POST", "/api/statements", {
    cookie,
    body: { billingPeriodId, costItems, finalize: true },
  });
  if (run.status !== 201) throw new Error(`statement run: ${run.status} ${await run.text()}`);
  // All its letters as one PDF, made in the background (issue 32, decision 1084): a letter batch.
  const batch = await t.request(
    "POST",
    `/api/statements/${(await readJson(run)).id}/letter-batches`,
    { cookie },
  );
  if (batch.status !== 202) throw new Error(`letter batch: ${batch.status} ${await batch.text()}`);
}

const DATE_FIELD = /(date|Date|From|Until|Start|End|At)$/;
const DECIMAL_FIELD =
  /(Value|Price|Amount|area|Area|amount|price|value|Cost|cost|consumption|Consumption)$/;

const NAMED_STRINGS: Record<string, string> = {
  country: "Deutschland",
  postalCode: "33602",
  state: "Nordrhein-Westfalen",
  city: "Bielefeld",
  // The metering company's numbers (decision 1600): digits only.
  customerNumber: "4711",
  propertyNumber: "81500230",
  // The month of the § 6a monthly information (decision 1630): YYYY-MM.
  month: "2024-10",
};

/** Bodies the schema alone does not describe well enough (a price within the regional range). */
export const SAMPLE_OVERRIDES: Record<string, Record<string, unknown>> = {
  "PATCH /api/rates/{id}": { utilityType: "coldwater", unitPrice: "2.9" },
  "POST /api/rates": { utilityType: "coldwater", unitPrice: "2.9" },
  // A unit's first row needs area and persons (a refinement the JSON schema cannot express).
  "POST /api/properties/{id}/house-setup": {
    rows: [{ unitName: "EG links", area: "62.5", persons: "2" }],
  },
  // The throwaway account's password, so that the change is reached (and ends its session).
  "POST /api/auth/change-password": {
    currentPassword: TEST_PASSWORD,
    newPassword: "Neu-Sicher-1234",
    newPasswordConfirmation: "Neu-Sicher-1234",
  },
  // Issue 30: the new prepayments start on the first of a month (a refinement the JSON schema cannot express).
  "POST /api/statements/{id}/prepayment-adjustment": { validFrom: "2026-03-01" },
  // Decision 1690: letters of the sample month posted after it.
  "POST /api/properties/{id}/monthly-information/mark-posted": { postedOn: "2024-11-05" },
};

/** The sample body of an operation: from its schema, with the overrides of SAMPLE_OVERRIDES. */
export function sampleBody(
  op: ApiOperation,
  idFor: (name: string) => string | undefined,
  options: SampleOptions = {},
): unknown {
  if (!op.bodySchema) return undefined;
  const sample = sampleFromSchema(op.bodySchema, idFor, "", options);
  const override = SAMPLE_OVERRIDES[`${op.method} ${op.path}`];
  return override && sample && typeof sample === "object" ? { ...sample, ...override } : sample;
}

/**
 * A body the route's schema accepts in the common case: required properties only, dates and
 * decimals by their names, ids from `idFor` (by property name, e.g. unitId -> units).
 */
export interface SampleOptions {
  /** Optional properties too (the fuzz suite mutates every field), not only the required ones. */
  includeOptional?: boolean;
}

export function sampleFromSchema(
  schema: JsonSchema,
  idFor: (name: string) => string | undefined,
  name = "",
  options: SampleOptions = {},
): unknown {
  if (!schema || typeof schema !== "object") return {};
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return schema.enum.find((v: unknown) => v !== null && v !== "") ?? schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length > 0) {
    const numeric = variants.find((v: JsonSchema) => v.type === "integer" || v.type === "number");
    const preferred =
      (numeric && !DECIMAL_FIELD.test(name) ? numeric : undefined) ??
      variants.find((v: JsonSchema) => v.type === "string" && !v.enum && !v.const) ??
      variants.find((v: JsonSchema) => v.type !== "null") ??
      variants[0];
    return sampleFromSchema(preferred, idFor, name, options);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return sampleFromSchema(Object.assign({}, ...schema.allOf), idFor, name, options);
  const type = Array.isArray(schema.type)
    ? schema.type.find((t: string) => t !== "null")
    : schema.type;
  switch (type) {
    case "object": {
      const body: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (options.includeOptional || required.has(key) || /Id$/.test(key))
          body[key] = sampleFromSchema(child, idFor, key, options);
      }
      return body;
    }
    case "array":
      // A list of ids ("tenantIds") holds ids of the singular's resource ("tenantId").
      return [sampleFromSchema(schema.items, idFor, name.replace(/Ids$/, "Id"), options)].slice(
        0,
        Math.max(1, schema.minItems ?? 1),
      );
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return false;
    case "string": {
      if (/Id$/.test(name) || name === "id" || schema.format === "uuid")
        return idFor(name) ?? "00000000-0000-4000-8000-000000000000";
      if (schema.format === "email" || /email/i.test(name)) return "fuzz@example.de";
      if (schema.format === "date-time") return "2024-06-30T12:00:00.000Z";
      if (DATE_FIELD.test(name) || schema.format === "date") return "2024-06-30";
      if (DECIMAL_FIELD.test(name)) return "12.5";
      if (name in NAMED_STRINGS) return NAMED_STRINGS[name];
      if (/password/i.test(name)) return "Sicher-1234";
      return "Test";
    }
    default:
      return "Test";
  }
}

/** The owner's id for a body field: unitId -> units, propertyId -> properties, billingPeriodId -> billing-periods. */
export function idFieldResource(field: string): string | undefined {
  const base = field.replace(/Id$/, "");
  const known: Record<string, string> = {
    unit: "units",
    property: "properties",
    tenant: "tenants",
    meter: "meters",
    reading: "readings",
    billingPeriod: "billing-periods",
    rate: "rates",
    prepayment: "prepayments",
  };
  return known[base] ?? `${base.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}s`;
}

/** Fills `{param}` of a path with the given values (URL-encoded). */
/** "?name=value" of the route's required query parameters, its ids and the named ones, sampled like bodies; "" without any. */
export function sampleQuery(op: ApiOperation, idFor: (name: string) => string | undefined): string {
  const query = new URLSearchParams();
  for (const param of op.queryParams) {
    if (param.isRequired || /Id$/.test(param.name) || param.name in NAMED_STRINGS)
      query.set(param.name, String(sampleFromSchema(param.schema, idFor, param.name)));
  }
  return query.size > 0 ? `?${query}` : "";
}

export function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{\w+\}/g, () => values[i++] ?? "");
}
