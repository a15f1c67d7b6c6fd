import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import { startDailyJobSchedule } from "../../src/jobs/daily-job-schedule.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { DEADLINE_REMINDERS } from "../../src/features/deadlines/deadline-reminder-job.ts";
import { buildDeadlinePeriods } from "../../src/features/deadlines/deadline-service.ts";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 30 (decision 1500, docs/calculation/18-fristen.md): the § 556 (3) BGB deadline around
// year ends and leap years with a frozen clock (only Date is faked: the overview reads today in
// Germany, the daily schedule queues the reminder job for it). A period ending on the last day of
// February ends its deadline on the last day of February a year later (29.02.2024 -> 28.02.2025,
// 28.02.2023 -> 29.02.2024); one ending on 31.12.2025 on 31.12.2026. Reminders go out once per
// threshold (90, 30, 7 days), whichever day the schedule looks how often.

function freezeClock(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

describe.each(TEST_DRIVERS)("deadlines on a frozen clock (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("computes the deadlines of periods ending on 28.02.2023, 29.02.2024 and 31.12.2025, and reminds 90, 30 and 7 days before, each once", async () => {
    // Signed up on the real clock: the session outlives every frozen moment below.
    const account = await t.signUp();
    const property = await insertProperty(t.db, account.userId, { name: "Schaltjahrweg 29" });
    const unit = await insertUnit(t.db, account.userId, property.id, { name: "EG" });
    await insertTenant(t.db, account.userId, unit.id, {
      name: "Lea Lang",
      moveInDate: "2015-01-01",
    });
    const period = (start: string, end: string) =>
      createBillingPeriodViaApi(t, account.cookie, property.id, start, end);
    const february2023 = await period("2022-03-01", "2023-02-28");
    const leapFebruary = await period("2023-03-01", "2024-02-29");
    const december2025 = await period("2025-01-01", "2025-12-31");

    const overview = async () => {
      const response = await t.request("GET", "/api/deadlines", { cookie: account.cookie });
      expect(response.status).toBe(200);
      const answer = await readJson(response);
      return {
        today: answer.today as string,
        atRiskIds: answer.atRiskIds as string[],
        byId: new Map(
          (
            answer.periods as Array<{
              billingPeriodId: string;
              deadline: string;
              daysLeft: number;
              status: string;
            }>
          ).map((entry) => [entry.billingPeriodId, entry]),
        ),
      };
    };
    const reminders = async () =>
      (
        await t.db
          .selectFrom("jobs")
          .select("payload")
          .where("kind", "=", "mail.send")
          .orderBy("id")
          .execute()
      )
        .map((job) => job.payload as { to: string; subject: string; text: string })
        .filter((mail) => mail.to === account.email && mail.subject.startsWith("Abrechnungsfrist"));
    // 30.11.2024, 12:00 in Germany: 90 days before 28.02.2025 (December, January, February).
    // The schedule looks once when it starts: on the frozen clock, too.
    freezeClock("2024-11-30T11:00:00Z");
    const schedule = startDailyJobSchedule({
      db: t.db,
      logger: createLogger("error"),
      kind: DEADLINE_REMINDERS,
    });
    /** The schedule looks twice at the frozen moment; the worker runs what is due. */
    const lookTwice = async () => {
      await schedule.check();
      await schedule.check();
      await t.runDueJobs();
    };
    try {
      let now = await overview();
      expect(now.today).toBe("2024-11-30");
      expect(now.byId.get(february2023)).toMatchObject({
        deadline: "2024-02-29",
        daysLeft: -275,
        status: "passed",
      });
      expect(now.byId.get(leapFebruary)).toMatchObject({
        deadline: "2025-02-28",
        daysLeft: 90,
        status: "open",
      });
      expect(now.byId.get(december2025)).toMatchObject({ deadline: "2026-12-31", status: "open" });
      await lookTwice();
      let mails = await reminders();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(
        "Abrechnungsfrist am 28.02.2025: Abrechnungen noch nicht versendet – Nebenkosten",
      );
      expect(mails[0]!.text).toContain(
        "Schaltjahrweg 29, Abrechnungszeitraum 01.03.2023 – 29.02.2024\n  Frist: 28.02.2025 (noch 90 Tage)",
      );

      // 31.12.2024, 23:30 in Germany: still 2024, 59 days left, at risk; no new reminder.
      freezeClock("2024-12-31T22:30:00Z");
      now = await overview();
      expect(now.today).toBe("2024-12-31");
      expect(now.byId.get(leapFebruary)).toMatchObject({ daysLeft: 59, status: "at_risk" });
      expect(now.atRiskIds).toEqual([leapFebruary]);
      await lookTwice();
      expect(await reminders()).toHaveLength(1);

      // 29.01.2025: 30 days; 21.02.2025: 7 days; each once.
      freezeClock("2025-01-29T08:00:00Z");
      await lookTwice();
      freezeClock("2025-02-21T08:00:00Z");
      expect((await overview()).byId.get(leapFebruary)).toMatchObject({ daysLeft: 7 });
      await lookTwice();
      await lookTwice();
      mails = await reminders();
      expect(mails.map((mail) => /\(noch (\d+) Tage\)/.exec(mail.text)?.[1])).toEqual([
        "90",
        "30",
        "7",
      ]);

      // 01.03.2025: the leap-year period's deadline passed; nothing more is sent.
      freezeClock("2025-03-01T08:00:00Z");
      expect((await overview()).byId.get(leapFebruary)).toMatchObject({
        daysLeft: -1,
        status: "passed",
      });
      await lookTwice();
      expect(await reminders()).toHaveLength(3);

      // Across the year end: 02.10.2026 is 90 days before 31.12.2026.
      freezeClock("2026-10-02T08:00:00Z");
      expect(getTodayInGermany()).toBe("2026-10-02");
      expect((await overview()).byId.get(december2025)).toMatchObject({
        deadline: "2026-12-31",
        daysLeft: 90,
        status: "open",
      });
      await lookTwice();
      mails = await reminders();
      expect(mails).toHaveLength(4);
      expect(mails[3]!.text).toContain(
        "Schaltjahrweg 29, Abrechnungszeitraum 01.01.2025 – 31.12.2025\n  Frist: 31.12.2026 (noch 90 Tage)",
      );
      // New Year's Eve 2026, 23:59 in Germany: the last day; 1 January 2027: passed.
      expect(
        (await buildDeadlinePeriods(t.db, account.userId, "2026-12-31")).find(
          (entry) => entry.billingPeriodId === december2025,
        ),
      ).toMatchObject({ daysLeft: 0, status: "at_risk" });
      expect(
        (await buildDeadlinePeriods(t.db, account.userId, "2027-01-01")).find(
          (entry) => entry.billingPeriodId === december2025,
        ),
      ).toMatchObject({ daysLeft: -1, status: "passed" });
      const jobDays = (
        await t.db
          .selectFrom("jobs")
          .select("payload")
          .where("kind", "=", "deadline.reminders")
          .execute()
      )
        .map((job) => (job.payload as { day: string }).day)
        .sort();
      expect(jobDays).toEqual([
        "2024-11-30",
        "2024-12-31",
        "2025-01-29",
        "2025-02-21",
        "2025-03-01",
        "2026-10-02",
      ]);
    } finally {
      vi.useRealTimers();
      await schedule.stop();
    }
  });
});
