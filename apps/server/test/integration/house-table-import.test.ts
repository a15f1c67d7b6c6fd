import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// POST /api/imports/house-table (issue 28 item 5, decision 1660): a spreadsheet of the house
// (CSV or XLSX) read as text cells for the house grid; nothing saved until the grid's save.
// Plan feature bulkImportExport.

const PROPERTY = {
  name: "Rosenhof",
  street: "Rosenweg",
  houseNumber: "12",
  postalCode: "33602",
  city: "Bielefeld",
  country: "Deutschland",
  propertyType: "Mehrfamilienhaus",
};

/** As German Excel saves "CSV (Trennzeichen-getrennt)": Windows-1252, ';', CR LF, "1.234,56", "01.07.2024". */
const CSV_TEXT = [
  "Wohneinheit;Fläche (m²);Personen;Mieter;Einzug;Auszug;Vorauszahlung (EUR/Monat);Zählerart;Zählernummer;Anfangsstand;Endstand",
  "EG links;62,50;2;Anna Müller;01.01.2019;;180,00;Kaltwasser;WZ-1;1.234,56;1.290,10",
  "EG rechts;58;1;Bernd Brandt;01.03.2020;30.06.2024;150,00;Kaltwasser;WZ-2;800;840",
  "EG rechts;;2;Carla Groß;01.07.2024;;160,00;Kaltwasser;WZ-2;840;875,5",
  "",
].join("\r\n");

const asFile = (fileName: string, bytes: Uint8Array) => ({
  fileName,
  contentBase64: Buffer.from(bytes).toString("base64"),
});

