import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { readPdfText } from "../support/pdf-text.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createBillingPeriodViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { SAMPLE_BILLING_DATA } from "../support/statement-fixtures.ts";

// Issue 28, item 6: a saved run's results as CSV for spreadsheets (';', UTF-8 with BOM,
// decimal comma), one line per tenancy and cost item plus total, prepayments and result;
// a tenant's name that a spreadsheet would run as a formula is written as text.

describe.each(TEST_DRIVERS)("results export (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function saveRun(plan: string) {
    const account = await t.signUp();
    await t.db
      .updateTable("subscriptions")
      .set({ plan, status: "active" })
      .where("userId", "=", account.userId)
      .execute();
    expect(
      (
        await t.request("PUT", "/api/billing-data", {
          cookie: account.cookie,
          body: SAMPLE_BILLING_DATA,
        })
      ).status,
    ).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: "Lindenhof 2" });
    const eg = await insertUnit(t.db, account.userId, property.id, { name: "EG", area: "60.00" });
    const og = await insertUnit(t.db, account.userId, property.id, { name: "OG", area: "90.00" });
    await insertTenant(t.db, account.userId, eg.id, {
      name: "Jürgen Weiß",
      moveInDate: "2015-01-01",
    });
    await insertTenant(t.db, account.userId, og.id, {
      name: '=HYPERLINK("http://evil.example";"Klick")',
      moveInDate: "2015-01-01",
    });
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      property.id,
      "2025-01-01",
      "2025-12-31",
    );
    const costItems = [
      { costType: "Grundsteuer", amount: "1500.00", key: "area" },
      { costType: "Müllabfuhr", amount: "300.00", key: "units" },
    ];
    const response = await t.request("POST", "/api/statements", {
      cookie: account.cookie,
      body: { billingPeriodId, costItems, finalize: false },
    });
    const body = await readJson(response);
    expect(response.status, JSON.stringify(body)).toBe(201);
    return { ...account, runId: body.id as string };
  }

  it("writes every tenancy's lines, total, prepayments and result, with umlauts, decimal commas and no formula", async () => {
    const { cookie, userId, runId } = await saveRun("enterprise");
    const response = await t.request("GET", `/api/statements/${runId}/results.csv`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("Ergebnisse 2025 Lindenhof 2 ENTWURF.csv")}`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    expect(text.split("\r\n")).toEqual([
      "Einheit;Mieter;Zeitraum von;Zeitraum bis;Zeile;Kostenart;Verteilerschlüssel;Betrag (EUR)",
      "EG;Jürgen Weiß;01.01.2025;31.12.2025;Kosten;Grundsteuer;Wohnfläche;600,00",
      "EG;Jürgen Weiß;01.01.2025;31.12.2025;Kosten;Müllabfuhr;Wohneinheiten;150,00",
      "EG;Jürgen Weiß;01.01.2025;31.12.2025;Summe Kosten;;;750,00",
      "EG;Jürgen Weiß;01.01.2025;31.12.2025;Vorauszahlungen;;;0,00",
      "EG;Jürgen Weiß;01.01.2025;31.12.2025;Ergebnis (+ Nachzahlung / − Guthaben);;;750,00",
      `OG;"'=HYPERLINK(""http://evil.example"";""Klick"")";01.01.2025;31.12.2025;Kosten;Grundsteuer;Wohnfläche;900,00`,
      `OG;"'=HYPERLINK(""http://evil.example"";""Klick"")";01.01.2025;31.12.2025;Kosten;Müllabfuhr;Wohneinheiten;150,00`,
      `OG;"'=HYPERLINK(""http://evil.example"";""Klick"")";01.01.2025;31.12.2025;Summe Kosten;;;1050,00`,
      `OG;"'=HYPERLINK(""http://evil.example"";""Klick"")";01.01.2025;31.12.2025;Vorauszahlungen;;;0,00`,
      `OG;"'=HYPERLINK(""http://evil.example"";""Klick"")";01.01.2025;31.12.2025;Ergebnis (+ Nachzahlung / − Guthaben);;;1050,00`,
      "",
    ]);
    const activity = await t.db
      .selectFrom("userActivities")
      .select("description")
      .where("userId", "=", userId)
      .where("entityType", "=", "system")
      .execute();
    expect(activity.map((row) => row.description)).toEqual([
      "Ergebnisse exportiert (CSV): Lindenhof 2",
    ]);
  });

  it("gives every tenancy's letter as its own PDF in one ZIP, named by unit and tenant (issue 28, item 6)", async () => {
    const { cookie, runId } = await saveRun("enterprise");
    const response = await t.request("GET", `/api/statements/${runId}/letters.zip`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="Briefe_2025_Lindenhof_2_ENTWURF.zip"',
    );
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(entries).sort();
    expect(names).toEqual([
      "EG_Juergen_Weiss_ENTWURF.pdf",
      "OG_HYPERLINK_http_evil.example_Klick_ENTWURF.pdf",
    ]);
    // Each entry is that tenancy's letter, read back as the tenant would: its own figures only.
    const text = readPdfText(entries["EG_Juergen_Weiss_ENTWURF.pdf"]!);
    expect(text).toContain("Jürgen Weiß");
    expect(text).toContain("750,00 €");
    expect(text).toContain("ENTWURF");
    expect(text).not.toContain("1.050,00 €");
  });

  it("is a plan feature, and another account's run or an unknown id is not found", async () => {
    const starter = await saveRun("professional");
    const owner = await saveRun("enterprise");
    for (const file of ["results.csv", "letters.zip"]) {
      const refused = await t.request("GET", `/api/statements/${starter.runId}/${file}`, {
        cookie: starter.cookie,
      });
      expect(refused.status, file).toBe(403);
      expect((await readJson(refused)).error).toMatchObject({
        code: "FEATURE_NOT_IN_PLAN",
        message: "Massenimport und -export ist in Ihrem aktuellen Plan nicht verfügbar.",
      });
      for (const id of [starter.runId, UNKNOWN_ID, "keine-id"]) {
        const response = await t.request("GET", `/api/statements/${id}/${file}`, {
          cookie: owner.cookie,
        });
        expect(response.status, `${file} ${id}`).toBe(404);
        expect((await readJson(response)).error.message).toBe("Abrechnung nicht gefunden");
      }
    }
  });
});
