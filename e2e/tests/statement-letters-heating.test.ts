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
  postOk,
  describeE2e,
  useApp,
  readPdfLayout,
} from "../support/index.ts";

// Issue 24, items 6-8 in the browser: an oil-heated house with stocks and a combined boiler,
// billed 07/2024–06/2025. The landlord types the heating cost sheet in the wizard (opening
// stock, two deliveries, closing stock, components, § 9 inputs), takes the sheet's amounts into
// Heizung and Warmwasser, finalizes, and the letter read back with pdftotext shows the sheet
// with the stock valued first in, first out, the § 9 split and the CO2 cost priced at 45 €/t
// for 2024 and 55 €/t for 2025. Pages kept as pictures in .tmp/screenshots.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-e2e-heating-"));

const download = async (page: Page, button: Locator, name: string): Promise<string> =>
  (await downloadFile(page, button, tmp, name)).file;

describeE2e("Heizkostenaufstellung mit Vorräten und CO₂ über den Jahreswechsel", () => {
  const app = useApp();
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("the wizard takes the sheet, the letter prints stocks, § 9 split and the CO2 price per calendar year", async () => {
    const { page } = await app.signedIn("heizoel");
    await postOk(page, "/api/onboarding", {
      property: {
        name: "Ölweg 3",
        street: "Ölweg",
        houseNumber: "3",
        postalCode: "34117",
        city: "Kassel",
        state: "Hessen",
        country: "Deutschland",
        propertyType: "Mehrfamilienhaus",
      },
      units: [
        { name: "EG", area: "140", persons: 2 },
        { name: "OG", area: "180", persons: 3 },
        { name: "DG", area: "160", persons: 1 },
      ],
    });
    const properties = (await (await page.request.get("/api/properties")).json()) as {
      id: string;
      units: { id: string; name: string }[];
    }[];
    const property = properties[0]!;
    for (const [name, unit] of [
      ["Familie Schulz", "EG"],
      ["Ayşe Özdemir", "OG"],
      ["Jürgen Krüger", "DG"],
    ] as const) {
      const tenant = await postOk(page, "/api/tenants", {
        name,
        unitId: property.units.find((u) => u.name === unit)!.id,
        moveInDate: "2020-01-01",
        persons: 1,
      });
      await postOk(page, `/api/tenants/${tenant.id}/prepayments`, {
        monthlyAmount: "250",
        validFrom: "2020-01-01",
      });
    }
    expect((await page.request.put("/api/billing-data", { data: BILLING_DATA })).status()).toBe(
      200,
    );
    const period = await postOk(page, "/api/billing-periods", {
      propertyId: property.id,
      billingPeriodStart: "2024-07-01",
      billingPeriodEnd: "2025-06-30",
    });
    // The items and the CO2 inputs of the invoice; the amounts come from the sheet below.
    const saved = await page.request.put(`/api/billing-periods/${period.id}/costs`, {
      data: {
        costItems: [
          { costType: "Heizung", amount: "1", key: "area", mode: "manual" },
          { costType: "Warmwasser", amount: "1", key: "area", mode: "manual" },
        ],
        co2: { fuel: "oil", consumptionKwh: "85000", vatPercent: "19" },
      },
    });
    expect(saved.status()).toBe(200);

    await page.goto(`/dashboard/statements/new?property=${property.id}`);
    await page.getByLabel("Von", { exact: true }).fill("2024-07-01");
    await page.getByLabel("Bis", { exact: true }).fill("2025-06-30");
    const heating = page.getByRole("listitem", { name: /^Heizung/ });
    await expect.poll(() => heating.getByLabel("Betrag (EUR)").inputValue()).toBe("1,00");

    const sheet = page.getByRole("region", { name: "Heizkostenaufstellung" });
    await sheet.getByLabel("Heizkostenaufstellung erfassen").check();
    await sheet.getByLabel("Brennstoff der Heizungsanlage").selectOption({ label: "Heizöl" });
    await sheet.getByLabel("Anfangsbestand (Liter)").fill("3.000");
    await sheet.getByLabel("Wert des Anfangsbestands (EUR)").fill("2.850,00");
    for (const [index, date, quantity, amount] of [
      [1, "2024-10-15", "5.000", "5.150,00"],
      [2, "2025-02-10", "3.000", "3.270,00"],
    ] as const) {
      await sheet.getByRole("button", { name: "Lieferung hinzufügen" }).click();
      await sheet.getByLabel(`Lieferdatum ${index}`).fill(date);
      await sheet.getByLabel(`Liefermenge ${index} (Liter)`).fill(quantity);
      await sheet.getByLabel(`Rechnungsbetrag ${index} (EUR)`).fill(amount);
    }
    await sheet.getByLabel("Endbestand am Ende des Zeitraums (Liter)").fill("2.500");
    await sheet.getByLabel("Betriebsstrom (EUR)").fill("420");
    await sheet.getByLabel("Wartung und Reinigung (EUR)").fill("380");
    await sheet.getByLabel("Immissionsschutzmessung (EUR)").fill("95");
    await sheet.getByLabel("Messdienst: Gerätemiete, Ablesung, Abrechnung (EUR)").fill("610");
    await sheet.getByLabel("Die Anlage erwärmt auch das Trinkwasser", { exact: false }).check();
    await sheet.getByLabel("Gesamte Energie der Anlage (kWh)").fill("85.000");
    await sheet.getByLabel("Warmwasservolumen V (m³)").fill("180");
    await sheet.getByLabel("Mittlere Warmwassertemperatur tw (°C)").fill("55");

    // The engine's sheet as it is typed: 8,500 l for 8,545.00 €, 10,050.00 € in all, 23.82 % hot water.
    const result = sheet.getByLabel("Ergebnis der Heizkostenaufstellung");
    await result
      .getByText(
        "Verbrauchter Brennstoff: 8.500 Liter für 8.545,00 € (Endbestand bewertet mit 2.725,00 €)",
      )
      .waitFor();
    await result.getByText("Kosten der Heizungsanlage: 10.050,00 €").waitFor();
    await result
      .getByText("Warmwasser: Q = 20.250,00 kWh (23,82 %) = 2.394,26 €; Heizung: 7.655,74 €")
      .waitFor();
    await result
      .getByRole("button", { name: "Beträge in Heizung und Warmwasser übernehmen" })
      .click();
    await expect.poll(() => heating.getByLabel("Betrag (EUR)").inputValue()).toBe("7.655,74");
    await expect
      .poll(() =>
        page
          .getByRole("listitem", { name: /^Warmwasser/ })
          .getByLabel("Betrag (EUR)")
          .inputValue(),
      )
      .toBe("2.394,26");
    await sheet.scrollIntoViewIfNeeded();
    await screenshotBothWidths(page, "letters-heating-wizard-sheet");

    await page.getByRole("button", { name: "Berechnung starten" }).click();
    const co2 = page.getByRole("region", { name: "CO₂-Kostenaufteilung (CO2KostAufG)" });
    await co2.getByText("Stufe 9", { exact: true }).waitFor({ timeout: 30_000 });
    await co2
      .getByText(
        "01.07.2024–31.12.2024: 9.420,83 kg × 45,00 € je Tonne (gesetzlicher Preis) = 423,94 € netto",
      )
      .waitFor();
    await co2
      .getByText(
        "01.01.2025–30.06.2025: 13.189,17 kg × 55,00 € je Tonne (gesetzlicher Preis) = 725,40 € netto",
      )
      .waitFor();
    await screenshotBothWidths(page, "letters-heating-preview-co2");

    // 07/2024–06/2025 is past its § 556 (3) BGB deadline: finalizing asks first.
    await page.getByRole("button", { name: "Finalisieren" }).click();
    await page
      .getByRole("alertdialog", { name: "Abrechnung finalisieren?" })
      .getByRole("button", { name: "Finalisieren" })
      .click();
    await page.waitForURL(/\/dashboard\/statements\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const letters = page.getByRole("list", { name: "Briefe je Mietverhältnis" });
    const file = await download(
      page,
      letters
        .getByRole("listitem", { name: "Brief an Ayşe Özdemir" })
        .getByRole("button", { name: "PDF für Ayşe Özdemir" }),
      "oel.pdf",
    );
    const text = readPdfLayout(file);
    expect(text).toContain("Heizkostenaufstellung und Aufteilung nach § 9 HeizkV");
    expect(text).toContain("Anfangsbestand am 01.07.2024: 3.000 l 2.850,00 €");
    expect(text).toContain("Lieferung am 15.10.2024: 5.000 l zu 1,03 €/l 5.150,00 €");
    expect(text).toContain("Lieferung am 10.02.2025: 3.000 l zu 1,09 €/l 3.270,00 €");
    expect(text).toContain("abzüglich Endbestand am 30.06.2025: 2.500 l − 2.725,00 €");
    expect(text).toContain("davon 2.500 l aus der Lieferung vom 10.02.2025 zu 1,09 €/l 2.725,00 €");
    expect(text).toContain("Verbrauchter Brennstoff: 8.500 l (im Mittel 1,005294 €/l) 8.545,00 €");
    expect(text).toContain("Kosten der zentralen Heizungsanlage 10.050,00 €");
    expect(text).toContain("Q = 2,5 × 180 m³ × (55 °C − 10 °C) 20.250,00 kWh");
    expect(text).toContain("Warmwasserkosten: 10.050,00 € × 23,82 % 2.394,26 €");
    expect(text).toContain("Energie laut Rechnung (Heizwert) 85.000 kWh");
    expect(text).toContain("Emissionsfaktor (Standardwert Heizöl) 0,266 kg CO₂/kWh");
    expect(text).toContain(
      "01.07.2024–31.12.2024: 9.420,83 kg (41,67 % nach Gradtagszahlen) × 45,00 € je Tonne 423,94 €",
    );
    expect(text).toContain(
      "01.01.2025–30.06.2025: 13.189,17 kg (58,33 % nach Gradtagszahlen) × 55,00 € je Tonne 725,40 €",
    );
    expect(text).toContain("Umsatzsteuer 19 % 218,37 €");
    expect(text).toContain("CO₂-Kosten des Gebäudes 1.367,71 €");
    expect(text).toContain("Stufe nach Anlage zum CO2KostAufG Stufe 9");
    expect(text).not.toContain("Klasse I");
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "60",
      file,
      screenshotPath("letters-heating-oil").replace(/\.png$/, ""),
    ]);
  });
});
