import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshotPath, describeE2e, useApp } from "../support/index.ts";

// The statement history (issue 12): two drafts saved through the API, then the list with its
// sort and status filter, a batch finalize of a run whose letters were never opened (issue 23:
// it finalizes as a single 'Finalisieren' does), the view modal and a status change there.

async function call(page: Page, method: "post" | "put" | "get", path: string, data?: unknown) {
  const response = await page.request[method](path, data === undefined ? {} : { data });
  expect(response.status(), `${path}: ${response.status()}`).toBeLessThan(300);
  return response;
}

async function setUp(page: Page) {
  await call(page, "post", "/api/onboarding", {
    property: {
      name: "Ahornhof",
      street: "Ahornweg",
      houseNumber: "3",
      postalCode: "20095",
      city: "Hamburg",
      state: "Hamburg",
      country: "Deutschland",
      propertyType: "Mehrfamilienhaus",
    },
    units: [
      { name: "EG", area: "60", persons: 2 },
      { name: "OG", area: "90", persons: 1 },
    ],
  });
  const properties = (await (await call(page, "get", "/api/properties")).json()) as {
    id: string;
    units: { id: string; name: string }[];
  }[];
  const property = properties[0]!;
  for (const [name, unit] of [
    ["Erna Ebert", "EG"],
    ["Otto Ober", "OG"],
  ] as const) {
    await call(page, "post", "/api/tenants", {
      name,
      unitId: property.units.find((u) => u.name === unit)!.id,
      moveInDate: "2015-01-01",
      persons: 1,
    });
  }
  await call(page, "put", "/api/billing-data", {
    companyName: "Hausverwaltung Ahorn",
    phone: "040 123456",
    street: "Ahornweg",
    houseNumber: "1",
    postalCode: "20095",
    city: "Hamburg",
    iban: "DE89370400440532013000",
  });
  const runs: Record<string, string> = {};
  for (const [year, amount] of [
    ["2023", "1500"],
    ["2024", "900"],
  ] as const) {
    const period = (await (
      await call(page, "post", "/api/billing-periods", {
        propertyId: property.id,
        billingPeriodStart: `${year}-01-01`,
        billingPeriodEnd: `${year}-12-31`,
      })
    ).json()) as { id: string };
    const saved = (await (
      await call(page, "post", "/api/statements", {
        billingPeriodId: period.id,
        finalize: false,
        costItems: [{ costType: "Grundsteuer", amount, key: "area" }],
      })
    ).json()) as { id: string };
    runs[year] = saved.id;
  }
  return { propertyId: property.id, runs };
}