async function writeXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Haus");
  sheet.addRow(["Wohneinheit", "Fläche (m²)", "Mieter", "Einzug", "Vorauszahlung (EUR/Monat)"]);
  sheet.addRow(["OG links", 71.25, "Dora Dorn", new Date(Date.UTC(2023, 4, 1)), 210]);
  // A formula cell: its stored result is read, the formula is never run; a text looking like one stays text.
  sheet.addRow([
    "OG rechts",
    { formula: "SUM(B2,1)", result: 72.25 },
    '=HYPERLINK("http://x")',
    new Date(Date.UTC(2024, 0, 1)),
    199.9,
  ]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** What the grid does with the table (house-grid.ts, the paste's rule), for the heading row of CSV_TEXT. */
function toSetupRows(table: string[][]) {
  const keys = [
    "unitName",
    "area",
    "persons",
    "tenantName",
    "moveInDate",
    "moveOutDate",
    "monthlyPrepayment",
    "meterType",
    "meterNumber",
    "startReading",
    "endReading",
  ];
  const toDecimal = (text: string) =>
    text === "" ? undefined : text.replace(/\./g, "").replace(",", ".");
  const toDate = (text: string) => (text === "" ? undefined : text.split(".").reverse().join("-"));
  return table.slice(1).map((cells) => {
    const row: Record<string, string | undefined> = {};
    keys.forEach((key, index) => {
      const text = cells[index] ?? "";
      row[key] = ["moveInDate", "moveOutDate"].includes(key)
        ? toDate(text)
        : ["unitName", "tenantName", "meterType", "meterNumber"].includes(key)
          ? text || undefined
          : toDecimal(text);
    });
    return row;
  });
}

describe.each(TEST_DRIVERS)("house table import (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp(plan: string | null = "enterprise") {
    const { cookie, userId } = await t.signUp();
    if (plan)
      expect(
        (await t.request("POST", "/api/subscription/plan", { cookie, body: { plan } })).status,
      ).toBe(200);
    const response = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: PROPERTY, units: [{ name: "EG links", area: "62.5", persons: 2 }] },
    });
    expect(response.status).toBe(201);
    const property = (await readJson(response)) as { id: string };
    return { cookie, userId, propertyId: property.id };
  }

  const post = async (cookie: string, path: string, body: unknown) => {
    const response = await t.request("POST", path, { cookie, body });
    return { status: response.status, body: await readJson(response) };
  };

  async function countRows(userId: string) {
    const count = async (
      table: "units" | "tenants" | "meters" | "meterReadings" | "prepayments",
    ) =>
      table === "prepayments"
        ? (
            await t.db
              .selectFrom("tenantPrepayments as p")
              .innerJoin("tenants as x", "x.id", "p.tenantId")
              .select("p.id")
              .where("x.userId", "=", userId)
              .execute()
          ).length
        : (await t.db.selectFrom(table).select("id").where("userId", "=", userId).execute()).length;
    return {
      units: await count("units"),
      tenants: await count("tenants"),
      meters: await count("meters"),
      readings: await count("meterReadings"),
      prepayments: await count("prepayments"),
    };
  }

  it("is a plan feature: the trial is refused with 'Upgrade erforderlich'", async () => {
    const { cookie } = await setUp(null);
    const { status, body } = await post(cookie, "/api/imports/house-table", {
      file: asFile("haus.csv", Buffer.from(CSV_TEXT, "latin1")),
    });
    expect(status).toBe(403);
    expect(body.error).toMatchObject({
      code: "FEATURE_NOT_IN_PLAN",
      message: "Massenimport und -export ist in Ihrem aktuellen Plan nicht verfügbar.",
    });
  });

  it("reads a Windows-1252 CSV as text cells, and the grid's save of them twice creates nothing the second time", async () => {
    const { cookie, userId, propertyId } = await setUp();
    const before = await countRows(userId);
    const read = await post(cookie, "/api/imports/house-table", {
      file: asFile("haus.csv", Buffer.from(CSV_TEXT, "latin1")),
    });
    expect(read.status).toBe(200);
    expect(read.body.fileKind).toBe("csv");
    expect(read.body.table).toHaveLength(4);
    expect(read.body.table[0][1]).toBe("Fläche (m²)");
    expect(read.body.table[1]).toEqual([
      "EG links",
      "62,50",
      "2",
      "Anna Müller",
      "01.01.2019",
      "",
      "180,00",
      "Kaltwasser",
      "WZ-1",
      "1.234,56",
      "1.290,10",
    ]);
    expect(read.body.table[3][3]).toBe("Carla Groß");
    expect(await countRows(userId)).toEqual(before);

    const body = {
      billingPeriodStart: "2024-01-01",
      billingPeriodEnd: "2024-12-31",
      rows: toSetupRows(read.body.table),
    };
    const first = await t.request("POST", `/api/properties/${propertyId}/house-setup`, {
      cookie,
      body,
    });
    expect(first.status).toBe(201);
    const afterFirst = await countRows(userId);
    expect(afterFirst).toEqual({ units: 2, tenants: 3, meters: 2, readings: 6, prepayments: 3 });
    const readings = await t.db
      .selectFrom("meterReadings")
      .select(["readingValue"])
      .where("userId", "=", userId)
      .orderBy("readingValue")
      .execute();
    expect(readings.map((r) => Number(r.readingValue))).toContain(1234.56);

    const second = await t.request("POST", `/api/properties/${propertyId}/house-setup`, {
      cookie,
      body,
    });
    expect(second.status).toBe(201);
    expect(await countRows(userId)).toEqual(afterFirst);
  });

  it("reads an XLSX written with exceljs: numbers German, dates ISO, formulas as their stored result, never run", async () => {
    const { cookie } = await setUp();
    const read = await post(cookie, "/api/imports/house-table", {
      file: asFile("haus.xlsx", await writeXlsx()),
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      fileKind: "xlsx",
      table: [
        ["Wohneinheit", "Fläche (m²)", "Mieter", "Einzug", "Vorauszahlung (EUR/Monat)"],
        ["OG links", "71,25", "Dora Dorn", "2023-05-01", "210"],
        ["OG rechts", "72,25", '=HYPERLINK("http://x")', "2024-01-01", "199,9"],
      ],
    });
  });

  it("refuses a wrong type, a renamed file, an oversized file and a zip bomb with German messages", async () => {
    const { cookie } = await setUp();
    const pdf = await post(cookie, "/api/imports/house-table", {
      file: asFile("haus.pdf", Buffer.from("%PDF-1.4 ...")),
    });
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.message).toBe(
      "Die Datei ist weder eine CSV- noch eine Excel-Datei (.xlsx). Bitte speichern Sie die Tabelle als CSV oder XLSX.",
    );
    const renamed = await post(cookie, "/api/imports/house-table", {
      file: asFile("haus.xlsx", Buffer.from(CSV_TEXT, "latin1")),
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toContain("weder eine CSV- noch eine Excel-Datei");

    // A ZIP whose directory declares 3 GB unpacked: refused before anything is unpacked.
    const bomb = Buffer.from(await writeXlsx());
    const end = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const directory = bomb.readUInt32LE(end + 16);
    bomb.writeUInt32LE(3_000_000_000, directory + 24);
    const bombed = await post(cookie, "/api/imports/house-table", {
      file: asFile("haus.xlsx", bomb),
    });
    expect(bombed.status).toBe(400);
    expect(bombed.body.error.message).toBe(
      "Die Excel-Datei ist entpackt zu groß (höchstens 50 MB). Bitte speichern Sie nur das Blatt mit dem Haus als CSV.",
    );

    const large = await post(cookie, "/api/imports/house-table", {
      file: asFile("haus.csv", Buffer.from(`${CSV_TEXT}${"DG;50;1\r\n".repeat(5000)}`, "latin1")),
    });
    expect(large.status).toBe(400);
    expect(large.body.error.message).toBe(
      "Die Datei ist zu groß (höchstens 32 KB). Bitte teilen Sie sie auf, z. B. nach Monaten.",
    );
  });
});
