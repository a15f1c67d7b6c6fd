import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import type { S3Config } from "../../src/config/env.ts";
import { createFileStorage } from "../../src/files/create-file-storage.ts";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import {
  buildTestConfig,
  createTestContext,
  readJson,
  type TestContext,
} from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Deleting the account (docs/rules/accounts-and-plans.md#account-data, Art. 17 DSGVO) removes its stored statement PDFs too, from
// DATA_DIR/files and from S3-compatible storage (s3rver, started here), and nobody else's.

const BUCKET = "nebenkosten-konten";
const BILLING_DATA = {
  companyName: "Hausverwaltung Sonnenschein GmbH",
  phone: "030 1234567",
  street: "Lindenstraße",
  houseNumber: "12a",
  postalCode: "10115",
  city: "Berlin",
  iban: "DE89 3704 0044 0532 0130 00",
};

let s3Server: { close(): Promise<void> } | undefined;
let s3Directory = "";
let s3: S3Config;

beforeAll(async () => {
  s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), "nk-s3rver-konten-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await server.run();
  s3Server = server;
  s3 = {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: "us-east-1",
    bucket: BUCKET,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
});

afterAll(async () => {
  await s3Server?.close();
  fs.rmSync(s3Directory, { recursive: true, force: true });
});

/** An account with a finalized run whose letters went out by post (stored as sent, decision 1060) and whose overview is stored. */
async function accountWithStoredPdfs(t: TestContext) {
  const account = await t.signUp();
  const { cookie, userId } = account;
  const property = await insertProperty(t.db, userId, { name: "Gartenweg 7" });
  const eg = await insertUnit(t.db, userId, property.id, { name: "EG links", area: "60.00" });
  const og = await insertUnit(t.db, userId, property.id, { name: "OG rechts", area: "90.00" });
  await insertTenant(t.db, userId, eg.id, { name: "Jürgen Krüger", moveInDate: "2020-01-01" });
  await insertTenant(t.db, userId, og.id, { name: "Maria Weiß", moveInDate: "2020-01-01" });
  const billingPeriodId = await createBillingPeriodViaApi(t, cookie, property.id);
  expect((await t.request("PUT", "/api/billing-data", { cookie, body: BILLING_DATA })).status).toBe(
    200,
  );
  const saved = await t.request("POST", "/api/statements", {
    cookie,
    body: {
      billingPeriodId,
      costItems: [{ costType: "Grundsteuer", amount: "600.00", key: "area" }],
      finalize: true,
    },
  });
  expect(saved.status).toBe(201);
  const run = await readJson(saved);
  for (const statement of run.statements as Array<{ id: string }>) {
    expect(
      (await t.request("POST", `/api/tenant-statements/${statement.id}/mark-posted`, { cookie }))
        .status,
    ).toBe(200);
  }
  const overview = await t.request("GET", `/api/statements/${run.id}/overview-pdf`, { cookie });
  expect(overview.status).toBe(200);
  await overview.arrayBuffer();
  const today = getTodayInGermany();
  const keys = [
    ...run.statements.map((s: { id: string }) => `statements/${userId}/${s.id}-${today}.pdf`),
    `statements/${userId}/runs/${run.id}-uebersicht.pdf`,
  ] as string[];
  return { ...account, keys };
}

const places: Array<[string, () => Partial<ReturnType<typeof buildTestConfig>>]> = [
  ["local", () => ({})],
  ["s3", () => ({ s3 })],
];

describe.each(TEST_DRIVERS)("account deletion removes the stored PDFs (%s)", (driver) => {
  describe.each(places)("in %s storage", (place, overrides) => {
    let t: TestContext;
    let dataDir = "";
    beforeAll(async () => {
      t = await createTestContext(driver, overrides());
      dataDir = path.dirname(t.outboxDir);
    });
    afterAll(async () => t?.close());

    it("deletes the account's letters, run PDFs and overview, and keeps another account's", async () => {
      const storage = createFileStorage({ ...buildTestConfig(dataDir), ...overrides() });
      const other = await accountWithStoredPdfs(t);
      const account = await accountWithStoredPdfs(t);
      expect(account.keys).toHaveLength(3);
      for (const key of [...account.keys, ...other.keys])
        expect(await storage.get(key), key).not.toBeNull();
      if (place === "local")
        expect(fs.existsSync(path.join(dataDir, "files", "statements", account.userId))).toBe(true);

      const response = await t.request("DELETE", "/api/account", {
        cookie: account.cookie,
        body: { confirmation: "LÖSCHEN" },
      });
      expect(response.status).toBe(204);

      for (const key of account.keys) expect(await storage.get(key), key).toBeNull();
      for (const key of other.keys) expect(await storage.get(key), key).not.toBeNull();
      if (place === "local") {
        expect(fs.existsSync(path.join(dataDir, "files", "statements", account.userId))).toBe(
          false,
        );
        expect(fs.readdirSync(path.join(dataDir, "files", "statements"))).toEqual([other.userId]);
      }
    }, 60_000);
  });

  it("deletes the account even when the file storage fails, and logs the folder", async () => {
    // A bucket that does not exist: every storage call fails with 404 NoSuchBucket.
    const t = await createTestContext(driver, { s3: { ...s3, bucket: "gibt-es-nicht" } });
    try {
      const account = await t.signUp();
      const response = await t.request("DELETE", "/api/account", {
        cookie: account.cookie,
        body: { confirmation: "LÖSCHEN" },
      });
      expect(response.status).toBe(204);
      expect(
        await t.db
          .selectFrom("users")
          .select("id")
          .where("id", "=", account.userId)
          .executeTakeFirst(),
      ).toBeUndefined();
      expect(t.readLogEvents("account.files_delete_failed")).toEqual([
        expect.objectContaining({
          userId: account.userId,
          folder: `statements/${account.userId}`,
          storage: "s3",
          message: expect.stringContaining("HTTP 404"),
        }),
      ]);
    } finally {
      await t.close();
    }
  });
});
