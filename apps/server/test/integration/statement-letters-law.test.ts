import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCalendarDateDe, getTodayInGermany } from "@nk/contract";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA as BILLING_DATA,
} from "../support/fixtures.ts";
import {
  createBillingPeriodViaApi,
  listActivityKeys,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 24, items 1, 2, 10, 11, 14 and 15 over HTTP: the § 556 (3) BGB deadline and letters
// dated by dispatch, correction letters that settle the difference, the cost-type code list,
// the § 12 (1) HeizkV cut up front, and the forwarding address of a tenant who moved out.
// Periods are relative to today: the previous year is always in time, the year before late.

const THIS_YEAR = Number(getTodayInGermany().slice(0, 4));
const IN_TIME = THIS_YEAR - 1;
const LATE = THIS_YEAR - 2;
const TODAY = getTodayInGermany();
const TODAY_DE = formatCalendarDateDe(TODAY);

const costItems = (grundsteuer = "600.00") => [
  { costType: "Grundsteuer", amount: grundsteuer, key: "area" },
  { costType: "Müllabfuhr", amount: "300.00", key: "units" },
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-law-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function pdfFile(bytes: Uint8Array): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The letter's text with whitespace collapsed (pdftotext breaks lines where the layout does). */
function flatText(bytes: Uint8Array): string {
  return execFileSync("pdftotext", [pdfFile(bytes), "-"], { encoding: "utf8" }).replace(
    /\s+/g,
    " ",
  );
}

/** The GiroCode's payload, decoded from the rendered page that carries it; null when none. */
function decodeGiroCode(bytes: Uint8Array): string | null {
  const file = pdfFile(bytes);
  const pages = Number(
    /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1],
  );
  for (let page = 1; page <= pages; page += 1) {
    if (
      !execFileSync("pdftotext", ["-f", String(page), "-l", String(page), file, "-"], {
        encoding: "utf8",
      }).includes("GiroCode")
    )
      continue;
    const prefix = path.join(tmp, `qr-${Math.random().toString(36).slice(2)}`);
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "200",
      "-singlefile",
      "-f",
      String(page),
      "-l",
      String(page),
      file,
      prefix,
    ]);
    const png = PNG.sync.read(fs.readFileSync(`${prefix}.png`));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  }
  return null;
}

