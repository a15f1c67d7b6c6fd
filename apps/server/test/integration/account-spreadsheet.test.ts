import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// GET /api/export/spreadsheet (issue 28 item 6, decision 1660): the account's master data as
// XLSX, read back with exceljs: sheets, German headings, real dates, numbers with their format,
// formula-looking text kept as text. Plan feature bulkImportExport; scoped by account.

const PROPERTY = {
  name: "Rosenhof",
  street: "Rosenweg",
  houseNumber: "12",
  postalCode: "33602",
  city: "Bielefeld",
  country: "Deutschland",
  propertyType: "Mehrfamilienhaus",
};

describe.each(TEST_DRIVERS)("account spreadsheet export (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp(plan: string | null) {
    const { cookie } = await t.signUp();
    if (plan)
      expect(
        (await t.request("POST", "/api/subscription/plan", { cookie, body: { plan } })).status,
      ).toBe(200);
    const created = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { property: PROPERTY, units: [{ name: "EG links", area: "62.5", persons: 2 }] },
    });
    expect(created.status).toBe(201);
    const property = (await readJson(created)) as { id: string };
    const rows = [
      {
        unitName: "EG links",
        area: "62.5",
        persons: "2",
        tenantName: '=HYPERLINK("http://x","Anna")',
        moveInDate: "2024-07-01",
        monthlyPrepayment: "1234.56",
        meterType: "Kaltwasser",
        meterNumber: "WZ-1",
        startReading: "100.5",
        endReading: "142.125",
      },
    ];
    const saved = await t.request("POST", `/api/properties/${property.id}/house-setup`, {
      cookie,
      body: { billingPeriodStart: "2024-01-01", billingPeriodEnd: "2024-12-31", rows },
    });
    expect(saved.status).toBe(201);
    return { cookie };
  }

  it("is a plan feature: the trial gets 403", async () => {
    const { cookie } = await setUp(null);
    const response = await t.request("GET", "/api/export/spreadsheet", { cookie });
    expect(response.status).toBe(403);
    expect((await readJson(response)).error.code).toBe("FEATURE_NOT_IN_PLAN");
  });

  it("writes one sheet each with German headings, real dates, formatted amounts and formula text as text", async () => {
    const { cookie } = await setUp("enterprise");
    await setUp("enterprise"); // another account's data stays out
    const response = await t.request("GET", "/api/export/spreadsheet", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="nebenkosten-stammdaten-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Immobilien",
      "Wohneinheiten",
      "Mieter",
      "Vorauszahlungen",
      "Zähler",
      "Zählerstände",
    ]);

    const units = workbook.getWorksheet("Wohneinheiten")!;
    expect(units.getRow(1).values).toEqual([
      undefined,
      "Immobilie",
      "Wohneinheit",
      "Fläche (m²)",
      "Personen",
    ]);
    expect(units.rowCount).toBe(2);
    expect(units.getCell("C2").value).toBe(62.5);
    expect(units.getCell("C2").numFmt).toBe("#,##0.00");

    const tenants = workbook.getWorksheet("Mieter")!;
    expect(tenants.rowCount).toBe(2);
    expect(tenants.getCell("C2").value).toBe(`'=HYPERLINK("http://x","Anna")`);
    expect(tenants.getCell("C2").formula).toBeUndefined();
    expect(tenants.getCell("D2").value).toEqual(new Date(Date.UTC(2024, 6, 1)));
    expect(tenants.getCell("D2").numFmt).toBe("dd.mm.yyyy");
    expect(tenants.getCell("E2").value).toBeNull();

    const prepayments = workbook.getWorksheet("Vorauszahlungen")!;
    expect(prepayments.getRow(1).values).toEqual([
      undefined,
      "Immobilie",
      "Wohneinheit",
      "Mieter",
      "Vorauszahlung (EUR/Monat)",
      "Gültig ab",
      "Gültig bis",
    ]);
    expect(prepayments.getCell("D2").value).toBe(1234.56);
    expect(prepayments.getCell("D2").numFmt).toBe("#,##0.00");

    expect(workbook.getWorksheet("Zähler")!.getRow(2).values).toEqual([
      undefined,
      "Rosenhof",
      "EG links",
      "WZ-1",
      "Kaltwasser",
    ]);
    const readings = workbook.getWorksheet("Zählerstände")!;
    expect(readings.rowCount).toBe(3);
    expect([readings.getCell("D2").value, readings.getCell("D3").value]).toEqual([100.5, 142.125]);
    expect(readings.getCell("C3").value).toEqual(new Date(Date.UTC(2024, 11, 31)));
  });
});
