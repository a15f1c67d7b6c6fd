import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

describe.each(TEST_DRIVERS)("GET /api/activities and /api/activities/stats (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** Writes entries directly, with chosen times, for the filter and paging rules. */
  async function seed(
    userId: string,
    entries: {
      action: string;
      entityType: string;
      entityName?: string;
      description?: string;
      createdAt: Date;
      metadata?: Record<string, unknown>;
    }[],
  ) {
    for (const entry of entries) {
      await t.db
        .insertInto("userActivities")
        .values({
          userId,
          action: entry.action,
          entityType: entry.entityType,
          entityId: null,
          entityName: entry.entityName ?? null,
          description: entry.description ?? `${entry.entityType} ${entry.action}`,
          metadata: entry.metadata ? JSON.stringify(entry.metadata) : null,
          userAgent: null,
          createdAt: entry.createdAt,
        })
        .execute();
    }
  }

  const list = async (cookie: string, query = "") => {
    const response = await t.request("GET", `/api/activities${query}`, { cookie });
    expect(response.status).toBe(200);
    return readJson(response);
  };

  it("answers 401 without a session", async () => {
    expect((await t.request("GET", "/api/activities")).status).toBe(401);
    expect((await t.request("GET", "/api/activities/stats")).status).toBe(401);
  });

  it("pages newest first, 20 by default, with the total count", async () => {
    const { cookie, userId } = await t.signUp();
    await t.db.deleteFrom("userActivities").where("userId", "=", userId).execute();
    const base = Date.parse("2024-05-01T10:00:00Z");
    await seed(
      userId,
      Array.from({ length: 45 }, (_, i) => ({
        action: "created",
        entityType: "property",
        entityName: `Haus ${i + 1}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = await list(cookie);
    expect(first.total).toBe(45);
    expect(first.items).toHaveLength(20);
    expect(first.items[0].entityName).toBe("Haus 45");
    const second = await list(cookie, "?offset=20&limit=20");
    expect(second.items[0].entityName).toBe("Haus 25");
    const third = await list(cookie, "?offset=40&limit=20");
    expect(third.items.map((i: { entityName: string }) => i.entityName)).toEqual([
      "Haus 5",
      "Haus 4",
      "Haus 3",
      "Haus 2",
      "Haus 1",
    ]);
  });

  it("filters by German calendar days, areas, actions and search text (case-insensitive, literal %)", async () => {
    const { cookie, userId } = await t.signUp();
    await t.db.deleteFrom("userActivities").where("userId", "=", userId).execute();
    await seed(userId, [
      // 31.03.2024 23:30 in Germany (CEST) is 21:30 UTC; 01.04.2024 00:30 CEST is 31.03. 22:30 UTC.
      {
        action: "created",
        entityType: "property",
        entityName: "Lindenhof",
        createdAt: new Date("2024-03-31T21:30:00Z"),
      },
      {
        action: "deleted",
        entityType: "tenant",
        entityName: "Max Muster",
        createdAt: new Date("2024-03-31T22:30:00Z"),
      },
      {
        action: "updated",
        entityType: "meter",
        entityName: "KW 100%",
        createdAt: new Date("2024-04-02T08:00:00Z"),
      },
      {
        action: "login",
        entityType: "user",
        entityName: "konto@example.de",
        createdAt: new Date("2024-04-03T08:00:00Z"),
      },
    ]);
    expect((await list(cookie, "?from=2024-04-01")).total).toBe(3);
    expect(
      (await list(cookie, "?to=2024-03-31")).items.map((i: { entityName: string }) => i.entityName),
    ).toEqual(["Lindenhof"]);
    expect((await list(cookie, "?from=2024-04-01&to=2024-04-02")).total).toBe(2);
    expect((await list(cookie, "?areas=tenant,meter")).total).toBe(2);
    expect((await list(cookie, "?areas=tenant&areas=user")).total).toBe(2);
    expect((await list(cookie, "?actions=deleted,login")).total).toBe(2);
    expect((await list(cookie, "?q=LINDEN")).items[0].entityName).toBe("Lindenhof");
    expect((await list(cookie, "?q=100%25")).total).toBe(1);
    expect((await list(cookie, "?q=%25")).total).toBe(1);
    expect((await list(cookie, "?q=tenant%20deleted")).total).toBe(1);
    expect((await list(cookie, "?areas=meter&actions=deleted")).total).toBe(0);
  });

  it("rejects bad filters with German messages", async () => {
    const { cookie } = await t.signUp();
    const cases: [string, string, string][] = [
      ["?from=2024-13-01", "from", "Von-Datum ist ungültig (JJJJ-MM-TT)."],
      ["?from=2024-05-02&to=2024-05-01", "to", "Bis-Datum darf nicht vor dem Von-Datum liegen."],
      ["?areas=garage", "areas.0", "Unbekannter Bereich."],
      ["?limit=0", "limit", "Anzahl muss mindestens 1 sein."],
      ["?limit=500", "limit", "Anzahl darf höchstens 200 sein."],
      ["?offset=-1", "offset", "Versatz darf nicht negativ sein."],
      ["?actions=DROP%20TABLE", "actions.0", "Unbekannte Aktion."],
    ];
    for (const [query, field, message] of cases) {
      const response = await t.request("GET", `/api/activities${query}`, { cookie });
      expect(response.status, query).toBe(400);
      const fields = (await readJson(response)).error.fields as Record<string, string>;
      expect(
        Object.entries(fields).find(([key]) => key.startsWith(field.split(".")[0]!))?.[1],
        query,
      ).toBe(message);
    }
  });

  it("shows only the signed-in account's entries, in the list and the statistics", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await seed(b.userId, [
      {
        action: "created",
        entityType: "property",
        entityName: "Fremdes Haus",
        createdAt: new Date(),
      },
    ]);
    const items = (await list(a.cookie, "?limit=200")).items as { entityName: string }[];
    expect(items.some((i) => i.entityName === "Fremdes Haus")).toBe(false);
    expect((await list(a.cookie, "?q=Fremdes")).total).toBe(0);
    const stats = await readJson(
      await t.request("GET", "/api/activities/stats", { cookie: a.cookie }),
    );
    expect(stats.latest.some((i: { entityName: string }) => i.entityName === "Fremdes Haus")).toBe(
      false,
    );
  });

  it("counts total, today, the last 7 days and this month; finds this month's most common action and area; lists the latest 5", async () => {
    const { cookie, userId } = await t.signUp();
    await t.db.deleteFrom("userActivities").where("userId", "=", userId).execute();
    const now = Date.now();
    const day = 86_400_000;
    const today = getTodayInGermany();
    const entries = [
      { action: "created", entityType: "tenant", createdAt: new Date(now - 60_000) },
      { action: "created", entityType: "tenant", createdAt: new Date(now - 120_000) },
      { action: "updated", entityType: "meter", createdAt: new Date(now - 180_000) },
      { action: "created", entityType: "property", createdAt: new Date(now - 3 * day) },
      { action: "deleted", entityType: "unit", createdAt: new Date(now - 10 * day) },
      { action: "deleted", entityType: "unit", createdAt: new Date(now - 400 * day) },
    ];
    await seed(userId, entries);
    const response = await t.request("GET", "/api/activities/stats", { cookie });
    expect(response.status).toBe(200);
    const stats = await readJson(response);
    // Entries minutes ago are today unless the test runs in the first minutes after midnight.
    const minutesAgoAreToday = getTodayInGermany(new Date(now - 180_000)) === today;
    expect(stats.total).toBe(6);
    if (minutesAgoAreToday) expect(stats.today).toBe(3);
    expect(stats.thisWeek).toBe(4);
    const monthStart = `${today.slice(0, 8)}01`;
    const inMonth = entries.filter((e) => getTodayInGermany(e.createdAt) >= monthStart).length;
    expect(stats.thisMonth).toBe(inMonth);
    expect(stats.mostCommonAction).toEqual({
      action: "created",
      count: entries.filter(
        (e) => e.action === "created" && getTodayInGermany(e.createdAt) >= monthStart,
      ).length,
    });
    expect(stats.mostActiveArea.entityType).toBe("tenant");
    expect(stats.latest).toHaveLength(5);
    expect(stats.latest[0].entityType).toBe("tenant");
  });

  it("answers empty statistics for an account without entries this month", async () => {
    const { cookie, userId } = await t.signUp();
    await t.db.deleteFrom("userActivities").where("userId", "=", userId).execute();
    const stats = await readJson(await t.request("GET", "/api/activities/stats", { cookie }));
    expect(stats).toEqual({
      total: 0,
      today: 0,
      thisWeek: 0,
      thisMonth: 0,
      mostCommonAction: null,
      mostActiveArea: null,
      latest: [],
    });
  });

  it("logs sign-in and sign-out", async () => {
    const { cookie, userId, email } = await t.signUp();
    await t.request("POST", "/api/auth/sign-out", { cookie });
    await t.request("POST", "/api/auth/sign-in/email", { body: { email, password: "Sicher123" } });
    const rows = await t.db
      .selectFrom("userActivities")
      .select("action")
      .where("userId", "=", userId)
      .where("entityType", "=", "user")
      .execute();
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["logout", "login"]));
  });
});

describe("OpenAPI document", () => {
  it("describes the settings, subscription, activity, export and contact routes", async () => {
    const t = await createTestContext("pglite");
    try {
      const doc = await readJson(await t.request("GET", "/api/openapi.json"));
      for (const path of [
        "/api/subscription",
        "/api/subscription/plan",
        "/api/subscription/cancel",
        "/api/subscription/reactivate",
        "/api/notification-settings",
        "/api/activities",
        "/api/activities/stats",
        "/api/export",
        "/api/account",
        "/api/contact",
        "/api/operator",
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
      const parameters = (doc.paths["/api/activities"].get.parameters as { name: string }[]).map(
        (p) => p.name,
      );
      expect(parameters).toEqual(
        expect.arrayContaining(["from", "to", "areas", "actions", "q", "limit", "offset"]),
      );
    } finally {
      await t.close();
    }
  });
});
