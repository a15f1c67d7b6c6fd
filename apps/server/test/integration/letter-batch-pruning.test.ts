import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany, LETTER_BATCH_MESSAGES } from "@nk/contract";
import { addDays } from "@nk/engine";
import { enqueueJob } from "../../src/jobs/enqueue-job.ts";
import { startDailyJobSchedule } from "../../src/jobs/daily-job-schedule.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { letterBatchFileKey } from "../../src/features/statement-documents/letter-batch-job.ts";
import {
  LETTER_BATCH_PRUNING,
  LETTER_BATCH_RETENTION_DAYS,
} from "../../src/features/statement-documents/letter-batch-pruning-job.ts";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import { SAMPLE_BILLING_DATA } from "../support/statement-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 32 (decision 1610): once a day, finished letter batches that nobody needs any more are
// removed, file and row: failed ones and ones a later done batch of the same run replaced, once
// they finished more than LETTER_BATCH_RETENTION_DAYS ago. The newest done batch of a run stays.

const PERIOD_YEAR = Number(getTodayInGermany().slice(0, 4)) - 1;
const COST_ITEMS = [{ costType: "Grundsteuer", amount: "600.00", key: "area" }];
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_DRIVERS)("letter batch pruning (%s)", (driver) => {
  let t: TestContext;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-pruning-"));
  const fileOf = (key: string) => path.join(dataDir, "files", ...key.split("/"));

  beforeAll(async () => {
    t = await createTestContext(driver, { dataDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function setUpRun() {
    const account = await t.signUp();
    const property = await insertProperty(t.db, account.userId, { name: "Lindenweg 3" });
    const unit = await insertUnit(t.db, account.userId, property.id, { name: "EG", area: "70.00" });
    await insertTenant(t.db, account.userId, unit.id, {
      name: "Clara Kurz",
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
      body: { billingPeriodId, costItems: COST_ITEMS, finalize: true },
    });
    expect(saved.status).toBe(201);
    return { ...account, runId: (await readJson(saved)).id as string };
  }

  /** A finished batch of the run as the job leaves it, with its file, created and finished `daysAgo` days before now. */
  async function insertFinishedBatch(
    userId: string,
    runId: string,
    status: "done" | "failed",
    daysAgo: number,
  ) {
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    const row = await t.db
      .insertInto("letterBatches")
      .values({
        userId,
        statementRunId: runId,
        status,
        done: 1,
        total: 1,
        error: status === "failed" ? LETTER_BATCH_MESSAGES.failed : null,
        fileName: "Briefe.pdf",
        createdAt: at,
        finishedAt: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (status === "failed") return { id: row.id, file: null };
    const key = letterBatchFileKey(userId, row.id);
    await t.db
      .updateTable("letterBatches")
      .set({ fileKey: key })
      .where("id", "=", row.id)
      .execute();
    fs.mkdirSync(path.dirname(fileOf(key)), { recursive: true });
    fs.writeFileSync(fileOf(key), "%PDF-1.7\n");
    return { id: row.id, file: fileOf(key) };
  }

  async function runPruning(day: string) {
    await enqueueJob(t.db, LETTER_BATCH_PRUNING, { day });
    expect(await t.runDueJobs()).toBeGreaterThanOrEqual(1);
  }

  it("removes failed and replaced batches past the retention with their files, and keeps the newest done batch of each run", async () => {
    const { cookie, userId, runId } = await setUpRun();
    const old = LETTER_BATCH_RETENTION_DAYS + 10;
    const replacedOld = await insertFinishedBatch(userId, runId, "done", old + 2);
    const failedOld = await insertFinishedBatch(userId, runId, "failed", old + 1);
    const replacedRecent = await insertFinishedBatch(userId, runId, "done", 5);
    const failedRecent = await insertFinishedBatch(userId, runId, "failed", 3);
    // The newest batch of the run, made by the job, finished long ago as well: it stays.
    const started = await t.request("POST", `/api/statements/${runId}/letter-batches`, { cookie });
    expect(started.status).toBe(202);
    const newestId = (await readJson(started)).id as string;
    await t.runDueJobs();
    const newestKey = letterBatchFileKey(userId, newestId);
    expect(fs.existsSync(fileOf(newestKey))).toBe(true);
    await t.db
      .updateTable("letterBatches")
      .set({ finishedAt: new Date(Date.now() - old * DAY_MS) })
      .where("id", "=", newestId)
      .execute();
    // Another run's only batch, old and done: the newest of its run, it stays.
    const other = await setUpRun();
    const otherOnly = await insertFinishedBatch(other.userId, other.runId, "done", old);

    await runPruning(getTodayInGermany());

    const left = await t.db
      .selectFrom("letterBatches")
      .select("id")
      .where("userId", "in", [userId, other.userId])
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual(
      [replacedRecent.id, failedRecent.id, newestId, otherOnly.id].sort(),
    );
    expect(fs.existsSync(replacedOld.file!)).toBe(false);
    for (const kept of [replacedRecent.file!, otherOnly.file!, fileOf(newestKey)])
      expect(fs.existsSync(kept)).toBe(true);
    for (const gone of [replacedOld.id, failedOld.id]) {
      const response = await t.request("GET", `/api/letter-batches/${gone}`, { cookie });
      expect(response.status).toBe(404);
      expect((await readJson(response)).error.message).toBe(LETTER_BATCH_MESSAGES.notFound);
    }
    const kept = await t.request("GET", `/api/letter-batches/${newestId}/pdf`, { cookie });
    expect(kept.status).toBe(200);
    expect(kept.headers.get("content-type")).toBe("application/pdf");

    // A later day: the recent ones are past the retention then; a file already gone is no error.
    fs.rmSync(replacedRecent.file!);
    await runPruning(addDays(getTodayInGermany(), LETTER_BATCH_RETENTION_DAYS));
    const later = await t.db
      .selectFrom("letterBatches")
      .select("id")
      .where("userId", "in", [userId, other.userId])
      .execute();
    expect(later.map((row) => row.id).sort()).toEqual([newestId, otherOnly.id].sort());
    expect(fs.existsSync(fileOf(newestKey))).toBe(true);
  });

  it("is queued once a day by the daily schedule", async () => {
    let now = new Date("2032-05-02T08:00:00Z");
    const schedule = startDailyJobSchedule({
      db: t.db,
      logger: createLogger("error"),
      kind: LETTER_BATCH_PRUNING,
      now: () => now,
    });
    try {
      await schedule.check();
      await schedule.check();
      now = new Date("2032-05-03T08:00:00Z");
      await schedule.check();
      const jobs = await t.db
        .selectFrom("jobs")
        .select("payload")
        .where("kind", "=", LETTER_BATCH_PRUNING.kind)
        .orderBy("id")
        .execute();
      expect(
        jobs
          .map((job) => job.payload)
          .filter((payload) => (payload as { day: string }).day.startsWith("2032-")),
      ).toEqual([{ day: "2032-05-02" }, { day: "2032-05-03" }]);
    } finally {
      await schedule.stop();
    }
  });
});
