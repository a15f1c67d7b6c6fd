import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { unzipSync } from "fflate";
import { REPO_ROOT, screenshotBothWidths, describeE2e, useApp } from "../support/index.ts";

/** The sender of the letters (the ZIP export needs them, as every letter does). */
const SAMPLE_BILLING = {
  companyName: "Hausverwaltung Lindenhof GmbH",
  phone: "0521 123456",
  street: "Lindenstraße",
  houseNumber: "2",
  postalCode: "33602",
  city: "Bielefeld",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
  bankName: "Commerzbank",
};

// Issue 28, item 3: a landlord imports the year's bank statement (camt.053, then the
// Sparkasse's CSV in Windows-1252) into the costs of a statement: dry run, cost types, a split
// typed in German numbers, confirm; the same file again changes nothing; a hostile file is refused.

const BANK_FILES = path.join(REPO_ROOT, "apps/server/test/support/bank-files");
const READING_FILES = path.join(REPO_ROOT, "apps/server/test/support/reading-files");

async function setUpHouse(page: Page): Promise<string> {
  const onboarding = await page.request.post("/api/onboarding", {
    data: {
      property: {
        name: "Lindenhof",
        street: "Lindenstraße",
        houseNumber: "5",
        postalCode: "50667",
        city: "Köln",
        state: "Nordrhein-Westfalen",
        country: "Deutschland",
        propertyType: "Mehrfamilienhaus",
      },
      units: [
        { name: "EG links", area: "62.5", persons: 2 },
        { name: "OG rechts", area: "70", persons: 1 },
      ],
    },
  });
  expect(onboarding.status()).toBeLessThan(300);
  const [property] = (await (await page.request.get("/api/properties")).json()) as { id: string }[];
  const period = await page.request.post("/api/billing-periods", {
    data: {
      propertyId: property!.id,
      billingPeriodStart: "2025-01-01",
      billingPeriodEnd: "2025-12-31",
    },
  });
  expect(period.status()).toBe(201);
  return ((await period.json()) as { id: string }).id;
}

async function previewFile(
  page: Page,
  fileName: string | { name: string; mimeType: string; buffer: Buffer },
) {
  await page
    .getByLabel("Abrechnungszeitraum")
    .selectOption({ label: "Lindenhof · 01.01.2025 – 31.12.2025" });
  await page
    .getByLabel("Datei", { exact: true })
    .setInputFiles(typeof fileName === "string" ? path.join(BANK_FILES, fileName) : fileName);
  await page.getByRole("button", { name: "Datei prüfen" }).click();
}