describeE2e("Abrechnungen (Verlauf)", () => {
  const app = useApp();

  it("lists, sorts and filters the runs, batch-finalizes with a listed failure, and changes a status in the view modal", async () => {
    const { page } = await app.signedIn("verlauf");
    const { propertyId, runs } = await setUp(page);

    await page.goto(`/dashboard/statements?property=${propertyId}`);
    await page.getByRole("heading", { name: "Abrechnungen", level: 1 }).waitFor();
    const table = page.getByRole("table", { name: "Abrechnungen" });
    const rowNames = () => table.getByRole("rowheader").allInnerTexts();
    await table
      .getByRole("rowheader", { name: /01\.01\.2024/ })
      .first()
      .waitFor();
    expect((await rowNames()).map((t) => t.split("\n")[0])).toEqual([
      "Abrechnung 01.01.2024 - 31.12.2024",
      "Abrechnung 01.01.2023 - 31.12.2023",
    ]);
    await page.getByText("2 Abrechnungen").waitFor();
    // No prepayments: the balances are back payments, in red.
    expect(await table.getByText("Nachzahlung: 1.500,00 €").getAttribute("class")).toContain(
      "text-red-700",
    );

    await page.getByLabel("Sortierung").selectOption("lowest_cost");
    await expect.poll(async () => (await rowNames())[0]).toContain("2024");
    await page.getByLabel("Status", { exact: true }).selectOption("final");
    await page.getByText("Keine Abrechnungen gefunden").waitFor();
    await page.getByLabel("Status", { exact: true }).selectOption("all");
    await table.waitFor();
    // The search filters as the user types (issue 23), no Enter needed.
    await page.getByLabel("Suche").fill("2023");
    await expect.poll(async () => (await rowNames()).length).toBe(1);
    await page.getByLabel("Suche").fill("");
    await expect.poll(async () => (await rowNames()).length).toBe(2);

    // Issue 23: the batch finalizes as a single 'Finalisieren' does, letters downloaded or not.
    const row2023 = table.getByRole("row").filter({ hasText: "31.12.2023" });
    await row2023.getByRole("checkbox").check();
    await page
      .getByRole("toolbar", { name: "Ausgewählte Abrechnungen" })
      .getByRole("button", { name: "Finalisieren" })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Abrechnungen finalisieren?" });
    await confirm
      .getByText("1 Abrechnung wird neu berechnet und finalisiert.", { exact: false })
      .waitFor();
    await confirm.getByRole("button", { name: "Finalisieren" }).click();
    await page.getByRole("status").getByText("1 Abrechnung erfolgreich bearbeitet").waitFor();
    await row2023.getByText("Finalisiert").waitFor();
    const run2023 = (await (await call(page, "get", `/api/statements/${runs["2023"]}`)).json()) as {
      isFinal: boolean;
      statements: { status: string }[];
    };
    expect(run2023.isFinal).toBe(true);
    expect(run2023.statements.map((statement) => statement.status)).toEqual([
      "finalized",
      "finalized",
    ]);
    await page.screenshot({ path: screenshotPath("statements-history-desktop"), fullPage: true });

    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    await expect.poll(async () => (await rowNames()).length).toBe(1);

    // The view modal of the 2024 draft: its statements, PDFs, and the next statuses.
    await table.getByRole("button", { name: "Abrechnung 01.01.2024 - 31.12.2024 ansehen" }).click();
    const modal = page.getByRole("dialog", { name: "Abrechnung 01.01.2024 - 31.12.2024" });
    await modal
      .getByRole("table", { name: "Abrechnungen je Mietverhältnis" })
      .getByText("Otto Ober")
      .waitFor();
    expect(await modal.getByRole("link", { name: "Alle Briefe (PDF)" }).getAttribute("href")).toBe(
      `/api/statements/${runs["2024"]}/pdf`,
    );
    await modal.getByRole("button", { name: "Status: Geprüft" }).click();
    await modal
      .getByText(
        "Das PDF muss erzeugt sein, bevor die Abrechnung als geprüft markiert werden kann.",
      )
      .waitFor();
    await call(page, "get", `/api/statements/${runs["2024"]}/pdf`);
    await modal.getByRole("button", { name: "Status: Geprüft" }).click();
    await modal.getByRole("button", { name: "Status: Finalisiert" }).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath("statements-history-modal-mobile") });
    await page.setViewportSize({ width: 1366, height: 900 });
    await modal.getByRole("button", { name: "Status: Finalisiert" }).click();
    await modal
      .getByRole("table", { name: "Abrechnungen je Mietverhältnis" })
      .getByText("Finalisiert")
      .first()
      .waitFor();
    await expect
      .poll(() => modal.getByRole("button", { name: /^Status:/ }).allInnerTexts())
      .toEqual(["Status: Versendet"]);
    await modal.getByRole("button", { name: "Schließen" }).first().click();

    await page.getByLabel("Status", { exact: true }).selectOption("final");
    await expect.poll(async () => (await rowNames()).length).toBe(2);

    // A correction of the finalized 2024 run: version 2 as a draft, marked 'Korrektur'.
    await table.getByRole("button", { name: "Abrechnung 01.01.2024 - 31.12.2024 ansehen" }).click();
    await modal.getByRole("button", { name: "Korrektur anlegen" }).click();
    await page
      .getByRole("status")
      .getByText("Korrektur angelegt (Version 2). Sie ist ein Entwurf, bis Sie sie finalisieren.")
      .waitFor();
    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    const correctionRow = table.getByRole("row").filter({ hasText: "31.12.2024" });
    await correctionRow.getByText("Korrektur").waitFor();
    await correctionRow.getByText("Entwurf").waitFor();
    // Editing the correction draft opens the wizard on its property and period with its items.
    await correctionRow
      .getByRole("link", { name: "Abrechnung 01.01.2024 - 31.12.2024 bearbeiten" })
      .click();
    await page.getByRole("heading", { name: "Kostenpositionen" }).waitFor();
    expect(await page.getByLabel("Von", { exact: true }).inputValue()).toBe("2024-01-01");
    expect(await page.getByLabel("Bis", { exact: true }).inputValue()).toBe("2024-12-31");
    await expect
      .poll(() =>
        page
          .getByRole("listitem", { name: /^Grundsteuer/ })
          .getByLabel("Betrag (EUR)")
          .inputValue(),
      )
      .toMatch(/^900/);
    await page.goto(`/dashboard/statements?property=${propertyId}`);

    await page.getByLabel("Status", { exact: true }).selectOption("final");
    await expect.poll(async () => (await rowNames()).length).toBe(2);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath("statements-history-mobile"), fullPage: true });
  });
});