describe.each(TEST_DRIVERS)("statement letters and the law (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** Krüger (EG, 60 m², 20 €/month) owes 270,00 €; Weiß (OG, 40 m², 100 €/month) gets 810,00 € back. */
  async function setUp(
    year: number | null,
    options: { propertyType?: string; moveOut?: string | null } = {},
  ) {
    const account = await t.signUp();
    expect(
      (await t.request("PUT", "/api/billing-data", { cookie: account.cookie, body: BILLING_DATA }))
        .status,
    ).toBe(200);
    const property = await insertProperty(t.db, account.userId, {
      name: "Gartenweg 7",
      ...(options.propertyType ? { propertyType: options.propertyType } : {}),
    });
    const eg = await insertUnit(t.db, account.userId, property.id, {
      name: "EG links",
      area: "60.00",
    });
    const og = await insertUnit(t.db, account.userId, property.id, {
      name: "OG rechts",
      area: "40.00",
    });
    const krueger = await insertTenant(t.db, account.userId, eg.id, {
      name: "Jürgen Krüger",
      moveInDate: "2015-01-01",
      moveOutDate: options.moveOut ?? null,
      isActive: !options.moveOut,
    });
    const weiss = await insertTenant(t.db, account.userId, og.id, {
      name: "Maria Weiß",
      moveInDate: "2015-01-01",
      moveOutDate: options.moveOut ?? null,
      isActive: !options.moveOut,
    });
    for (const [tenant, monthlyAmount] of [
      [krueger, "20.00"],
      [weiss, "100.00"],
    ] as const) {
      const response = await t.request("POST", `/api/tenants/${tenant.id}/prepayments`, {
        cookie: account.cookie,
        body: { monthlyAmount, validFrom: "2015-01-01" },
      });
      expect(response.status).toBe(201);
    }
    const billingPeriodId =
      year === null
        ? ""
        : await createBillingPeriodViaApi(
            t,
            account.cookie,
            property.id,
            `${year}-01-01`,
            `${year}-12-31`,
          );
    return {
      ...account,
      propertyId: property.id,
      kruegerId: krueger.id,
      weissId: weiss.id,
      billingPeriodId,
    };
  }

  async function save(cookie: string, billingPeriodId: string, body: Record<string, unknown> = {}) {
    const response = await t.request("POST", "/api/statements", {
      cookie,
      body: { billingPeriodId, costItems: costItems(), finalize: true, ...body },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return readJson(response);
  }

  async function letter(cookie: string, statementId: string): Promise<Uint8Array> {
    const response = await t.request("GET", `/api/tenant-statements/${statementId}/pdf`, {
      cookie,
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  async function dispatch(cookie: string, runId: string) {
    const response = await t.request("GET", `/api/statements/${runId}/dispatch`, { cookie });
    expect(response.status).toBe(200);
    return readJson(response);
  }

  const statementOf = (
    run: { statements: Array<{ id: string; tenantId: string }> },
    tenantId: string,
  ) => run.statements.find((s) => s.tenantId === tenantId)!;

  it("past the deadline: no demand and no GiroCode for a back-payment, credits paid out; the landlord's reason restores the demand and is printed", async () => {
    const { cookie, userId, kruegerId, weissId, billingPeriodId } = await setUp(LATE);
    const run = await save(cookie, billingPeriodId);
    const krueger = statementOf(run, kruegerId);
    const weiss = statementOf(run, weissId);

    const before = await dispatch(cookie, run.id);
    expect(before).toMatchObject({
      deadline: `${LATE + 1}-12-31`,
      isPastDeadline: true,
      lateExcuse: null,
    });
    expect(
      before.letters.find((l: { statementId: string }) => l.statementId === krueger.id).settlement,
    ).toEqual({ kind: "none", amount: "0.00", barred: "270.00" });
    expect(
      before.letters.find((l: { statementId: string }) => l.statementId === weiss.id).settlement,
    ).toEqual({ kind: "payout", amount: "810.00", barred: "0.00" });

    const barred = await letter(cookie, krueger.id);
    const barredText = flatText(barred);
    expect(barredText).toContain(`Datum ${TODAY_DE}`);
    expect(barredText).toContain("Ergebnis dieser Abrechnung: Nachzahlung 270,00 €");
    expect(barredText).toContain("davon nicht gefordert (§ 556 Abs. 3 Satz 3 BGB) − 270,00 €");
    expect(barredText).toContain("Zu zahlen 0,00 €");
    expect(barredText).toContain(
      `Keine Nachforderung nach Ablauf der Abrechnungsfrist: Aus dieser Abrechnung ergibt sich eine Nachzahlung von 270,00 €. Diese Abrechnung geht Ihnen nach Ablauf der Abrechnungsfrist am 31.12.${LATE + 1} zu`,
    );
    expect(barredText).not.toContain("Bitte überweisen");
    expect(decodeGiroCode(barred)).toBeNull();
    expect(flatText(await letter(cookie, weiss.id))).toContain(
      "Ihr Guthaben von 810,00 € überweisen wir Ihnen bis zum",
    );

    // The reason: too short, another account's run, then a real one.
    const short = await t.request("PUT", `/api/statements/${run.id}/late-excuse`, {
      cookie,
      body: { reason: "zu spät" },
    });
    expect(short.status).toBe(400);
    expect((await readJson(short)).error.fields.reason).toBe(
      "Bitte begründen Sie in mindestens 10 Zeichen, warum Sie die Verspätung nicht zu vertreten haben.",
    );
    const stranger = await t.signUp();
    expect(
      (
        await t.request("PUT", `/api/statements/${run.id}/late-excuse`, {
          cookie: stranger.cookie,
          body: { reason: "Fremde Begründung ohne Recht" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request("GET", `/api/statements/${run.id}/dispatch`, { cookie: stranger.cookie }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.request("PUT", `/api/statements/${UNKNOWN_ID}/late-excuse`, {
          cookie,
          body: { reason: null },
        })
      ).status,
    ).toBe(404);
    const reason = `Der Wasserversorger hat die Jahresrechnung ${LATE} erst am 20.11.${THIS_YEAR} gestellt.`;
    const saved = await t.request("PUT", `/api/statements/${run.id}/late-excuse`, {
      cookie,
      body: { reason },
    });
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toEqual({
      lateExcuse: reason,
      message: "Begründung gespeichert.",
    });
    expect(
      (await dispatch(cookie, run.id)).letters.find(
        (l: { statementId: string }) => l.statementId === krueger.id,
      ).settlement,
    ).toEqual({ kind: "demand", amount: "270.00", barred: "0.00" });

    const excused = await letter(cookie, krueger.id);
    const excusedText = flatText(excused);
    expect(excusedText).toContain(
      `Abrechnung nach Ablauf der Abrechnungsfrist: Diese Abrechnung geht Ihnen nach Ablauf der Frist am 31.12.${LATE + 1} zu (§ 556 Abs. 3 Satz 2 BGB). Die Verspätung haben wir nicht zu vertreten (§ 556 Abs. 3 Satz 3 BGB): ${reason}`,
    );
    expect(excusedText).toContain("Bitte überweisen Sie die Nachzahlung von 270,00 €");
    expect(decodeGiroCode(excused)).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "COBADEFFXXX",
        BILLING_DATA.companyName,
        "DE89370400440532013000",
        "EUR270.00",
        "",
        "",
        `Nebenkostenabrechnung ${LATE} Jürgen Krüger, EG links`,
      ].join("\n"),
    );

    // Posted with the reason: the letter keeps it even when the reason is removed afterwards.
    expect(
      (
        await t.request("POST", `/api/tenant-statements/${krueger.id}/mark-posted`, {
          cookie,
          body: {},
        })
      ).status,
    ).toBe(200);
    const posted = await letter(cookie, krueger.id);
    expect(
      (
        await t.request("PUT", `/api/statements/${run.id}/late-excuse`, {
          cookie,
          body: { reason: null },
        })
      ).status,
    ).toBe(200);
    expect(Buffer.compare(Buffer.from(await letter(cookie, krueger.id)), Buffer.from(posted))).toBe(
      0,
    );
    const row = await t.db
      .selectFrom("tenancyStatements")
      .select(["settledBalance", "dispatchContext"])
      .where("id", "=", krueger.id)
      .executeTakeFirstOrThrow();
    expect(row.settledBalance).toBe("270.00");
    expect(row.dispatchContext).toMatchObject({
      lateExcuse: reason,
      recipient: {
        name: "Jürgen Krüger",
        street: "Musterstraße 1",
        postalCode: "33602",
        city: "Bielefeld",
      },
    });
    // Weiß's letter, not posted yet, follows the run: no reason any more, the credit still paid out.
    expect((await dispatch(cookie, run.id)).lateExcuse).toBeNull();
    expect(await listActivityKeys(t, userId)).toContain("statement.late_excuse_set");
  });

  it("records the reason given with finalizing (the wizard's body)", async () => {
    const { cookie, billingPeriodId } = await setUp(LATE);
    const reason = "Die Grundsteuerbescheide kamen erst nach Fristablauf.";
    const run = await save(cookie, billingPeriodId, { lateExcuse: reason });
    expect((await dispatch(cookie, run.id)).lateExcuse).toBe(reason);
    const tooShort = await t.request("POST", "/api/statements", {
      cookie,
      body: { billingPeriodId, costItems: costItems(), finalize: true, lateExcuse: "kurz" },
    });
    expect(tooShort.status).toBe(400);
  });

  it("a correction in time lists what changed and asks for the difference only, with a purpose naming the correction", async () => {
    const { cookie, kruegerId, weissId, billingPeriodId } = await setUp(IN_TIME);
    const original = await save(cookie, billingPeriodId);
    for (const statement of original.statements) {
      expect(
        (await t.request("POST", `/api/tenant-statements/${statement.id}/mark-posted`, { cookie }))
          .status,
      ).toBe(200);
    }
    const correction = await readJson(
      await t.request("POST", `/api/statements/${original.id}/corrections`, { cookie }),
    );
    const corrected = await save(cookie, correction.billingPeriodId, {
      costItems: costItems("800.00"),
    });
    expect(corrected.version).toBe(2);
    const krueger = statementOf(corrected, kruegerId);
    const weiss = statementOf(corrected, weissId);

    const overview = await dispatch(cookie, corrected.id);
    // Krüger: 630,00 € − 240,00 € = 390,00 € instead of 270,00 €: 120,00 € more. Weiß: credit 730,00 € instead of 810,00 €.
    expect(
      overview.letters.find((l: { statementId: string }) => l.statementId === krueger.id),
    ).toMatchObject({
      isCorrection: true,
      settlement: { kind: "demand", amount: "120.00", barred: "0.00" },
    });
    expect(
      overview.letters.find((l: { statementId: string }) => l.statementId === weiss.id),
    ).toMatchObject({
      isCorrection: true,
      settlement: { kind: "demand", amount: "80.00", barred: "0.00" },
    });

    const bytes = await letter(cookie, krueger.id);
    const text = flatText(bytes);
    expect(text).toContain(
      `Korrektur (Version 2): Diese Abrechnung ersetzt die Abrechnung vom ${TODAY_DE}.`,
    );
    expect(text).toContain(`Änderungen gegenüber der Abrechnung vom ${TODAY_DE}`);
    expect(text).toContain("Grundsteuer 800,00 € (bisher 600,00 €) 360,00 € 480,00 € + 120,00 €");
    expect(text).toContain("Ihre Kosten 510,00 € 630,00 € + 120,00 €");
    expect(text).toContain("Nachzahlung 270,00 € Nachzahlung 390,00 € + 120,00 €");
    expect(text).toContain(`bereits abgerechnet am ${TODAY_DE} Nachzahlung 270,00 €`);
    expect(text).toContain("Sie zahlen nach 120,00 €");
    expect(text).toContain("Bitte überweisen Sie den Differenzbetrag von 120,00 €");
    expect(text).toContain(
      `Verwendungszweck Korrektur (Version 2) Nebenkostenabrechnung ${IN_TIME} Jürgen Krüger, EG links`,
    );
    expect(decodeGiroCode(bytes)).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "COBADEFFXXX",
        BILLING_DATA.companyName,
        "DE89370400440532013000",
        "EUR120.00",
        "",
        "",
        `Korrektur (Version 2) Nebenkostenabrechnung ${IN_TIME} Jürgen Krüger, EG links`,
      ].join("\n"),
    );
    const weissText = flatText(await letter(cookie, weiss.id));
    expect(weissText).toContain("Guthaben 810,00 € Guthaben 730,00 € + 80,00 €");
    expect(weissText).toContain("Sie zahlen nach 80,00 €");
  });

  it("a late correction may lower a back-payment but not raise it", async () => {
    const { cookie, kruegerId, weissId, billingPeriodId } = await setUp(LATE);
    const reason = "Die Abrechnung des Wärmedienstes lag erst im Oktober vor.";
    const original = await save(cookie, billingPeriodId, { lateExcuse: reason });
    for (const statement of original.statements)
      expect(
        (await t.request("POST", `/api/tenant-statements/${statement.id}/mark-posted`, { cookie }))
          .status,
      ).toBe(200);

    // Version 2 (no reason on the correction) would raise both: nothing more is asked for.
    const second = await readJson(
      await t.request("POST", `/api/statements/${original.id}/corrections`, { cookie }),
    );
    const raised = await save(cookie, second.billingPeriodId, { costItems: costItems("800.00") });
    const raisedLetters = (await dispatch(cookie, raised.id)).letters;
    expect(
      raisedLetters.find(
        (l: { statementId: string }) => l.statementId === statementOf(raised, kruegerId).id,
      ).settlement,
    ).toEqual({ kind: "none", amount: "0.00", barred: "120.00" });
    expect(
      raisedLetters.find(
        (l: { statementId: string }) => l.statementId === statementOf(raised, weissId).id,
      ).settlement,
    ).toEqual({ kind: "none", amount: "0.00", barred: "80.00" });
    const raisedBytes = await letter(cookie, statementOf(raised, kruegerId).id);
    const raisedText = flatText(raisedBytes);
    expect(raisedText).toContain(
      "Die Korrektur ergäbe für Sie eine um 120,00 € höhere Zahlung als bisher abgerechnet.",
    );
    expect(raisedText).toContain("Zu zahlen 0,00 €");
    expect(decodeGiroCode(raisedBytes)).toBeNull();
    for (const statement of raised.statements)
      expect(
        (await t.request("POST", `/api/tenant-statements/${statement.id}/mark-posted`, { cookie }))
          .status,
      ).toBe(200);
    // What version 2 settled is what version 1 did: the raise was barred.
    const settled = await t.db
      .selectFrom("tenancyStatements")
      .select(["tenantId", "settledBalance"])
      .where("statementRunId", "=", raised.id)
      .execute();
    expect(Object.fromEntries(settled.map((r) => [r.tenantId, r.settledBalance]))).toEqual({
      [kruegerId]: "270.00",
      [weissId]: "-810.00",
    });

    // Version 3 lowers both: the difference is paid out.
    const third = await readJson(
      await t.request("POST", `/api/statements/${raised.id}/corrections`, { cookie }),
    );
    const lowered = await save(cookie, third.billingPeriodId, { costItems: costItems("400.00") });
    const loweredLetters = (await dispatch(cookie, lowered.id)).letters;
    // Krüger: 390,00 € − 240,00 € = 150,00 €, 120,00 € less than the 270,00 € settled; Weiß: credit 890,00 € instead of 810,00 €.
    expect(
      loweredLetters.find(
        (l: { statementId: string }) => l.statementId === statementOf(lowered, kruegerId).id,
      ).settlement,
    ).toEqual({ kind: "payout", amount: "120.00", barred: "0.00" });
    expect(
      loweredLetters.find(
        (l: { statementId: string }) => l.statementId === statementOf(lowered, weissId).id,
      ).settlement,
    ).toEqual({ kind: "payout", amount: "80.00", barred: "0.00" });
    const loweredText = flatText(await letter(cookie, statementOf(lowered, kruegerId).id));
    expect(loweredText).toContain("Sie erhalten zurück 120,00 €");
    expect(loweredText).toContain(
      "Den Differenzbetrag von 120,00 € zu Ihren Gunsten überweisen wir Ihnen",
    );
  });

  it("a tenant who moved out: warned before posting to the old flat; the forwarding address asked at move-out receives the letter", async () => {
    const { cookie, kruegerId, weissId, billingPeriodId } = await setUp(IN_TIME, {
      moveOut: `${IN_TIME}-12-31`,
    });
    const run = await save(cookie, billingPeriodId);
    const krueger = statementOf(run, kruegerId);
    const weiss = statementOf(run, weissId);
    const overview = await dispatch(cookie, run.id);
    expect(overview.letters.map((l: { isOldFlat: boolean }) => l.isOldFlat)).toEqual([true, true]);

    const refused = await t.request("POST", `/api/tenant-statements/${krueger.id}/mark-posted`, {
      cookie,
    });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error).toMatchObject({
      code: "RECIPIENT_OLD_FLAT",
      requiresConfirmation: true,
      message: `Jürgen Krüger ist am 31.12.${IN_TIME} ausgezogen, und es ist keine neue Anschrift hinterlegt: Der Brief ginge an die alte Wohnung und erreicht den Mieter dort wahrscheinlich nicht. Bitte tragen Sie die neue Anschrift beim Mieter ein oder bestätigen Sie den Versand an die alte Wohnung.`,
    });
    expect(
      (
        await t.db
          .selectFrom("tenancyStatements")
          .select("sentAt")
          .where("id", "=", krueger.id)
          .executeTakeFirstOrThrow()
      ).sentAt,
    ).toBeNull();
    expect(
      (
        await t.request("POST", `/api/tenant-statements/${krueger.id}/mark-posted`, {
          cookie,
          body: { confirmOldAddress: true },
        })
      ).status,
    ).toBe(200);

    // Weiß gives her new address when the move-out is recorded (the dialog's call).
    const bad = await t.request("POST", `/api/tenants/${weissId}/move-out`, {
      cookie,
      body: {
        moveOutDate: `${IN_TIME}-12-31`,
        forwardingAddress: { address: "Neue Straße 5", postalCode: "2009", city: "Hamburg" },
      },
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields["forwardingAddress.postalCode"]).toBeDefined();
    const moved = await t.request("POST", `/api/tenants/${weissId}/move-out`, {
      cookie,
      body: {
        moveOutDate: `${IN_TIME}-12-31`,
        forwardingAddress: { address: "Neue Straße 5", postalCode: "20095", city: "Hamburg" },
      },
    });
    expect(moved.status).toBe(200);
    expect(await readJson(moved)).toMatchObject({
      address: "Neue Straße 5",
      postalCode: "20095",
      city: "Hamburg",
      moveOutDate: `${IN_TIME}-12-31`,
    });
    const after = (await dispatch(cookie, run.id)).letters.find(
      (l: { statementId: string }) => l.statementId === weiss.id,
    );
    expect(after).toMatchObject({
      isOldFlat: false,
      recipient: {
        name: "Maria Weiß",
        street: "Neue Straße 5",
        postalCode: "20095",
        city: "Hamburg",
      },
    });
    expect(flatText(await letter(cookie, weiss.id))).toContain(
      "Maria Weiß Neue Straße 5 20095 Hamburg",
    );
    expect(
      (await t.request("POST", `/api/tenant-statements/${weiss.id}/mark-posted`, { cookie }))
        .status,
    ).toBe(200);
    const row = await t.db
      .selectFrom("tenancyStatements")
      .select(["dispatchContext", "dispatchedOn"])
      .where("id", "=", weiss.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      dispatchedOn: TODAY,
      dispatchContext: {
        recipient: { street: "Neue Straße 5", postalCode: "20095", city: "Hamburg" },
      },
    });
  });

  it("the posting day: not in the future, not before finalizing", async () => {
    const { cookie, billingPeriodId } = await setUp(IN_TIME);
    const run = await save(cookie, billingPeriodId);
    const id = run.statements[0].id;
    const future = await t.request("POST", `/api/tenant-statements/${id}/mark-posted`, {
      cookie,
      body: { postedOn: `${THIS_YEAR + 1}-01-02` },
    });
    expect(future.status).toBe(400);
    expect((await readJson(future)).error.fields.postedOn).toBe(
      "Das Versanddatum darf nicht in der Zukunft liegen.",
    );
    const early = await t.request("POST", `/api/tenant-statements/${id}/mark-posted`, {
      cookie,
      body: { postedOn: `${IN_TIME}-06-01` },
    });
    expect(early.status).toBe(400);
    expect((await readJson(early)).error.fields.postedOn).toBe(
      `Das Versanddatum darf nicht vor der Finalisierung (${TODAY_DE}) liegen.`,
    );
    const invalid = await t.request("POST", `/api/tenant-statements/${id}/mark-posted`, {
      cookie,
      body: { postedOn: "31.12.2025" },
    });
    expect(invalid.status).toBe(400);
  });

  it("sending by e-mail dates the letter on the day it is sent and records its dispatch once the mail is accepted", async () => {
    const { cookie, kruegerId, billingPeriodId } = await setUp(IN_TIME);
    await t.db
      .updateTable("tenants")
      .set({ email: "juergen@example.org" })
      .where("id", "=", kruegerId)
      .execute();
    const run = await save(cookie, billingPeriodId);
    const krueger = statementOf(run, kruegerId);
    expect(
      (await t.request("POST", `/api/tenant-statements/${krueger.id}/send`, { cookie })).status,
    ).toBe(202);
    await t.readOutbox();
    const row = await t.db
      .selectFrom("tenancyStatements")
      .select(["dispatchedOn", "dispatchChannel", "settledBalance", "pdfStoragePath", "status"])
      .where("id", "=", krueger.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      dispatchedOn: TODAY,
      dispatchChannel: "email",
      settledBalance: "270.00",
      status: "sent",
    });
    expect(row.pdfStoragePath).toContain(`${krueger.id}-${TODAY}.pdf`);
  });

  it("refuses cost types the law forbids, asks for the lease clause where one is needed, and prints it", async () => {
    const { cookie, kruegerId, billingPeriodId } = await setUp(IN_TIME);
    const preview = (items: unknown[]) =>
      t.request("POST", "/api/statements/preview", {
        cookie,
        body: { billingPeriodId, costItems: items },
      });

    const administration = await preview([
      ...costItems(),
      { costType: "Verwaltungskosten", amount: "500.00", key: "area" },
    ]);
    expect(administration.status).toBe(400);
    expect((await readJson(administration)).error.fields["costItems.2.costType"]).toBe(
      "„Verwaltungskosten“ ist bei Wohnraum nicht umlagefähig: Verwaltungskosten sind keine Betriebskosten und dürfen bei Wohnraum auch durch Vereinbarung nicht umgelegt werden (§ 1 Abs. 2 Nr. 1 BetrKV, § 556 Abs. 1 und 4 BGB).",
    );
    for (const costType of [
      "Instandhaltungsrücklage",
      "Reparaturen",
      "Rauchwarnmelder-Miete",
      "Kontoführungsgebühren",
      "CO2-Abgabe",
      "Hausverwaltung",
    ]) {
      const refused = await preview([{ costType, amount: "100.00", key: "area" }]);
      expect(refused.status, costType).toBe(400);
      expect((await readJson(refused)).error.message, costType).toContain("nicht umlagefähig");
    }
    const maintenance = await preview([
      { costType: "Rauchwarnmelder-Wartung", amount: "120.00", key: "units" },
    ]);
    expect(maintenance.status).toBe(400);
    expect((await readJson(maintenance)).error.fields["costItems.0.allocationNote"]).toBe(
      "„Rauchwarnmelder-Wartung“ darf nur umgelegt werden, wenn die Umlage im Mietvertrag vereinbart ist. Bitte geben Sie an, wo (z. B. „Mietvertrag § 4 Abs. 2“).",
    );
    const withClause = [
      ...costItems(),
      {
        costType: "Rauchwarnmelder-Wartung",
        amount: "120.00",
        key: "units",
        allocationNote: "Mietvertrag § 4 Abs. 2",
      },
    ];
    expect((await preview(withClause)).status).toBe(200);
    const run = await save(cookie, billingPeriodId, { costItems: withClause });
    expect(flatText(await letter(cookie, statementOf(run, kruegerId).id))).toContain(
      "umgelegt nach Vereinbarung: Mietvertrag § 4 Abs. 2",
    );
    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${billingPeriodId}/costs`, { cookie }),
    );
    expect(costs.costItems[2]).toMatchObject({
      costType: "Rauchwarnmelder-Wartung",
      allocationNote: "Mietvertrag § 4 Abs. 2",
    });

    // No CO2 levy in any quick-setup template (item 10).
    const templates = await readJson(
      await t.request("GET", "/api/statements/templates", { cookie }),
    );
    expect(
      templates.templates.flatMap((template: { items: Array<{ costType: string }> }) =>
        template.items.map((i) => i.costType),
      ),
    ).not.toContain("CO2-Abgabe");
  });

  it("commercial tenancies: administration costs need the lease clause instead of being refused", async () => {
    const { cookie, billingPeriodId } = await setUp(IN_TIME, { propertyType: "Gewerbeobjekt" });
    const preview = (items: unknown[]) =>
      t.request("POST", "/api/statements/preview", {
        cookie,
        body: { billingPeriodId, costItems: items },
      });
    const without = await preview([
      { costType: "Verwaltungskosten", amount: "500.00", key: "area" },
    ]);
    expect(without.status).toBe(400);
    expect((await readJson(without)).error.fields["costItems.0.allocationNote"]).toContain(
      "„Verwaltungskosten“ darf nur umgelegt werden",
    );
    expect(
      (
        await preview([
          {
            costType: "Verwaltungskosten",
            amount: "500.00",
            key: "area",
            allocationNote: "Gewerbemietvertrag § 7: Verwaltungskosten bis 3 % der Nettokaltmiete",
          },
        ])
      ).status,
    ).toBe(200);
    // The CO2 levy is never an item of its own.
    expect(
      (await preview([{ costType: "CO2-Abgabe", amount: "100.00", key: "area" }])).status,
    ).toBe(400);
  });

  it("cable fees: prorated to 30.06.2024 in 2024, refused after", async () => {
    const { cookie, propertyId } = await setUp(null);
    const period2024 = await createBillingPeriodViaApi(
      t,
      cookie,
      propertyId,
      "2024-01-01",
      "2024-12-31",
    );
    const response = await t.request("POST", "/api/statements/preview", {
      cookie,
      body: {
        billingPeriodId: period2024,
        costItems: [{ costType: "Kabelanschluss", amount: "732.00", key: "area" }],
      },
    });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.engineInput.costItems[0].allocableUntil).toBe("2024-06-30");
    // 732,00 € × 182 / 366 = 364,00 € distributed; 368,00 € the landlord's.
    expect(body.result.items[0]).toMatchObject({
      amount: "732.00",
      distributed: "364.00",
      nonAllocable: "368.00",
      allocableUntil: "2024-06-30",
    });
    expect(
      body.result.tenancies.map(
        (tenancy: { allocations: Array<{ amount: string }> }) => tenancy.allocations[0]!.amount,
      ),
    ).toEqual(["218.40", "145.60"]);
    const period2025 = await createBillingPeriodViaApi(
      t,
      cookie,
      propertyId,
      "2025-01-01",
      "2025-12-31",
    );
    const refused = await t.request("POST", "/api/statements/preview", {
      cookie,
      body: {
        billingPeriodId: period2025,
        costItems: [{ costType: "Kabel-TV", amount: "732.00", key: "area" }],
      },
    });
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).error.message).toContain(
      "„Kabel-TV“ ist bei Wohnraum nicht umlagefähig",
    );
  });

  it("§ 12 (1) HeizkV: the 15 % cut applied up front for heating by area, saved with the period and printed step by step", async () => {
    const { cookie, kruegerId, billingPeriodId } = await setUp(IN_TIME);
    const heating = { costType: "Heizung", amount: "1000.00", key: "area", heizkvReduction: true };
    const put = await t.request("PUT", `/api/billing-periods/${billingPeriodId}/costs`, {
      cookie,
      body: { costItems: [...costItems(), heating] },
    });
    expect(put.status).toBe(200);
    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${billingPeriodId}/costs`, { cookie }),
    );
    expect(costs.costItems[2]).toMatchObject({ costType: "Heizung", heizkvReduction: true });
    const preview = await readJson(
      await t.request("POST", "/api/statements/preview", { cookie, body: { billingPeriodId } }),
    );
    const allocation = preview.result.tenancies.find(
      (tenancy: { tenancyId: string }) => tenancy.tenancyId === kruegerId,
    ).allocations[2];
    // 1.000,00 € × 60 / 100 = 600,00 €; 15 % = 90,00 € off.
    expect(allocation).toMatchObject({
      costType: "Heizung",
      amount: "510.00",
      heizkvReduction: "90.00",
      amountBeforeReduction: "600.00",
    });
    expect(preview.result.items[2]).toMatchObject({
      heizkvReduction: "150.00",
      landlord: "150.00",
    });
    const run = await save(cookie, billingPeriodId, { costItems: [...costItems(), heating] });
    const text = flatText(await letter(cookie, statementOf(run, kruegerId).id));
    expect(text).toContain(
      "Kürzung um 15 % (§ 12 Abs. 1 HeizkV): 15 % von 600,00 € (auf Cent gerundet), trägt der Vermieter − 90,00 € = 510,00 €",
    );
    expect(text).toContain(
      "Ihr Anteil daran ist deshalb bereits um 15 % gekürzt (§ 12 Abs. 1 HeizkV); die Kürzung trägt der Vermieter.",
    );

    // Without the option the letter tells the tenant the right.
    const second = await setUp(IN_TIME);
    const plain = await save(second.cookie, second.billingPeriodId, {
      costItems: [...costItems(), { ...heating, heizkvReduction: false }],
    });
    expect(
      flatText(await letter(second.cookie, statementOf(plain, second.kruegerId).id)),
    ).toContain(
      "Die Kosten für Heizung werden nicht nach Verbrauch verteilt. Sie dürfen Ihren Anteil daran deshalb um 15 % kürzen (§ 12 Abs. 1 HeizkV).",
    );
    // Refused where the rule is kept (by consumption).
    const mixed = await t.request("POST", "/api/statements/preview", {
      cookie,
      body: {
        billingPeriodId,
        costItems: [
          {
            costType: "Heizung",
            amount: "1000.00",
            key: "mixed",
            consumptionShare: 70,
            meter: "heating",
            heizkvReduction: true,
          },
        ],
      },
    });
    expect(mixed.status).toBe(400);
  });
});