describeE2e("Importe", () => {
  const app = useApp();

  it("imports a camt.053 into the costs after a dry run, once only, then a Sparkasse CSV; refuses a hostile file", async () => {
    const { page } = await app.signedIn();
    const billingPeriodId = await setUpHouse(page);
    await page.goto("/dashboard/imports/bank-statements");
    await page.getByRole("heading", { name: "Kontoauszug importieren" }).waitFor();

    await previewFile(page, "camt053-2025.xml");
    await page.getByText("Probelauf – noch nichts gespeichert").waitFor();
    await expect
      .poll(() =>
        page
          .getByText(
            "4 neue Ausgaben über 5.184,96 € · 0 bereits importiert · 2 keine Kosten · 0 fehlerhaft",
          )
          .count(),
      )
      .toBe(1);
    await expect
      .poll(() =>
        page.getByText("camt.053 (ISO 20022, XML), UTF-8, Konto DE02120300000000202051.").count(),
      )
      .toBe(1);
    // Nothing saved by the dry run.
    expect(
      (
        (await (
          await page.request.get(`/api/billing-periods/${billingPeriodId}/costs`)
        ).json()) as { costItems: unknown[] }
      ).costItems,
    ).toEqual([]);

    const stadt = page.getByTestId("booking-1");
    await expect.poll(() => stadt.getByText("Stadt Köln – Kämmerei").count()).toBe(1);
    await expect.poll(() => stadt.getByText("−1.234,56 €").count()).toBe(1);
    await stadt.getByLabel("Kostenart").selectOption("Grundsteuer");
    await page.getByTestId("booking-3").getByLabel("Kostenart").selectOption("Gartenpflege");
    await page.getByTestId("booking-4").getByLabel("Kostenart").selectOption("Schornsteinfeger");

    // The water bill of 2.890,40 € split into fresh water and sewage, typed the German way.
    await page.getByTestId("booking-2").getByRole("button", { name: "Aufteilen" }).click();
    const dialog = page.getByRole("dialog", { name: "Buchung aufteilen" });
    await dialog.getByLabel("Kostenart 1").selectOption("Kaltwasser");
    await dialog.getByLabel("Betrag 1 (€)").fill("1.890,40");
    await dialog.getByLabel("Kostenart 2").selectOption("Abwasser");
    await dialog.getByLabel("Betrag 2 (€)").fill("999,00");
    await dialog.getByRole("button", { name: "Aufteilung übernehmen" }).click();
    await expect
      .poll(() =>
        dialog
          .getByText("Die Teilbeträge (2.889,40 €) ergeben nicht den Buchungsbetrag (2.890,40 €).")
          .count(),
      )
      .toBe(1);
    await dialog.getByLabel("Betrag 2 (€)").fill("1.000,00");
    await dialog.getByRole("button", { name: "Aufteilung übernehmen" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.getByText("Zugeordnet: 4 Buchungen über 5.184,96 €").count())
      .toBe(1);
    await screenshotBothWidths(page, "bank-import-camt-preview");

    await page.getByRole("button", { name: "Import bestätigen" }).click();
    await page.getByText("Import abgeschlossen").waitFor();
    await expect
      .poll(() => page.getByText("4 Buchungen über 5.184,96 € importiert.").count())
      .toBe(1);
    await expect.poll(() => page.getByText("+1.234,56 € → 1.234,56 €").count()).toBe(1);
    await screenshotBothWidths(page, "bank-import-camt-result");
    const costs = (await (
      await page.request.get(`/api/billing-periods/${billingPeriodId}/costs`)
    ).json()) as { costItems: { costType: string; amount: string }[] };
    expect(costs.costItems.map((item) => [item.costType, item.amount])).toEqual([
      ["Grundsteuer", "1234.56"],
      ["Kaltwasser", "1890.40"],
      ["Abwasser", "1000.00"],
      ["Gartenpflege", "640.00"],
      ["Schornsteinfeger", "420.00"],
    ]);

    // The wizard shows the imported costs.
    await page.getByRole("link", { name: "Zur Abrechnung" }).click();
    await page.waitForURL(/\/dashboard\/statements\/new\?property=/);
    await expect.poll(() => page.getByText("Grundsteuer").count()).toBeGreaterThan(0);

    // The same file again: every booking recognised, nothing to import.
    await page.goto("/dashboard/imports/bank-statements");
    await previewFile(page, "camt053-2025.xml");
    await expect
      .poll(() =>
        page
          .getByText(
            "0 neue Ausgaben über 0,00 € · 4 bereits importiert · 2 keine Kosten · 0 fehlerhaft",
          )
          .count(),
      )
      .toBe(1);
    await expect
      .poll(() => page.getByText("Bereits importiert – wird nicht noch einmal gebucht.").count())
      .toBe(4);
    expect(await page.getByRole("button", { name: "Import bestätigen" }).isDisabled()).toBe(true);

    // The Sparkasse's CSV (Windows-1252): umlauts read right, the unreadable amount named on its row.
    await page.getByRole("button", { name: "Abbrechen" }).click();
    await previewFile(page, "sparkasse-2025.csv");
    await expect
      .poll(() =>
        page
          .getByText("CSV-Umsatzexport, Windows-1252 (ANSI), Konto DE02120300000000202051.")
          .count(),
      )
      .toBe(1);
    await page.getByLabel("Anzeigen").selectOption("all");
    await expect.poll(() => page.getByText("Müller, Günter").count()).toBe(1);
    await expect
      .poll(() =>
        page
          .getByTestId("booking-6")
          .getByText("Betrag fehlt oder ist keine Zahl (erwartet z. B. -1.234,56).")
          .count(),
      )
      .toBe(1);
    await page.getByTestId("booking-3").getByLabel("Kostenart").selectOption("Versicherung");
    await page.getByRole("button", { name: "Import bestätigen" }).click();
    await expect
      .poll(() => page.getByText("1 Buchung über 2.345,67 € importiert.").count())
      .toBe(1);

    // A file with an entity declaration is refused before it is read.
    await page.getByRole("button", { name: "Weitere Datei importieren" }).click();
    await previewFile(page, {
      name: "auszug.xml",
      mimeType: "application/xml",
      buffer: Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Document>&a;</Document>',
      ),
    });
    await expect
      .poll(() =>
        page
          .getByText("Die XML-Datei enthält eine DOCTYPE- oder ENTITY-Deklaration.", {
            exact: false,
          })
          .count(),
      )
      .toBe(1);
    await screenshotBothWidths(page, "bank-import-refused");

    // Readings from a file are Enterprise: the trial sees why.
    await page.goto("/dashboard/imports");
    await page.getByRole("link", { name: /Zählerstände aus einer Datei/ }).click();
    await page.waitForURL(/\/dashboard\/imports\/readings$/);
    await expect
      .poll(() =>
        page
          .getByText("Massenimport und -export ist in Ihrem aktuellen Plan nicht verfügbar.")
          .count(),
      )
      .toBe(1);
  });

  it("imports the metering company's readings (Windows-1252, decimal commas) after a dry run that asks about a lower value", async () => {
    const { page } = await app.signedIn();
    const billingPeriodId = await setUpHouse(page);
    expect(
      (
        await page.request.post("/api/subscription/plan", { data: { plan: "enterprise" } })
      ).status(),
    ).toBe(200);
    const [property] = (await (await page.request.get("/api/properties")).json()) as {
      units: { id: string; name: string }[];
    }[];
    const unitId = (name: string) => property!.units.find((unit) => unit.name === name)!.id;
    const meterIds: string[] = [];
    for (const [meterNumber, meterType, unit] of [
      ["WZ-4711", "Kaltwasser", "EG links"],
      ["WZ-4712", "Kaltwasser", "OG rechts"],
      ["HKV 0815", "Heizkostenverteiler", "OG rechts"],
    ] as const) {
      const meter = await page.request.post("/api/meters", {
        data: { meterNumber, meterType, unitId: unitId(unit) },
      });
      expect(meter.status()).toBe(201);
      meterIds.push(((await meter.json()) as { id: string }).id);
    }
    expect(
      (
        await page.request.post(`/api/meters/${meterIds[1]}/readings`, {
          data: { readingValue: "1050", readingDate: "2024-12-31" },
        })
      ).status(),
    ).toBe(201);

    await page.goto("/dashboard/imports");
    await page.getByRole("link", { name: /Zählerstände aus einer Datei/ }).click();
    await page
      .getByLabel("Datei", { exact: true })
      .setInputFiles(path.join(READING_FILES, "ablesung-2025.csv"));
    await page.getByRole("button", { name: "Datei prüfen" }).click();
    await expect
      .poll(() =>
        page.getByText("2 neu · 1 niedriger als zuvor · 0 bereits erfasst · 0 fehlerhaft").count(),
      )
      .toBe(1);
    await expect
      .poll(() => page.getByTestId("reading-2").getByText("1.234,567 am 31.12.2025").count())
      .toBe(1);
    await expect
      .poll(() =>
        page
          .getByTestId("reading-3")
          .getByText(
            /Der Zählerstand 987,5 ist niedriger als der vorherige Stand 1.050 vom 31.12.2024/,
          )
          .count(),
      )
      .toBe(1);
    const confirmButton = page.getByRole("button", { name: "Import bestätigen" });
    expect(await confirmButton.isDisabled()).toBe(true);
    await page
      .getByLabel("Die markierte niedrigere Ablesung stimmt (Zählertausch oder Überlauf).")
      .check();
    await screenshotBothWidths(page, "reading-import-preview");
    await confirmButton.click();
    await expect.poll(() => page.getByText("3 Zählerstände gespeichert.").count()).toBe(1);
    const readings = (await (
      await page.request.get(`/api/meters/${meterIds[0]}/readings`)
    ).json()) as { readingValue: string; readingDate: string }[];
    expect(readings.map((reading) => [reading.readingDate, reading.readingValue])).toEqual([
      ["2025-12-31", "1234.567"],
    ]);

    // The run's results as CSV for a spreadsheet.
    for (const [name, unit] of [
      ["Jörg Schäfer", "EG links"],
      ["Ünal Öztürk", "OG rechts"],
    ] as const) {
      expect(
        (
          await page.request.post("/api/tenants", {
            data: { name, unitId: unitId(unit), moveInDate: "2020-01-01", persons: 1 },
          })
        ).status(),
      ).toBe(201);
    }
    const run = await page.request.post("/api/statements", {
      data: {
        billingPeriodId,
        finalize: false,
        costItems: [{ costType: "Grundsteuer", amount: "1325.00", key: "area" }],
      },
    });
    expect(run.status(), await run.text()).toBe(201);
    await page.goto("/dashboard/imports");
    await page.getByRole("link", { name: "CSV herunterladen" }).waitFor();
    await screenshotBothWidths(page, "imports-hub");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "CSV herunterladen" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Ergebnisse 2025 Lindenhof ENTWURF.csv");
    const csv = (await fs.readFile(await download.path())).toString("utf8");
    expect(csv).toContain(
      "EG links;Jörg Schäfer;01.01.2025;31.12.2025;Kosten;Grundsteuer;Wohnfläche;625,00\r\n",
    );
    expect(csv).toContain(
      "OG rechts;Ünal Öztürk;01.01.2025;31.12.2025;Ergebnis (+ Nachzahlung / − Guthaben);;;700,00\r\n",
    );

    // The letters of the run as a ZIP, one PDF each, named by unit and tenant (issue 28, item 6).
    expect((await page.request.put("/api/billing-data", { data: SAMPLE_BILLING })).status()).toBe(
      200,
    );
    const [zipDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Briefe als ZIP" }).click(),
    ]);
    expect(zipDownload.suggestedFilename()).toBe("Briefe_2025_Lindenhof_ENTWURF.zip");
    const entries = unzipSync(new Uint8Array(await fs.readFile(await zipDownload.path())));
    expect(Object.keys(entries).sort()).toEqual([
      "EG_links_Joerg_Schaefer_ENTWURF.pdf",
      "OG_rechts_Uenal_Oeztuerk_ENTWURF.pdf",
    ]);
  });

  it("fits a phone: the dry run of the Sparkasse CSV at 375 px", async () => {
    const { page } = await app.signedIn("vermieter", "mobile");
    await setUpHouse(page);
    await page.goto("/dashboard/imports/bank-statements");
    await previewFile(page, "sparkasse-2025.csv");
    await page.getByText("Probelauf – noch nichts gespeichert").waitFor();
    await page.getByTestId("booking-2").getByLabel("Kostenart").selectOption("Kaltwasser");
    await expect
      .poll(() => page.getByText("Zugeordnet: 1 Buchung über 1.250,00 €").count())
      .toBe(1);
  });
});
