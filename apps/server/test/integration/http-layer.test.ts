import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "../../src/http/error-handler.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

describe.each(TEST_DRIVERS)("HTTP layer (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("reports health with database reachability", async () => {
    const response = await t.request("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      status: "ok",
      database: { reachable: true, driver },
      version: "1.0.0",
    });
  });

  it("sends the security headers and a request id", async () => {
    const response = await t.request("GET", "/api/health", {
      headers: { "x-request-id": "abc12345-test" },
    });
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull(); // only in production
    expect(response.headers.get("x-request-id")).toBe("abc12345-test");
  });

  it("refuses a cookie-authenticated write from a foreign origin, and allows the own origin", async () => {
    const { cookie } = await t.signUp();
    const body = { firstName: "Eva", lastName: "Probe" };
    const foreign = await t.request("PATCH", "/api/profile", {
      cookie,
      body,
      headers: { origin: "https://angreifer.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await readJson(foreign)).toMatchObject({
      error: { code: "FORBIDDEN", message: "Anfrage von einer fremden Seite abgelehnt." },
    });
    const crossSite = await t.request("PATCH", "/api/profile", {
      cookie,
      body,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const own = await t.request("PATCH", "/api/profile", {
      cookie,
      body,
      headers: { origin: "http://localhost:3000" },
    });
    expect(own.status).toBe(200);
    const row = await t.db
      .selectFrom("profiles")
      .select("firstName")
      .where("firstName", "=", "Eva")
      .executeTakeFirst();
    expect(row?.firstName).toBe("Eva");
  });

  it("refuses a body above the limit with 413", async () => {
    const { cookie } = await t.signUp();
    const response = await t.request("PATCH", "/api/profile", {
      cookie,
      body: { firstName: "x".repeat(70 * 1024), lastName: "y" },
    });
    expect(response.status).toBe(413);
    expect((await readJson(response)).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const { cookie } = await t.signUp();
    const response = await t.request("GET", "/api/gibt-es-nicht", { cookie });
    expect(response.status).toBe(404);
    expect((await readJson(response)).error.code).toBe("NOT_FOUND");
    expect((await t.request("GET", "/api/gibt-es-nicht")).status).toBe(401);
  });

  it("serves an OpenAPI document with every route", async () => {
    const doc = await readJson(await t.request("GET", "/api/openapi.json"));
    expect(doc.openapi).toBe("3.1.0");
    const paths = Object.keys(doc.paths);
    for (const path of [
      "/api/health",
      "/api/me",
      "/api/profile",
      "/api/dashboard",
      "/api/auth/sign-up/email",
      "/api/auth/sign-in/email",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
      "/api/auth/sign-out",
      "/api/auth/change-password",
      "/api/auth/update-user",
      "/api/auth-providers",
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe("the error handler", () => {
  it("turns an unexpected error into a 500 with an error id and no stack, and logs it", async () => {
    const lines: string[] = [];
    const logger = createLogger("error", {}, (line) => lines.push(line));
    const app = new Hono<{ Variables: { requestId: string; logger: typeof logger } }>();
    app.use("*", async (c, next) => {
      c.set("requestId", "req-0001-test");
      c.set("logger", logger);
      await next();
    });
    app.get("/boom", () => {
      throw new Error("geheimes Detail");
    });
    app.onError(handleError as never);
    const response = await app.request("/boom");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: "INTERNAL",
        message: "Ein unerwarteter Fehler ist aufgetreten.",
        errorId: "req-0001-test",
      },
    });
    expect(text).not.toContain("geheimes Detail");
    expect(lines.join("\n")).toContain("geheimes Detail");
  });
});
