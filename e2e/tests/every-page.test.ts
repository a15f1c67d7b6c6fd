import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { checkPage, screenshotPath, describeE2e, useApp } from "../support/index.ts";
import { seedHouse, todayInGermany, type SeededHouse } from "../support/house.ts";

// Issue 23, items 11 and 12: every page of the app, at 1366 and at 375 px, with a realistic
// account (a 6-unit house with a tenant change, a vacancy and a move-out still to come): no
// serious or critical axe-core violation and no sideways scrolling. openPage checks each page
// it reaches (e2e/support/page-checks.ts); the dialogs are checked open with checkPage.

/** Waits for the page's main heading, so the check sees the page and not its loading state. */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole("heading", { name: heading, level: 1 }).first().waitFor();
}

const PUBLIC_PAGES: [string, string | RegExp][] = [
  ["/", /Nebenkostenabrechnung/],
  ["/impressum", "Impressum"],
  ["/datenschutz", /Datenschutz/],
  ["/agb", /Allgemeine Geschäftsbedingungen|AGB/],
  ["/login", /Anmelden|Willkommen/],
  ["/register", /Registrieren|Konto/],
  ["/auth/reset-password", /Passwort/],
];

describeE2e("Jede Seite: barrierefrei und ohne seitliches Scrollen (1366 und 375 px)", () => {
  const app = useApp();

  for (const viewport of ["desktop", "mobile"] as const) {
    it(`the public pages (${viewport})`, async () => {
      const { page } = await app.open(viewport);
      for (const [path, heading] of PUBLIC_PAGES) await visit(page, path, heading);
      await page.goto("/gibt-es-nicht");
      await page.getByText("Seite nicht gefunden").first().waitFor();
      await page.screenshot({ path: screenshotPath(`every-page-landing-${viewport}`) });
      await page.goto("/");
      await page.screenshot({
        path: screenshotPath(`every-page-landing-full-${viewport}`),
        fullPage: true,
      });
    });

    it(`the signed-in pages and their dialogs with a 6-unit house (${viewport})`, async () => {
      const { page } = await app.signedIn(`jede-seite-${viewport}`, viewport);
      const house: SeededHouse = await seedHouse(page, todayInGermany());

      await visit(page, "/dashboard", /Übersicht|Willkommen/);
      await visit(page, "/dashboard/properties", "Immobilien");
      await visit(page, "/dashboard/properties/new", "Neue Immobilie");
      await visit(page, `/dashboard/properties/${house.propertyId}/edit`, /bearbeiten/);
      await visit(page, "/dashboard/tenants", "Mieter");
      await visit(page, "/dashboard/meters", "Zähler");
      await visit(
        page,
        `/dashboard/meters/${house.meterIds["EG links"]}/readings`,
        /Zählerstände|Verlauf|WW-/,
      );
      await visit(page, "/dashboard/quick-meter-readings", /Zählerstände/);
      await page.screenshot({
        path: screenshotPath(`every-page-quick-readings-${viewport}`),
        fullPage: true,
      });
      await visit(page, "/dashboard/rates", /tarife/i);
      await visit(page, "/dashboard/statements", "Abrechnungen");
      await visit(page, `/dashboard/statements/${house.draftRunId}`, /Abrechnung/);
      await visit(page, `/dashboard/statements/${house.finalRunId}`, /Abrechnung/);
      // Step 0 lists the properties with their addresses: no wider than the phone (issue 23).
      await visit(page, "/dashboard/statements/new", "Neue Abrechnung");
      await page.getByText("Für welche Immobilie möchten Sie abrechnen?").waitFor();
      await page.getByText("Lindenstraße 5, 33602 Bielefeld", { exact: false }).first().waitFor();
      await checkPage(page, "Wizard Schritt 0");
      await visit(
        page,
        `/dashboard/statements/new?property=${house.propertyId}`,
        "Neue Abrechnung",
      );
      await page.getByRole("heading", { name: "Kostenpositionen" }).waitFor();
      await page.screenshot({
        path: screenshotPath(`every-page-wizard-costs-${viewport}`),
        fullPage: true,
      });
      await visit(page, `/dashboard/statements/edit/${house.draftRunId}`, /Abrechnung/);
      // Step 2 'Vorschau' with the analysis charts (their names above the bars on a phone).
      await page.getByRole("heading", { name: "Kostenpositionen" }).waitFor();
      await page.getByRole("button", { name: "Berechnung starten" }).click();
      await page.getByRole("heading", { name: "Kosten je Wohneinheit" }).waitFor();
      await page.getByTestId("bar-chart").first().locator("svg.recharts-surface").waitFor();
      await checkPage(page, "Vorschau");
      await page.screenshot({
        path: screenshotPath(`every-page-wizard-preview-${viewport}`),
        fullPage: true,
      });
      for (const tab of ["profile", "billing-data", "billing", "notifications", "danger"])
        await visit(page, `/dashboard/settings?tab=${tab}`, "Einstellungen");
      await visit(page, "/dashboard/activity", /Aktivität/);
      await visit(
        page,
        "/dashboard/imports/metering-results",
        "Ergebnisse des Messdienstes importieren",
      );
      await page.screenshot({
        path: screenshotPath(`every-page-metering-results-${viewport}`),
        fullPage: true,
      });
      await visit(page, "/dashboard/deadlines", "Fristen");
      await page.screenshot({
        path: screenshotPath(`every-page-deadlines-${viewport}`),
        fullPage: true,
      });
      await visit(page, "/dashboard/monthly-information", "Monatliche Verbrauchsinformation");
      await visit(page, "/dashboard/help", /Hilfe/);
      await visit(page, "/dashboard/onboarding", "Einrichtungsassistent");
      await page.screenshot({
        path: screenshotPath(`every-page-onboarding-${viewport}`),
        fullPage: true,
      });

      // The dialogs, open.
      await visit(page, "/dashboard/properties", "Immobilien");
      await page.getByRole("button", { name: "Wohneinheit hinzufügen" }).first().click();
      await page.getByRole("dialog", { name: "Wohneinheit hinzufügen" }).waitFor();
      await checkPage(page, "Dialog Wohneinheit");
      await page.keyboard.press("Escape");
      await visit(page, "/dashboard/tenants", "Mieter");
      await page.getByRole("button", { name: "Mieter hinzufügen" }).first().click();
      await page.getByRole("dialog").getByLabel("Name *").waitFor();
      await checkPage(page, "Dialog Mieter");
      await page.keyboard.press("Escape");
      await visit(
        page,
        `/dashboard/meters/${house.meterIds["EG links"]}/readings`,
        /Zählerstände|Verlauf|WW-/,
      );
      await page
        .getByRole("button", { name: /Zählerstand hinzufügen/ })
        .first()
        .click();
      await page.getByRole("dialog", { name: "Zählerstand hinzufügen" }).waitFor();
      await checkPage(page, "Dialog Zählerstand");
      await page.keyboard.press("Escape");
      await visit(page, "/dashboard/rates", /tarife/i);
      await page.getByRole("button", { name: "Kaltwasser-Tarif hinzufügen" }).click();
      await page.getByRole("dialog", { name: "Kaltwasser-Tarif eingeben" }).waitFor();
      await checkPage(page, "Dialog Tarif");
      await page.keyboard.press("Escape");
      expect(page.url()).toContain("/dashboard/rates");
    });
  }
});
