import type { TestContext } from "./test-app.ts";
import { readJson } from "./test-app.ts";
import { insertProperty, insertUnit } from "./fixtures.ts";

// Shared set-up of the meters, readings, billing periods and rates suites: an account with a
// property, two units, and meters created through the API.

export interface MeteringAccount {
  cookie: string;
  userId: string;
  propertyId: string;
  unitIds: [string, string];
}

export async function createMeteringAccount(
  t: TestContext,
  options: { propertyName?: string } = {},
): Promise<MeteringAccount> {
  const { cookie, userId } = await t.signUp();
  const property = await insertProperty(t.db, userId, {
    name: options.propertyName ?? "Lindenstraße 5",
  });
  const first = await insertUnit(t.db, userId, property.id, { name: "EG links", area: "62.50" });
  const second = await insertUnit(t.db, userId, property.id, { name: "OG rechts", area: "80.00" });
  return { cookie, userId, propertyId: property.id, unitIds: [first.id, second.id] };
}

export async function createMeterViaApi(
  t: TestContext,
  cookie: string,
  body: {
    meterNumber: string;
    meterType?: string;
    unitId?: string | null;
    propertyId?: string | null;
    displayName?: string | null;
  },
): Promise<string> {
  const response = await t.request("POST", "/api/meters", {
    cookie,
    body: { meterType: "Kaltwasser", ...body },
  });
  if (response.status !== 201)
    throw new Error(`meter: ${response.status} ${await response.text()}`);
  return (await readJson(response)).id as string;
}

export async function addReadingViaApi(
  t: TestContext,
  cookie: string,
  meterId: string,
  readingValue: string,
  readingDate: string,
  confirmDecrease = false,
) {
  const response = await t.request("POST", `/api/meters/${meterId}/readings`, {
    cookie,
    body: { readingValue, readingDate, confirmDecrease },
  });
  if (response.status !== 201)
    throw new Error(`reading: ${response.status} ${await response.text()}`);
  return readJson(response);
}

export async function createBillingPeriodViaApi(
  t: TestContext,
  cookie: string,
  propertyId: string,
  start = "2024-01-01",
  end = "2024-12-31",
): Promise<string> {
  const response = await t.request("POST", "/api/billing-periods", {
    cookie,
    body: { propertyId, billingPeriodStart: start, billingPeriodEnd: end },
  });
  if (response.status !== 201)
    throw new Error(`period: ${response.status} ${await response.text()}`);
  return (await readJson(response)).id as string;
}

export async function listActivityKeys(t: TestContext, userId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom("userActivities")
    .select(["entityType", "action"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => `${row.entityType}.${row.action}`);
}

export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
