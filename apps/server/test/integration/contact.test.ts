import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWithinOneWindow } from "../support/rate-limit-window.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

const OPERATOR = {
  name: "Muster Software GmbH",
  representative: "Erika Muster",
  street: "Hauptstraße 1",
  postalCode: "33602",
  city: "Bielefeld",
  email: "kontakt@muster-software.de",
  phone: "0521 123456",
  registerEntry: "Amtsgericht Bielefeld, HRB 12345",
  vatId: "DE123456789",
  privacyContact: null,
};

const valid = {
  name: "Jana Vermieterin",
  email: "jana@example.de",
  subject: "Enterprise-Anfrage",
  message: "Wir verwalten 120 Einheiten und möchten ein Angebot.",
};

describe.each(TEST_DRIVERS)("landing contact form and operator details (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver, { operator: OPERATOR });
  });
  afterAll(async () => t?.close());

  it("stores the request and mails it to the operator, without a session", async () => {
    const response = await t.request("POST", "/api/contact", {
      body: valid,
      headers: { "x-forwarded-for": "203.0.113.1" },
    });
    expect(response.status).toBe(202);
    expect((await readJson(response)).message).toBe(
      "Vielen Dank für Ihre Nachricht! Wir melden uns so schnell wie möglich bei Ihnen.",
    );
    const rows = await t.db
      .selectFrom("contactRequests")
      .selectAll()
      .where("email", "=", "jana@example.de")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Jana Vermieterin", subject: "Enterprise-Anfrage" });
    const mails = await t.readOutbox();
    const mail = mails.find((m) => m.includes("Kontaktanfrage"));
    expect(mail).toBeDefined();
    expect(mail).toContain("To: kontakt@muster-software.de");
    expect(mail).toContain("jana@example.de");
    expect(mail).toContain("120 Einheiten");
  });

  it("validates every field with German messages and stores nothing", async () => {
    const before = await t.db.selectFrom("contactRequests").select("id").execute();
    const response = await t.request("POST", "/api/contact", {
      body: { name: "J", email: "keine-adresse", subject: "Werbung", message: "kurz" },
      headers: { "x-forwarded-for": "203.0.113.2" },
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).error.fields).toEqual({
      name: "Name muss mindestens 2 Zeichen lang sein",
      email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      subject: "Bitte wählen Sie einen Betreff.",
      message: "Nachricht muss mindestens 10 Zeichen lang sein",
    });
    expect(await t.db.selectFrom("contactRequests").select("id").execute()).toHaveLength(
      before.length,
    );
  });

  it("limits requests per sender address to 3 an hour", async () => {
    // The three requests and the refused fourth in one hour's window (again with another sender
    // if the hour turned).
    let tries = 0;
    const { email, accepted, limited } = await runWithinOneWindow(t.db, 3600, async () => {
      const email = `vielschreiber-${(tries += 1)}@example.de`;
      const accepted: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await t.request("POST", "/api/contact", {
          body: { ...valid, email },
          headers: { "x-forwarded-for": `198.51.100.${i}` },
        });
        accepted.push(response.status);
      }
      const limited = await t.request("POST", "/api/contact", {
        body: { ...valid, email: email.replace("vielschreiber", "VIELSCHREIBER") },
        headers: { "x-forwarded-for": "198.51.100.9" },
      });
      return { email, accepted, limited };
    });
    expect(accepted).toEqual([202, 202, 202]);
    expect(limited.status).toBe(429);
    expect((await readJson(limited)).error.message).toBe(
      "Sie haben bereits mehrere Nachrichten gesendet. Bitte versuchen Sie es in einer Stunde erneut.",
    );
    expect(
      await t.db.selectFrom("contactRequests").select("id").where("email", "=", email).execute(),
    ).toHaveLength(3);
  });

  it("serves the operator's details for the legal pages", async () => {
    const response = await t.request("GET", "/api/operator");
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ ...OPERATOR, isConfigured: true });
  });
});

describe.each(TEST_DRIVERS)("operator details when none are set (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("says the operator is not configured and mails contact requests to the sender address of the installation", async () => {
    const info = await readJson(await t.request("GET", "/api/operator"));
    expect(info.isConfigured).toBe(false);
    expect(info.name).toBeNull();
    expect((await t.request("POST", "/api/contact", { body: valid })).status).toBe(202);
    const mails = await t.readOutbox();
    expect(mails.find((m) => m.includes("Kontaktanfrage"))).toContain("To: no-reply@localhost");
  });
});
