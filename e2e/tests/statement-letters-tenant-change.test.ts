import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { TEST_BILLING_DATA as BILLING_DATA } from "../../apps/server/test/support/fixtures.ts";
import {
  screenshotBothWidths,
  screenshotPath,
  downloadFile,
  describeE2e,
  useApp,
  readPdfLayout,
  readPdfText,
} from "../support/index.ts";

// Issue 24, items 3, 4, 5, 13 and 16 in the browser: a tenant change with readings on the change
// days and a vacancy between the tenancies. Anna Alt moves out on 30.06. (heat cost allocator read
// that day, the water meter not), the flat is empty in July and August (the heat cost allocator is
// read again on the move-in day 01.09., the water meter too), Bernd Neu moves in; upstairs the
// Clausens grow from 3 to 4 persons on 15.09. and their allocator value is entered by hand as an
// estimate. The preview's tenant-change report and the letters (read back with pdftotext, first
// pages kept as pictures) show each tenancy's own readings, persons and person-days.

const YEAR = new Date().getUTCFullYear() - 1;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-e2e-change-"));
const flatLayout = (file: string) => readPdfLayout(file).replace(/\s+/g, " ");
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

async function call<T = { id: string }>(
  page: Page,
  method: "post" | "put" | "get",
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request[method](url, data === undefined ? {} : { data });
  expect(
    response.status(),
    `${method.toUpperCase()} ${url}: ${await response.text()}`,
  ).toBeLessThan(300);
  return (await response.json()) as T;
}

async function setUpHouse(page: Page) {
  await call(page, "post", "/api/onboarding", {
    property: {
      name: "Lindenweg 5",
      street: "Lindenweg",
      houseNumber: "5",
      postalCode: "28195",
      city: "Bremen",
      state: "Bremen",
      country: "Deutschland",
      propertyType: "Mehrfamilienhaus",
    },
    units: [
      { name: "EG", area: "60", persons: 1 },
      { name: "OG", area: "80", persons: 3 },
    ],
  });
  const [property] = await call<{ id: string; units: { id: string; name: string }[] }[]>(
    page,
    "get",
    "/api/properties",
  );
  const unitId = (name: string) => property!.units.find((unit) => unit.name === name)!.id;
  const anna = await call(page, "post", "/api/tenants", {
    name: "Anna Alt",
    unitId: unitId("EG"),
    moveInDate: "2020-05-01",
    moveOutDate: `${YEAR}-06-30`,
    persons: 1,
  });
  const bernd = await call(page, "post", "/api/tenants", {
    name: "Bernd Neu",
    unitId: unitId("EG"),
    moveInDate: `${YEAR}-09-01`,
    persons: 2,
  });
  const clausen = await call(page, "post", "/api/tenants", {
    name: "Familie Clausen",
    unitId: unitId("OG"),
    moveInDate: "2019-01-01",
    persons: 3,
  });
  await call(page, "post", `/api/tenants/${clausen.id}/occupants`, {
    persons: 4,
    validFrom: `${YEAR}-09-15`,
  });
  for (const [tenant, amount] of [
    [anna, "150"],
    [bernd, "180"],
    [clausen, "320"],
  ] as const) {
    await call(page, "post", `/api/tenants/${tenant.id}/prepayments`, {
      monthlyAmount: amount,
      validFrom: `${YEAR - 1}-01-01`,
    });
  }
  const meter = (meterNumber: string, meterType: string, unit: string) =>
    call(page, "post", "/api/meters", { meterNumber, meterType, unitId: unitId(unit) });
  const reading = (meterId: string, readingValue: string, readingDate: string) =>
    call(page, "post", `/api/meters/${meterId}/readings`, { readingValue, readingDate });
  const hkvEg = await meter("HKV-EG", "Heizkostenverteiler", "EG");
  const wwEg = await meter("WW-EG", "Warmwasserzähler", "EG");
  const wwOg = await meter("WW-OG", "Warmwasserzähler", "OG");
  await meter("HKV-OG", "Heizkostenverteiler", "OG");
  await reading(hkvEg.id, "410", `${YEAR}-06-30`); // Anna's move-out
  await reading(hkvEg.id, "450", `${YEAR}-09-01`); // Bernd's move-in, the end of the vacancy
  await reading(hkvEg.id, "980", `${YEAR}-12-31`);
  await reading(wwEg.id, "1100", `${YEAR - 1}-12-31`);
  await reading(wwEg.id, "1108.5", `${YEAR}-09-01`); // no water reading at the move-out
  await reading(wwEg.id, "1114.2", `${YEAR}-12-31`);
  await reading(wwOg.id, "2050", `${YEAR - 1}-12-31`);
  await reading(wwOg.id, "2070", `${YEAR}-12-31`);
  expect((await page.request.put("/api/billing-data", { data: BILLING_DATA })).status()).toBe(200);
  const period = await call(page, "post", "/api/billing-periods", {
    propertyId: property!.id,
    billingPeriodStart: `${YEAR}-01-01`,
    billingPeriodEnd: `${YEAR}-12-31`,
  });
  const costs = {
    costItems: [
      { costType: "Heizung", amount: "4000", key: "mixed", consumptionShare: "70", mode: "manual" },
      { costType: "Warmwasser", amount: "1000", key: "consumption", mode: "manual" },
      { costType: "Müllabfuhr", amount: "600", key: "persons", mode: "manual" },
      {
        costType: "Aufzug",
        amount: "300",
        key: "area",
        excludedUnits: [unitId("EG")],
        mode: "manual",
      },
    ],
    co2: { fuel: "gas", consumptionKwh: "30000", heatingValue: "upper" },
    // The Clausens' allocator could not be read: estimated under § 9a HeizkV.
    consumptionOverrides: [
      {
        unitId: unitId("OG"),
        meter: "heating",
        value: "1200",
        reason: "Heizkostenverteiler unlesbar, geschätzt nach Vorjahr",
      },
    ],
  };
  expect(
    (await page.request.put(`/api/billing-periods/${period.id}/costs`, { data: costs })).status(),
  ).toBe(200);
  return { propertyId: property!.id };
}

