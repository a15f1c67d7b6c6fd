import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { runWithinOneWindow } from "../support/rate-limit-window.ts";

// Issue 18 / docs/rules/master-data.md#monitoring: the web app's reports, and GET /metrics.

const METRICS_TOKEN = "metriken-token-0123456789";
const AT = "2026-03-01T10:00:00.000Z";

function errorReport(overrides: Record<string, unknown> = {}) {
  return {
    kind: "error",
    message: "TypeError: x is undefined",
    path: "/dashboard",
    release: "1.0.0",
    occurredAt: AT,
    ...overrides,
  };
}

/** The value of the sample `name` whose labels include all of `labels` (in any order). */
function readSample(text: string, name: string, labels: string[]): number | undefined {
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`${name}{`) && labels.every((label) => l.includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe.each(TEST_DRIVERS)("monitoring (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver, { metricsToken: METRICS_TOKEN, logLevel: "warn" });
  });
  afterAll(async () => t?.close());

  const post = (path: string, body: unknown, options: { cookie?: string; address?: string } = {}) =>
    t.request("POST", `/api/monitoring/${path}`, {
      body,
      cookie: options.cookie,
      headers: { "x-forwarded-for": options.address ?? "198.51.100.1" },
    });

  it("stores a batch of errors without a session, scrubbed of personal data, and logs each as a JSON line", async () => {
    const response = await post(
      "errors/batch",
      {
        errors: [
          errorReport({
            message:
              "Fetch https://app.example/api/x?email=erika@example.de&token=geheim failed for erika.m@example.de, IBAN DE89 3704 0044 0532 0130 00",
            stack: "at load (https://app.example/assets/index-abc.js?v=1:1:200)",
            path: "/dashboard/properties/6f1c2a7e-0b7c-4a4e-9d43-0f8d2b1e9a11/edit?tab=units",
          }),
          errorReport({ kind: "unhandledrejection", message: "Netzwerkfehler" }),
        ],
      },
      { address: "198.51.100.10" },
    );
    expect(response.status).toBe(202);
    expect(await readJson(response)).toEqual({ accepted: 2 });
    const rows = await t.db.selectFrom("clientErrors").selectAll().orderBy("id").execute();
    const [first, second] = rows.slice(-2);
    expect(first).toMatchObject({
      userId: null,
      kind: "error",
      message: "Fetch https://app.example/api/x failed for [E-Mail], IBAN [IBAN]",
      stack: "at load (https://app.example/assets/index-abc.js)",
      path: "/dashboard/properties/:id/edit",
      release: "1.0.0",
    });
    expect(first!.occurredAt.toISOString()).toBe(AT);
    expect(second).toMatchObject({ kind: "unhandledrejection", message: "Netzwerkfehler" });
    const logged = t.readLogEvents("client.error");
    expect(logged.at(-2)).toMatchObject({
      level: "warn",
      userId: null,
      kind: "error",
      message: "Fetch https://app.example/api/x failed for [E-Mail], IBAN [IBAN]",
      path: "/dashboard/properties/:id/edit",
    });
  });

  it("stores the account id from the session (never from the body) with single reports too", async () => {
    const { cookie, userId } = await t.signUp();
    const response = await post(
      "errors",
      { ...errorReport({ message: "Render-Fehler" }), userId: "someone-else" },
      { cookie },
    );
    expect(response.status).toBe(202);
    const row = await t.db
      .selectFrom("clientErrors")
      .selectAll()
      .where("message", "=", "Render-Fehler")
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(userId);
  });

  it("stores metrics and logs slow operations (over 1,000 ms) as warnings", async () => {
    const { cookie, userId } = await t.signUp();
    const response = await post(
      "metrics/batch",
      {
        metrics: [
          {
            name: "api.slow",
            value: 1450,
            unit: "ms",
            path: "/api/tenants/6f1c2a7e-0b7c-4a4e-9d43-0f8d2b1e9a11",
            occurredAt: AT,
          },
          {
            name: "web_vitals.cls",
            value: 0.02,
            unit: "score",
            path: "/dashboard",
            occurredAt: AT,
          },
        ],
      },
      { cookie },
    );
    expect(response.status).toBe(202);
    const rows = await t.db
      .selectFrom("clientMetrics")
      .selectAll()
      .where("userId", "=", userId)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.name, r.value, r.unit, r.path])).toEqual([
      ["api.slow", 1450, "ms", "/api/tenants/:id"],
      ["web_vitals.cls", 0.02, "score", "/dashboard"],
    ]);
    expect(t.readLogEvents("client.slow_operation").at(-1)).toMatchObject({
      level: "warn",
      userId,
      name: "api.slow",
      value: 1450,
      path: "/api/tenants/:id",
    });
    expect(
      (await post("metrics", { name: "page.load", value: 820, unit: "ms", occurredAt: AT })).status,
    ).toBe(202);
  });

  it("rejects bad reports with German messages and stores nothing", async () => {
    const before = (await t.db.selectFrom("clientErrors").select("id").execute()).length;
    const empty = await post("errors/batch", { errors: [] });
    expect(empty.status).toBe(400);
    const badKind = await post("errors", errorReport({ kind: "virus", occurredAt: "gestern" }));
    expect(badKind.status).toBe(400);
    const body = await readJson(badKind);
    expect(body.error.code).toBe("VALIDATION");
    expect(body.error.fields.occurredAt).toBe("occurredAt muss ein ISO-Zeitpunkt sein");
    expect(Object.keys(body.error.fields)).toContain("kind");
    const tooMany = await post("errors/batch", {
      errors: Array.from({ length: 51 }, () => errorReport()),
    });
    expect(tooMany.status).toBe(400);
    const badMetric = await post("metrics", {
      name: "Seite Laden",
      value: -1,
      unit: "Jahre",
      occurredAt: AT,
    });
    expect(badMetric.status).toBe(400);
    expect((await t.db.selectFrom("clientErrors").select("id").execute()).length).toBe(before);
  });

  it("refuses a body over 64 KB with 413", async () => {
    const response = await post("errors/batch", {
      errors: [errorReport({ stack: "x".repeat(70 * 1024) })],
    });
    expect(response.status).toBe(413);
    expect((await readJson(response)).error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "Die Anfrage ist zu groß (höchstens 64 KB).",
    });
  });

  it("limits each address to 60 reports a minute (counted in the database), with Retry-After", async () => {
    const address = "203.0.113.77";
    // 60 reports and the 61st in one minute's window (runWithinOneWindow: again if the minute turned).
    const refused = await runWithinOneWindow(t.db, 60, async () => {
      await t.db
        .deleteFrom("rateLimitBuckets")
        .where("key", "=", `monitoring:address:${address}`)
        .execute();
      for (let i = 0; i < 60; i++)
        expect(
          (
            await post(
              "metrics",
              { name: "page.load", value: 10, unit: "ms", occurredAt: AT },
              { address },
            )
          ).status,
        ).toBe(202);
      return post("errors", errorReport(), { address });
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await readJson(refused)).error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Zu viele Überwachungsdaten in kurzer Zeit. Bitte später erneut senden.",
    });
    const bucket = await t.db
      .selectFrom("rateLimitBuckets")
      .select("count")
      .where("key", "=", `monitoring:address:${address}`)
      .execute();
    expect(bucket.map((b) => b.count)).toEqual([61]);
    // Another address is not affected.
    expect((await post("errors", errorReport(), { address: "203.0.113.78" })).status).toBe(202);
  });

  it("is listed in the OpenAPI document", async () => {
    const doc = await readJson(await t.request("GET", "/api/openapi.json"));
    for (const path of [
      "/api/monitoring/errors",
      "/api/monitoring/errors/batch",
      "/api/monitoring/metrics",
      "/api/monitoring/metrics/batch",
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
  });

  it("serves Prometheus metrics at /metrics only with the token", async () => {
    const { cookie } = await t.signUp();
    await t.request("GET", "/api/properties/00000000-0000-4000-8000-000000000000", { cookie });
    for (let i = 0; i < 2; i++)
      expect((await t.request("GET", "/api/properties", { cookie })).status).toBe(200);

    expect((await t.request("GET", "/metrics")).status).toBe(401);
    expect(
      (
        await t.request("GET", "/metrics", {
          headers: { authorization: "Bearer falsch-falsch-falsch-falsch" },
        })
      ).status,
    ).toBe(401);
    const response = await t.request("GET", "/metrics", {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(
      readSample(text, "nk_http_requests_total", [
        'method="GET"',
        'route="/api/properties/:id"',
        'status="404"',
      ]),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("00000000-0000-4000-8000-000000000000");
    expect(
      readSample(text, "nk_http_requests_total", [
        'method="GET"',
        'route="/api/properties"',
        'status="200"',
      ]),
    ).toBeGreaterThanOrEqual(2);
    expect(
      readSample(text, "nk_http_requests_total", [
        'method="GET"',
        'route="/api/*"',
        'status="200"',
      ]),
    ).toBeUndefined();
    expect(
      readSample(text, "nk_http_request_duration_seconds_count", [
        'route="/api/properties/:id"',
        'status="404"',
      ]),
    ).toBeGreaterThanOrEqual(1);
    // The calculation and PDF histograms are listed; statement-documents.test.ts proves that a
    // real preview and a real letter each add one observation.
    expect(text).toContain("# TYPE nk_statement_calculation_duration_seconds histogram");
    expect(text).toContain("# TYPE nk_pdf_generation_duration_seconds histogram");
    expect(readSample(text, "nk_db_pool_connections", [])).toBeGreaterThanOrEqual(1);
    expect(text).toContain("nk_db_pool_waiting_clients");
    expect(text).toContain("nk_process_resident_memory_bytes");
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext("pglite");
  });
  afterAll(async () => t?.close());

  it("does not exist", async () => {
    const response = await t.request("GET", "/metrics", {
      headers: { authorization: "Bearer irgendwas-irgendwas" },
    });
    expect(response.status).toBe(404);
  });
});
