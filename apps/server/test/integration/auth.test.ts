import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  readJson,
  TEST_PASSWORD,
  toCookieHeader,
  type TestContext,
} from "../support/test-app.ts";
import { runWithinOneWindow } from "../support/rate-limit-window.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

function extractResetToken(mail: string): string {
  const decoded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = decoded.match(/\/auth\/new-password\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in mail:\n${mail}`);
  return match[1]!;
}

describe.each(TEST_DRIVERS)("authentication (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  describe("sign-up", () => {
    it("creates the user with an argon2id hash, a profile, the trial and a session cookie", async () => {
      const { cookie, userId } = await t.signUp({
        email: "Neu.Konto@Example.de",
        firstName: "Neu",
        lastName: "Konto",
      });
      expect(cookie).toContain("better-auth.session_token=");
      const user = await t.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        email: "neu.konto@example.de",
        name: "Neu Konto",
        firstName: "Neu",
        lastName: "Konto",
      });
      const account = await t.db
        .selectFrom("accounts")
        .selectAll()
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow();
      expect(account.providerId).toBe("credential");
      expect(account.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const subscription = await t.db
        .selectFrom("subscriptions")
        .selectAll()
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow();
      expect(subscription).toMatchObject({ plan: "trial", status: "trialing" });
    });

    it("rejects mismatched confirmation, unticked terms, a weak password and missing names with German field messages, creating nothing", async () => {
      const before = await t.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const response = await t.request("POST", "/api/auth/sign-up/email", {
        body: {
          email: "kein-konto@example.de",
          password: "schwach",
          firstName: "",
          lastName: "X",
          passwordConfirmation: "anders",
          acceptTerms: false,
        },
      });
      expect(response.status).toBe(400);
      const body = await readJson(response);
      expect(body.error.code).toBe("VALIDATION");
      expect(body.error.fields).toEqual({
        password:
          "Das Passwort muss mindestens 8 Zeichen lang sein und Groß- und Kleinbuchstaben sowie Ziffern enthalten.",
        firstName: "Vorname ist erforderlich",
        passwordConfirmation: "Die Passwörter stimmen nicht überein.",
        acceptTerms: "Sie müssen den Nutzungsbedingungen zustimmen.",
      });
      const after = await t.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("accepts the API body without confirmation and terms, and deriving the name", async () => {
      const response = await t.request("POST", "/api/auth/sign-up/email", {
        body: {
          email: "api-client@example.de",
          password: TEST_PASSWORD,
          name: "Hausverwaltung Beispiel",
          firstName: "Hans",
          lastName: "Beispiel",
        },
      });
      expect(response.status).toBe(200);
      expect((await readJson(response)).user.name).toBe("Hausverwaltung Beispiel");
    });

    it("rejects a second account with the same e-mail (any case)", async () => {
      await t.signUp({ email: "doppelt@example.de" });
      const response = await t.request("POST", "/api/auth/sign-up/email", {
        body: {
          email: "DOPPELT@example.de",
          password: TEST_PASSWORD,
          firstName: "A",
          lastName: "B",
        },
      });
      expect(response.status).toBe(422);
      expect((await readJson(response)).error).toMatchObject({
        code: "CONFLICT",
        message: "Ein Konto mit dieser E-Mail-Adresse existiert bereits.",
      });
    });

    it("rejects an invalid e-mail and a body that is not JSON", async () => {
      const bad = await t.request("POST", "/api/auth/sign-up/email", {
        body: { email: "keine-adresse", password: TEST_PASSWORD, firstName: "A", lastName: "B" },
      });
      expect(bad.status).toBe(400);
      expect((await readJson(bad)).error.fields.email).toBe(
        "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      );
      const notJson = await t.request("POST", "/api/auth/sign-up/email", { body: "{kaputt" });
      expect(notJson.status).toBe(400);
      expect((await readJson(notJson)).error.message).toBe("Ungültiges JSON im Anfragetext.");
    });
  });

  describe("sign-in", () => {
    it("signs in; 'Angemeldet bleiben' on keeps the cookie 30 days", async () => {
      const { email } = await t.signUp();
      const response = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: TEST_PASSWORD, rememberMe: true },
      });
      expect(response.status).toBe(200);
      const setCookie = response.headers
        .getSetCookie()
        .find((c) => c.startsWith("better-auth.session_token="))!;
      expect(setCookie).toMatch(/Max-Age=2592000/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      const me = await t.request("GET", "/api/me", { cookie: toCookieHeader(response) });
      expect(me.status).toBe(200);
      const userId = (await readJson(me)).user.id;
      const sessions = await t.db
        .selectFrom("sessions")
        .select("expiresAt")
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .execute();
      const days = (sessions[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    });

    it("'Angemeldet bleiben' off: a browser-session cookie and a session that ends after 12 hours", async () => {
      const { email, userId } = await t.signUp();
      const response = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: TEST_PASSWORD, rememberMe: false },
      });
      expect(response.status).toBe(200);
      const setCookie = response.headers
        .getSetCookie()
        .find((c) => c.startsWith("better-auth.session_token="))!;
      expect(setCookie).not.toMatch(/Max-Age/i);
      expect(setCookie).not.toMatch(/Expires/i);
      const newest = await t.db
        .selectFrom("sessions")
        .select("expiresAt")
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .executeTakeFirstOrThrow();
      const hours = (newest.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThanOrEqual(12);
      // An expired session no longer signs in.
      await t.db
        .updateTable("sessions")
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where("userId", "=", userId)
        .execute();
      expect((await t.request("GET", "/api/me", { cookie: toCookieHeader(response) })).status).toBe(
        401,
      );
    });

    it("rejects a wrong password and an unknown e-mail with the same German message", async () => {
      const { email } = await t.signUp();
      const wrong = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: "Falsch123" },
      });
      expect(wrong.status).toBe(401);
      expect(await readJson(wrong)).toMatchObject({
        error: { code: "UNAUTHORIZED", message: "E-Mail-Adresse oder Passwort ist falsch." },
      });
      const unknown = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email: "niemand@example.de", password: TEST_PASSWORD },
      });
      expect(unknown.status).toBe(401);
      expect((await readJson(unknown)).error.message).toBe(
        "E-Mail-Adresse oder Passwort ist falsch.",
      );
      expect(
        wrong.headers
          .getSetCookie()
          .some((c) => c.startsWith("better-auth.session_token=") && !c.includes("Max-Age=0")),
      ).toBe(false);
    });

    it("locks an account for one address after 5 failures, even with the right password; another address gets through", async () => {
      // The failures and the refused sign-in in one 15-minute window (again with a new account).
      const { email, failures, locked } = await runWithinOneWindow(t.db, 15 * 60, async () => {
        const { email } = await t.signUp();
        const failures: number[] = [];
        for (let i = 0; i < 5; i++) {
          const r = await t.request("POST", "/api/auth/sign-in/email", {
            body: { email, password: `Falsch${i}xY` },
            headers: { "x-forwarded-for": "203.0.113.7" },
          });
          failures.push(r.status);
        }
        const locked = await t.request("POST", "/api/auth/sign-in/email", {
          body: { email, password: TEST_PASSWORD },
          headers: { "x-forwarded-for": "203.0.113.7" },
        });
        return { email, failures, locked };
      });
      expect(failures).toEqual([401, 401, 401, 401, 401]);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await readJson(locked)).error).toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringMatching(
          /^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte warten Sie (eine Minute|\d+ Minuten) und versuchen Sie es dann erneut\.$/,
        ),
      });
      // The owner from another address is not locked out.
      const fine = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: TEST_PASSWORD },
        headers: { "x-forwarded-for": "203.0.113.8" },
      });
      expect(fine.status).toBe(200);
    });

    it("rejects a tampered session cookie", async () => {
      const { cookie } = await t.signUp();
      const tampered = cookie.replace(
        /better-auth\.session_token=([^;.]+)/,
        (_m, token: string) => `better-auth.session_token=${token.slice(0, -2)}xx`,
      );
      expect(tampered).not.toBe(cookie);
      expect((await t.request("GET", "/api/me", { cookie: tampered })).status).toBe(401);
      const forged = "better-auth.session_token=ausgedacht.abcdef";
      expect((await t.request("GET", "/api/me", { cookie: forged })).status).toBe(401);
    });

    it("signs out: the session ends", async () => {
      const { cookie, userId } = await t.signUp();
      const out = await t.request("POST", "/api/auth/sign-out", { cookie, body: {} });
      expect(out.status).toBe(200);
      expect((await t.request("GET", "/api/me", { cookie })).status).toBe(401);
      const activities = await t.db
        .selectFrom("userActivities")
        .select("action")
        .where("userId", "=", userId)
        .execute();
      expect(activities.map((a) => a.action)).toContain("logout");
    });
  });

  describe("password reset", () => {
    it("mails a link; the new password works, the old one and all other sessions stop; the link works once", async () => {
      const { email, cookie: oldSession } = await t.signUp();
      const before = (await t.readOutbox()).length;
      const request = await t.request("POST", "/api/auth/request-password-reset", {
        body: { email },
      });
      expect(request.status).toBe(200);
      const mails = await t.readOutbox();
      expect(mails).toHaveLength(before + 1);
      const mail = mails.at(-1)!;
      expect(mail).toContain(`To: ${email}`);
      expect(mail).toMatch(/Subject: =\?UTF-8\?|Subject: Passwort/);
      const token = extractResetToken(mail);

      const weak = await t.request("POST", "/api/auth/reset-password", {
        body: { token, newPassword: "schwach" },
      });
      expect(weak.status).toBe(400);
      expect((await readJson(weak)).error.fields.newPassword).toContain("mindestens 8 Zeichen");

      const reset = await t.request("POST", "/api/auth/reset-password", {
        body: { token, newPassword: "NeuesPasswort9" },
      });
      expect(reset.status).toBe(200);
      expect((await t.request("GET", "/api/me", { cookie: oldSession })).status).toBe(401);
      const oldPassword = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: TEST_PASSWORD },
      });
      expect(oldPassword.status).toBe(401);
      const newPassword = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: "NeuesPasswort9" },
      });
      expect(newPassword.status).toBe(200);

      const reused = await t.request("POST", "/api/auth/reset-password", {
        body: { token, newPassword: "NochEins123" },
      });
      expect(reused.status).toBe(400);
      expect((await readJson(reused)).error.message).toBe(
        "Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
      );
    });

    it("rejects an expired token", async () => {
      const { email } = await t.signUp();
      await t.request("POST", "/api/auth/request-password-reset", { body: { email } });
      const token = extractResetToken((await t.readOutbox()).at(-1)!);
      await t.db
        .updateTable("verifications" as never)
        .set({ expires_at: new Date(Date.now() - 1000) } as never)
        .execute();
      const response = await t.request("POST", "/api/auth/reset-password", {
        body: { token, newPassword: "NeuesPasswort9" },
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).error.message).toContain("ungültig oder abgelaufen");
      expect(
        (
          await t.request("POST", "/api/auth/sign-in/email", {
            body: { email, password: TEST_PASSWORD },
          })
        ).status,
      ).toBe(200);
    });

    it("answers the same for an unknown e-mail and sends nothing", async () => {
      const before = (await t.readOutbox()).length;
      const response = await t.request("POST", "/api/auth/request-password-reset", {
        body: { email: "unbekannt@example.de" },
      });
      expect(response.status).toBe(200);
      expect(await t.readOutbox()).toHaveLength(before);
    });

    it("limits reset mails to 3 per account in 15 minutes", async () => {
      // The three mails and the refused fourth in one 15-minute window (again with a new account).
      const { sent, limited } = await runWithinOneWindow(t.db, 15 * 60, async () => {
        const { email } = await t.signUp();
        const sent: number[] = [];
        for (let i = 0; i < 3; i++)
          sent.push(
            (await t.request("POST", "/api/auth/request-password-reset", { body: { email } }))
              .status,
          );
        const limited = await t.request("POST", "/api/auth/request-password-reset", {
          body: { email },
        });
        return { sent, limited };
      });
      expect(sent).toEqual([200, 200, 200]);
      expect(limited.status).toBe(429);
      expect((await readJson(limited)).error.message).toMatch(
        /^Zu viele Anfragen zum Zurücksetzen des Passworts\. Bitte versuchen Sie es in (einer Minute|\d+ Minuten) erneut\.$/,
      );
    });

    it("requires an e-mail", async () => {
      const response = await t.request("POST", "/api/auth/request-password-reset", {
        body: { email: "" },
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).error.fields.email).toBe("E-Mail ist erforderlich");
    });
  });

  describe("social providers", () => {
    it("reports none configured and refuses an unconfigured provider with a German message", async () => {
      const providers = await readJson(await t.request("GET", "/api/auth-providers"));
      expect(providers).toEqual({ providers: { google: false, facebook: false, apple: false } });
      const response = await t.request("POST", "/api/auth/sign-in/social", {
        body: { provider: "google", callbackURL: "/auth/callback" },
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).error).toMatchObject({
        code: "PROVIDER_NOT_CONFIGURED",
        message: "Anbieter ist nicht konfiguriert.",
      });
    });
  });
});

describe("a configured social provider", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext("pglite", {
      socialProviders: { google: { clientId: "client-id.apps.example", clientSecret: "geheim" } },
    });
  });
  afterAll(async () => t?.close());

  it("is reported active and starts the redirect to the provider", async () => {
    const providers = await readJson(await t.request("GET", "/api/auth-providers"));
    expect(providers.providers).toEqual({ google: true, facebook: false, apple: false });
    const response = await t.request("POST", "/api/auth/sign-in/social", {
      body: { provider: "google", callbackURL: "/auth/callback" },
    });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.redirect).toBe(true);
    expect(body.url).toMatch(
      /^https:\/\/accounts\.google\.com\/.*client_id=client-id\.apps\.example/,
    );
  });
});
