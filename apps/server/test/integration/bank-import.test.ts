import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import {
  createBillingPeriodViaApi,
  createMeteringAccount,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";

// Issue 28, item 3: bank statements (camt.053, bank CSVs) to the costs of a billing period.
// The sample files in support/bank-files are written for these tests: a camt.053.001.08 with
// umlauts, amounts above 1.000, a batch booking, a rent payment and a pending booking; a
// Sparkasse CSV (Windows-1252, ';', dd.mm.yy, one unreadable amount) and a DKB CSV (UTF-8 with
// BOM, account lines before the header) that repeats one of the Sparkasse bookings.

const FILES = new URL("../support/bank-files/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FILES));
const asFile = (name: string, bytes: Buffer | string = read(name)) => ({
  fileName: name,
  contentBase64: Buffer.from(bytes).toString("base64"),
});

describe.each(TEST_DRIVERS)("bank statement import (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp() {
    const account = await createMeteringAccount(t);
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      account.propertyId,
      "2025-01-01",
      "2025-12-31",
    );
    return { ...account, billingPeriodId };
  }

  async function preview(
    cookie: string,
    billingPeriodId: string,
    file: { fileName: string; contentBase64: string },
  ) {
    const response = await t.request("POST", "/api/imports/bank-statements/preview", {
      cookie,
      body: { billingPeriodId, file },
    });
    return { status: response.status, body: await readJson(response) };
  }

  async function commit(
    cookie: string,
    billingPeriodId: string,
    file: { fileName: string; contentBase64: string },
    assignments: unknown,
  ) {
    const response = await t.request("POST", "/api/imports/bank-statements", {
      cookie,
      body: { billingPeriodId, file, assignments },
    });
    return { status: response.status, body: await readJson(response) };
  }

  async function costsOf(cookie: string, billingPeriodId: string) {
    return (
      await readJson(
        await t.request("GET", `/api/billing-periods/${billingPeriodId}/costs`, { cookie }),
      )
    ).costItems as { costType: string; amount: string | null; key: string | null }[];
  }

  async function countBookings(userId: string) {
    return Number(
      (
        await t.db
          .selectFrom("bankBookings")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("userId", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  }

  it("previews a camt.053 row by row (umlauts, amounts above 1.000, a batch, a rent payment, a pending booking) and saves nothing", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    const { status, body } = await preview(cookie, billingPeriodId, asFile("camt053-2025.xml"));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      format: "camt053",
      encoding: "utf-8",
      accountIban: "DE02120300000000202051",
      counts: { new: 4, duplicate: 0, ignored: 2, error: 0 },
      newTotal: "5184.96",
    });
    expect(body.rows[0]).toMatchObject({
      row: 1,
      bookingDate: "2025-02-15",
      amount: "1234.56",
      direction: "debit",
      counterpartyName: "Stadt Köln – Kämmerei",
      counterpartyIban: "DE02370501980001802057",
      purpose: "Grundbesitzabgaben 2025 Kassenzeichen 7788990 Grundsteuer B",
      status: "new",
      suggestedCostType: null,
    });
    // Two remittance lines joined; the batch of 1.060,00 € is two bookings with their own payees.
    expect(body.rows[1].purpose).toBe(
      "Jahresabrechnung Wasser/Abwasser 2024 Vertragskonto 4711-0815 Lindenstraße 5, Köln-Süd",
    );
    expect(
      body.rows
        .slice(2, 4)
        .map((row: { amount: string; counterpartyName: string }) => [
          row.amount,
          row.counterpartyName,
        ]),
    ).toEqual([
      ["640.00", "Gärtnerei Grünwald"],
      ["420.00", "Schornsteinfegermeister Jürgen Weiß"],
    ]);
    expect(body.rows[4]).toMatchObject({
      direction: "credit",
      counterpartyName: "Jörg Schäfer",
      status: "ignored",
      message: "Zahlungseingang (Gutschrift) – keine Kosten.",
    });
    expect(body.rows[5]).toMatchObject({
      status: "ignored",
      message:
        "Vorgemerkte Buchung (noch nicht gebucht) – wird erst als gebuchter Umsatz importiert.",
    });
    expect(await countBookings(userId)).toBe(0);
    expect(await costsOf(cookie, billingPeriodId)).toEqual([]);
  });

  it("imports assigned bookings (one split) into the period's costs in one go, and a second import of the same file changes nothing", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    // A cost item typed before: the import adds to it.
    await t.request("PUT", `/api/billing-periods/${billingPeriodId}/costs`, {
      cookie,
      body: {
        costItems: [{ costType: "Grundsteuer", amount: "100.00", key: "area" }],
        co2: null,
        consumptionOverrides: [],
      },
    });
    const file = asFile("camt053-2025.xml");
    const assignments = [
      { row: 1, parts: [{ costType: "Grundsteuer", amount: "1234.56" }] },
      {
        row: 2,
        parts: [
          { costType: "Kaltwasser", amount: "1890.40" },
          { costType: "Abwasser", amount: "1000.00" },
        ],
      },
      { row: 3, parts: [{ costType: "Gartenpflege", amount: "640.00" }] },
      { row: 4, parts: [{ costType: "Schornsteinfeger", amount: "420.00" }] },
    ];
    const first = await commit(cookie, billingPeriodId, file, assignments);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      imported: 4,
      skippedDuplicates: 0,
      importedTotal: "5184.96",
      message: "4 Buchungen über 5.184,96 € importiert.",
    });
    expect(first.body.costItems).toEqual([
      { costType: "Grundsteuer", added: "1234.56", amount: "1334.56", isNew: false },
      { costType: "Kaltwasser", added: "1890.40", amount: "1890.40", isNew: true },
      { costType: "Abwasser", added: "1000.00", amount: "1000.00", isNew: true },
      { costType: "Gartenpflege", added: "640.00", amount: "640.00", isNew: true },
      { costType: "Schornsteinfeger", added: "420.00", amount: "420.00", isNew: true },
    ]);
    const costs = await costsOf(cookie, billingPeriodId);
    expect(costs.map((item) => [item.costType, item.amount, item.key])).toEqual([
      ["Grundsteuer", "1334.56", "area"],
      ["Kaltwasser", "1890.40", "consumption"],
      ["Abwasser", "1000.00", "consumption"],
      ["Gartenpflege", "640.00", null],
      ["Schornsteinfeger", "420.00", "area"],
    ]);
    expect(await countBookings(userId)).toBe(4);
    const activity = await t.db
      .selectFrom("userActivities")
      .select(["description"])
      .where("userId", "=", userId)
      .where("entityType", "=", "cost")
      .execute();
    expect(activity.map((row) => row.description)).toEqual([
      "Kontoauszug importiert (camt053-2025.xml): 4 Buchungen über 5.184,96 € importiert.",
    ]);

    // The same file again: every booking is recognised; nothing changes.
    const again = await preview(cookie, billingPeriodId, file);
    expect(again.body.counts).toEqual({ new: 0, duplicate: 4, ignored: 2, error: 0 });
    expect(again.body.rows[0]).toMatchObject({
      status: "duplicate",
      message: "Bereits importiert – wird nicht noch einmal gebucht.",
    });
    const second = await commit(cookie, billingPeriodId, file, assignments);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      imported: 0,
      skippedDuplicates: 4,
      costItems: [],
      message: "Alle Buchungen dieser Datei waren bereits importiert; es wurde nichts geändert.",
    });
    expect(await costsOf(cookie, billingPeriodId)).toEqual(costs);
    expect(await countBookings(userId)).toBe(4);
  });

  it("reads a Sparkasse CSV in Windows-1252 and a DKB CSV in UTF-8, recognises a booking of one in the other and remembers the cost type per payee", async () => {
    const { cookie, billingPeriodId } = await setUp();
    const sparkasse = await preview(cookie, billingPeriodId, asFile("sparkasse-2025.csv"));
    expect(sparkasse.status).toBe(200);
    expect(sparkasse.body).toMatchObject({
      format: "csv",
      encoding: "windows-1252",
      accountIban: "DE02120300000000202051",
      counts: { new: 3, duplicate: 0, ignored: 2, error: 1 },
      newTotal: "3785.17",
    });
    expect(
      sparkasse.body.rows.map((row: { row: number; status: string; amount: string | null }) => [
        row.row,
        row.status,
        row.amount,
      ]),
    ).toEqual([
      [2, "new", "1250.00"],
      [3, "new", "2345.67"],
      [4, "ignored", "950.00"],
      [5, "new", "189.50"],
      [6, "error", null],
      [7, "ignored", "98.12"],
    ]);
    expect(sparkasse.body.rows[1]).toMatchObject({
      bookingDate: "2025-02-03",
      counterpartyName: "Provinzial Versicherung AG",
      purpose: "Gebäudeversicherung 2025 Police 55-123.456 Wohngebäude Lindenstraße",
    });
    expect(sparkasse.body.rows[2].counterpartyName).toBe("Müller, Günter");
    expect(sparkasse.body.rows[3].counterpartyName).toBe("Glanz & Sauber Gebäudedienste");
    expect(sparkasse.body.rows[4]).toMatchObject({
      counterpartyName: "Hausmeisterservice Özdemir",
      message: "Betrag fehlt oder ist keine Zahl (erwartet z. B. -1.234,56).",
    });
    const imported = await commit(cookie, billingPeriodId, asFile("sparkasse-2025.csv"), [
      { row: 2, parts: [{ costType: "Kaltwasser", amount: "1250.00" }] },
      { row: 3, parts: [{ costType: "Versicherung", amount: "2345.67" }] },
    ]);
    expect(imported.body).toMatchObject({ imported: 2, importedTotal: "3595.67" });

    const dkb = await preview(cookie, billingPeriodId, asFile("dkb-2025.csv"));
    expect(dkb.status).toBe(200);
    expect(dkb.body).toMatchObject({
      format: "csv",
      encoding: "utf-8",
      counts: { new: 1, duplicate: 1, ignored: 0, error: 0 },
    });
    expect(dkb.body.rows[0]).toMatchObject({
      row: 6,
      bookingDate: "2025-01-15",
      counterpartyName: "RheinEnergie AG",
      status: "duplicate",
    });
    expect(dkb.body.rows[1]).toMatchObject({
      row: 7,
      amount: "156.80",
      counterpartyName: "Schornsteinfegermeister Jürgen Weiß",
      status: "new",
      suggestedCostType: null,
    });

    // The next year's camt: the rule for RheinEnergie (by IBAN) suggests Kaltwasser.
    const nextPeriod = await createBillingPeriodViaApi(
      t,
      cookie,
      (
        await t.db
          .selectFrom("billingPeriods")
          .select("propertyId")
          .where("id", "=", billingPeriodId)
          .executeTakeFirstOrThrow()
      ).propertyId,
      "2026-01-01",
      "2026-12-31",
    );
    const camt = await preview(cookie, nextPeriod, asFile("camt053-2025.xml"));
    expect(camt.body.rows[1]).toMatchObject({
      counterpartyName: "RheinEnergie AG",
      suggestedCostType: "Kaltwasser",
    });
    expect(camt.body.rows[1].warnings).toEqual([
      "Buchungstag liegt außerhalb des Abrechnungszeitraums 01.01.2026 – 31.12.2026. Bitte prüfen Sie, ob die Kosten zu diesem Zeitraum gehören.",
    ]);
    expect(camt.body.periodCostTypes).toContain("Kaltwasser");
  });

  it("refuses hostile and unreadable files with a German message and saves nothing", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    const billionLaughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">&lol2;</Amt></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>`;
    const cases: [string, { fileName: string; contentBase64: string }, string][] = [
      [
        "billion laughs",
        asFile("a.xml", billionLaughs),
        "Die XML-Datei enthält eine DOCTYPE- oder ENTITY-Deklaration. Kontoauszüge im Format camt.053 enthalten so etwas nie; die Datei wird aus Sicherheitsgründen nicht gelesen.",
      ],
      [
        "external entity",
        asFile("b.xml", xxe),
        "Die XML-Datei enthält eine DOCTYPE- oder ENTITY-Deklaration. Kontoauszüge im Format camt.053 enthalten so etwas nie; die Datei wird aus Sicherheitsgründen nicht gelesen.",
      ],
      [
        "broken XML",
        asFile("c.xml", "<Document><BkToCstmrStmt><Stmt></BkToCstmrStmt></Document>"),
        "Die XML-Datei ist fehlerhaft und kann nicht gelesen werden",
      ],
      [
        "camt.052",
        asFile("d.xml", "<Document><BkToCstmrAcctRpt><Rpt/></BkToCstmrAcctRpt></Document>"),
        "Die XML-Datei ist kein Kontoauszug im Format camt.053",
      ],
      [
        "an XLSX (ZIP)",
        asFile("e.xlsx", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])),
        "Die Datei ist keine Textdatei (z. B. eine Excel- oder PDF-Datei). Bitte exportieren Sie die Umsätze als CSV oder camt.053 (XML).",
      ],
      [
        "UTF-16",
        asFile("f.csv", Buffer.from([0xff, 0xfe, 0x42, 0x00])),
        "Die Datei ist weder als UTF-8 noch als Windows-1252 (ANSI) lesbar.",
      ],
      [
        "a CSV without booking columns",
        asFile("g.csv", "Name;Vorname\nMüller;Jörg\n"),
        "In der CSV-Datei wurde keine Kopfzeile mit den Spalten Buchungstag",
      ],
      [
        "a letter",
        asFile("k.txt", "Sehr geehrte Damen und Herren\nanbei die Umsätze\n"),
        "Das Dateiformat wurde nicht erkannt.",
      ],
      [
        "a header only",
        asFile("h.csv", "Buchungstag;Betrag;Verwendungszweck\n"),
        "Die Datei enthält keine Buchungen.",
      ],
      [
        "too large",
        asFile("i.csv", `Buchungstag;Betrag\n${"01.01.2025;-1,00\n".repeat(2500)}`),
        "Die Datei ist zu groß (höchstens 32 KB). Bitte teilen Sie sie auf, z. B. nach Monaten.",
      ],
      [
        "not base64",
        { fileName: "j.csv", contentBase64: "a!b=" },
        "Die Datei wurde nicht vollständig übertragen. Bitte wählen Sie sie erneut aus.",
      ],
    ];
    for (const [name, file, message] of cases) {
      const { status, body } = await preview(cookie, billingPeriodId, file);
      expect(status, name).toBe(400);
      expect(body.error.message, name).toContain(message);
    }
    expect(await countBookings(userId)).toBe(0);
  });

  it("refuses wrong assignments with a message per row and writes nothing at all", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    const file = asFile("camt053-2025.xml");
    const { status, body } = await commit(cookie, billingPeriodId, file, [
      { row: 1, parts: [{ costType: "Grundsteuer", amount: "1234.56" }] },
      {
        row: 2,
        parts: [
          { costType: "Kaltwasser", amount: "2000.00" },
          { costType: "Abwasser", amount: "800.00" },
        ],
      },
      { row: 5, parts: [{ costType: "Sonstige", amount: "850.00" }] },
      { row: 3, parts: [{ costType: "Verwaltungskosten", amount: "640.00" }] },
      { row: 99, parts: [{ costType: "Grundsteuer", amount: "1.00" }] },
      { row: 1, parts: [{ costType: "Grundsteuer", amount: "1234.56" }] },
    ]);
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      "assignments.1.parts":
        "Die Teilbeträge (2.800,00 €) ergeben nicht den Buchungsbetrag (2.890,40 €).",
      "assignments.2.row":
        "Diese Buchung kann nicht importiert werden (bereits importiert, keine Kosten oder fehlerhaft).",
      "assignments.3.parts.0.costType": expect.stringContaining(
        "„Verwaltungskosten“ ist bei Wohnraum nicht umlagefähig",
      ),
      "assignments.4.row": "Diese Zeile gibt es in der Datei nicht.",
      "assignments.5.row": "Diese Buchung ist doppelt zugeordnet.",
    });
    const schema = await commit(cookie, billingPeriodId, file, [
      { row: 1, parts: [{ costType: "", amount: "-5" }] },
    ]);
    expect(schema.status).toBe(400);
    expect(schema.body.error.fields).toMatchObject({
      "assignments.0.parts.0.costType": "Bitte wählen Sie eine Kostenart.",
      "assignments.0.parts.0.amount": "Der Teilbetrag muss größer als 0 sein.",
    });
    const none = await commit(cookie, billingPeriodId, file, []);
    expect(none.body.error.fields).toMatchObject({
      assignments: "Bitte ordnen Sie mindestens einer Buchung eine Kostenart zu.",
    });
    expect(await countBookings(userId)).toBe(0);
    expect(await costsOf(cookie, billingPeriodId)).toEqual([]);
  });

  it("refuses a finalized period (409), another account's period and an unknown id (404)", async () => {
    const { cookie, billingPeriodId } = await setUp();
    const other = await setUp();
    const file = asFile("camt053-2025.xml");
    for (const id of [other.billingPeriodId, UNKNOWN_ID]) {
      const previewed = await preview(cookie, id, file);
      expect(previewed.status).toBe(404);
      expect(previewed.body.error.message).toBe("Abrechnungsperiode nicht gefunden");
      expect(
        (
          await commit(cookie, id, file, [
            { row: 1, parts: [{ costType: "Grundsteuer", amount: "1234.56" }] },
          ])
        ).status,
      ).toBe(404);
    }
    const notAnId = await preview(cookie, "keine-id", file);
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.error.fields).toEqual({
      billingPeriodId: "Abrechnungsperiode nicht gefunden",
    });
    await t.db
      .updateTable("billingPeriods")
      .set({ isFinal: true })
      .where("id", "=", billingPeriodId)
      .execute();
    const locked = await commit(cookie, billingPeriodId, file, [
      { row: 1, parts: [{ costType: "Grundsteuer", amount: "1234.56" }] },
    ]);
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe(
      "Die Abrechnungen dieses Zeitraums sind finalisiert; Kosten können nicht mehr importiert werden.",
    );
    expect(
      (
        await t.request("POST", "/api/imports/bank-statements/preview", {
          body: { billingPeriodId, file },
        })
      ).status,
    ).toBe(401);
  });

  it("imports a file only once when two imports of it run at the same time", async () => {
    const { cookie, userId, billingPeriodId } = await setUp();
    const file = asFile("camt053-2025.xml");
    const assignments = [{ row: 1, parts: [{ costType: "Grundsteuer", amount: "1234.56" }] }];
    const results = await Promise.all([
      commit(cookie, billingPeriodId, file, assignments),
      commit(cookie, billingPeriodId, file, assignments),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    expect(results.map((result) => result.body.imported).sort()).toEqual([0, 1]);
    expect(await countBookings(userId)).toBe(1);
    expect((await costsOf(cookie, billingPeriodId)).map((item) => item.amount)).toEqual([
      "1234.56",
    ]);
  });
});
