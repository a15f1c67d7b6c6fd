import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, TEST_PASSWORD, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 26, defect 8: the server log is one JSON object per line, the auth library's messages
// included (they were multi-line, coloured console dumps with SQL parameters and e-mail
// addresses), and no line names a person: no e-mail address, IBAN or name.

const EMAIL = "erika.log@example.de";
const IBAN = "DE89 3704 0044 0532 0130 00";

describe.each(TEST_DRIVERS)("the server log (%s)", (driver) => {
  let t: TestContext;
  const consoleOutput: string[] = [];

  beforeAll(async () => {
    t = await createTestContext(driver, { logLevel: "debug" });
    await t.signUp({ email: EMAIL, firstName: "Erika", lastName: "Loggerin" });
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  /** Runs `work` and collects anything written to the console meanwhile (the app's logger writes elsewhere). */
  async function capture(work: () => Promise<unknown>) {
    consoleOutput.length = 0;
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void consoleOutput.push(args.map(String).join(" ")),
      );
    }
    vi.spyOn(process.stderr, "write").mockImplementation(
      (chunk: string | Uint8Array) => (consoleOutput.push(String(chunk)), true),
    );
    try {
      await work();
    } finally {
      vi.restoreAllMocks();
    }
  }

  it("routes better-auth's messages through the app's logger as JSON lines without the e-mail (defect 8)", async () => {
    await capture(async () => {
      // A wrong password and an unknown address: better-auth logs both ('Invalid password', 'User not found').
      await t.request("POST", "/api/auth/sign-in/email", {
        headers: { "x-forwarded-for": "203.0.113.7" },
        body: { email: EMAIL, password: "Falsch1234" },
      });
      await t.request("POST", "/api/auth/sign-in/email", {
        headers: { "x-forwarded-for": "203.0.113.8" },
        body: { email: "niemand@example.de", password: TEST_PASSWORD },
      });
      // What better-auth passes along when the database refuses a row: the error with the row's values.
      const context = await t.auth.$context;
      const refused = Object.assign(
        new Error(
          `duplicate key value violates unique constraint "users_email_key": Key (email)=(${EMAIL}) already exists, IBAN ${IBAN}`,
        ),
        {
          code: "23505",
          detail: `Key (email)=(${EMAIL}), Erika Loggerin`,
          user: { email: EMAIL, name: "Erika Loggerin" },
        },
      );
      context.logger.error("Failed to create user", refused, {
        email: EMAIL,
        name: "Erika Loggerin",
        provider: "credential",
      });
    });
    expect(consoleOutput.filter((text) => /Better Auth|\[\d+m/.test(text))).toEqual([]);
    const auth = t.readLogEvents("auth.library");
    expect(auth.map((entry) => entry.message)).toEqual(
      expect.arrayContaining(["Invalid password", "User not found", "Failed to create user"]),
    );
    const failed = auth.find((entry) => entry.message === "Failed to create user")!;
    expect(failed).toMatchObject({
      level: "error",
      details: [
        { name: "Error", code: "23505" },
        { email: "[entfernt]", provider: "credential" },
      ],
    });
    const lines = t.readLogLines();
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({
        time: expect.any(String),
        level: expect.any(String),
        event: expect.any(String),
      });
      expect(line).not.toContain(EMAIL);
      expect(line).not.toContain("Loggerin");
      expect(line).not.toContain("3704 0044");
    }
  });

  it("writes one JSON object per line, whatever the message holds", async () => {
    const written: string[] = [];
    const { createLogger } = await import("../../src/lib/logger.ts");
    const logger = createLogger("debug", {}, (line) => written.push(line));
    logger.error("request.failed", {
      message: "Zeile 1\nZeile 2 \u001b[31mrot",
      stack: "Error: x\n    at y (z.ts:1:1)",
      to: EMAIL,
      note: `Bitte an ${EMAIL} oder ${IBAN}`,
    });
    expect(written).toHaveLength(1);
    expect(written[0]).not.toContain("\n");
    const entry = JSON.parse(written[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: "error",
      event: "request.failed",
      to: "[entfernt]",
      note: "Bitte an [E-Mail] oder [IBAN]",
    });
    expect(entry.message).toBe("Zeile 1\nZeile 2 \u001b[31mrot");
  });
});
