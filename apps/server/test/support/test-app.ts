import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Config } from "../../src/config/env.ts";
import { composeApp } from "../../src/compose-app.ts";
import type { DatabaseHandle } from "../../src/db/database.ts";
import type { createApp } from "../../src/create-app.ts";
import type { JobWorker } from "../../src/jobs/job-worker.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createTestDatabase, type TestDriver } from "./test-database.ts";

export const TEST_PASSWORD = "Sicher123";

export interface TestContext {
  driver: TestDriver;
  app: ReturnType<typeof createApp>;
  /** better-auth of this app: its endpoints (the fuzz suite lists every route it serves) and its context. */
  auth: ReturnType<typeof composeApp>["auth"];
  database: DatabaseHandle;
  db: DatabaseHandle["db"];
  outboxDir: string;
  /** Every log line the app wrote at or above `config.logLevel` (default error), parsed. */
  readLogEvents(event: string): Record<string, unknown>[];
  /** Every log line as written. */
  readLogLines(): string[];
  /** The job worker of this app, not polling: `runDueJobs` runs what is due. */
  jobWorker: JobWorker;
  /** Runs every due background job (mails) now; returns how many ran. */
  runDueJobs(): Promise<number>;
  /** A request against the app; `cookie` signs it in; JSON bodies are encoded. */
  request(
    method: string,
    url: string,
    options?: { body?: unknown; cookie?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Registers a new account (unique e-mail unless given) and returns its session cookie and ids. */
  /** `address` is the client address (X-Forwarded-For): the sign-up limit counts per address. */
  signUp(options?: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    address?: string;
  }): Promise<{ cookie: string; userId: string; email: string }>;
  /** All .eml files written to the outbox so far, newest last (queued mails are sent first). */
  readOutbox(): Promise<string[]>;
  close(): Promise<void>;
}

let accountCounter = 0;

export function buildTestConfig(dataDir: string): Config {
  return {
    env: "test",
    isProduction: false,
    port: 0,
    host: "127.0.0.1",
    dataDir,
    databaseUrl: undefined,
    publicUrl: "http://localhost:3000",
    authSecret: "test-secret-test-secret-test-secret-1234",
    smtpUrl: undefined,
    mailFrom: "Nebenkosten <no-reply@localhost>",
    logLevel: "error",
    bodyLimitBytes: 64 * 1024,
    // Small, so the import routes keep the body limit of the tests (the fuzz suite's 413).
    importFileLimitBytes: 32 * 1024,
    trustProxy: true,
    databasePoolMax: 10,
    metricsToken: undefined,
    jobConcurrency: 1,
    letterRenderWorkers: 2,
    jobPollIntervalMs: 1000,
    monthlyInformationSendDay: 5,
    socialProviders: {},
    operator: {
      name: null,
      representative: null,
      street: null,
      postalCode: null,
      city: null,
      email: null,
      phone: null,
      registerEntry: null,
      vatId: null,
      privacyContact: null,
    },
  };
}

/** Collects the Set-Cookie values of a response into a Cookie header. */
export function toCookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/**
 * A fresh app on a fresh database; with `options.database`, an app on that database instead (a
 * second instance on one database, see createSharedTestDatabase: closing it closes that handle).
 */
export async function createTestContext(
  driver: TestDriver,
  overrides: Partial<Config> = {},
  options: { database?: DatabaseHandle } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-test-"));
  const config = { ...buildTestConfig(dataDir), ...overrides };
  const database = options.database ?? (await createTestDatabase(driver));
  const logLines: string[] = [];
  // Log lines are kept for assertions; errors are printed too, to debug a failing test.
  const logger = createLogger(config.logLevel, {}, (line) => {
    logLines.push(line);
    if (line.includes('"level":"error"')) process.stdout.write(`${line}\n`);
  });
  const outboxDir = path.join(dataDir, "outbox");
  const { app, auth, jobWorker, letterRenderer, statementCalculator } = composeApp({
    config,
    database,
    logger,
    serveWeb: false,
  });
  const runDueJobs = async () => {
    let count = 0;
    while (await jobWorker.runNext()) count += 1;
    return count;
  };

  const request: TestContext["request"] = (method, url, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    }
    return Promise.resolve(app.request(url, { method, headers, body }));
  };

  return {
    driver,
    app,
    auth,
    database,
    db: database.db,
    outboxDir,
    jobWorker,
    runDueJobs,
    readLogEvents: (event) =>
      logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.event === event),
    readLogLines: () => [...logLines],
    request,
    async signUp(options = {}) {
      accountCounter += 1;
      const email = options.email ?? `konto${accountCounter}-${Date.now()}@example.de`;
      const response = await request("POST", "/api/auth/sign-up/email", {
        ...(options.address === undefined
          ? {}
          : { headers: { "x-forwarded-for": options.address } }),
        body: {
          email,
          password: options.password ?? TEST_PASSWORD,
          firstName: options.firstName ?? "Erika",
          lastName: options.lastName ?? "Mustermann",
          passwordConfirmation: options.password ?? TEST_PASSWORD,
          acceptTerms: true,
        },
      });
      if (response.status !== 200)
        throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { user: { id: string } };
      return { cookie: toCookieHeader(response), userId: body.user.id, email };
    },
    async readOutbox() {
      await runDueJobs();
      if (!fs.existsSync(outboxDir)) return [];
      return fs
        .readdirSync(outboxDir)
        .sort()
        .map((f) => fs.readFileSync(path.join(outboxDir, f), "utf8"));
    },
    async close() {
      await jobWorker.stop(1000);
      await letterRenderer.close(1000);
      await statementCalculator.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The JSON body of a response, loosely typed for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readJson(response: Response): Promise<any> {
  return response.json();
}
