import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import { addDays, countDaysUntil, getDaysInMonth, getStatementDeadline } from "@nk/engine";
import { enqueueJob } from "../../src/jobs/enqueue-job.ts";
import { startDailyJobSchedule } from "../../src/jobs/daily-job-schedule.ts";
import { createLogger } from "../../src/lib/logger.ts";
import {
  DEADLINE_REMINDERS,
  sendDeadlineReminders,
} from "../../src/features/deadlines/deadline-reminder-job.ts";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA,
} from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import { addMemberViaInvitation, decodeQuotedPrintable } from "../support/team-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { createSharedTestDatabase, TEST_DRIVERS } from "../support/test-database.ts";

// Issue 30 (decision 1500): the § 556 (3) BGB deadline overview over HTTP, and the reminder
// job with a frozen day (its payload): 90, 30 and 7 days before, each once, only with unsent
// statements and only when the account wants billing mails.

const TODAY = getTodayInGermany();
const THIS_YEAR = Number(TODAY.slice(0, 4));

/** The last day of a month as YYYY-MM-DD. */
function monthEnd(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${getDaysInMonth(year, month)}`;
}

/** A twelve-month period whose deadline (the end of its month a year later) lies 20 to 51 days from today. */
function periodAtRisk(): { start: string; end: string } {
  const target = addDays(TODAY, 20);
  const year = Number(target.slice(0, 4));
  const month = Number(target.slice(5, 7));
  return { start: addDays(monthEnd(year - 2, month), 1), end: monthEnd(year - 1, month) };
}

const COST_ITEMS = [
  { costType: "Grundsteuer", amount: "600.00", key: "area" },
  { costType: "Müllabfuhr", amount: "300.00", key: "units" },
];

describe.each(TEST_DRIVERS)("deadlines and reminders (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp(propertyName = "Gartenweg 7") {
    const account = await t.signUp();
    expect(
      (
        await t.request("PUT", "/api/billing-data", {
          cookie: account.cookie,
          body: TEST_BILLING_DATA,
        })
      ).status,
    ).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: propertyName });
    const eg = await insertUnit(t.db, account.userId, property.id, {
      name: "EG links",
      area: "60.00",
    });
    const og = await insertUnit(t.db, account.userId, property.id, {
      name: "OG rechts",
      area: "40.00",
    });
    // Moved out long before every period: owes no statement of them.
    await insertTenant(t.db, account.userId, eg.id, {
      name: "Otto Früher",
      moveInDate: "2010-01-01",
      moveOutDate: "2014-12-31",
      isActive: false,
    });
    const krueger = await insertTenant(t.db, account.userId, eg.id, {
      name: "Jürgen Krüger",
      moveInDate: "2015-01-01",
    });
    const weiss = await insertTenant(t.db, account.userId, og.id, {
      name: "Maria Weiß",
      moveInDate: "2015-01-01",
    });
    for (const tenant of [krueger, weiss]) {
      const response = await t.request("POST", `/api/tenants/${tenant.id}/prepayments`, {
        cookie: account.cookie,
        body: { monthlyAmount: "50.00", validFrom: "2015-01-01" },
      });
      expect(response.status).toBe(201);
    }
    return { ...account, propertyId: property.id, kruegerId: krueger.id, weissId: weiss.id };
  }

  async function finalize(cookie: string, billingPeriodId: string) {
    const response = await t.request("POST", "/api/statements", {
      cookie,
      body: { billingPeriodId, costItems: COST_ITEMS, finalize: true },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return readJson(response) as Promise<{
      id: string;
      statements: Array<{ id: string; tenantId: string }>;
    }>;
  }

  async function markPosted(cookie: string, statementId: string) {
    expect(
      (
        await t.request("POST", `/api/tenant-statements/${statementId}/mark-posted`, {
          cookie,
          body: { postedOn: TODAY },
        })
      ).status,
    ).toBe(200);
  }

  async function overview(cookie: string) {
    const response = await t.request("GET", "/api/deadlines", { cookie });
    expect(response.status).toBe(200);
    return readJson(response);
  }

  /** The reminder mails queued for an address (any instance's worker may send them). */
  async function remindersTo(email: string): Promise<Array<{ subject: string; text: string }>> {
    const jobs = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("kind", "=", "mail.send")
      .orderBy("id")
      .execute();
    return jobs
      .map((job) => job.payload as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email && mail.subject.startsWith("Abrechnungsfrist"));
  }

  async function runReminderJob(day: string, times = 1) {
    for (let i = 0; i < times; i += 1) await enqueueJob(t.db, DEADLINE_REMINDERS, { day });
    await t.runDueJobs();
  }

  it("lists every period with its deadline, who got the statement on which day, and what is at risk in 60 days", async () => {
    const account = await setUp();
    const risky = periodAtRisk();
    const riskyId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      account.propertyId,
      risky.start,
      risky.end,
    );
    const passedId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      account.propertyId,
      `${THIS_YEAR - 2}-01-01`,
      `${THIS_YEAR - 2}-12-31`,
    );
    const runningId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      account.propertyId,
      `${THIS_YEAR}-01-01`,
      `${THIS_YEAR}-12-31`,
    );
    const run = await finalize(account.cookie, riskyId);
    const kruegerStatement = run.statements.find((s) => s.tenantId === account.kruegerId)!;
    const weissStatement = run.statements.find((s) => s.tenantId === account.weissId)!;
    await markPosted(account.cookie, kruegerStatement.id);

    const answer = await overview(account.cookie);
    expect(answer.today).toBe(TODAY);
    expect(answer.riskWindowDays).toBe(60);
    // The latest deadline first.
    expect(answer.periods.map((p: { billingPeriodId: string }) => p.billingPeriodId)).toEqual([
      runningId,
      riskyId,
      passedId,
    ]);
    expect(answer.atRiskIds).toEqual([riskyId]);

    const deadline = getStatementDeadline(risky.end);
    const daysLeft = countDaysUntil(TODAY, deadline);
    expect(daysLeft).toBeGreaterThanOrEqual(20);
    expect(daysLeft).toBeLessThanOrEqual(60);
    expect(answer.periods[1]).toEqual({
      billingPeriodId: riskyId,
      propertyId: account.propertyId,
      propertyName: "Gartenweg 7",
      periodStart: risky.start,
      periodEnd: risky.end,
      deadline,
      daysLeft,
      status: "at_risk",
      runId: run.id,
      sentCount: 1,
      unsentCount: 1,
      tenancies: [
        {
          tenantId: account.kruegerId,
          tenantName: "Jürgen Krüger",
          unitName: "EG links",
          statementId: kruegerStatement.id,
          dispatchedOn: TODAY,
          dispatchChannel: "post",
          isLate: false,
        },
        {
          tenantId: account.weissId,
          tenantName: "Maria Weiß",
          unitName: "OG rechts",
          statementId: weissStatement.id,
          dispatchedOn: null,
          dispatchChannel: null,
          isLate: false,
        },
      ],
    });
    expect(answer.periods[2]).toMatchObject({
      deadline: `${THIS_YEAR - 1}-12-31`,
      daysLeft: countDaysUntil(TODAY, `${THIS_YEAR - 1}-12-31`),
      status: "passed",
      runId: null,
      sentCount: 0,
      unsentCount: 2,
    });
    expect(answer.periods[2].tenancies.map((x: { tenantName: string }) => x.tenantName)).toEqual([
      "Jürgen Krüger",
      "Maria Weiß",
    ]);
    expect(answer.periods[0]).toMatchObject({
      deadline: `${THIS_YEAR + 1}-12-31`,
      status: "open",
      unsentCount: 2,
    });

    // Both posted: complete, nothing at risk.
    await markPosted(account.cookie, weissStatement.id);
    const after = await overview(account.cookie);
    expect(after.periods[1]).toMatchObject({ status: "complete", sentCount: 2, unsentCount: 0 });
    expect(after.atRiskIds).toEqual([]);
  });

  it("a late dispatch is marked late", async () => {
    const account = await setUp();
    const periodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      account.propertyId,
      `${THIS_YEAR - 2}-01-01`,
      `${THIS_YEAR - 2}-12-31`,
    );
    const run = await finalize(account.cookie, periodId);
    await markPosted(account.cookie, run.statements[0]!.id);
    const period = (await overview(account.cookie)).periods[0];
    expect(
      period.tenancies.find(
        (x: { statementId: string }) => x.statementId === run.statements[0]!.id,
      ),
    ).toMatchObject({ dispatchedOn: TODAY, isLate: true });
    expect(period).toMatchObject({ status: "passed", sentCount: 1, unsentCount: 1 });
  });

  it("shows only the account's own periods; every role of the account reads them; signed out gets 401", async () => {
    const owner = await setUp("Lindenallee 3");
    const periodId = await createBillingPeriodViaApi(
      t,
      owner.cookie,
      owner.propertyId,
      `${THIS_YEAR - 1}-01-01`,
      `${THIS_YEAR - 1}-12-31`,
    );
    const stranger = await t.signUp();
    expect(await overview(stranger.cookie)).toMatchObject({ periods: [], atRiskIds: [] });
    const viewer = await addMemberViaInvitation(t, owner.cookie, "viewer");
    const seen = await overview(viewer.cookie);
    expect(seen.periods.map((p: { billingPeriodId: string }) => p.billingPeriodId)).toEqual([
      periodId,
    ]);
    expect(seen).toEqual(await overview(owner.cookie));
    expect((await t.request("GET", "/api/deadlines")).status).toBe(401);
  });

  it("reminds 90, 30 and 7 days before, each once, naming property, period and deadline; not once everything went out", async () => {
    const account = await setUp("Gartenweg 7");
    const periodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      account.propertyId,
      "2025-01-01",
      "2025-12-31",
    );

    await runReminderJob("2026-10-01");
    expect(await remindersTo(account.email)).toEqual([]);

    // Run twice on the 90th day before the deadline: one mail.
    await runReminderJob("2026-10-02", 2);
    const first = await remindersTo(account.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe(
      "Abrechnungsfrist am 31.12.2026: Abrechnungen noch nicht versendet – Nebenkosten",
    );
    expect(first[0]!.text).toContain(
      "- Gartenweg 7, Abrechnungszeitraum 01.01.2025 – 31.12.2025\n  Frist: 31.12.2026 (noch 90 Tage)\n  Noch nicht versendet an: Jürgen Krüger (EG links), Maria Weiß (OG rechts)",
    );
    expect(first[0]!.text).toContain("http://localhost:3000/dashboard/deadlines");
    const rows = await t.db
      .selectFrom("deadlineReminders")
      .select(["billingPeriodId", "deadline", "daysBefore", "sentOn"])
      .where("userId", "=", account.userId)
      .execute();
    expect(rows).toEqual([
      { billingPeriodId: periodId, deadline: "2026-12-31", daysBefore: 90, sentOn: "2026-10-02" },
    ]);
    // The next days: the 90-day reminder went out, the 30-day one is not due yet.
    await runReminderJob("2026-10-03");
    await runReminderJob("2026-11-30");
    expect(await remindersTo(account.email)).toHaveLength(1);

    // Krüger's letter went out: the 30-day reminder names Weiß only.
    const run = await finalize(account.cookie, periodId);
    await markPosted(
      account.cookie,
      run.statements.find((s) => s.tenantId === account.kruegerId)!.id,
    );
    await runReminderJob("2026-12-01");
    const second = await remindersTo(account.email);
    expect(second).toHaveLength(2);
    expect(second[1]!.text).toContain(
      "Frist: 31.12.2026 (noch 30 Tage)\n  Noch nicht versendet an: Maria Weiß (OG rechts)",
    );

    // The 7-day reminder is caught up the day after its day (the job did not run on the 24th).
    await runReminderJob("2026-12-25");
    const third = await remindersTo(account.email);
    expect(third).toHaveLength(3);
    expect(third[2]!.text).toContain("Frist: 31.12.2026 (noch 6 Tage)");
    await runReminderJob("2026-12-26");
    expect(await remindersTo(account.email)).toHaveLength(3);
    expect(
      (
        await t.db
          .selectFrom("deadlineReminders")
          .select("daysBefore")
          .where("userId", "=", account.userId)
          .orderBy("daysBefore", "desc")
          .execute()
      ).map((r) => r.daysBefore),
    ).toEqual([90, 30, 7]);

    // The mail as it lands in the outbox: German dates in the decoded text.
    const outbox = (await t.readOutbox())
      .filter((mail) => mail.includes(`To: ${account.email}`))
      .map(decodeQuotedPrintable);
    expect(
      outbox.some(
        (mail) =>
          mail.includes("Gartenweg 7, Abrechnungszeitraum 01.01.2025 – 31.12.2025") &&
          mail.includes("Frist: 31.12.2026"),
      ),
    ).toBe(true);
  });

  it("sends nothing once every statement went out, after the deadline, or when billing mails are off", async () => {
    const done = await setUp("Birkenweg 1");
    const donePeriod = await createBillingPeriodViaApi(
      t,
      done.cookie,
      done.propertyId,
      "2025-01-01",
      "2025-12-31",
    );
    const run = await finalize(done.cookie, donePeriod);
    for (const statement of run.statements) await markPosted(done.cookie, statement.id);

    const muted = await setUp("Ahornweg 2");
    await createBillingPeriodViaApi(t, muted.cookie, muted.propertyId, "2025-01-01", "2025-12-31");
    const settings = await t.request("PUT", "/api/notification-settings", {
      cookie: muted.cookie,
      body: { emailBilling: false, emailSystem: true, emailMarketing: false },
    });
    expect(settings.status).toBe(200);

    await runReminderJob("2026-12-28");
    await runReminderJob("2027-01-01");
    expect(await remindersTo(done.email)).toEqual([]);
    expect(await remindersTo(muted.email)).toEqual([]);
    expect(
      await t.db
        .selectFrom("deadlineReminders")
        .select("id")
        .where("userId", "in", [done.userId, muted.userId])
        .execute(),
    ).toEqual([]);

    // Billing mails on again: the reminder follows on the next run.
    await t.request("PUT", "/api/notification-settings", {
      cookie: muted.cookie,
      body: { emailBilling: true, emailSystem: true, emailMarketing: false },
    });
    await runReminderJob("2026-12-29");
    const mails = await remindersTo(muted.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      "Ahornweg 2, Abrechnungszeitraum 01.01.2025 – 31.12.2025\n  Frist: 31.12.2026 (noch 2 Tage)",
    );
  });

  it("the daily schedule queues the day's job once, however often it looks, and the next day's job the next day", async () => {
    let now = new Date("2031-03-14T22:30:00Z"); // 23:30 in Germany: still the 14th.
    const schedule = startDailyJobSchedule({
      db: t.db,
      logger: createLogger("error"),
      kind: DEADLINE_REMINDERS,
      now: () => now,
    });
    try {
      await schedule.check();
      await schedule.check();
      now = new Date("2031-03-14T23:30:00Z"); // 00:30 on the 15th in Germany.
      await schedule.check();
      await schedule.check();
      const jobs = await t.db
        .selectFrom("jobs")
        .select("payload")
        .where("kind", "=", "deadline.reminders")
        .orderBy("id")
        .execute();
      expect(
        jobs
          .map((job) => job.payload)
          .filter((payload) => (payload as { day: string }).day.startsWith("2031-")),
      ).toEqual([{ day: "2031-03-14" }, { day: "2031-03-15" }]);
    } finally {
      await schedule.stop();
    }
  });

  it("two instances on one database running the same day at once send each reminder once", async () => {
    const [first, second] = await createSharedTestDatabase(driver, 2);
    const a = await createTestContext(driver, {}, { database: first });
    const b = await createTestContext(driver, {}, { database: second });
    try {
      const account = await a.signUp();
      const property = await insertProperty(a.db, account.userId, { name: "Zwei Instanzen 5" });
      const unit = await insertUnit(a.db, account.userId, property.id, { name: "EG" });
      await insertTenant(a.db, account.userId, unit.id, {
        name: "Ida Beispiel",
        moveInDate: "2020-01-01",
      });
      await createBillingPeriodViaApi(a, account.cookie, property.id, "2025-01-01", "2025-12-31");
      const counts = await Promise.all([
        sendDeadlineReminders(a.db, "2026-12-24", { publicUrl: "http://localhost:3000" }),
        sendDeadlineReminders(b.db, "2026-12-24", { publicUrl: "http://localhost:3000" }),
        sendDeadlineReminders(a.db, "2026-12-24", { publicUrl: "http://localhost:3000" }),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      const mails = await a.db
        .selectFrom("jobs")
        .select("payload")
        .where("kind", "=", "mail.send")
        .execute();
      expect(
        mails.filter((job) => (job.payload as { to: string }).to === account.email),
      ).toHaveLength(1);
    } finally {
      await b.close();
      await a.close();
    }
  }, 180_000);
});