const download = async (page: Page, button: Locator, name: string): Promise<string> =>
  (await downloadFile(page, button, tmp, name)).file;

describeE2e("Nutzerwechsel mit Ablesungen am Wechseltag und Leerstand", () => {
  const app = useApp();
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("the preview shows persons, person-days and each tenancy's own consumption; each letter prints its own readings", async () => {
    const { page } = await app.signedIn("wechsel");
    const { propertyId } = await setUpHouse(page);

    const annaDays = daysBetween(`${YEAR}-01-01`, `${YEAR}-06-30`);
    const vacancyDays = 62;
    const clausenThree = daysBetween(`${YEAR}-01-01`, `${YEAR}-09-14`);
    const clausenFour = 108;
    // Water from 31.12. to the move-in reading: 8,5 m³ shared by days between Anna and the vacancy.
    const annaWater = ((8.5 * annaDays) / (annaDays + vacancyDays)).toLocaleString("de-DE", {
      maximumFractionDigits: 3,
    });

    await page.goto(`/dashboard/statements/new?property=${propertyId}`);
    await page.getByLabel("Von", { exact: true }).fill(`${YEAR}-01-01`);
    await page.getByLabel("Bis", { exact: true }).fill(`${YEAR}-12-31`);
    await expect
      .poll(() =>
        page
          .getByRole("listitem", { name: /^Müllabfuhr/ })
          .getByLabel("Betrag (EUR)")
          .inputValue(),
      )
      .toBe("600,00");
    await page.getByRole("button", { name: "Berechnung starten" }).click();
    await page.getByText("Mieterwechsel und Leerstand", { exact: true }).waitFor();
    const report = page.locator("main");
    await report
      .getByText(
        `3 Personen × ${clausenThree} Tage + 4 Personen × ${clausenFour} Tage · ${(3 * clausenThree + 4 * clausenFour).toLocaleString("de-DE")} Personentage`,
      )
      .waitFor();
    await report.getByText(`1 Person · ${annaDays} Personentage`).waitFor();
    await report.getByText("1 Person (Leerstand, trägt der Vermieter)").waitFor();
    await report.getByText("Heizung 410 (abgelesen)", { exact: false }).waitFor();
    await report
      .getByText(`Warmwasser ${annaWater} (anteilig nach Tagen)`, { exact: false })
      .waitFor();
    await report.getByText("Heizung 530 (abgelesen) · Warmwasser 5,7 (abgelesen)").waitFor();
    await report.getByText("Heizung 1.200 (geschätzt)", { exact: false }).waitFor();
    await screenshotBothWidths(page, "letters-tenant-change-preview");

    await page.getByRole("button", { name: "Finalisieren" }).click();
    const question = page.getByRole("alertdialog", { name: "Abrechnung finalisieren?" });
    await question.getByRole("button", { name: "Finalisieren" }).click();
    await page.waitForURL(/\/dashboard\/statements\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const letters = page.getByRole("list", { name: "Briefe je Mietverhältnis" });

    // Anna: her move-out reading and her own consumption, not the flat's 980 units.
    const annaFile = await download(
      page,
      letters
        .getByRole("listitem", { name: "Brief an Anna Alt" })
        .getByRole("button", { name: "PDF für Anna Alt" }),
      "anna.pdf",
    );
    const anna = `${flatLayout(annaFile)} | ${readPdfText(annaFile)}`;
    expect(anna).toContain("Ihre Zählerstände und Ihr Verbrauch");
    expect(anna).toContain("Heizkostenverteiler HKV-EG");
    expect(anna).toContain(`0 (01.01.${YEAR}) 410 (30.06.${YEAR}) 410 Einheiten abgelesen`);
    expect(anna).not.toContain("980 Einheiten");
    expect(anna).toContain(
      `anteilig nach Tagen (§ 9b Abs. 3 HeizkV): 8,5 m³ vom 01.01.${YEAR} bis 31.08.${YEAR}, davon Ihr Anteil ${annaDays} von ${annaDays + vacancyDays} Tagen`,
    );
    expect(anna).toContain(
      `Ihr Verbrauch ${annaWater} m³ (anteilig nach Tagen, § 9b Abs. 3 HeizkV)`,
    );
    expect(anna).not.toContain("gemessen");
    expect(anna).toContain("(60 m², 1 Person)");
    expect(anna).toContain(`1 Person × ${annaDays} Tage = ${annaDays} Personentage`);
    expect(anna).toContain(
      "eine leerstehende Wohnung zählt mit 1 Person, deren Anteil der Vermieter trägt",
    );
    expect(anna).toContain("Aufzug 300,00 € Wohnfläche nicht beteiligt");
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "60",
      annaFile,
      screenshotPath("letters-tenant-change-anna").replace(/\.png$/, ""),
    ]);

    // Bernd: from his move-in reading, which also ends the vacancy.
    const berndFile = await download(
      page,
      letters
        .getByRole("listitem", { name: "Brief an Bernd Neu" })
        .getByRole("button", { name: "PDF für Bernd Neu" }),
      "bernd.pdf",
    );
    const bernd = `${flatLayout(berndFile)} | ${readPdfText(berndFile)}`;
    expect(bernd).toContain(`450 (01.09.${YEAR}) 980 (31.12.${YEAR}) 530 Einheiten abgelesen`);
    for (const part of [`1.108,5 (01.09.${YEAR})`, `1.114,2 (31.12.${YEAR})`, "5,7 m³ abgelesen"])
      expect(bernd).toContain(part);
    expect(bernd).not.toContain("anteilig nach");
    expect(bernd).toContain("(60 m², 2 Personen)");

    // The Clausens: persons from the occupant periods, the estimate marked in the table and the step.
    const clausenFile = await download(
      page,
      letters
        .getByRole("listitem", { name: "Brief an Familie Clausen" })
        .getByRole("button", { name: "PDF für Familie Clausen" }),
      "clausen.pdf",
    );
    const clausen = `${flatLayout(clausenFile)} | ${readPdfText(clausenFile)}`;
    expect(clausen).toContain(`(80 m², 3 Personen bis 14.09.${YEAR}, 4 Personen ab 15.09.${YEAR})`);
    expect(clausen).toContain(
      `3 Personen × ${clausenThree} Tage + 4 Personen × ${clausenFour} Tage = ${(3 * clausenThree + 4 * clausenFour).toLocaleString("de-DE")} Personentage`,
    );
    expect(clausen).toContain("geschätzt (§ 9a HeizkV)");
    expect(clausen).toContain("Heizkostenverteiler unlesbar, geschätzt nach Vorjahr");
    expect(clausen).toContain("Ihr Verbrauch 1.200 Einheiten (geschätzt, § 9a HeizkV)");
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "60",
      clausenFile,
      screenshotPath("letters-tenant-change-clausen").replace(/\.png$/, ""),
    ]);
  });
});
