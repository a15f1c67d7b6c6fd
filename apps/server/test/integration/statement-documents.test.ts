import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expandCompactResult,
  getAllocationParts,
  isCompactResult,
  type CompactStatementResult,
  type StatementResult,
} from "@nk/engine";
import { formatCalendarDateDe, getTodayInGermany } from "@nk/contract";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import {
  createBillingPeriodViaApi,
  listActivityKeys,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { unpackJson } from "../../src/db/packed-json.ts";

// The statement PDFs and sending over HTTP (docs/rules/statements.md#letter-contents, docs/rules/statements.md#saved-runs, docs/rules/statements.md#pdfs-and-sending): billing data required to
// finalize, draft letters marked ENTWURF and never stored, finalized ones made once and served
// unchanged, all letters and the overview, the mail with the PDF attached, other accounts 404.

const BILLING_DATA = {
  companyName: "Hausverwaltung Sonnenschein GmbH",
  phone: "030 1234567",
  street: "Lindenstraße",
  houseNumber: "12a",
  postalCode: "10115",
  city: "Berlin",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
  bankName: "Commerzbank",
};
const PERIOD_YEAR = Number(getTodayInGermany().slice(0, 4)) - 1;
const PERIOD_DAYS = new Date(Date.UTC(PERIOD_YEAR, 1, 29)).getUTCMonth() === 1 ? 366 : 365;
const METRICS_TOKEN = "metriken-metriken-metriken-1234";
const MISSING = "Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten in den Einstellungen.";
const COST_ITEMS = [
  { costType: "Grundsteuer", amount: "600.00", key: "area" },
  { costType: "Müllabfuhr", amount: "300.00", key: "units" },
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-docs-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function textOf(bytes: Uint8Array, page?: number): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  const range = page ? ["-f", String(page), "-l", String(page)] : [];
  return execFileSync("pdftotext", [...range, file, "-"], { encoding: "utf8" });
}

function pageCount(bytes: Uint8Array): number {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
}

describe.each(TEST_DRIVERS)("statement PDFs and sending (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver, { metricsToken: METRICS_TOKEN });
  });

  /** How many PDFs GET /metrics has timed so far (the registry is the process's). */
  async function readPdfCount(): Promise<number> {
    const text = await (
      await t.request("GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const line = text
      .split("\n")
      .find((l) => l.startsWith("nk_pdf_generation_duration_seconds_count"));
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  afterAll(async () => t?.close());

  async function setUp(options: { email?: string | null } = {}) {
    const account = await t.signUp();
    const property = await insertProperty(t.db, account.userId, { name: "Gartenweg 7" });
    const eg = await insertUnit(t.db, account.userId, property.id, {
      name: "EG links",
      area: "60.00",
    });
    const og = await insertUnit(t.db, account.userId, property.id, {
      name: "OG rechts",
      area: "90.00",
    });
    const tenant = await insertTenant(t.db, account.userId, eg.id, {
      name: "Jürgen Krüger",
      moveInDate: "2020-01-01",
    });
    await insertTenant(t.db, account.userId, og.id, {
      name: "Maria Weiß",
      moveInDate: "2020-01-01",
    });
    if (options.email !== null)
      await t.db
        .updateTable("tenants")
        .set({ email: options.email ?? "juergen@example.org" })
        .where("id", "=", tenant.id)
        .execute();
    // The previous calendar year: its statement is always within the § 556 (3) BGB deadline (issue 24).
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      property.id,
      `${PERIOD_YEAR}-01-01`,
      `${PERIOD_YEAR}-12-31`,
    );
    return { ...account, propertyId: property.id, tenantId: tenant.id, billingPeriodId };
  }

  async function putBillingData(cookie: string, body: Record<string, unknown> = BILLING_DATA) {
    const response = await t.request("PUT", "/api/billing-data", { cookie, body });
    expect(response.status).toBe(200);
  }

  async function save(cookie: string, billingPeriodId: string, finalize: boolean) {
    const response = await t.request("POST", "/api/statements", {
      cookie,
      body: { billingPeriodId, costItems: COST_ITEMS, finalize },
    });
    return { status: response.status, body: await readJson(response) };
  }

  async function pdf(cookie: string, url: string) {
    const response = await t.request("GET", url, { cookie });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  it("refuses to finalize without billing data (docs/rules/statements.md#pdfs-and-sending), nothing saved", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    const { status, body } = await save(cookie, billingPeriodId, true);
    expect(status).toBe(409);
    expect(body.error).toMatchObject({ code: "BILLING_DATA_MISSING", message: MISSING });
    expect(
      await t.db.selectFrom("statementRuns").select("id").where("userId", "=", userId).execute(),
    ).toHaveLength(0);
  });

  it("answers a draft's letter fresh and marked ENTWURF on every page, never stored", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    const saved = await save(cookie, billingPeriodId, false);
    expect(saved.status).toBe(201);
    const statement = saved.body.statements.find(
      (s: { tenantName: string }) => s.tenantName === "Jürgen Krüger",
    );
    const refused = await t.request("GET", `/api/tenant-statements/${statement.id}/pdf`, {
      cookie,
    });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error.message).toBe(MISSING);

    await putBillingData(cookie);
    const pdfsBefore = await readPdfCount();
    const { response, bytes } = await pdf(cookie, `/api/tenant-statements/${statement.id}/pdf`);
    expect(response.status).toBe(200);
    // Every rendered letter is timed into the PDF histogram (docs/operations.md).
    expect(await readPdfCount()).toBe(pdfsBefore + 1);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("ENTWURF");
    const pages = pageCount(bytes);
    for (let page = 1; page <= pages; page += 1) expect(textOf(bytes, page)).toContain("ENTWURF");
    const text = textOf(bytes);
    expect(text).toContain("Jürgen Krüger");
    expect(text).toContain("Hausverwaltung Sonnenschein GmbH");
    expect(text).toContain("Lindenstraße 12a");
    const row = await t.db
      .selectFrom("tenancyStatements")
      .select("pdfStoragePath")
      .where("id", "=", statement.id)
      .executeTakeFirstOrThrow();
    expect(row.pdfStoragePath).toBeNull();
    expect(await listActivityKeys(t, userId)).toContain("statement.pdf_downloaded");
  });

  it("makes the wizard's preview PDFs from the unsaved calculation: ENTWURF, nothing saved or stored", async () => {
    const { cookie, userId, billingPeriodId, tenantId, propertyId } = await setUp();
    const body = {
      billingPeriodId,
      costItems: COST_ITEMS,
      document: "letter",
      tenancyId: tenantId,
    };
    const refused = await t.request("POST", "/api/statements/preview/pdf", { cookie, body });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error).toMatchObject({
      code: "BILLING_DATA_MISSING",
      message: MISSING,
    });

    await putBillingData(cookie);
    const letter = await t.request("POST", "/api/statements/preview/pdf", { cookie, body });
    expect(letter.status).toBe(200);
    expect(letter.headers.get("content-type")).toBe("application/pdf");
    expect(letter.headers.get("content-disposition")).toContain(
      `Nebenkostenabrechnung_${PERIOD_YEAR}_EG_links_Juergen_Krueger_ENTWURF.pdf`,
    );
    const bytes = new Uint8Array(await letter.arrayBuffer());
    for (let page = 1; page <= pageCount(bytes); page += 1)
      expect(textOf(bytes, page)).toContain("ENTWURF");
    const text = textOf(bytes);
    expect(text).toContain("Guten Tag Jürgen Krüger,");
    expect(text).toContain("Grundsteuer");
    expect(text).toContain("600,00 €");

    const overview = await t.request("POST", "/api/statements/preview/pdf", {
      cookie,
      body: { billingPeriodId, costItems: COST_ITEMS, document: "overview" },
    });
    expect(overview.status).toBe(200);
    const overviewText = textOf(new Uint8Array(await overview.arrayBuffer()));
    expect(overviewText).toContain(`Gesamtabrechnung ${PERIOD_YEAR}`);
    expect(overviewText).toContain("ENTWURF");
    expect(overviewText).toContain("Maria Weiß");

    // Nothing saved: no run, no statement, no file.
    expect(
      await t.db.selectFrom("statementRuns").select("id").where("userId", "=", userId).execute(),
    ).toHaveLength(0);
    expect(
      await t.db
        .selectFrom("tenancyStatements")
        .select("id")
        .where("propertyId", "=", propertyId)
        .execute(),
    ).toHaveLength(0);
    expect(fs.existsSync(path.join(path.dirname(t.outboxDir), "files", "statements", userId))).toBe(
      false,
    );

    // A tenancy that is not in the calculation, a letter without one, another account's period.
    expect(
      (
        await t.request("POST", "/api/statements/preview/pdf", {
          cookie,
          body: { ...body, tenancyId: UNKNOWN_ID },
        })
      ).status,
    ).toBe(404);
    const withoutTenancy = await t.request("POST", "/api/statements/preview/pdf", {
      cookie,
      body: { billingPeriodId, costItems: COST_ITEMS, document: "letter" },
    });
    expect(withoutTenancy.status).toBe(400);
    const stranger = await t.signUp();
    await putBillingData(stranger.cookie);
    expect(
      (await t.request("POST", "/api/statements/preview/pdf", { cookie: stranger.cookie, body }))
        .status,
    ).toBe(404);
  });

  it("renders a run stored before decision 0403 (basis as parts on each allocation) with the same letter", async () => {
    const { cookie, billingPeriodId } = await setUp();
    await putBillingData(cookie);
    const saved = await save(cookie, billingPeriodId, false);
    expect(saved.status).toBe(201);
    const statement = saved.body.statements.find(
      (s: { tenantName: string }) => s.tenantName === "Jürgen Krüger",
    );
    const current = textOf((await pdf(cookie, `/api/tenant-statements/${statement.id}/pdf`)).bytes);
    expect(current).toContain(
      PERIOD_DAYS === 366
        ? "Wohnfläche: 60 m² × 366 Tage = 21.960 von insgesamt 54.900"
        : "Wohnfläche: 60 m² × 365 Tage = 21.900 von insgesamt 54.750",
    );

    // The same snapshot as the earlier engine stored it: parts on the allocations, no basis,
    // no line positions, no item numbers. Stored runs are read as they are, never migrated.
    const row = await t.db
      .selectFrom("statementRuns as s")
      .innerJoin("statementRunDocuments as d", "d.id", "s.documentsId")
      .select(["d.id as documentsId", "d.result"])
      .where("s.id", "=", saved.body.id)
      .executeTakeFirstOrThrow();
    // Stored compactly since contract v1.6 (decision 1730): the engine's result again.
    // Packed since decision 1860.
    const raw = await unpackJson(row.result);
    expect(isCompactResult(raw)).toBe(true);
    const result = expandCompactResult(raw as CompactStatementResult) as StatementResult;
    const { basis, ...rest } = result;
    const toStored = <
      T extends StatementResult["tenancies"][number] | StatementResult["vacancy"][number],
    >(
      line: T,
    ) => {
      const { position, ...fields } = line;
      return {
        ...fields,
        allocations: line.allocations.map(({ item, ...allocation }) => ({
          ...allocation,
          parts: getAllocationParts({ basis }, { position }, { ...allocation, item }),
        })),
      };
    };
    const stored = {
      ...rest,
      tenancies: result.tenancies.map(toStored),
      vacancy: result.vacancy.map(toStored),
    };
    expect(JSON.stringify(stored)).not.toContain('"basis":{');
    await t.db
      .updateTable("statementRunDocuments")
      .set({ result: JSON.stringify(stored) })
      .where("id", "=", row.documentsId)
      .execute();

    expect(textOf((await pdf(cookie, `/api/tenant-statements/${statement.id}/pdf`)).bytes)).toBe(
      current,
    );
    const run = await readJson(
      await t.request("GET", `/api/statements/${saved.body.id}`, { cookie }),
    );
    expect(run.result.tenancies[0].allocations[0].parts).toHaveLength(1);
  });

  it("dates a finalized letter by its dispatch: made fresh until it is posted, then stored and served unchanged (issue 24)", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    await putBillingData(cookie);
    const saved = await save(cookie, billingPeriodId, true);
    expect(saved.status).toBe(201);
    const statement = saved.body.statements[0];
    const today = getTodayInGermany();
    const todayDe = formatCalendarDateDe(today);
    const first = await pdf(cookie, `/api/tenant-statements/${statement.id}/pdf`);
    expect(first.response.status).toBe(200);
    expect(textOf(first.bytes)).not.toContain("ENTWURF");
    expect(textOf(first.bytes).replace(/\s+/g, " ")).toContain(`Datum ${todayDe}`);
    // Not sent yet: not stored, and the billing data of today are the sender.
    expect(
      (
        await t.db
          .selectFrom("tenancyStatements")
          .select("pdfStoragePath")
          .where("id", "=", statement.id)
          .executeTakeFirstOrThrow()
      ).pdfStoragePath,
    ).toBeNull();
    await putBillingData(cookie, { ...BILLING_DATA, companyName: "Neuer Name GmbH" });
    expect(
      textOf((await pdf(cookie, `/api/tenant-statements/${statement.id}/pdf`)).bytes),
    ).toContain("Neuer Name GmbH");

    // Posted today: the letter is stored as it went out and served byte for byte from then on.
    const posted = await t.request("POST", `/api/tenant-statements/${statement.id}/mark-posted`, {
      cookie,
      body: { postedOn: today },
    });
    expect(posted.status).toBe(200);
    const row = await t.db
      .selectFrom("tenancyStatements")
      .select([
        "pdfStoragePath",
        "dispatchedOn",
        "dispatchChannel",
        "settledBalance",
        "finalBalance",
      ])
      .where("id", "=", statement.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      pdfStoragePath: `statements/${userId}/${statement.id}-${today}.pdf`,
      dispatchedOn: today,
      dispatchChannel: "post",
    });
    expect(row.settledBalance).toBe(row.finalBalance);
    const stored = await pdf(cookie, `/api/tenant-statements/${statement.id}/pdf`);
    expect(textOf(stored.bytes)).toContain("Neuer Name GmbH");
    await putBillingData(cookie, BILLING_DATA);
    const again = await pdf(cookie, `/api/tenant-statements/${statement.id}/pdf`);
    expect(Buffer.compare(Buffer.from(again.bytes), Buffer.from(stored.bytes))).toBe(0);
    const generated = await t.db
      .selectFrom("userActivities")
      .select("id")
      .where("userId", "=", userId)
      .where("action", "=", "pdf_generated")
      .where("entityId", "=", statement.id)
      .execute();
    expect(generated).toHaveLength(1);

    const all = await pdf(cookie, `/api/statements/${saved.body.id}/pdf`);
    expect(all.response.status).toBe(200);
    const allText = textOf(all.bytes);
    expect(allText).toContain("Guten Tag Jürgen Krüger,");
    expect(allText).toContain("Guten Tag Maria Weiß,");
    // The posted letter as it went out (its sender then), the other one with today's.
    expect(allText).toContain("Neuer Name GmbH");
    expect(allText).toContain("Hausverwaltung Sonnenschein GmbH");
    const overview = await pdf(cookie, `/api/statements/${saved.body.id}/overview-pdf`);
    expect(overview.response.status).toBe(200);
    expect(textOf(overview.bytes)).toContain(`Gesamtabrechnung ${PERIOD_YEAR}`);
  });

  it("answers 404 for another account's statements and for unknown or malformed ids", async () => {
    const owner = await setUp();
    await putBillingData(owner.cookie);
    const saved = await save(owner.cookie, owner.billingPeriodId, true);
    const other = await t.signUp();
    await putBillingData(other.cookie);
    const statementId = saved.body.statements[0].id;
    for (const url of [
      `/api/tenant-statements/${statementId}/pdf`,
      `/api/statements/${saved.body.id}/pdf`,
      `/api/statements/${saved.body.id}/overview-pdf`,
      `/api/tenant-statements/${UNKNOWN_ID}/pdf`,
      "/api/tenant-statements/kaputt/pdf",
    ]) {
      const response = await t.request("GET", url, { cookie: other.cookie });
      expect(response.status, url).toBe(404);
    }
    const send = await t.request("POST", `/api/tenant-statements/${statementId}/send`, {
      cookie: other.cookie,
    });
    expect(send.status).toBe(404);
    expect((await t.request("GET", `/api/tenant-statements/${statementId}/pdf`)).status).toBe(401);
  });

  it("sends a finalized letter by mail with the PDF attached and sets sent_at and 'sent'", async () => {
    const { cookie, userId, billingPeriodId, tenantId } = await setUp();
    await putBillingData(cookie);
    const draft = await save(cookie, billingPeriodId, false);
    const draftStatement = draft.body.statements.find(
      (s: { tenantId: string }) => s.tenantId === tenantId,
    );
    const notFinal = await t.request("POST", `/api/tenant-statements/${draftStatement.id}/send`, {
      cookie,
    });
    expect(notFinal.status).toBe(409);
    expect((await readJson(notFinal)).error).toMatchObject({
      code: "STATEMENT_NOT_FINAL",
      message: "Nur finalisierte Abrechnungen können versendet werden.",
    });

    const saved = await save(cookie, billingPeriodId, true);
    const statement = saved.body.statements.find(
      (s: { tenantId: string }) => s.tenantId === tenantId,
    );
    const response = await t.request("POST", `/api/tenant-statements/${statement.id}/send`, {
      cookie,
    });
    expect(response.status).toBe(202);
    expect(await readJson(response)).toMatchObject({
      statementId: statement.id,
      to: "juergen@example.org",
      queued: true,
    });
    const mails = await t.readOutbox();
    const mail = mails.find((m) => m.includes("juergen@example.org"))!;
    expect(mail).toBeDefined();
    expect(mail).toContain("Content-Type: application/pdf");
    expect(mail).toMatch(
      new RegExp(`filename="?Nebenkostenabrechnung_${PERIOD_YEAR}_EG_links\\.pdf`),
    );
    const row = await t.db
      .selectFrom("tenancyStatements")
      .select(["status", "sentAt"])
      .where("id", "=", statement.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("sent");
    expect(row.sentAt).not.toBeNull();
    expect(await listActivityKeys(t, userId)).toContain("statement.sent");
  });

  it("lists a tenant without e-mail address for sending by post", async () => {
    const { cookie, billingPeriodId, tenantId } = await setUp({ email: null });
    await putBillingData(cookie);
    const saved = await save(cookie, billingPeriodId, true);
    const statement = saved.body.statements.find(
      (s: { tenantId: string }) => s.tenantId === tenantId,
    );
    const response = await t.request("POST", `/api/tenant-statements/${statement.id}/send`, {
      cookie,
    });
    expect(response.status).toBe(409);
    expect((await readJson(response)).error).toMatchObject({
      code: "TENANT_EMAIL_MISSING",
      message:
        "Für Jürgen Krüger ist keine E-Mail-Adresse hinterlegt. Bitte drucken Sie die Abrechnung aus und versenden Sie sie per Post.",
    });
    const row = await t.db
      .selectFrom("tenancyStatements")
      .select(["status", "sentAt"])
      .where("id", "=", statement.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "finalized", sentAt: null });

    // Printed and posted by the user.
    const posted = await t.request("POST", `/api/tenant-statements/${statement.id}/mark-posted`, {
      cookie,
    });
    expect(posted.status).toBe(200);
    expect(await readJson(posted)).toMatchObject({
      statementId: statement.id,
      status: "sent",
      channel: "post",
    });
    const after = await t.db
      .selectFrom("tenancyStatements")
      .select(["status", "sentAt"])
      .where("id", "=", statement.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("sent");
    expect(after.sentAt).not.toBeNull();
    const other = await t.signUp();
    expect(
      (
        await t.request("POST", `/api/tenant-statements/${statement.id}/mark-posted`, {
          cookie: other.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it("sends all letters of a run: one mail each with its PDF, tenants without e-mail listed, sent ones not again", async () => {
    const { cookie, userId, billingPeriodId, tenantId } = await setUp();
    await putBillingData(cookie);
    const draft = await save(cookie, billingPeriodId, false);
    const notFinal = await t.request("POST", `/api/statements/${draft.body.id}/send`, { cookie });
    expect(notFinal.status).toBe(409);
    expect((await readJson(notFinal)).error).toMatchObject({ code: "STATEMENT_NOT_FINAL" });

    const saved = await save(cookie, billingPeriodId, true);
    const other = await t.signUp();
    await putBillingData(other.cookie);
    for (const id of [saved.body.id, UNKNOWN_ID, "kaputt"]) {
      expect(
        (await t.request("POST", `/api/statements/${id}/send`, { cookie: other.cookie })).status,
        id,
      ).toBe(404);
    }
    const before = (await t.readOutbox()).length;
    const response = await t.request("POST", `/api/statements/${saved.body.id}/send`, { cookie });
    expect(response.status).toBe(202);
    const body = await readJson(response);
    const juergen = saved.body.statements.find(
      (s: { tenantId: string }) => s.tenantId === tenantId,
    );
    const maria = saved.body.statements.find((s: { tenantId: string }) => s.tenantId !== tenantId);
    expect(body).toEqual({
      queued: [
        {
          statementId: juergen.id,
          tenantName: "Jürgen Krüger",
          unitName: "EG links",
          to: "juergen@example.org",
        },
      ],
      withoutEmail: [{ statementId: maria.id, tenantName: "Maria Weiß", unitName: "OG rechts" }],
      alreadySent: [],
      message: "1 Abrechnung wird per E-Mail versendet.",
    });
    const mails = (await t.readOutbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("juergen@example.org");
    expect(mails[0]).toContain("Content-Type: application/pdf");
    expect(mails[0]).toMatch(
      new RegExp(`filename="?Nebenkostenabrechnung_${PERIOD_YEAR}_EG_links\\.pdf`),
    );
    const rows = await t.db
      .selectFrom("tenancyStatements")
      .select(["id", "status", "sentAt"])
      .where("statementRunId", "=", saved.body.id)
      .execute();
    expect(rows.find((r) => r.id === juergen.id)).toMatchObject({ status: "sent" });
    expect(rows.find((r) => r.id === maria.id)).toMatchObject({
      status: "finalized",
      sentAt: null,
    });
    expect(await listActivityKeys(t, userId)).toContain("statement.sent");
    // The run's page shows when each letter went out.
    const run = await readJson(
      await t.request("GET", `/api/statements/${saved.body.id}`, { cookie }),
    );
    expect(run.statements.find((s: { id: string }) => s.id === juergen.id).sentAt).toMatch(
      /^\d{4}-\d{2}-\d{2}T/,
    );
    expect(run.statements.find((s: { id: string }) => s.id === maria.id).sentAt).toBeNull();

    // Again: Jürgen's letter is not sent twice.
    const again = await readJson(
      await t.request("POST", `/api/statements/${saved.body.id}/send`, { cookie }),
    );
    expect(again.queued).toEqual([]);
    expect(again.alreadySent.map((s: { statementId: string }) => s.statementId)).toEqual([
      juergen.id,
    ]);
    expect(again.message).toBe("Keine Abrechnung zum Versand per E-Mail.");
    expect((await t.readOutbox()).slice(before)).toHaveLength(1);
  });

  it("sends nothing for a run without billing data", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    await putBillingData(cookie);
    const saved = await save(cookie, billingPeriodId, true);
    await t.db.deleteFrom("billingData").where("userId", "=", userId).execute();
    const response = await t.request("POST", `/api/statements/${saved.body.id}/send`, { cookie });
    expect(response.status).toBe(409);
    expect((await readJson(response)).error).toMatchObject({
      code: "BILLING_DATA_MISSING",
      message: MISSING,
    });
  });
});
