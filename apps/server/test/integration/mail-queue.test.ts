import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

describe.each(TEST_DRIVERS)("outgoing mail through the job queue (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("answers the reset request at once with a queued mail job; a worker writes the mail", async () => {
    const { email } = await t.signUp();
    const response = await t.request("POST", "/api/auth/request-password-reset", {
      body: { email },
    });
    expect(response.status).toBe(200);

    const jobs = await t.db
      .selectFrom("jobs")
      .select(["kind", "status", "payload"])
      .where("kind", "=", "mail.send")
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      kind: "mail.send",
      status: "queued",
      payload: { to: email, subject: expect.stringContaining("Passwort") },
    });
    expect(fs.existsSync(t.outboxDir) ? fs.readdirSync(t.outboxDir) : []).toEqual([]);

    expect(await t.runDueJobs()).toBe(1);
    const files = fs.readdirSync(t.outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = fs.readFileSync(`${t.outboxDir}/${files[0]}`, "utf8");
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toContain("/auth/new-password?token=");
    const done = await t.db
      .selectFrom("jobs")
      .select(["status", "attempts"])
      .where("kind", "=", "mail.send")
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: "succeeded", attempts: 1 });
  });
});
