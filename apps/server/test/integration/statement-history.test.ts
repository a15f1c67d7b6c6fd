import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import {
  createBillingPeriodViaApi,
  listActivityKeys,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 12: the statement history page by page and the status machine of docs/rules/statements.md#statuses.

const BILLING_DATA = {
  companyName: "Hausverwaltung Lindenhof",
  phone: "030 1234567",
  street: "Lindenhof",
  houseNumber: "2",
  postalCode: "10115",
  city: "Berlin",
  iban: "DE89370400440532013000",
};

function costItems(amount: string) {
  return [
    { costType: "Grundsteuer", amount, key: "area" },
    { costType: "Müllabfuhr", amount: "300.00", key: "units" },
  ];
}

function pdfText(bytes: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-history-"));
  try {
    const file = path.join(dir, "letter.pdf");
    fs.writeFileSync(file, bytes);
    return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface ListItem {
  id: string;
  name: string;
  isFinal: boolean;
  totalCosts: string;
  balanceSum: string;
  statementCount: number;
  statuses: string[];
}

describe.each(TEST_DRIVERS)("statement history (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp() {
    const account = await t.signUp();
    // More saved runs than the trial plan's two.
    await t.db
      .updateTable("subscriptions")
      .set({ plan: "professional", status: "active" })
      .where("userId", "=", account.userId)
      .execute();
    const billing = await t.request("PUT", "/api/billing-data", {
      cookie: account.cookie,
      body: BILLING_DATA,
    });
    expect(billing.status).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: "Lindenhof 2" });
    const eg = await insertUnit(t.db, account.userId, property.id, { name: "EG", area: "60.00" });
    const og = await insertUnit(t.db, account.userId, property.id, { name: "OG", area: "90.00" });
    await insertTenant(t.db, account.userId, eg.id, {
      name: "Jana Erdmann",
      moveInDate: "2015-01-01",
    });
    await insertTenant(t.db, account.userId, og.id, {
      name: "Olaf Oben",
      moveInDate: "2015-01-01",
    });
    return { ...account, propertyId: property.id };
  }

  async function saveRun(
    cookie: string,
    propertyId: string,
    year: number,
    amount: string,
    finalize = false,
  ) {
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      cookie,
      propertyId,
      `${year}-01-01`,
      `${year}-12-31`,
    );
    const response = await t.request("POST", "/api/statements", {
      cookie,
      body: { billingPeriodId, costItems: costItems(amount), finalize },
    });
    const body = await readJson(response);
    if (response.status !== 201)
      throw new Error(`save: ${response.status} ${JSON.stringify(body)}`);
    return body as { id: string; statements: { id: string; tenantName: string; status: string }[] };
  }

  async function list(cookie: string, query: string) {
    const response = await t.request("GET", `/api/statements${query}`, { cookie });
    return { status: response.status, body: await readJson(response) };
  }

  async function transition(cookie: string, url: string, body: unknown) {
    const response = await t.request("POST", url, { cookie, body });
    return { status: response.status, body: await readJson(response) };
  }

  it("lists the runs of a property newest first with totals, balances and the total count", async () => {
    const { cookie, propertyId } = await setUp();
    const first = await saveRun(cookie, propertyId, 2021, "600.00");
    const second = await saveRun(cookie, propertyId, 2022, "900.00", true);
    const third = await saveRun(cookie, propertyId, 2023, "300.00");
    const { status, body } = await list(cookie, `?propertyId=${propertyId}`);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.offset).toBe(0);
    expect(body.limit).toBe(50);
    expect(body.items.map((i: ListItem) => i.id)).toEqual([third.id, second.id, first.id]);
    const item = body.items.find((i: ListItem) => i.id === second.id);
    expect(item).toMatchObject({
      name: "Abrechnung 01.01.2022 - 31.12.2022",
      isFinal: true,
      isReplaced: false,
      version: 1,
      totalCosts: "1200.00",
      statementCount: 2,
      statuses: ["finalized"],
    });
    // No prepayments: the balances add up to the whole costs.
    expect(item.balanceSum).toBe("1200.00");
    expect(body.items.find((i: ListItem) => i.id === first.id).statuses).toEqual(["calculated"]);
  });

  it("filters by status and search text, sorts by cost and status, and pages on the server", async () => {
    const { cookie, propertyId } = await setUp();
    const a = await saveRun(cookie, propertyId, 2020, "600.00");
    const b = await saveRun(cookie, propertyId, 2021, "2000.00", true);
    const c = await saveRun(cookie, propertyId, 2022, "100.00");
    const ids = async (query: string) =>
      ((await list(cookie, `?propertyId=${propertyId}&${query}`)).body.items as ListItem[]).map(
        (i) => i.id,
      );
    expect(await ids("status=draft")).toEqual([c.id, a.id]);
    expect(await ids("status=final")).toEqual([b.id]);
    expect(await ids("sort=oldest")).toEqual([a.id, b.id, c.id]);
    expect(await ids("sort=highest_cost")).toEqual([b.id, a.id, c.id]);
    expect(await ids("sort=lowest_cost")).toEqual([c.id, a.id, b.id]);
    expect(await ids("sort=status")).toEqual([c.id, a.id, b.id]);
    expect(await ids("q=2021")).toEqual([b.id]);
    expect(await ids("q=olaf")).toHaveLength(3);
    expect(await ids("q=100%25")).toEqual([]);
    const page = await list(cookie, `?propertyId=${propertyId}&limit=2&offset=2`);
    expect(page.body).toMatchObject({ total: 3, offset: 2, limit: 2 });
    expect(page.body.items.map((i: ListItem) => i.id)).toEqual([a.id]);
  });

  it("answers bad query values with German 400s and another account's property with 404", async () => {
    const { cookie } = await setUp();
    const other = await setUp();
    await saveRun(other.cookie, other.propertyId, 2024, "600.00");
    const cases: [string, string][] = [
      ["status=open", "Bitte wählen Sie einen gültigen Status: alle, Entwurf oder Finalisiert."],
      ["sort=random", "Bitte wählen Sie eine gültige Sortierung."],
      ["offset=-1", "Der Versatz muss eine ganze Zahl ab 0 sein."],
      ["limit=0", "Die Seitengröße muss eine ganze Zahl zwischen 1 und 200 sein."],
      ["limit=abc", "Die Seitengröße muss eine ganze Zahl zwischen 1 und 200 sein."],
      ["propertyId=nope", "Immobilie nicht gefunden"],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await list(cookie, `?${query}`);
      expect(status, query).toBe(400);
      expect(JSON.stringify(body.error), query).toContain(message);
    }
    const foreign = await list(cookie, `?propertyId=${other.propertyId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Immobilie nicht gefunden");
    const mine = await list(cookie, "");
    expect(mine.body).toMatchObject({ total: 0, items: [] });
    const unauthenticated = await t.request("GET", "/api/statements");
    expect(unauthenticated.status).toBe(401);
  });

  it("moves a run through calculated, validated (after the PDF), finalized, sent and archived", async () => {
    const { cookie, userId, propertyId } = await setUp();
    const run = await saveRun(cookie, propertyId, 2024, "600.00");
    const url = `/api/statements/${run.id}/transition`;

    const noPdf = await transition(cookie, url, { to: "validated" });
    expect(noPdf.status).toBe(409);
    expect(noPdf.body.error).toMatchObject({
      code: "TRANSITION_REFUSED",
      message: "Das PDF muss erzeugt sein, bevor die Abrechnung als geprüft markiert werden kann.",
    });

    const skip = await transition(cookie, url, { to: "finalized" });
    expect(skip.status).toBe(409);
    expect(skip.body.error.message).toBe(
      "Der Statuswechsel von „Berechnet“ zu „Finalisiert“ ist nicht erlaubt.",
    );

    const pdf = await t.request("GET", `/api/statements/${run.id}/pdf`, { cookie });
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    const validated = await transition(cookie, url, { to: "validated" });
    expect(validated.status).toBe(200);
    expect(validated.body.statements.map((s: { status: string }) => s.status)).toEqual([
      "validated",
      "validated",
    ]);
    expect(validated.body.isFinal).toBe(false);

    const back = await transition(cookie, url, { to: "calculated" });
    expect(back.status).toBe(200);
    const again = await transition(cookie, url, { to: "validated" });
    expect(again.status).toBe(200);

    const finalized = await transition(cookie, url, { to: "finalized" });
    expect(finalized.status).toBe(200);
    expect(finalized.body.isFinal).toBe(true);
    const rows = await t.db
      .selectFrom("tenancyStatements")
      .select(["status", "finalizedAt", "sentAt"])
      .where("statementRunId", "=", run.id)
      .execute();
    expect(
      rows.every((r) => r.status === "finalized" && r.finalizedAt !== null && r.sentAt === null),
    ).toBe(true);
    const snapshot = await t.db
      .selectFrom("statementRuns")
      .select(["isFinal", "finalizedAt"])
      .where("id", "=", run.id)
      .executeTakeFirstOrThrow();
    expect(snapshot.isFinal).toBe(true);
    expect(snapshot.finalizedAt).not.toBeNull();

    // docs/rules/statements.md#saved-runs: a finalized run is not taken back, not even by force.
    const undo = await transition(cookie, url, {
      to: "calculated",
      force: true,
      reason: "Versehen",
    });
    expect(undo.status).toBe(409);
    expect(undo.body.error.message).toContain("Korrektur");

    const tenantUrl = `/api/tenant-statements/${run.statements[0]!.id}/transition`;
    const sent = await transition(cookie, tenantUrl, { to: "sent" });
    expect(sent.status).toBe(200);
    expect(sent.body.statements).toEqual([
      { id: run.statements[0]!.id, from: "finalized", status: "sent" },
    ]);
    const sentRow = await t.db
      .selectFrom("tenancyStatements")
      .select(["status", "sentAt"])
      .where("id", "=", run.statements[0]!.id)
      .executeTakeFirstOrThrow();
    expect(sentRow.status).toBe("sent");
    expect(sentRow.sentAt).not.toBeNull();

    // The whole run: one is sent already, the other is not; archiving needs 'sent' for each.
    const archiveRun = await transition(cookie, url, { to: "archived" });
    expect(archiveRun.status).toBe(409);
    expect(archiveRun.body.error.message).toBe(
      "Der Statuswechsel von „Finalisiert“ zu „Archiviert“ ist nicht erlaubt.",
    );
    const archived = await transition(cookie, tenantUrl, { to: "archived" });
    expect(archived.status).toBe(200);

    const keys = await listActivityKeys(t, userId);
    expect(keys.filter((k) => k === "statement.status_changed")).toHaveLength(10);
    expect(keys.filter((k) => k === "statement.finalized")).toHaveLength(1);
  });

  it("finalizes a run when its last tenancy statement is finalized, and logs a forced transition with its reason", async () => {
    const { cookie, userId, propertyId } = await setUp();
    const run = await saveRun(cookie, propertyId, 2024, "600.00");
    const [one, two] = run.statements;
    const noReason = await transition(cookie, `/api/tenant-statements/${one!.id}/transition`, {
      to: "finalized",
      force: true,
    });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body.error)).toContain(
      "Bitte geben Sie einen Grund für den erzwungenen Statuswechsel an.",
    );

    const forced = await transition(cookie, `/api/tenant-statements/${one!.id}/transition`, {
      to: "finalized",
      force: true,
      reason: "Mieter hat Entwurf bereits geprüft",
    });
    expect(forced.status).toBe(200);
    expect(forced.body.isFinal).toBe(false);
    const listed = await list(cookie, `?propertyId=${propertyId}`);
    expect(listed.body.items[0]).toMatchObject({
      isFinal: false,
      statuses: ["calculated", "finalized"],
    });

    await transition(cookie, `/api/tenant-statements/${two!.id}/transition`, {
      to: "finalized",
      force: true,
      reason: "ebenso",
    });
    const after = await list(cookie, `?propertyId=${propertyId}&status=final`);
    expect(after.body.items.map((i: ListItem) => i.id)).toEqual([run.id]);

    const entry = await t.db
      .selectFrom("userActivities")
      .select(["description", "metadata"])
      .where("userId", "=", userId)
      .where("entityId", "=", one!.id)
      .where("action", "=", "status_changed")
      .executeTakeFirstOrThrow();
    expect(entry.description).toContain("erzwungen: Mieter hat Entwurf bereits geprüft");
    expect(entry.metadata).toMatchObject({
      from: "calculated",
      to: "finalized",
      forced: true,
      reason: "Mieter hat Entwurf bereits geprüft",
    });
  });

  it("refuses bad bodies, unknown and other accounts' statements, and changes nothing", async () => {
    const { cookie, propertyId } = await setUp();
    const other = await setUp();
    const run = await saveRun(cookie, propertyId, 2024, "600.00");
    const bad = await transition(cookie, `/api/statements/${run.id}/transition`, { to: "done" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain("Bitte wählen Sie einen gültigen Zielstatus.");
    for (const url of [
      `/api/statements/${run.id}/transition`,
      `/api/tenant-statements/${run.statements[0]!.id}/transition`,
    ]) {
      const foreign = await transition(other.cookie, url, { to: "draft" });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.message).toBe("Abrechnung nicht gefunden");
    }
    for (const url of [
      `/api/statements/${UNKNOWN_ID}/transition`,
      "/api/tenant-statements/nope/transition",
    ]) {
      expect((await transition(cookie, url, { to: "draft" })).status).toBe(404);
    }
    const rows = await t.db
      .selectFrom("tenancyStatements")
      .select("status")
      .where("statementRunId", "=", run.id)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(["calculated", "calculated"]);
    // calculated -> draft is allowed for the owner (admin).
    const toDraft = await transition(cookie, `/api/statements/${run.id}/transition`, {
      to: "draft",
    });
    expect(toDraft.status).toBe(200);
    const toCalculated = await transition(cookie, `/api/statements/${run.id}/transition`, {
      to: "calculated",
    });
    expect(toCalculated.status).toBe(200);
  });

  it("deletes a draft run with its statements and refuses a finalized one with 409", async () => {
    const { cookie, userId, propertyId } = await setUp();
    const other = await setUp();
    const draft = await saveRun(cookie, propertyId, 2023, "600.00");
    const final = await saveRun(cookie, propertyId, 2024, "600.00", true);
    expect(
      (await t.request("DELETE", `/api/statements/${draft.id}`, { cookie: other.cookie })).status,
    ).toBe(404);
    const refused = await t.request("DELETE", `/api/statements/${final.id}`, { cookie });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error).toMatchObject({
      code: "STATEMENT_FINAL",
      message:
        "Eine finalisierte Abrechnung kann nicht gelöscht werden. Sie können sie archivieren oder korrigieren.",
    });
    const deleted = await t.request("DELETE", `/api/statements/${draft.id}`, { cookie });
    expect(deleted.status).toBe(204);
    expect(
      await t.db
        .selectFrom("tenancyStatements")
        .select("id")
        .where("statementRunId", "=", draft.id)
        .execute(),
    ).toHaveLength(0);
    const listed = await list(cookie, `?propertyId=${propertyId}`);
    expect(listed.body.items.map((i: ListItem) => i.id)).toEqual([final.id]);
    expect(await listActivityKeys(t, userId)).toContain("statement.deleted");
    expect((await t.request("DELETE", `/api/statements/${draft.id}`, { cookie })).status).toBe(404);
  });

  it("corrects a finalized run: version 2 as a draft, 'ersetzt' once it is final, both readable", async () => {
    const { cookie, userId, propertyId } = await setUp();
    const other = await setUp();
    const original = await saveRun(cookie, propertyId, 2024, "600.00", true);
    const draftOnly = await saveRun(cookie, propertyId, 2023, "600.00");
    expect(
      (await transition(other.cookie, `/api/statements/${original.id}/corrections`, {})).status,
    ).toBe(404);
    const notFinal = await transition(cookie, `/api/statements/${draftOnly.id}/corrections`, {});
    expect(notFinal.status).toBe(409);
    expect(notFinal.body.error).toMatchObject({
      code: "STATEMENT_NOT_FINAL",
      message: "Nur finalisierte Abrechnungen können korrigiert werden.",
    });

    const created = await t.request("POST", `/api/statements/${original.id}/corrections`, {
      cookie,
    });
    expect(created.status).toBe(201);
    const correction = await readJson(created);
    expect(correction).toMatchObject({ version: 2, replacesId: original.id });
    const again = await transition(cookie, `/api/statements/${original.id}/corrections`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CORRECTION_EXISTS");

    const listed = (await list(cookie, `?propertyId=${propertyId}&q=2024`)).body.items;
    expect(
      listed.map((i: ListItem & { version: number; isReplaced: boolean }) => [
        i.version,
        i.isFinal,
        i.isReplaced,
        i.statuses,
      ]),
    ).toEqual([
      [2, false, false, ["calculated"]],
      [1, true, false, ["finalized"]],
    ]);

    // The wizard saves and finalizes the correction with a changed amount.
    const billingPeriodId = correction.billingPeriodId;
    const saved = await t.request("POST", "/api/statements", {
      cookie,
      body: { billingPeriodId, costItems: costItems("900.00"), finalize: true },
    });
    expect(saved.status).toBe(201);
    const savedBody = await readJson(saved);
    expect(savedBody.id).toBe(correction.id);
    // The correction's letter says which statement it replaces (docs/rules/statements.md#saved-runs).
    const letter = await t.request(
      "GET",
      `/api/tenant-statements/${savedBody.statements[0].id}/pdf`,
      { cookie },
    );
    expect(letter.status).toBe(200);
    const finalizedOn = (
      await t.db
        .selectFrom("statementRuns")
        .select("finalizedAt")
        .where("id", "=", original.id)
        .executeTakeFirstOrThrow()
    ).finalizedAt!;
    const [y, m, d] = getTodayInGermany(finalizedOn).split("-");
    expect(pdfText(new Uint8Array(await letter.arrayBuffer())).replace(/\s+/g, " ")).toContain(
      `Korrektur (Version 2): Diese Abrechnung ersetzt die Abrechnung vom ${d}.${m}.${y}.`,
    );
    const after = (await list(cookie, `?propertyId=${propertyId}&q=2024`)).body.items;
    expect(
      after.map((i: ListItem & { version: number; isReplaced: boolean }) => [
        i.version,
        i.isFinal,
        i.isReplaced,
        i.totalCosts,
      ]),
    ).toEqual([
      [2, true, false, "1200.00"],
      [1, true, true, "900.00"],
    ]);
    const old = await t.request("GET", `/api/statements/${original.id}`, { cookie });
    expect(old.status).toBe(200);
    expect((await readJson(old)).totalCosts).toBe("900.00");
    expect(await listActivityKeys(t, userId)).toContain("statement.correction_created");
  });

  it("deleting a correction draft locks the period's inputs again", async () => {
    const { cookie, propertyId } = await setUp();
    const original = await saveRun(cookie, propertyId, 2024, "600.00", true);
    const correction = await readJson(
      await t.request("POST", `/api/statements/${original.id}/corrections`, { cookie }),
    );
    const costs = { costItems: costItems("700.00") };
    expect(
      (
        await t.request("PUT", `/api/billing-periods/${correction.billingPeriodId}/costs`, {
          cookie,
          body: costs,
        })
      ).status,
    ).toBe(200);
    expect((await t.request("DELETE", `/api/statements/${correction.id}`, { cookie })).status).toBe(
      204,
    );
    expect(
      (
        await t.request("PUT", `/api/billing-periods/${correction.billingPeriodId}/costs`, {
          cookie,
          body: costs,
        })
      ).status,
    ).toBe(409);
    const listed = (await list(cookie, `?propertyId=${propertyId}`)).body.items;
    expect(listed.map((i: ListItem) => i.id)).toEqual([original.id]);
  });

  it("pages through 1,000 saved runs on the server", async () => {
    const { cookie, userId, propertyId } = await setUp();
    // 1,000 billing periods with one saved run each, written straight into the tables.
    await sql`insert into billing_periods (user_id, property_id, name, billing_period_start, billing_period_end)
      select ${userId}, ${propertyId}::uuid, 'Lauf ' || i, date '2000-01-01' + i * 2, date '2000-01-02' + i * 2 from generate_series(1, 1000) as i`.execute(
      t.db,
    );
    await sql`with documents as (
        insert into statement_run_documents (user_id, engine_input, result, consumption)
        values (${userId}, '{}', '{}', '{}') returning id
      )
      insert into statement_runs (user_id, billing_period_id, property_id, engine_version, documents_id, total_costs, calculated_at, created_at)
      select user_id, id, property_id, '1.1', (select id from documents), (billing_period_start - date '2000-01-01')::numeric, now(), now() - (billing_period_start - date '2000-01-01') * interval '1 minute'
      from billing_periods where user_id = ${userId}`.execute(t.db);
    const first = await list(cookie, `?propertyId=${propertyId}`);
    const last = await list(cookie, `?propertyId=${propertyId}&offset=950&sort=highest_cost`);
    expect(first.body.total).toBe(1000);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0].name).toBe("Lauf 1");
    expect(last.body.items).toHaveLength(50);
    expect(last.body.items.at(-1).name).toBe("Lauf 1");
  });
});
