import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import { startDailyJobSchedule } from "../../src/jobs/daily-job-schedule.ts";
import { createLogger } from "../../src/lib/logger.ts";
import {
  MONTHLY_INFORMATION_AUTO,
  sendMonthlyInformationForDay,
} from "../../src/features/monthly-information/monthly-information-auto-job.ts";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA,
} from "../support/fixtures.ts";
import { addReadingViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { readPdfText } from "../support/pdf-text.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { createSharedTestDatabase, TEST_DRIVERS } from "../support/test-database.ts";

// Issue 30 (decision 1690, docs/rules/heating.md#monthly-information): the § 6a (1) HeizkV
// monthly information goes out by itself once a month from MONTHLY_INFORMATION_SEND_DAY (5 in
// the tests), once per tenant and month, also with two instances on one database; the account
// can turn it off; tenants without an e-mail address get their letters in one PDF to print and
// are recorded as informed by post when the landlord confirms the dispatch. The clock is frozen
// (only Date is faked) where the service reads today.

/** Freezes the clock at a moment (only Date: timers and the database keep running). */
function freezeClock(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

describe.each(TEST_DRIVERS)("monthly information by itself and by post (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * Lindenstraße 4, October 2025, every heat meter remote-readable:
   * Krüger (EG, 60 m², e-mail), Neumann (OG, 40 m², e-mail, moved in on 15 October),
   * Weiß (DG, 50 m²; e-mail unless `weissWithoutEmail`; the October reading comes later),
   * Brandt (Souterrain, 30 m², no e-mail).
   */
  async function setUp(ctx: TestContext, options: { weissWithoutEmail?: boolean } = {}) {
    const account = await ctx.signUp();
    expect(
      (
        await ctx.request("PUT", "/api/billing-data", {
          cookie: account.cookie,
          body: TEST_BILLING_DATA,
        })
      ).status,
    ).toBe(200);
    const property = await insertProperty(ctx.db, account.userId, { name: "Lindenstraße 4" });
    const unit = (name: string, area: string) =>
      insertUnit(ctx.db, account.userId, property.id, { name, area });
    const [eg, og, dg, su] = [
      await unit("EG", "60.00"),
      await unit("OG", "40.00"),
      await unit("DG", "50.00"),
      await unit("Souterrain", "30.00"),
    ];
    const tenant = async (
      unitId: string,
      name: string,
      moveInDate: string,
      email: string | null,
    ) => {
      const row = await insertTenant(ctx.db, account.userId, unitId, { name, moveInDate });
      if (email)
        await ctx.db.updateTable("tenants").set({ email }).where("id", "=", row.id).execute();
      return row.id;
    };
    const kruegerId = await tenant(eg.id, "Jürgen Krüger", "2015-01-01", "krueger@example.de");
    const neumannId = await tenant(og.id, "Nina Neumann", "2025-10-15", "neumann@example.de");
    const weissId = await tenant(
      dg.id,
      "Maria Weiß",
      "2015-01-01",
      options.weissWithoutEmail ? null : "weiss@example.de",
    );
    const brandtId = await tenant(su.id, "Otto Brandt", "2015-01-01", null);
    const meterIds: Record<string, string> = {};
    for (const [unitId, number] of [
      [eg.id, "WMZ-EG"],
      [og.id, "WMZ-OG"],
      [dg.id, "WMZ-DG"],
      [su.id, "WMZ-SU"],
    ] as const) {
      const response = await ctx.request("POST", "/api/meters", {
        cookie: account.cookie,
        body: {
          meterNumber: number,
          meterType: "Wärmemengenzähler",
          unitId,
          isRemoteReadable: true,
          installedOn: "2022-01-10",
        },
      });
      expect(response.status).toBe(201);
      meterIds[number] = (await readJson(response)).id as string;
    }
    for (const [number, value, date] of [
      ["WMZ-EG", "5150.25", "2025-09-30"],
      ["WMZ-EG", "5412.75", "2025-10-31"],
      ["WMZ-OG", "300", "2025-09-30"],
      ["WMZ-OG", "437.5", "2025-11-01"],
      ["WMZ-DG", "800", "2025-09-30"],
      ["WMZ-SU", "90", "2025-09-30"],
      ["WMZ-SU", "150", "2025-10-31"],
    ] as const)
      await addReadingViaApi(ctx, account.cookie, meterIds[number]!, value, date);
    const addWeissOctoberReading = () =>
      addReadingViaApi(ctx, account.cookie, meterIds["WMZ-DG"]!, "1000", "2025-10-31");
    return {
      ...account,
      propertyId: property.id,
      kruegerId,
      neumannId,
      weissId,
      brandtId,
      addWeissOctoberReading,
    };
  }

  async function lettersOf(ctx: TestContext, userId: string) {
    return ctx.db
      .selectFrom("monthlyInformationLetters as l")
      .innerJoin("tenants as t", "t.id", "l.tenantId")
      .select(["t.name", "l.month", "l.channel", "l.recipient", "l.postedOn"])
      .where("l.userId", "=", userId)
      .orderBy("t.name")
      .execute();
  }

  /** The monthly information mails in the outbox to these addresses. */
  async function mailsTo(addresses: string[]): Promise<string[]> {
    return (await t.readOutbox()).filter(
      (mail) =>
        mail.includes("Ihre monatliche Verbrauchsinformation") &&
        addresses.some((address) => mail.includes(`To: ${address}`)),
    );
  }

  it("from the send day on, sends last month's letter once to each tenant with an address whose readings are in; the mid-month mover's letter says so", async () => {
    const account = await setUp(t);
    const addresses = ["krueger@example.de", "neumann@example.de", "weiss@example.de"];
    // 4 November 2025, 10:00 in Germany: before the send day, nothing goes out. The schedule
    // looks once when it starts: on the frozen clock, too.
    freezeClock("2025-11-04T09:00:00Z");
    const schedule = startDailyJobSchedule({
      db: t.db,
      logger: createLogger("error"),
      kind: MONTHLY_INFORMATION_AUTO,
    });
    try {
      expect(getTodayInGermany()).toBe("2025-11-04");
      await schedule.check();
      await t.runDueJobs();
      expect(await lettersOf(t, account.userId)).toEqual([]);

      // 5 November: Krüger and Neumann; Weiß's October reading is missing, Brandt has no address.
      freezeClock("2025-11-05T09:00:00Z");
      await schedule.check();
      await schedule.check();
      await t.runDueJobs();
      expect((await lettersOf(t, account.userId)).map((row) => [row.name, row.month])).toEqual([
        ["Jürgen Krüger", "2025-10"],
        ["Nina Neumann", "2025-10"],
      ]);
      const mails = await mailsTo(addresses);
      expect(mails).toHaveLength(2);
      expect(mails.join("\n")).toContain("Ihre monatliche Verbrauchsinformation Oktober 2025");
      expect(mails.join("\n")).not.toContain("To: weiss@example.de");

      // Neumann moved in on 15 October: the unit's whole month, and the letter says so; dated
      // on the frozen day.
      const letter = await t.request(
        "GET",
        `/api/properties/${account.propertyId}/monthly-information/${account.neumannId}/pdf?month=2025-10`,
        { cookie: account.cookie },
      );
      expect(letter.status).toBe(200);
      const text = readPdfText(new Uint8Array(await letter.arrayBuffer()));
      expect(text).toContain("05.11.2025");
      expect(text).toContain("Ihr Verbrauch im Oktober 2025 137,5 kWh");
      expect(text).toContain("Sie sind in diesem Monat ein- oder ausgezogen");
      // November is not over on the frozen day.
      const november = await t.request(
        "GET",
        `/api/properties/${account.propertyId}/monthly-information?month=2025-11`,
        { cookie: account.cookie },
      );
      expect(november.status).toBe(400);
      expect((await readJson(november)).error.message).toBe(
        "Die Verbrauchsinformation gibt es erst nach dem Ende des Monats.",
      );

      // 6 November, Weiß's reading is in: her letter follows; nobody gets a second one.
      await account.addWeissOctoberReading();
      freezeClock("2025-11-06T09:00:00Z");
      await schedule.check();
      await t.runDueJobs();
      expect(
        (await sendMonthlyInformationForDay(t.db, "2025-11-06", { sendDay: 5 })) +
          (await sendMonthlyInformationForDay(t.db, "2025-11-20", { sendDay: 5 })),
      ).toBe(0);
      await t.runDueJobs();
      expect((await lettersOf(t, account.userId)).map((row) => row.name)).toEqual([
        "Jürgen Krüger",
        "Maria Weiß",
        "Nina Neumann",
      ]);
      const after = await mailsTo(addresses);
      expect(after).toHaveLength(3);
      expect(after.filter((mail) => mail.includes("To: weiss@example.de"))).toHaveLength(1);
      const jobs = await t.db
        .selectFrom("jobs")
        .select("payload")
        .where("kind", "=", "monthly-information.auto")
        .execute();
      expect(jobs.map((job) => (job.payload as { day: string }).day).sort()).toEqual([
        "2025-11-04",
        "2025-11-05",
        "2025-11-06",
      ]);
    } finally {
      vi.useRealTimers();
      await schedule.stop();
    }
  });

  it("sends nothing while the account turned it off; the setting survives the notification toggles and is refused in German when bad", async () => {
    const account = await setUp(t);
    await account.addWeissOctoberReading();
    const settings = async () =>
      readJson(
        await t.request("GET", "/api/monthly-information/settings", { cookie: account.cookie }),
      );
    expect(await settings()).toEqual({ autoSend: true, sendDay: 5 });
    const off = await t.request("PUT", "/api/monthly-information/settings", {
      cookie: account.cookie,
      body: { autoSend: false },
    });
    expect(off.status).toBe(200);
    expect(await readJson(off)).toEqual({ autoSend: false, sendDay: 5 });
    // The notification toggles are saved separately and leave it off.
    expect(
      (
        await t.request("PUT", "/api/notification-settings", {
          cookie: account.cookie,
          body: { emailBilling: false, emailSystem: true, emailMarketing: false },
        })
      ).status,
    ).toBe(200);
    expect(await settings()).toEqual({ autoSend: false, sendDay: 5 });
    const bad = await t.request("PUT", "/api/monthly-information/settings", {
      cookie: account.cookie,
      body: { autoSend: "ja" },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields.autoSend).toBe("Bitte wählen Sie an oder aus.");
    expect(await settings()).toEqual({ autoSend: false, sendDay: 5 });

    await sendMonthlyInformationForDay(t.db, "2025-11-07", { sendDay: 5 });
    expect(await lettersOf(t, account.userId)).toEqual([]);

    // On again: the next run sends the month.
    await t.request("PUT", "/api/monthly-information/settings", {
      cookie: account.cookie,
      body: { autoSend: true },
    });
    await sendMonthlyInformationForDay(t.db, "2025-11-08", { sendDay: 5 });
    expect((await lettersOf(t, account.userId)).map((row) => row.name)).toEqual([
      "Jürgen Krüger",
      "Maria Weiß",
      "Nina Neumann",
    ]);
  });

  it("prints the letters of the tenants without an address in one PDF and records them as posted on confirmation, once; bad input changes nothing", async () => {
    const account = await setUp(t, { weissWithoutEmail: true });
    const url = `/api/properties/${account.propertyId}/monthly-information`;
    const print = await t.request("GET", `${url}/print?month=2025-10`, {
      cookie: account.cookie,
    });
    expect(print.status).toBe(200);
    expect(print.headers.get("content-type")).toBe("application/pdf");
    expect(print.headers.get("content-disposition")).toContain(
      "Verbrauchsinformation%20Oktober%202025%20Lindenstra%C3%9Fe%204%20Briefe%20per%20Post.pdf",
    );
    const text = readPdfText(new Uint8Array(await print.arrayBuffer()));
    expect(text.match(/Monatliche Verbrauchsinformation Oktober 2025/g)).toHaveLength(2);
    expect(text).toContain("Guten Tag Otto Brandt");
    expect(text).toContain("Guten Tag Maria Weiß");
    expect(text).not.toContain("Guten Tag Jürgen Krüger");
    // Brandt: (150 − 90) kWh; Weiß's October reading is missing.
    expect(text).toMatch(/Ihr Verbrauch im Oktober 2025 (Verbrauch )?60 kWh/);
    expect(text).toContain("Ihr Verbrauch im Oktober 2025 nicht verfügbar");

    const post = (body: unknown, cookie = account.cookie) =>
      t.request("POST", `${url}/mark-posted`, { cookie, body });
    const both = [account.weissId, account.brandtId];
    for (const [body, status, field, message] of [
      [
        { month: "2025-10", tenantIds: both, postedOn: "2099-01-01" },
        400,
        "postedOn",
        "Das Versanddatum darf nicht in der Zukunft liegen.",
      ],
      [
        { month: "2025-10", tenantIds: both, postedOn: "2025-10-31" },
        400,
        "postedOn",
        "Das Versanddatum muss nach dem Ende des Monats Oktober 2025 liegen.",
      ],
      [
        { month: "2025-10", tenantIds: both, postedOn: "31.11.2025" },
        400,
        "postedOn",
        "Bitte geben Sie ein gültiges Versanddatum ein.",
      ],
      [
        { month: "2025-10", tenantIds: [], postedOn: "2025-11-07" },
        400,
        "tenantIds",
        "Bitte wählen Sie mindestens einen Mieter.",
      ],
      [
        { month: "2025-13", tenantIds: both, postedOn: "2025-11-07" },
        400,
        "month",
        "Bitte wählen Sie einen Monat (MM.JJJJ).",
      ],
    ] as const) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await readJson(response)).error.fields[field]).toBe(message);
    }
    const unknown = await post({
      month: "2025-10",
      tenantIds: [account.brandtId, UNKNOWN_ID],
      postedOn: "2025-11-07",
    });
    expect(unknown.status).toBe(404);
    expect((await readJson(unknown)).error.message).toBe(
      "Mieter nicht gefunden oder im gewählten Monat nicht in dieser Immobilie",
    );
    const stranger = await t.signUp();
    expect(
      (await post({ month: "2025-10", tenantIds: both, postedOn: "2025-11-07" }, stranger.cookie))
        .status,
    ).toBe(404);
    expect(
      (await t.request("GET", `${url}/print?month=2025-10`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect(await lettersOf(t, account.userId)).toEqual([]);

    const recorded = await post({ month: "2025-10", tenantIds: both, postedOn: "2025-11-07" });
    expect(recorded.status).toBe(200);
    expect(await readJson(recorded)).toEqual({
      recorded: ["Maria Weiß", "Otto Brandt"],
      alreadyInformed: [],
      message:
        "2 Verbrauchsinformationen für Oktober 2025 als am 07.11.2025 per Post versendet vermerkt.",
    });
    expect(await lettersOf(t, account.userId)).toEqual([
      {
        name: "Maria Weiß",
        month: "2025-10",
        channel: "post",
        recipient: null,
        postedOn: "2025-11-07",
      },
      {
        name: "Otto Brandt",
        month: "2025-10",
        channel: "post",
        recipient: null,
        postedOn: "2025-11-07",
      },
    ]);
    // Once: a second confirmation records nothing, the print batch is empty, the page and the
    // list say how each was informed, and the daily job does not mail them.
    const again = await readJson(
      await post({ month: "2025-10", tenantIds: both, postedOn: "2025-11-08" }),
    );
    expect(again).toMatchObject({
      recorded: [],
      alreadyInformed: ["Maria Weiß", "Otto Brandt"],
      message: "Nichts vermerkt: Diese Mieter wurden über diesen Monat schon informiert.",
    });
    const empty = await t.request("GET", `${url}/print?month=2025-10`, { cookie: account.cookie });
    expect(empty.status).toBe(409);
    expect((await readJson(empty)).error.message).toBe(
      "Keine Briefe zu drucken: Alle Mieter dieses Monats haben eine E-Mail-Adresse oder wurden schon informiert.",
    );
    const view = await readJson(
      await t.request("GET", `${url}?month=2025-10`, { cookie: account.cookie }),
    );
    const brandt = view.tenancies.find(
      (tenancy: { tenantName: string }) => tenancy.tenantName === "Otto Brandt",
    );
    expect(brandt.letter).toMatchObject({
      channel: "post",
      recipient: null,
      postedOn: "2025-11-07",
    });
    const listed = await readJson(
      await t.request("GET", `${url}/letters`, { cookie: account.cookie }),
    );
    expect(
      listed.letters.map((letter: { tenantName: string; channel: string }) => [
        letter.tenantName,
        letter.channel,
      ]),
    ).toEqual([
      ["Maria Weiß", "post"],
      ["Otto Brandt", "post"],
    ]);
    await t.db
      .updateTable("tenants")
      .set({ email: "brandt@example.de" })
      .where("id", "=", account.brandtId)
      .execute();
    await sendMonthlyInformationForDay(t.db, "2025-11-09", { sendDay: 5 });
    expect((await lettersOf(t, account.userId)).map((row) => [row.name, row.channel])).toEqual([
      ["Jürgen Krüger", "email"],
      ["Maria Weiß", "post"],
      ["Nina Neumann", "email"],
      ["Otto Brandt", "post"],
    ]);
  });

  it("two instances on one database running the same day at once send each tenant's letter once", async () => {
    const [first, second] = await createSharedTestDatabase(driver, 2);
    const a = await createTestContext(driver, {}, { database: first });
    const b = await createTestContext(driver, {}, { database: second });
    try {
      const account = await setUp(a);
      await account.addWeissOctoberReading();
      const counts = await Promise.all([
        sendMonthlyInformationForDay(a.db, "2025-11-05", { sendDay: 5 }),
        sendMonthlyInformationForDay(b.db, "2025-11-05", { sendDay: 5 }),
        sendMonthlyInformationForDay(a.db, "2025-11-05", { sendDay: 5 }),
        sendMonthlyInformationForDay(b.db, "2025-11-06", { sendDay: 5 }),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);
      expect((await lettersOf(a, account.userId)).map((row) => row.name)).toEqual([
        "Jürgen Krüger",
        "Maria Weiß",
        "Nina Neumann",
      ]);
      const jobs = await a.db
        .selectFrom("jobs")
        .select("payload")
        .where("kind", "=", "monthly-information.send")
        .execute();
      expect(jobs.map((job) => (job.payload as { to: string }).to).sort()).toEqual([
        "krueger@example.de",
        "neumann@example.de",
        "weiss@example.de",
      ]);
      // Each instance's worker may take the mails; each goes out once.
      await Promise.all([a.runDueJobs(), b.runDueJobs()]);
      const mails = [...(await a.readOutbox()), ...(await b.readOutbox())].filter((mail) =>
        mail.includes("Ihre monatliche Verbrauchsinformation Oktober 2025"),
      );
      expect(mails).toHaveLength(3);
    } finally {
      await b.close();
      await a.close();
    }
  }, 180_000);
});
