import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { TEST_BILLING_DATA as BILLING_DATA } from "../../apps/server/test/support/fixtures.ts";
import {
  downloadFile,
  REPO_ROOT,
  requestOk,
  screenshotBothWidths,
  describeE2e,
  useApp,
  readPdfLayout,
} from "../support/index.ts";

// Issue 28, "done when": a journey that imports a metering company's results into a statement
// and reads the letter. The house of the sample files (apps/server/test/support/metering-files:
// A, D and E835 records, ISO-8859-15, a change of tenant with two months of vacancy) is set up
// through the API; the files go through the page's dry run and mapping screen; the wizard shows
// the imported amounts per tenancy under "Direkt je Mietverhältnis"; the finalized letter of
// Jürgen Weiß, read with pdftotext, carries his heating result and his § 35a craftsmen share to
// the cent (decisions 1403, 1404). On the way, the users file for the firm (decision 1600) is
// downloaded from the same page and carries the firm's flat numbers and keys the import remembered.

const METERING_FILES = path.join(REPO_ROOT, "apps/server/test/support/metering-files");
const FILES = [
  "DTA305_20250314093000.DAT",
  "DTD305_20250314093000.DAT",
  "DTE835_20250314093000.DAT",
].map((name) => path.join(METERING_FILES, name));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-e2e-metering-"));

async function call<T = { id: string }>(
  page: Page,
  method: "post" | "put" | "get",
  url: string,
  data?: unknown,
): Promise<T> {
  return (await (await requestOk(page, method, url, data)).json()) as T;
}

/** The sample files' house: Lindenstraße 7, three flats, Anna Schröder moves out 30.06.2024, Özlem Kaya moves in 01.09.2024. */
async function setUpHouse(page: Page) {
  await call(page, "post", "/api/subscription/plan", { plan: "enterprise" });
  await call(page, "post", "/api/onboarding", {
    property: {
      name: "Lindenstraße 7",
      street: "Lindenstraße",
      houseNumber: "7",
      postalCode: "50667",
      city: "Köln",
      state: "Nordrhein-Westfalen",
      country: "Deutschland",
      propertyType: "Mehrfamilienhaus",
    },
    units: [
      { name: "EG links", area: "62", persons: 2 },
      { name: "EG rechts", area: "48", persons: 1 },
      { name: "OG", area: "95", persons: 4 },
    ],
  });
  const [property] = await call<{ id: string; units: { id: string; name: string }[] }[]>(
    page,
    "get",
    "/api/properties",
  );
  const unitId = (name: string) => property!.units.find((unit) => unit.name === name)!.id;
  for (const [name, unit, moveInDate, moveOutDate, monthly] of [
    ["Jürgen Weiß", "EG links", "2018-04-01", null, "160.00"],
    ["Anna Schröder", "EG rechts", "2016-01-01", "2024-06-30", "120.00"],
    ["Özlem Kaya", "EG rechts", "2024-09-01", null, "130.00"],
    ["Familie Groß", "OG", "2020-01-01", null, "240.00"],
  ] as const) {
    const tenant = await call(page, "post", "/api/tenants", {
      name,
      unitId: unitId(unit),
      moveInDate,
      moveOutDate,
    });
    await call(page, "post", `/api/tenants/${tenant.id}/prepayments`, {
      monthlyAmount: monthly,
      validFrom: moveInDate,
    });
  }
  await call(page, "put", "/api/billing-data", BILLING_DATA);
  const period = await call(page, "post", "/api/billing-periods", {
    propertyId: property!.id,
    billingPeriodStart: "2024-01-01",
    billingPeriodEnd: "2024-12-31",
  });
  return { propertyId: property!.id, billingPeriodId: period.id };
}

