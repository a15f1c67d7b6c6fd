import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposeMonthlyPrepayment } from "@nk/engine";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA,
} from "../support/fixtures.ts";
import { createBillingPeriodViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { readPdfText } from "../support/pdf-text.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 30, item 2 (decision 1500, docs/calculation/18-fristen.md): § 560 (4) BGB. The letters
// propose the new monthly prepayment (a twelfth of the year's costs, rounded as chosen for the
// run), and one action creates it for every tenancy of the run.

const COST_ITEMS = [
  { costType: "Grundsteuer", amount: "600.00", key: "area" },
  { costType: "Müllabfuhr", amount: "300.00", key: "units" },
];

describe.each(TEST_DRIVERS)("prepayment adjustment after a statement (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** Krüger (EG, 60 m²) costs 340,00 €, Weiß (OG, 40 m²) 260,00 €; Neumann (DG, 50 m²) moved in on 1 July 2025. */
  async function setUp() {
    const account = await t.signUp();
    expect(
      (
        await t.request("PUT", "/api/billing-data", {
          cookie: account.cookie,
          body: TEST_BILLING_DATA,
        })
      ).status,
    ).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: "Gartenweg 7" });
    const eg = await insertUnit(t.db, account.userId, property.id, {
      name: "EG links",
      area: "60.00",
    });
    const og = await insertUnit(t.db, account.userId, property.id, {
      name: "OG rechts",
      area: "40.00",
    });
    const dg = await insertUnit(t.db, account.userId, property.id, { name: "DG", area: "50.00" });
    const krueger = await insertTenant(t.db, account.userId, eg.id, {
      name: "Jürgen Krüger",
      moveInDate: "2015-01-01",
    });
    const weiss = await insertTenant(t.db, account.userId, og.id, {
      name: "Maria Weiß",
      moveInDate: "2015-01-01",
    });
    const neumann = await insertTenant(t.db, account.userId, dg.id, {
      name: "Nina Neumann",
      moveInDate: "2025-07-01",
    });
    for (const [tenant, validFrom] of [
      [krueger, "2015-01-01"],
      [weiss, "2015-01-01"],
      [neumann, "2025-07-01"],
    ] as const) {
      const response = await t.request("POST", `/api/tenants/${tenant.id}/prepayments`, {
        cookie: account.cookie,
        body: { monthlyAmount: "20.00", validFrom },
      });
      expect(response.status).toBe(201);
    }
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      property.id,
      "2025-01-01",
      "2025-12-31",
    );
    return {
      ...account,
      billingPeriodId,
      kruegerId: krueger.id,
      weissId: weiss.id,
      neumannId: neumann.id,
    };
  }

  async function finalize(
    cookie: string,
    billingPeriodId: string,
    body: Record<string, unknown> = {},
  ) {
    const response = await t.request("POST", "/api/statements", {
      cookie,
      body: { billingPeriodId, costItems: COST_ITEMS, finalize: true, ...body },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return readJson(response);
  }

  async function dispatch(cookie: string, runId: string) {
    return readJson(await t.request("GET", `/api/statements/${runId}/dispatch`, { cookie }));
  }

  const proposalOf = (
    overview: { letters: Array<{ tenantName: string; proposedPrepayment: string | null }> },
    name: string,
  ) => overview.letters.find((l) => l.tenantName === name)!.proposedPrepayment;

  async function prepaymentsOf(tenantId: string) {
    return t.db
      .selectFrom("tenantPrepayments")
      .select(["monthlyAmount", "validFrom", "validUntil", "isActive"])
      .where("tenantId", "=", tenantId)
      .orderBy("validFrom")
      .execute();
  }

  it("the letter proposes a twelfth of the year's costs, rounded as chosen; applying it creates the prepayments from the chosen month in one step", async () => {
    const account = await setUp();
    const run = await finalize(account.cookie, account.billingPeriodId, {
      prepaymentRounding: "euro",
    });
    const statementOf = (tenantId: string) =>
      run.statements.find((s: { tenantId: string }) => s.tenantId === tenantId);

    // 340,00 / 12 = 28,33 → 28 €; 260,00 / 12 = 21,67 → 22 €.
    const euro = await dispatch(account.cookie, run.id);
    expect(euro.prepaymentRounding).toBe("euro");
    expect(proposalOf(euro, "Jürgen Krüger")).toBe("28.00");
    expect(proposalOf(euro, "Maria Weiß")).toBe("22.00");
    // Neumann's half year scaled to a whole one (engine, docs/calculation/18-fristen.md).
    const saved0 = await readJson(
      await t.request("GET", `/api/statements/${run.id}`, { cookie: account.cookie }),
    );
    const neumannTotal = saved0.result.tenancies.find(
      (x: { tenancyId: string }) => x.tenancyId === account.neumannId,
    );
    expect(neumannTotal.days).toBe(184);
    expect(proposalOf(euro, "Nina Neumann")).toBe(
      proposeMonthlyPrepayment({
        costs: neumannTotal.total,
        periodStart: "2025-01-01",
        tenancyDays: 184,
        rounding: "euro",
      }),
    );

    const letter = await t.request(
      "GET",
      `/api/tenant-statements/${statementOf(account.kruegerId).id}/pdf`,
      { cookie: account.cookie },
    );
    expect(letter.status).toBe(200);
    expect(readPdfText(new Uint8Array(await letter.arrayBuffer()))).toContain(
      "Anpassung der Vorauszahlung: Nach § 560 Abs. 4 BGB passen wir Ihre monatliche Vorauszahlung an die Kosten dieser Abrechnung an: Ab der nächsten Fälligkeit nach Erhalt dieser Abrechnung beträgt sie 28,00 € (ein Zwölftel Ihrer Kosten für ein Jahr, auf volle Euro gerundet).",
    );

    // Five euros: 28,33 → 30 €, 21,67 → 20 €.
    const saved = await t.request("PUT", `/api/statements/${run.id}/prepayment-rounding`, {
      cookie: account.cookie,
      body: { rounding: "five_euros" },
    });
    expect(await readJson(saved)).toEqual({
      rounding: "five_euros",
      message: "Vorschlag für die Vorauszahlungen gespeichert.",
    });
    const five = await dispatch(account.cookie, run.id);
    expect([proposalOf(five, "Jürgen Krüger"), proposalOf(five, "Maria Weiß")]).toEqual([
      "30.00",
      "20.00",
    ]);
    const bad = await t.request("PUT", `/api/statements/${run.id}/prepayment-rounding`, {
      cookie: account.cookie,
      body: { rounding: "cent" },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields.rounding).toBe(
      "Bitte wählen Sie „auf volle Euro“, „auf volle 5 Euro“ oder keinen Vorschlag.",
    );

    // Bad months change nothing.
    const inPeriod = await t.request("POST", `/api/statements/${run.id}/prepayment-adjustment`, {
      cookie: account.cookie,
      body: { validFrom: "2025-12-01" },
    });
    expect(inPeriod.status).toBe(400);
    expect((await readJson(inPeriod)).error.fields.validFrom).toBe(
      "Die neue Vorauszahlung kann frühestens ab dem Monat nach dem Abrechnungszeitraum (Ende 31.12.2025) gelten.",
    );
    const midMonth = await t.request("POST", `/api/statements/${run.id}/prepayment-adjustment`, {
      cookie: account.cookie,
      body: { validFrom: "2026-03-15" },
    });
    expect(midMonth.status).toBe(400);
    expect((await readJson(midMonth)).error.fields.validFrom).toBe(
      "Die neue Vorauszahlung gilt ab dem Ersten eines Monats.",
    );
    const stranger = await t.signUp();
    expect(
      (
        await t.request("POST", `/api/statements/${run.id}/prepayment-adjustment`, {
          cookie: stranger.cookie,
          body: { validFrom: "2026-03-01" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request("PUT", `/api/statements/${run.id}/prepayment-rounding`, {
          cookie: stranger.cookie,
          body: { rounding: null },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request("POST", `/api/statements/${UNKNOWN_ID}/prepayment-adjustment`, {
          cookie: account.cookie,
          body: { validFrom: "2026-03-01" },
        })
      ).status,
    ).toBe(404);
    expect(await prepaymentsOf(account.kruegerId)).toHaveLength(1);

    const applied = await t.request("POST", `/api/statements/${run.id}/prepayment-adjustment`, {
      cookie: account.cookie,
      body: { validFrom: "2026-03-01" },
    });
    expect(applied.status, await applied.clone().text()).toBe(200);
    const answer = await readJson(applied);
    expect(answer.message).toBe("3 neue Vorauszahlungen ab 01.03.2026 angelegt.");
    // Neumann: about 151 € for 184 days, a year about 300 €, / 12 = 25 €.
    expect(
      answer.created
        .map((c: { tenantName: string; monthlyAmount: string }) => [c.tenantName, c.monthlyAmount])
        .sort(),
    ).toEqual([
      ["Jürgen Krüger", "30.00"],
      ["Maria Weiß", "20.00"],
      ["Nina Neumann", "25.00"],
    ]);
    expect(await prepaymentsOf(account.kruegerId)).toEqual([
      { monthlyAmount: "20.00", validFrom: "2015-01-01", validUntil: "2026-02-28", isActive: true },
      { monthlyAmount: "30.00", validFrom: "2026-03-01", validUntil: null, isActive: true },
    ]);

    // Applied twice: refused, nothing changed.
    const again = await t.request("POST", `/api/statements/${run.id}/prepayment-adjustment`, {
      cookie: account.cookie,
      body: { validFrom: "2026-03-01" },
    });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.message).toBe(
      "Für Nina Neumann ist schon eine Vorauszahlung ab 01.03.2026 erfasst. Bitte wählen Sie einen späteren Monat oder passen Sie sie beim Mieter an.",
    );
    expect(await prepaymentsOf(account.weissId)).toHaveLength(2);
  });

  it("without a chosen rounding the letters propose nothing and applying is refused", async () => {
    const account = await setUp();
    const run = await finalize(account.cookie, account.billingPeriodId);
    const overview = await dispatch(account.cookie, run.id);
    expect(overview.prepaymentRounding).toBeNull();
    expect(
      overview.letters.every(
        (l: { proposedPrepayment: string | null }) => l.proposedPrepayment === null,
      ),
    ).toBe(true);
    const refused = await t.request("POST", `/api/statements/${run.id}/prepayment-adjustment`, {
      cookie: account.cookie,
      body: { validFrom: "2026-03-01" },
    });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error.code).toBe("NO_PREPAYMENT_PROPOSAL");
  });
});
