import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA as BILLING_DATA,
} from "../support/fixtures.ts";
import { createBillingPeriodViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 28, item 2 (decision 1404): the metering company's results (ARGE Heiwako D, E835 and A
// records; fixed width, ISO-8859-15 with umlauts, CR LF) for a house with a change of tenant
// and two months of vacancy. The flats are mapped once and remembered, the heating and water
// results become items with the key "direct", the § 35a shares reach the tenancies' tax sums;
// importing again changes nothing; bad files are refused in German and write nothing.

const FILES = [
  "DTA305_20250314093000.DAT",
  "DTD305_20250314093000.DAT",
  "DTE835_20250314093000.DAT",
] as const;
const read = (name: string) =>
  fs.readFileSync(new URL(`../support/metering-files/${name}`, import.meta.url));
const asFile = (fileName: string, bytes: Buffer) => ({
  fileName,
  contentBase64: bytes.toString("base64"),
});
const ALL_FILES = FILES.map((name) => asFile(name, read(name)));
const D_NAME = FILES[1];

describe.each(TEST_DRIVERS)("metering results import (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp(plan = "enterprise") {
    const account = await t.signUp();
    await t.db
      .updateTable("subscriptions")
      .set({ plan, status: "active" })
      .where("userId", "=", account.userId)
      .execute();
    expect(
      (await t.request("PUT", "/api/billing-data", { cookie: account.cookie, body: BILLING_DATA }))
        .status,
    ).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: "Lindenstraße 7" });
    const egLinks = await insertUnit(t.db, account.userId, property.id, {
      name: "EG links",
      area: "62.00",
    });
    const egRechts = await insertUnit(t.db, account.userId, property.id, {
      name: "EG rechts",
      area: "48.00",
    });
    const og = await insertUnit(t.db, account.userId, property.id, { name: "OG", area: "95.00" });
    const weiss = await insertTenant(t.db, account.userId, egLinks.id, {
      name: "Jürgen Weiß",
      moveInDate: "2018-04-01",
    });
    const schroeder = await insertTenant(t.db, account.userId, egRechts.id, {
      name: "Anna Schröder",
      moveInDate: "2016-01-01",
      moveOutDate: "2024-06-30",
      isActive: false,
    });
    const kaya = await insertTenant(t.db, account.userId, egRechts.id, {
      name: "Özlem Kaya",
      moveInDate: "2024-09-01",
    });
    const gross = await insertTenant(t.db, account.userId, og.id, {
      name: "Familie Groß",
      moveInDate: "2020-01-01",
    });
    const periodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      property.id,
      "2024-01-01",
      "2024-12-31",
    );
    const mappings = [
      { firmFlat: "0047112300001", unitId: egLinks.id },
      { firmFlat: "0047112300002", unitId: egRechts.id },
      { firmFlat: "0047112300003", unitId: og.id },
    ];
    return {
      ...account,
      periodId,
      mappings,
      tenants: { weiss: weiss.id, schroeder: schroeder.id, kaya: kaya.id, gross: gross.id },
    };
  }

  async function post(cookie: string, path: string, body: unknown) {
    const response = await t.request("POST", `/api/imports/metering-results${path}`, {
      cookie,
      body,
    });
    return { status: response.status, body: await readJson(response) };
  }

  async function countWrites(userId: string) {
    const results = await t.db
      .selectFrom("meteringResults")
      .select(({ fn }) => fn.countAll<string>().as("n"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    const mappings = await t.db
      .selectFrom("meteringFlatMappings")
      .select(({ fn }) => fn.countAll<string>().as("n"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    const items = await t.db
      .selectFrom("billingPeriodCostItems")
      .select(({ fn }) => fn.countAll<string>().as("n"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    return [Number(results.n), Number(mappings.n), Number(items.n)];
  }

  it("asks for the mapping first, then imports the results as direct items with the § 35a shares, and a second import changes nothing", async () => {
    const house = await setUp();
    const first = await post(house.cookie, "/preview", {
      billingPeriodId: house.periodId,
      files: ALL_FILES,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.needsMapping).toBe(true);
    expect(
      first.body.files.map((file: { kind: string; records: number }) => [file.kind, file.records]),
    ).toEqual([
      ["A", 3],
      ["D", 21],
      ["E835", 10],
    ]);
    expect(
      first.body.flats.map((flat: { firmFlat: string; state: string; names: string[] }) => [
        flat.firmFlat,
        flat.state,
        flat.names[0],
      ]),
    ).toEqual([
      ["0047112300001", "open", "Jürgen Weiß"],
      ["0047112300002", "open", "Anna Schröder"],
      ["0047112300003", "open", "Familie Groß"],
    ]);
    const unmapped = await post(house.cookie, "", {
      billingPeriodId: house.periodId,
      files: ALL_FILES,
    });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.error.message).toBe(
      "3 Wohnungen des Messdienstes sind noch keiner Wohnung zugeordnet.",
    );
    expect(await countWrites(house.userId)).toEqual([0, 0, 0]);

    const mapped = await post(house.cookie, "/preview", {
      billingPeriodId: house.periodId,
      files: ALL_FILES,
      mappings: house.mappings,
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.needsMapping).toBe(false);
    expect(mapped.body.counts).toEqual({ ok: 19, skipped: 12, error: 0 });
    expect(mapped.body.items).toEqual([
      {
        costType: "Heizung",
        amount: "2574.06",
        vacancyAmount: "35.10",
        laborCosts: "196.53",
        taxCategory: "craftsmen",
        tenancies: 4,
        replacesExisting: false,
      },
      {
        costType: "Warmwasser",
        amount: "690.15",
        vacancyAmount: "0.00",
        laborCosts: null,
        taxCategory: null,
        tenancies: 4,
        replacesExisting: false,
      },
      {
        costType: "Kaltwasser",
        amount: "362.00",
        vacancyAmount: "0.00",
        laborCosts: null,
        taxCategory: null,
        tenancies: 4,
        replacesExisting: false,
      },
    ]);
    const ogHeating = mapped.body.rows.find(
      (row: { tenantName: string; costTypeCode: string }) =>
        row.tenantName === "Familie Groß" && row.costTypeCode === "234",
    );
    expect(ogHeating).toMatchObject({
      costs: "1102.30",
      prepayments: "1080.00",
      balance: "22.30",
      isEstimated: true,
      readingNote: "Schätzung nach Fläche",
      unitName: "OG",
    });
    const fee = mapped.body.rows.find(
      (row: { costTypeCode: string }) => row.costTypeCode === "251",
    );
    expect(fee).toMatchObject({
      status: "skipped",
      message:
        "Kostenart 251 (Kosten Nutzerwechsel) wird nicht übernommen; bitte bei Bedarf im Assistenten erfassen.",
    });
    expect(await countWrites(house.userId)).toEqual([0, 0, 0]);

    const imported = await post(house.cookie, "", {
      billingPeriodId: house.periodId,
      files: ALL_FILES,
      mappings: house.mappings,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 15, isUnchanged: false });
    expect(imported.body.message).toBe(
      "15 Ergebnisse übernommen: Heizung 2.574,06 €, Warmwasser 690,15 €, Kaltwasser 362,00 €.",
    );
    expect(await countWrites(house.userId)).toEqual([15, 3, 3]);

    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
      }),
    );
    const heating = costs.costItems[0];
    expect(heating).toMatchObject({
      costType: "Heizung",
      key: "direct",
      amount: "2574.06",
      vacancyAmount: "35.10",
      laborCosts: "196.53",
      taxCategory: "craftsmen",
    });
    expect(
      Object.fromEntries(
        heating.directAmounts.map(
          (entry: { tenancyId: string; amount: string; laborCosts: string }) => [
            entry.tenancyId,
            [entry.amount, entry.laborCosts],
          ],
        ),
      ),
    ).toEqual({
      [house.tenants.weiss]: ["784.11", "60.19"],
      [house.tenants.schroeder]: ["402.55", "30.09"],
      [house.tenants.kaya]: ["250.00", "18.75"],
      [house.tenants.gross]: ["1102.30", "87.50"],
    });

    // The statement: each tenancy's own result, the vacancy the landlord's, the § 35a shares in the tax sums.
    const preview = await t.request("POST", "/api/statements/preview", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId },
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const { result } = await readJson(preview);
    const weiss = result.tenancies.find(
      (line: { tenancyId: string }) => line.tenancyId === house.tenants.weiss,
    );
    expect(
      weiss.allocations.map((a: { costType: string; amount: string }) => [a.costType, a.amount]),
    ).toEqual([
      ["Heizung", "784.11"],
      ["Warmwasser", "211.40"],
      ["Kaltwasser", "111.11"],
    ]);
    expect(weiss.taxDeductible).toEqual({ householdServices: "0.00", craftsmen: "60.19" });
    expect(
      result.vacancy.map((line: { from: string; total: string }) => [line.from, line.total]),
    ).toEqual([["2024-07-01", "35.10"]]);

    // Again, without choosing: the mapping is remembered and nothing changes.
    const again = await post(house.cookie, "/preview", {
      billingPeriodId: house.periodId,
      files: ALL_FILES,
    });
    expect(again.body.needsMapping).toBe(false);
    expect(again.body.isUnchanged).toBe(true);
    expect(again.body.flats.every((flat: { isRemembered: boolean }) => flat.isRemembered)).toBe(
      true,
    );
    const before = await t.db
      .selectFrom("billingPeriods")
      .select("costsUpdatedAt")
      .where("id", "=", house.periodId)
      .executeTakeFirstOrThrow();
    const second = await post(house.cookie, "", {
      billingPeriodId: house.periodId,
      files: ALL_FILES,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      imported: 0,
      isUnchanged: true,
      message: "Diese Ergebnisse sind bereits übernommen; es wurde nichts geändert.",
    });
    const after = await t.db
      .selectFrom("billingPeriods")
      .select("costsUpdatedAt")
      .where("id", "=", house.periodId)
      .executeTakeFirstOrThrow();
    expect(after.costsUpdatedAt?.toISOString()).toBe(before.costsUpdatedAt?.toISOString());
    expect(await countWrites(house.userId)).toEqual([15, 3, 3]);
  });

  it("refuses bad files and bad records in German and writes nothing", async () => {
    const house = await setUp();
    const dBytes = read(D_NAME);
    const dText = new TextDecoder("iso-8859-15").decode(dBytes);
    const cases: [string, { fileName: string; contentBase64: string }[], string][] = [
      [
        "UTF-8",
        [asFile(D_NAME, Buffer.from(dText, "utf8"))],
        `„${D_NAME}“ ist als UTF-8 gespeichert; der Standard verlangt ISO-8859-15, sonst verschieben Umlaute die Felder. Bitte die Originaldatei des Messdienstes verwenden.`,
      ],
      [
        "LF",
        [asFile(D_NAME, Buffer.from(dText.replaceAll("\r\n", "\n"), "latin1"))],
        `„${D_NAME}“: Die Sätze sind nicht durch CR LF getrennt, wie es der Standard verlangt. Bitte die Datei unverändert vom Messdienst übernehmen.`,
      ],
      [
        "CSV",
        [
          asFile(
            "umsaetze.csv",
            Buffer.from("Zählernummer;Datum;Stand\r\n1;01.01.2024;5\r\n", "latin1"),
          ),
        ],
        "„umsaetze.csv“ ist keine Datei im ARGE-Heiwako-Format (erwartet A-, D- oder E835-Sätze fester Länge, z. B. DTD305_….DAT vom Messdienst).",
      ],
      [
        "cut",
        [asFile(D_NAME, dBytes.subarray(0, 1500))],
        `„${D_NAME}“, Satz 2: 474 Zeichen statt 1024. Die Datei ist beschädigt oder nicht ISO-8859-15 kodiert.`,
      ],
      [
        "no D",
        [ALL_FILES[0]!],
        "Es fehlt die Datei mit den Abrechnungsergebnissen (D-Sätze, DTD305_….DAT).",
      ],
      [
        "twice",
        [ALL_FILES[1]!, ALL_FILES[1]!],
        "Es wurden zwei Dateien mit D-Sätzen gewählt. Bitte je Satzart eine Datei.",
      ],
    ];
    for (const [label, files, message] of cases) {
      for (const path of ["/preview", ""]) {
        const response = await post(house.cookie, path, {
          billingPeriodId: house.periodId,
          files,
          mappings: house.mappings,
        });
        expect(response.status, `${label} ${path}`).toBe(400);
        expect(response.body.error.message, label).toBe(message);
      }
    }
    // A record with a cost type table K does not know and one whose last day fits no tenancy.
    const records = dText.split("\r\n");
    records[0] = `${records[0]!.slice(0, 147)}999${records[0]!.slice(150)}`;
    records[1] = `${records[1]!.slice(0, 51)}150324${records[1]!.slice(57)}`;
    const broken = [asFile(D_NAME, Buffer.from(records.join("\r\n"), "latin1"))];
    const preview = await post(house.cookie, "/preview", {
      billingPeriodId: house.periodId,
      files: broken,
      mappings: house.mappings,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.rows[0]).toMatchObject({
      status: "error",
      message: "Kostenart 999 ist in D-Sätzen nicht vorgesehen (Tabelle K).",
    });
    expect(preview.body.rows[1].message).toMatch(
      /^In (EG links|EG rechts|OG) endet am 15\.03\.2024 weder ein Mietverhältnis noch ein Leerstand dieses Zeitraums/,
    );
    const commit = await post(house.cookie, "", {
      billingPeriodId: house.periodId,
      files: broken,
      mappings: house.mappings,
    });
    expect(commit.status).toBe(400);
    expect(commit.body.error.message).toBe(
      "2 Sätze sind fehlerhaft. Bitte prüfen Sie die markierten Sätze; es wurde nichts gespeichert.",
    );
    expect(commit.body.error.fields[`rows.${D_NAME}.1`]).toBe(
      "Kostenart 999 ist in D-Sätzen nicht vorgesehen (Tabelle K).",
    );
    // Another account's unit in the mapping.
    const stranger = await setUp();
    const foreign = await post(house.cookie, "", {
      billingPeriodId: house.periodId,
      files: ALL_FILES,
      mappings: [{ firmFlat: "0047112300001", unitId: stranger.mappings[0]!.unitId }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields["mappings.0.unitId"]).toBe("Wohneinheit nicht gefunden");
    expect(await countWrites(house.userId)).toEqual([0, 0, 0]);
  });

  it("is a plan feature, and another account's period is not found", async () => {
    const starter = await setUp("professional");
    const refused = await post(starter.cookie, "/preview", {
      billingPeriodId: starter.periodId,
      files: ALL_FILES,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FEATURE_NOT_IN_PLAN");
    const owner = await setUp();
    for (const id of [starter.periodId, UNKNOWN_ID]) {
      const response = await post(owner.cookie, "", { billingPeriodId: id, files: ALL_FILES });
      expect(response.status, id).toBe(404);
    }
  });
});
