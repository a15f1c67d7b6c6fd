import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getTodayInGermany,
  LETTER_BATCH_MESSAGES,
  STATEMENT_DOCUMENT_MESSAGES,
} from "@nk/contract";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createBillingPeriodViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { SAMPLE_BILLING_DATA } from "../support/statement-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 32 (decision 1084): "alle Briefe als PDF" as a background job. The batch is queued (202),
// the job makes each letter alone and joins them; the joined file has every letter's pages, and
// the old download of all letters is joined the same way. Other accounts and bad ids get 404.

const PERIOD_YEAR = Number(getTodayInGermany().slice(0, 4)) - 1;
const COST_ITEMS = [
  { costType: "Grundsteuer", amount: "600.00", key: "area" },
  { costType: "Müllabfuhr", amount: "300.00", key: "units" },
  {
    costType: "Hausmeister",
    amount: "900.00",
    key: "area",
    laborCosts: "700.00",
    taxCategory: "householdServices",
  },
];
const TENANTS = ["Anna Alt", "Bernd Neu", "Maria Weiß"];
const MISSING_BILLING_DATA =
  "Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten in den Einstellungen.";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-batches-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function writeTemp(bytes: Uint8Array): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return file;
}

function textOf(bytes: Uint8Array): string {
  return execFileSync("pdftotext", [writeTemp(bytes), "-"], { encoding: "utf8" });
}

function pageCount(bytes: Uint8Array): number {
  return Number(
    /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [writeTemp(bytes)], { encoding: "utf8" }))![1],
  );
}