describeE2e("Ergebnisse des Messdienstes bis in den Brief", () => {
  const app = useApp();
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("imports the ARGE files after the dry run and the mapping, exports the users back, and the tenant's letter carries the heating result and the § 35a share", async () => {
    const { page } = await app.signedIn("messdienst");
    const { propertyId, billingPeriodId } = await setUpHouse(page);

    // The dry run asks for the firm's flats first; nothing is saved yet.
    await page.goto("/dashboard/imports/metering-results");
    await page.getByRole("heading", { name: "Ergebnisse des Messdienstes importieren" }).waitFor();
    await page
      .getByLabel("Abrechnungszeitraum")
      .first()
      .selectOption({ label: "Lindenstraße 7 · 01.01.2024 – 31.12.2024" });
    await page.getByLabel("Dateien des Messdienstes").setInputFiles(FILES);
    await page.getByRole("button", { name: "Dateien prüfen" }).click();
    const mapping = page.getByRole("group", { name: "Wohnungen des Messdienstes zuordnen" });
    await mapping.waitFor();
    await mapping
      .getByLabel("Liegenschaft 004711230, Wohnung 0001 (Jürgen Weiß)")
      .selectOption({ label: "EG links" });
    await mapping
      .getByLabel(/^Liegenschaft 004711230, Wohnung 0002/)
      .selectOption({ label: "EG rechts" });
    await mapping.getByLabel(/^Liegenschaft 004711230, Wohnung 0003/).selectOption({ label: "OG" });
    await mapping.getByRole("button", { name: "Zuordnung übernehmen und erneut prüfen" }).click();
    await expect
      .poll(() => page.getByText("19 übernommen · 12 nicht übernommen · 0 fehlerhaft").count())
      .toBe(1);
    const items = page.getByRole("table", { name: "Positionen der Abrechnung" });
    await expect
      .poll(() => items.getByRole("row", { name: "Heizung 2.574,06 € 35,10 € 196,53 €" }).count())
      .toBe(1);
    await screenshotBothWidths(page, "metering-results-dry-run");
    expect(
      (
        await call<{ costItems: unknown[] }>(
          page,
          "get",
          `/api/billing-periods/${billingPeriodId}/costs`,
        )
      ).costItems,
    ).toEqual([]);

    await page.getByRole("button", { name: "Ergebnisse übernehmen" }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            "15 Ergebnisse übernommen: Heizung 2.574,06 €, Warmwasser 690,15 €, Kaltwasser 362,00 €.",
          )
          .count(),
      )
      .toBe(1);

    // The other way (decision 1600): the users for the firm, its Liegenschaft now remembered.
    const exportSection = page.getByRole("region", { name: "Export: Daten für den Messdienst" });
    await exportSection
      .getByLabel("Abrechnungszeitraum")
      .selectOption({ label: "Lindenstraße 7 · 01.01.2024 – 31.12.2024" });
    await exportSection.getByLabel("Kundennummer beim Messdienst").fill("123456");
    const users = await downloadFile(
      page,
      exportSection.getByRole("button", { name: "Nutzer-Datei (L/M) herunterladen" }),
      tmp,
      "users.dat",
    );
    expect(users.suggested).toMatch(/^DTM305_\d{14}\.DAT$/);
    const records = fs.readFileSync(users.file).toString("latin1").split("\r\n");
    // L, then Weiß, Schröder, the vacancy, Kaya and Groß: the firm's flat numbers and keys, each user's last day as in its D records.
    expect(records.map((record) => record.length)).toEqual([2048, 2048, 2048, 2048, 2048, 2048, 0]);
    expect(
      records
        .slice(1, 6)
        .map(
          (record) =>
            `${record.slice(18, 51)}|${record.slice(52, 87).trim()}|${record.slice(498, 510)}`,
        ),
    ).toEqual([
      "0047112300001LIND7-EG-LINKS      |Jürgen Weiß|010124311224",
      "0047112300002LIND7-EG-RECHTS     |Anna Schröder|010124300624",
      "0047112300002LIND7-EG-RECHTS     |Leerstand|010724310824",
      "0047112300002LIND7-EG-RECHTS     |Özlem Kaya|010924311224",
      "0047112300003LIND7-OG            |Familie Groß|010124311224",
    ]);

    // The wizard: the imported heating item under the direct key, each tenancy's own amount.
    await page.goto(`/dashboard/statements/new?property=${propertyId}`);
    await page.getByLabel("Von", { exact: true }).fill("2024-01-01");
    await page.getByLabel("Bis", { exact: true }).fill("2024-12-31");
    const heating = page.getByRole("listitem", { name: /^Heizung/ });
    await expect.poll(() => heating.getByLabel("Betrag (EUR)").inputValue()).toBe("2.574,06");
    await expect
      .poll(() => heating.getByLabel("EG links: Jürgen Weiß").inputValue())
      .toBe("784,11");
    await expect
      .poll(() => heating.getByLabel("EG rechts: Özlem Kaya").inputValue())
      .toBe("250,00");
    await expect
      .poll(() => heating.getByLabel("Leerstand (trägt der Vermieter)").inputValue())
      .toBe("35,10");
    await page.getByRole("button", { name: "Berechnung starten" }).click();
    await page.getByRole("button", { name: "Finalisieren" }).click();
    await page
      .getByRole("alertdialog", { name: "Abrechnung finalisieren?" })
      .getByRole("button", { name: "Finalisieren" })
      .click();
    await page.waitForURL(/\/dashboard\/statements\/[0-9a-f-]{36}$/, { timeout: 30_000 });

    // Jürgen Weiß's letter: his heating result and his craftsmen share from the E835 record.
    const letters = page.getByRole("list", { name: "Briefe je Mietverhältnis" });
    const { file } = await downloadFile(
      page,
      letters
        .getByRole("listitem", { name: "Brief an Jürgen Weiß" })
        .getByRole("button", { name: "PDF für Jürgen Weiß" }),
      tmp,
      "weiss.pdf",
    );
    const letter = readPdfLayout(file);
    expect(letter).toMatch(/Heizung .*784,11 €/);
    expect(letter).toMatch(/Warmwasser .*211,40 €/);
    expect(letter).toContain("Steuerermäßigung nach § 35a EStG");
    expect(letter).toMatch(/Summe Handwerkerleistungen 60,19 €/);
    expect(letter).not.toContain("402,55");
  });
});
