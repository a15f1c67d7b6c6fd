import { expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import {
  doBoxesOverlap,
  screenBoxOf,
  screenshotPath,
  describeE2e,
  useApp,
} from "../support/index.ts";
import { seedHouse, todayInGermany } from "../support/house.ts";

// Issue 23: the number typed is the number stored. Readings in the single-reading dialog and on
// the bulk page, the wizard's CO2 kWh, an amount, an area and a prepayment are typed in German
// and read back through the API; an ambiguous '1.5' is asked about, not guessed. On the way:
// Einstellungen without a crash, sign-out ends on '/', a toast never covers the save button,
// at 1366 and 375 px. Every page is checked with axe-core and for sideways scrolling (openPage).

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Types into the field like a person (character by character) and leaves it. */
async function typeAndLeave(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.fill("");
  await field.pressSequentially(text);
  await field.blur();
}

/** Waits for running animations (dialogs fade in), so a screenshot shows the final state. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

describeE2e("Deutsche Zahlen: die getippte Zahl ist die gespeicherte", () => {
  const app = useApp();

  for (const viewport of ["desktop", "mobile"] as const) {
    it(`types readings, kWh, an amount, an area and a prepayment in German and reads each back through the API (${viewport})`, async () => {
      const { page } = await app.signedIn(`zahlen-${viewport}`, viewport);
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      const house = await seedHouse(page, todayInGermany());

      // --- The single-reading dialog: a new cold-water meter without history. ---
      const meter = (await (
        await page.request.post("/api/meters", {
          data: { meterNumber: "KW-DG", meterType: "Kaltwasser", unitId: house.unitIds["DG"] },
        })
      ).json()) as { id: string };
      await page.goto(`/dashboard/meters/${meter.id}/readings`);
      const readingsPath = `/api/meters/${meter.id}/readings`;
      const typedReadings: [string, string, string, string][] = [
        // typed, shown once left, date, stored
        ["0,5", "0,5", "2024-01-31", "0.500"],
        ["1020", "1.020", "2024-02-29", "1020.000"],
        ["1.020", "1.020", "2024-03-31", "1020.000"],
        ["12.345,678", "12.345,678", "2024-04-30", "12345.678"],
      ];
      for (const [typed, shown, date, stored] of typedReadings) {
        await page
          .getByRole("button", { name: /Zählerstand hinzufügen/ })
          .first()
          .click();
        const dialog = page.getByRole("dialog", { name: "Zählerstand hinzufügen" });
        const value = dialog.getByLabel("Zählerstand *");
        await typeAndLeave(value, typed);
        expect(await value.inputValue()).toBe(shown);
        await dialog.getByLabel("Ablesedatum *").fill(date);
        await dialog.getByRole("button", { name: "Zählerstand speichern" }).click();
        await dialog.waitFor({ state: "detached" });
        await expect
          .poll(
            async () =>
              (
                await getJson<{ readingValue: string; readingDate: string }[]>(page, readingsPath)
              ).find((r) => r.readingDate === date)?.readingValue,
          )
          .toBe(stored);
      }
      // An ambiguous point is asked about and nothing is stored.
      await page
        .getByRole("button", { name: /Zählerstand hinzufügen/ })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: "Zählerstand hinzufügen" });
      await typeAndLeave(dialog.getByLabel("Zählerstand *"), "1.5");
      await dialog.getByLabel("Ablesedatum *").fill("2024-05-31");
      await dialog.getByRole("button", { name: "Zählerstand speichern" }).click();
      await dialog
        .getByText(
          "„1.5“ ist nicht eindeutig: Nachkommastellen bitte mit Komma (1,5); der Punkt trennt nur Tausender (1.500).",
        )
        .waitFor();
      await settle(page);
      await page.screenshot({ path: screenshotPath(`german-numbers-ambiguous-${viewport}`) });
      expect((await getJson<unknown[]>(page, readingsPath)).length).toBe(4);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      // --- The bulk page: four new meters without history, one value each. ---
      const bulkMeters: [string, string, string][] = [
        ["EG rechts", "1020", "1020.000"],
        ["1. OG rechts", "1.020", "1020.000"],
        ["2. OG", "12.345,678", "12345.678"],
        ["DG", "0,5", "0.500"],
      ];
      const bulkIds: string[] = [];
      for (const [unit] of bulkMeters) {
        const created = (await (
          await page.request.post("/api/meters", {
            data: {
              meterNumber: `KB-${unit.replace(/\W/g, "")}`,
              meterType: "Kaltwasser",
              unitId: house.unitIds[unit],
            },
          })
        ).json()) as { id: string };
        bulkIds.push(created.id);
      }
      await page.goto("/dashboard/quick-meter-readings");
      await expect
        .poll(() => page.getByLabel("Abrechnungsperiode").inputValue())
        .toBe(house.billingPeriodId);
      for (const [index, [unit, typed]] of bulkMeters.entries()) {
        const field = page.getByLabel(`Neuer Stand (m³) Zähler KB-${unit.replace(/\W/g, "")}`);
        await typeAndLeave(field, typed);
        expect(await field.inputValue(), `${unit}: ${typed}`).toBe(index === 0 ? "1.020" : typed);
      }
      await page.screenshot({
        path: screenshotPath(`german-numbers-bulk-${viewport}`),
        fullPage: true,
      });
      await page.getByRole("button", { name: "Zählerstände speichern" }).click();
      await page.getByText("4 Zählerstände erfolgreich gespeichert!").first().waitFor();
      for (const [index, [unit, , stored]] of bulkMeters.entries()) {
        const readings = await getJson<{ readingValue: string; readingDate: string }[]>(
          page,
          `/api/meters/${bulkIds[index]}/readings`,
        );
        expect(
          readings.map((reading) => reading.readingValue),
          unit,
        ).toEqual([stored]);
      }
      // The period's hint shows the stored value as typed, not divided by 1.000.
      await page
        .getByText("In dieser Periode erfasst: 1.020 am 31.12.2024", { exact: false })
        .first()
        .waitFor();

      // --- An area in the unit dialog: '1.048,5' m² (asked about: more than 1.000 m² for a flat). ---
      await page.goto("/dashboard/properties");
      await page.getByRole("button", { name: "Wohneinheit hinzufügen" }).first().click();
      const unitDialog = page.getByRole("dialog", { name: "Wohneinheit hinzufügen" });
      await unitDialog.getByLabel("Name der Wohneinheit").fill("Gewerbe EG");
      await typeAndLeave(unitDialog.getByLabel("Fläche (m²)"), "1.048,5");
      expect(await unitDialog.getByLabel("Fläche (m²)").inputValue()).toBe("1.048,50");
      await unitDialog.getByRole("button", { name: "Speichern" }).click();
      await page
        .getByRole("alertdialog", { name: "Ungewöhnlichen Wert prüfen" })
        .getByRole("button", { name: "Ja, Wert ist richtig" })
        .click();
      await unitDialog.waitFor({ state: "detached" });
      await expect
        .poll(
          async () =>
            (
              await getJson<{ units: { name: string; area: string }[] }[]>(page, "/api/properties")
            )[0]!.units.find((u) => u.name === "Gewerbe EG")?.area,
        )
        .toBe("1048.50");

      // --- A prepayment '1.250,00' for a tenant without one. ---
      await page.request.post("/api/tenants", {
        data: {
          name: "Gustav Groß",
          unitId: house.unitIds["1. OG rechts"],
          moveInDate: "2024-01-01",
        },
      });
      const tenants = await getJson<{ id: string; name: string }[]>(page, "/api/tenants");
      const gustav = tenants.find((tenant) => tenant.name === "Gustav Groß")!;
      await page.goto("/dashboard/tenants");
      await page
        .getByRole("group", { name: "Aktionen für Gustav Groß" })
        .filter({ visible: true })
        .getByRole("button", { name: "Vorauszahlungen" })
        .click();
      const panel = page.getByRole("dialog");
      await typeAndLeave(panel.getByLabel("Monatlicher Betrag (EUR)"), "1.250,00");
      expect(await panel.getByLabel("Monatlicher Betrag (EUR)").inputValue()).toBe("1.250,00");
      await panel.getByLabel("Gültig ab").fill("2024-01-01");
      await panel.getByRole("button", { name: "Vorauszahlung hinzufügen" }).click();
      await panel.getByText("1.250,00 EUR/Monat").filter({ visible: true }).first().waitFor();
      const prepayments = await getJson<{ monthlyAmount: string }[]>(
        page,
        `/api/tenants/${gustav.id}/prepayments`,
      );
      expect(prepayments.map((p) => p.monthlyAmount)).toEqual(["1250.00"]);
      await page.keyboard.press("Escape");

      // --- The wizard: CO2 kWh '48.000' and an amount '1.234,56', saved as the user types. ---
      await page.goto(`/dashboard/statements/edit/${house.draftRunId}`);
      await page.getByRole("heading", { name: "Kostenpositionen" }).waitFor();
      const kwh = page.getByLabel("Verbrauch laut Rechnung (kWh)");
      await typeAndLeave(kwh, "48.000");
      expect(await kwh.inputValue()).toBe("48.000");
      const amount = page
        .getByRole("listitem", { name: /^Grundsteuer/ })
        .getByLabel("Betrag (EUR)");
      await expect.poll(() => amount.inputValue()).toBe("1.830,00");
      await typeAndLeave(amount, "1.234,56");
      expect(await amount.inputValue()).toBe("1.234,56");
      await expect
        .poll(async () => {
          const costs = await getJson<{
            co2: { consumptionKwh: string | null } | null;
            costItems: { costType: string; amount: string | null }[];
          }>(page, `/api/billing-periods/${house.billingPeriodId}/costs`);
          return [
            costs.co2?.consumptionKwh,
            costs.costItems.find((item) => item.costType === "Grundsteuer")?.amount,
          ];
        })
        .toEqual(["48000.000", "1234.56"]);
      await page.screenshot({
        path: screenshotPath(`german-numbers-wizard-${viewport}`),
        fullPage: true,
      });
      // A reload shows what was stored, de-DE.
      await page.reload();
      await page.getByRole("heading", { name: "Kostenpositionen" }).waitFor();
      await expect
        .poll(() => page.getByLabel("Verbrauch laut Rechnung (kWh)").inputValue())
        .toBe("48.000");

      // --- Einstellungen: every tab, the billing data saved (the toast covers not its button). ---
      await page.goto("/dashboard/settings");
      for (const tab of [
        "Abrechnungsdaten",
        "Abonnement",
        "Benachrichtigungen",
        "Konto",
        "Profil",
        "Abrechnungsdaten",
      ]) {
        await page.getByRole("tab", { name: tab }).click();
        await expect
          .poll(() => page.getByRole("tab", { name: tab }).getAttribute("aria-selected"))
          .toBe("true");
      }
      const save = page.getByRole("button", { name: "Abrechnungsdaten speichern" });
      await save.scrollIntoViewIfNeeded();
      await save.click();
      const toast = page.locator("[data-toast-type]").first();
      await toast.waitFor();
      await settle(page);
      expect(doBoxesOverlap(await screenBoxOf(toast), await screenBoxOf(save))).toBe(false);
      await page.screenshot({ path: screenshotPath(`german-numbers-settings-toast-${viewport}`) });

      // Sign-out from Einstellungen ends on '/', without a crash.
      await page
        .getByRole("button", { name: "Abmelden" })
        .filter({ visible: true })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/");
      expect(pageErrors).toEqual([]);
    });
  }
});