describe.each(TEST_DRIVERS)("letter batches (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** Two flats: in EG links Anna Alt moves out at midyear and Bernd Neu moves in (a tenant change). */
  async function setUpRun(options: { finalize?: boolean } = {}) {
    const account = await t.signUp();
    const property = await insertProperty(t.db, account.userId, { name: "Gartenweg 7" });
    const eg = await insertUnit(t.db, account.userId, property.id, {
      name: "EG links",
      area: "60.00",
    });
    const og = await insertUnit(t.db, account.userId, property.id, {
      name: "OG rechts",
      area: "90.00",
    });
    await insertTenant(t.db, account.userId, eg.id, {
      name: "Anna Alt",
      moveInDate: "2015-01-01",
      moveOutDate: `${PERIOD_YEAR}-06-30`,
      isActive: false,
    });
    await insertTenant(t.db, account.userId, eg.id, {
      name: "Bernd Neu",
      moveInDate: `${PERIOD_YEAR}-07-01`,
    });
    await insertTenant(t.db, account.userId, og.id, {
      name: "Maria Weiß",
      moveInDate: "2020-01-01",
    });
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      property.id,
      `${PERIOD_YEAR}-01-01`,
      `${PERIOD_YEAR}-12-31`,
    );
    expect(
      (
        await t.request("PUT", "/api/billing-data", {
          cookie: account.cookie,
          body: SAMPLE_BILLING_DATA,
        })
      ).status,
    ).toBe(200);
    const saved = await t.request("POST", "/api/statements", {
      cookie: account.cookie,
      body: { billingPeriodId, costItems: COST_ITEMS, finalize: options.finalize ?? true },
    });
    expect(saved.status).toBe(201);
    const run = await readJson(saved);
    return {
      ...account,
      runId: run.id as string,
      statements: run.statements as { id: string; tenantName: string }[],
    };
  }

  async function start(cookie: string, runId: string) {
    const response = await t.request("POST", `/api/statements/${runId}/letter-batches`, { cookie });
    return { status: response.status, body: await readJson(response) };
  }

  async function download(cookie: string, url: string) {
    const response = await t.request("GET", url, { cookie });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  it("makes every letter of a run with a tenant change in the background and joins them into one PDF", async () => {
    const { cookie, userId, runId, statements } = await setUpRun();
    const started = await start(cookie, runId);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      statementId: runId,
      status: "queued",
      done: 0,
      total: 3,
      error: null,
      fileName: null,
      message: LETTER_BATCH_MESSAGES.queued,
    });
    const row = await t.db
      .selectFrom("letterBatches")
      .selectAll()
      .where("id", "=", started.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      userId,
      statementRunId: runId,
      status: "queued",
      total: 3,
      createdBy: userId,
    });

    // Not done yet: the download says so in German.
    const early = await t.request("GET", `/api/letter-batches/${started.body.id}/pdf`, { cookie });
    expect(early.status).toBe(409);
    expect((await readJson(early)).error).toMatchObject({
      code: "LETTER_BATCH_NOT_READY",
      message: LETTER_BATCH_MESSAGES.notReady(0, 3),
    });

    expect(await t.runDueJobs()).toBeGreaterThanOrEqual(1);
    const status = await readJson(
      await t.request("GET", `/api/letter-batches/${started.body.id}`, { cookie }),
    );
    expect(status).toMatchObject({
      id: started.body.id,
      status: "done",
      done: 3,
      total: 3,
      error: null,
      fileName: `Nebenkostenabrechnungen_${PERIOD_YEAR}_Gartenweg_7.pdf`,
    });
    expect(status.finishedAt).not.toBeNull();

    const joined = await download(cookie, `/api/letter-batches/${started.body.id}/pdf`);
    expect(joined.response.status).toBe(200);
    expect(joined.response.headers.get("content-type")).toBe("application/pdf");
    expect(joined.response.headers.get("content-disposition")).toContain(
      `Nebenkostenabrechnungen_${PERIOD_YEAR}_Gartenweg_7.pdf`,
    );
    // Streamed from the file store with its length (issue 32), the whole file.
    expect(joined.bytes.byteLength).toBeGreaterThan(1000);
    expect(joined.response.headers.get("content-length")).toBe(String(joined.bytes.byteLength));
    expect(Buffer.from(joined.bytes.subarray(-6)).toString("latin1")).toBe("%%EOF\n");
    const text = textOf(joined.bytes);
    for (const name of TENANTS) expect(text).toContain(`Guten Tag ${name},`);
    // Every page of every single letter, in the run's order.
    let singlePages = 0;
    for (const statement of statements)
      singlePages += pageCount(
        (await download(cookie, `/api/tenant-statements/${statement.id}/pdf`)).bytes,
      );
    expect(pageCount(joined.bytes)).toBe(singlePages);
    expect(text.indexOf("Guten Tag Anna Alt,")).toBeLessThan(text.indexOf("Guten Tag Bernd Neu,"));
    // § 35a lines of the stored result are in every letter.
    expect(text.split("Hausmeister").length - 1).toBeGreaterThanOrEqual(3);

    // The old download of all letters: joined from the single letters the same way.
    const all = await download(cookie, `/api/statements/${runId}/pdf`);
    expect(all.response.status).toBe(200);
    expect(pageCount(all.bytes)).toBe(singlePages);
    const allText = textOf(all.bytes);
    for (const name of TENANTS) expect(allText).toContain(`Guten Tag ${name},`);

    // The job ran once; running due jobs again changes nothing.
    expect(await t.runDueJobs()).toBe(0);
  });

  it("answers 404 to another account and to unknown or malformed ids, with German messages", async () => {
    const owner = await setUpRun();
    const batch = (await start(owner.cookie, owner.runId)).body;
    await t.runDueJobs();
    const other = await t.signUp();
    expect(
      (
        await t.request("PUT", "/api/billing-data", {
          cookie: other.cookie,
          body: SAMPLE_BILLING_DATA,
        })
      ).status,
    ).toBe(200);

    const foreignStart = await start(other.cookie, owner.runId);
    expect(foreignStart.status).toBe(404);
    expect(foreignStart.body.error.message).toBe(STATEMENT_DOCUMENT_MESSAGES.statementNotFound);
    for (const url of [
      `/api/letter-batches/${batch.id}`,
      `/api/letter-batches/${batch.id}/pdf`,
      `/api/letter-batches/${UNKNOWN_ID}`,
      "/api/letter-batches/kaputt",
      "/api/letter-batches/kaputt/pdf",
    ]) {
      const response = await t.request("GET", url, { cookie: other.cookie });
      expect(response.status, url).toBe(404);
      expect((await readJson(response)).error.message, url).toBe(LETTER_BATCH_MESSAGES.notFound);
    }
    for (const runId of [UNKNOWN_ID, "kaputt"]) {
      const response = await start(owner.cookie, runId);
      expect(response.status, runId).toBe(404);
      expect(response.body.error.message).toBe(STATEMENT_DOCUMENT_MESSAGES.statementNotFound);
    }
    expect(
      await t.db
        .selectFrom("letterBatches")
        .select("id")
        .where("userId", "=", other.userId)
        .execute(),
    ).toHaveLength(0);
    expect((await t.request("GET", `/api/letter-batches/${batch.id}`)).status).toBe(401);
  });

  it("refuses to start without billing data, and a batch whose letters cannot be made fails with the German reason", async () => {
    const { cookie, userId, runId } = await setUpRun({ finalize: false });
    const batch = (await start(cookie, runId)).body;
    await t.db.deleteFrom("billingData").where("userId", "=", userId).execute();
    const refused = await start(cookie, runId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "BILLING_DATA_MISSING",
      message: MISSING_BILLING_DATA,
    });

    // The billing data went away after the start: the job fails the batch, it is not retried.
    await t.runDueJobs();
    const status = await readJson(
      await t.request("GET", `/api/letter-batches/${batch.id}`, { cookie }),
    );
    expect(status).toMatchObject({ status: "failed", error: MISSING_BILLING_DATA, fileName: null });
    const pdf = await t.request("GET", `/api/letter-batches/${batch.id}/pdf`, { cookie });
    expect(pdf.status).toBe(409);
    expect((await readJson(pdf)).error).toMatchObject({
      code: "LETTER_BATCH_FAILED",
      message: MISSING_BILLING_DATA,
    });
    expect(
      await t.db.selectFrom("letterBatches").select("id").where("userId", "=", userId).execute(),
    ).toHaveLength(1);
  });

  it("goes with its run: a deleted draft takes its batches and their joined PDFs along", async () => {
    const { cookie, userId, runId } = await setUpRun({ finalize: false });
    await start(cookie, runId);
    await t.runDueJobs();
    const [done] = await t.db
      .selectFrom("letterBatches")
      .select(["status", "fileKey"])
      .where("userId", "=", userId)
      .execute();
    expect(done?.status).toBe("done");
    const joinedFile = path.join(path.dirname(t.outboxDir), "files", ...done!.fileKey!.split("/"));
    expect(fs.existsSync(joinedFile)).toBe(true);
    await start(cookie, runId);
    const deleted = await t.request("DELETE", `/api/statements/${runId}`, { cookie });
    expect(deleted.status).toBeLessThan(300);
    expect(
      await t.db.selectFrom("letterBatches").select("id").where("userId", "=", userId).execute(),
    ).toHaveLength(0);
    expect(fs.existsSync(joinedFile)).toBe(false);
    // The second batch's queued job finds no batch and ends without a file.
    await t.runDueJobs();
    expect(fs.readdirSync(path.dirname(joinedFile))).toEqual([]);
  });
});
