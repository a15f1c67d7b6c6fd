import type { BetterAuthOptions } from "better-auth";
import { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createAuth } from "../../src/auth/auth.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { buildTestConfig } from "../support/test-app.ts";

// Several instances share nothing in memory (issue 18): better-auth keeps sessions, OAuth state
// and verification tokens in the database, and its own in-memory rate limiter is off (our
// attempt limits count in the database, auth/attempt-limits.ts).
describe("better-auth keeps nothing in process memory", () => {
  const authDb = new Kysely<unknown>({
    dialect: {
      createAdapter: () => ({}),
      createDriver: () => ({}),
      createIntrospector: () => ({}),
      createQueryCompiler: () => ({}),
    } as never,
  });
  const auth = createAuth({
    config: buildTestConfig("/tmp/nk-unused"),
    authDb,
    queueMail: async () => {},
    logger: createLogger("error"),
  });
  // The general option type, to read options this configuration leaves at their defaults.
  const options: BetterAuthOptions = auth.options;

  it("has its rate limiter off, so nothing is counted in memory", () => {
    expect(options.rateLimit?.enabled).toBe(false);
  });

  it("stores sessions in the database: no secondary (memory) storage, no cookie cache", () => {
    expect(options.secondaryStorage).toBeUndefined();
    expect(options.session?.cookieCache?.enabled ?? false).toBe(false);
    expect(options.database).toMatchObject({ db: authDb, type: "postgres" });
  });

  it("keeps OAuth state in the database (the default), not in a cookie or memory", () => {
    expect(options.account?.storeStateStrategy ?? "database").toBe("database");
  });
});
