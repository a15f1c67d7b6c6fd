import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  readJson,
  TEST_PASSWORD,
  toCookieHeader,
  type TestContext,
} from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 26, defects 4 to 7: deep JSON, bodies whose content type is not JSON (or claims to be
// it), better-auth's verify-password and a failed social sign-in. Every answer is a 4xx in the
// one error shape with a German message, nothing is stored, and no route of better-auth is
// reached with a body the input guard did not check.

const DEEP_ARRAYS = `${"[".repeat(2000)}${"]".repeat(2000)}`;
const DEEP_OBJECTS = `${'{"a":'.repeat(2000)}1${"}".repeat(2000)}`;
/** Every way a body may say what it is, the ones that bypassed the guard first. */
const OTHER_CONTENT_TYPES = [
  "text/plain",
  "text/plain;application/json",
  "application/x-json",
  "text/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=grenze",
  "application/octet-stream",
  "",
];
const ENGLISH =
  /\b(the|is|are|must|invalid|expected|required|received|should|cannot|not|found|unsupported|body|please|failed|error|allowed)\b/i;

describe.each(TEST_DRIVERS)("hostile bodies and better-auth's edges (%s)", (driver) => {
  let t: TestContext;
  let cookie: string;
  let userId: string;
  let email: string;
  beforeAll(async () => {
    t = await createTestContext(driver, {
      socialProviders: { google: { clientId: "test-client", clientSecret: "test-secret" } },
    });
    ({ cookie, userId, email } = await t.signUp({ firstName: "Erika", lastName: "Mustermann" }));
  });
  afterAll(async () => t?.close());

  /** A raw request: the body as given, the content type as given (none when empty). */
  function send(
    method: string,
    url: string,
    body: string | Uint8Array<ArrayBuffer>,
    contentType: string,
    withCookie = true,
  ) {
    const headers: Record<string, string> = {};
    if (contentType) headers["content-type"] = contentType;
    if (withCookie) headers.cookie = cookie;
    return t.app.request(url, { method, headers, body });
  }

  async function expectGermanRefusal(response: Response, statuses: number[] = [400]) {
    expect(statuses, `status ${response.status}`).toContain(response.status);
    const { error } = await readJson(response);
    expect(typeof error.code).toBe("string");
    expect(error.errorId).toBe(response.headers.get("x-request-id"));
    expect(error.message).not.toMatch(ENGLISH);
    return error as { code: string; message: string };
  }

  async function storedNames() {
    return t.db
      .selectFrom("users")
      .select(["name", "firstName", "lastName"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
  }

  it("answers 2,000 nested brackets to the public contact form with a German 400, not 500 (defect 4)", async () => {
    for (const body of [DEEP_ARRAYS, DEEP_OBJECTS]) {
      const error = await expectGermanRefusal(
        await send("POST", "/api/contact", body, "application/json", false),
      );
      expect(error.message).toBe(
        "Der Anfragetext ist zu tief verschachtelt (höchstens 32 Ebenen).",
      );
    }
    // Signed in, and on better-auth's routes alike.
    await expectGermanRefusal(
      await send("POST", "/api/properties", DEEP_ARRAYS, "application/json"),
    );
    await expectGermanRefusal(
      await send("POST", "/api/auth/sign-in/email", DEEP_OBJECTS, "application/json", false),
    );
    expect(await t.db.selectFrom("contactRequests").select("id").execute()).toEqual([]);
  });

  it("bounds the size before reading: large JSON within the limit is a schema error, above it 413 (defect 4)", async () => {
    const wide = JSON.stringify({
      name: "Anfrage",
      email: "a@example.de",
      subject: "Allgemeine Anfrage",
      message: Array.from({ length: 6000 }, (_, i) => i),
    });
    expect(wide.length).toBeLessThan(64 * 1024);
    await expectGermanRefusal(
      await send("POST", "/api/contact", wide, "application/json", false),
      [400, 429],
    );
    const tooLarge = JSON.stringify({ message: "x".repeat(70 * 1024) });
    const error = await expectGermanRefusal(
      await send("POST", "/api/contact", tooLarge, "application/json", false),
      [413],
    );
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("checks every body whatever its content type claims: update-user with a NUL byte never reaches the database (defect 5)", async () => {
    for (const contentType of OTHER_CONTENT_TYPES) {
      const error = await expectGermanRefusal(
        await send(
          "POST",
          "/api/auth/update-user",
          JSON.stringify({ firstName: "A\u0000" }),
          contentType,
        ),
        [400, 415],
      );
      expect(error.code, contentType).toMatch(/VALIDATION|UNSUPPORTED_MEDIA_TYPE/);
    }
    expect(await storedNames()).toEqual({
      name: "Erika Mustermann",
      firstName: "Erika",
      lastName: "Mustermann",
    });
  });

  it("stores no half surrogate as U+FFFD through update-user or sign-up, whatever the content type (defect 5)", async () => {
    for (const contentType of [
      "text/plain",
      "text/plain;application/json",
      "application/x-json",
      "application/json",
    ]) {
      await expectGermanRefusal(
        await send("POST", "/api/auth/update-user", '{"firstName":"A\\ud800"}', contentType),
        [400, 415],
      );
      const signUp = {
        email: `surrogat-${Math.random().toString(36).slice(2)}@example.de`,
        password: TEST_PASSWORD,
        passwordConfirmation: TEST_PASSWORD,
        firstName: "A\ud800",
        lastName: "B",
        name: "A\ud800 B",
        acceptTerms: true,
      };
      await expectGermanRefusal(
        await send(
          "POST",
          "/api/auth/sign-up/email",
          JSON.stringify(signUp).replace("\ud800", "\\ud800"),
          contentType,
          false,
        ),
        [400, 415],
      );
      expect(
        await t.db.selectFrom("users").select("id").where("email", "=", signUp.email).execute(),
        contentType,
      ).toEqual([]);
    }
    expect(await storedNames()).toEqual({
      name: "Erika Mustermann",
      firstName: "Erika",
      lastName: "Mustermann",
    });
    const broken = await t.db
      .selectFrom("users")
      .select("name")
      .where("name", "like", "%\uFFFD%")
      .execute();
    expect(broken).toEqual([]);
  });

  it("refuses a NUL in the reset token, and bytes that are not UTF-8, in any content type (defect 5)", async () => {
    for (const contentType of ["text/plain", "application/x-json", "application/json"]) {
      await expectGermanRefusal(
        await send(
          "POST",
          "/api/auth/reset-password",
          JSON.stringify({ token: "a\u0000b", newPassword: "Sicher1234" }),
          contentType,
          false,
        ),
        [400, 415],
      );
    }
    // 0xFF is no UTF-8: it was decoded as U+FFFD and stored that way.
    const bytes = new Uint8Array([...Buffer.from('{"firstName":"A'), 0xff, ...Buffer.from('"}')]);
    const error = await expectGermanRefusal(
      await send("POST", "/api/auth/update-user", bytes, "application/json"),
    );
    expect(error.message).toBe("Der Anfragetext ist kein gültiger UTF-8-Text.");
    expect(await storedNames()).toEqual({
      name: "Erika Mustermann",
      firstName: "Erika",
      lastName: "Mustermann",
    });
  });

  it("checks a form post to the social sign-in callback like JSON (Apple posts the form there)", async () => {
    await expectGermanRefusal(
      await send(
        "POST",
        "/api/auth/callback/apple",
        "code=a%00b&state=x",
        "application/x-www-form-urlencoded",
        false,
      ),
    );
  });

  it("does not serve verify-password: 40 wrong passwords with a session answer 404, never a check (defect 6)", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i += 1) {
      const response = await t.request("POST", "/api/auth/verify-password", {
        cookie,
        body: { password: `Falsch${i}` },
      });
      statuses.add(response.status);
      if (i === 0) expect((await readJson(response)).error).toMatchObject({ code: "NOT_FOUND" });
    }
    expect([...statuses]).toEqual([404]);
    // better-auth's other routes the product does not use are not served either.
    for (const [method, path] of [
      ["POST", "/api/auth/delete-user"],
      ["GET", "/api/auth/list-sessions"],
      ["POST", "/api/auth/revoke-sessions"],
      ["POST", "/api/auth/set-password"],
      ["POST", "/api/auth/change-email"],
      ["GET", "/api/auth/list-accounts"],
      ["GET", "/api/auth/ok"],
    ] as const) {
      expect(
        (await t.request(method, path, { cookie, ...(method === "POST" ? { body: {} } : {}) }))
          .status,
        path,
      ).toBe(404);
    }
    expect((await t.request("GET", "/api/me", { cookie })).status).toBe(200);
  });

  it("sends a failed social sign-in to /login with the reason, never to better-auth's English page (defect 7)", async () => {
    for (const url of [
      "/api/auth/callback/google?state=bad&code=x",
      "/api/auth/callback/google?error=access_denied",
      "/api/auth/callback/facebook?state=bad&code=x",
    ]) {
      const response = await t.app.request(url);
      expect(response.status, url).toBe(302);
      const location = new URL(response.headers.get("location")!, "http://localhost:3000");
      expect(location.origin + location.pathname, url).toBe("http://localhost:3000/login");
      expect(location.searchParams.get("error"), url).toMatch(/^[a-z_]+$/);
    }
    // better-auth's own error page is not served: it leads to the same place.
    const page = await t.app.request("/api/auth/error?error=state_mismatch");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("http://localhost:3000/login?error=state_mismatch");
  });

  it("keeps sign-in, the session and sign-out working with JSON", async () => {
    const signIn = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const session = toCookieHeader(signIn);
    expect((await t.request("GET", "/api/auth/get-session", { cookie: session })).status).toBe(200);
    expect(
      (await t.app.request("/api/auth/sign-out", { method: "POST", headers: { cookie: session } }))
        .status,
    ).toBe(200);
  });
});
