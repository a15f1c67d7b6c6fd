import { expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import {
  doBoxesOverlap,
  screenBoxOf,
  screenshotPath,
  typeGermanDate,
  type Box,
  describeE2e,
  useApp,
} from "../support/index.ts";

// Issue 15, item 5: data entry that cannot silently go wrong (decisions 0980-0986), in Chromium.

/**
 * The element's box in page coordinates, read in one step: focusing a field scrolls it into view
 * (smoothly on a phone), and a layout shift is a move within the page, not a scroll.
 */
async function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return {
      x: rect.left + window.scrollX,
      y: rect.top + window.scrollY,
      width: rect.width,
      height: rect.height,
    };
  });
}

/** A property with one unit through the wizard's API; answers the property and unit ids. */
async function createProperty(page: Page): Promise<{ propertyId: string; unitId: string }> {
  const response = await page.request.post("/api/onboarding", {
    data: {
      property: {
        name: "Lindenhof",
        street: "Lindenstraße",
        houseNumber: "5",
        postalCode: "33602",
        city: "Bielefeld",
        country: "Deutschland",
        propertyType: "Mehrfamilienhaus",
      },
      units: [{ name: "EG links", area: "62.5", persons: 2 }],
    },
  });
  expect(response.status()).toBeLessThan(300);
  const properties = (await (await page.request.get("/api/properties")).json()) as {
    id: string;
    units: { id: string }[];
  }[];
  return { propertyId: properties[0]!.id, unitId: properties[0]!.units[0]!.id };
}

/** Waits for running animations (dialogs fade in), so a screenshot shows the final state. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

describeE2e("Dateneingabe, die nicht still schiefgeht", () => {
  const app = useApp();

  for (const viewport of ["desktop", "mobile"] as const) {
    it(`saves '66,75' as 66,75 m², asks about 6.675 m², and the toast covers neither 'Abmelden' nor the add button (${viewport})`, async () => {
      const { page } = await app.signedIn(`flaeche-${viewport}`, viewport);
      const { propertyId } = await createProperty(page);
      await page.goto("/dashboard/properties");
      const addUnit = page.getByRole("button", { name: "Wohneinheit hinzufügen" });
      await addUnit.click();
      const dialog = page.getByRole("dialog", { name: "Wohneinheit hinzufügen" });
      await dialog.getByLabel("Name der Wohneinheit").fill("DG");
      await dialog.getByLabel("Fläche (m²)").fill("6675");
      await dialog.getByRole("button", { name: "Speichern" }).click();
      // Implausible: asked about, nothing saved until answered.
      const question = page.getByRole("alertdialog", { name: "Ungewöhnlichen Wert prüfen" });
      await question
        .getByText("Die Wohneinheit „DG“ hat 6.675,00 m² Wohnfläche", { exact: false })
        .waitFor();
      await settle(page);
      await page.screenshot({ path: screenshotPath(`data-entry-area-question-${viewport}`) });
      await question.getByRole("button", { name: "Nein, korrigieren" }).click();
      await question.waitFor({ state: "detached" });
      await dialog.getByLabel("Fläche (m²)").fill("66,75");
      await dialog.getByLabel("Name der Wohneinheit").click();
      // Shown de-DE once left.
      expect(await dialog.getByLabel("Fläche (m²)").inputValue()).toBe("66,75");
      await dialog.getByRole("button", { name: "Speichern" }).click();
      await dialog.waitFor({ state: "detached" });
      const toast = page
        .locator("[data-toast-type]")
        .filter({ hasText: "Wohneinheit erfolgreich erstellt" });
      await toast.waitFor();
      // The table on a wide screen, the cards on a phone.
      await page
        .getByText(/66,75 m²/)
        .filter({ visible: true })
        .first()
        .waitFor();
      const properties = (await (await page.request.get("/api/properties")).json()) as {
        id: string;
        units: { name: string; area: string }[];
      }[];
      const saved = properties
        .find((property) => property.id === propertyId)!
        .units.find((unit) => unit.name === "DG");
      expect(saved?.area).toBe("66.75");

      // The toast lies over neither the sign-out button nor the add button (bounding boxes).
      const toastBox = await screenBoxOf(toast);
      const signOut = page.getByRole("button", { name: "Abmelden" });
      if (await signOut.isVisible())
        expect(doBoxesOverlap(toastBox, await screenBoxOf(signOut))).toBe(false);
      expect(doBoxesOverlap(toastBox, await screenBoxOf(addUnit))).toBe(false);
      await settle(page);
      await page.screenshot({ path: screenshotPath(`data-entry-area-saved-${viewport}`) });
    });
  }

  it("refuses an overlapping tenant naming the other, asks for the move-out date, then lets the next tenant in", async () => {
    const { page } = await app.signedIn("mietzeit");
    const { unitId } = await createProperty(page);
    expect(
      (
        await page.request.post("/api/tenants", {
          data: { name: "Anna Alt", unitId, moveInDate: "2023-01-01" },
        })
      ).status(),
    ).toBe(201);

    await page.goto("/dashboard/tenants");
    await page.getByRole("button", { name: "Mieter hinzufügen" }).first().click();
    const dialog = page.getByRole("dialog");
    // No summary box on the first clicks from field to field: nothing moves (decision 0984).
    const moveIn = dialog.getByLabel("Einzugsdatum");
    const before = await boxOf(moveIn);
    await dialog.getByLabel("Name").click();
    await dialog.getByLabel("Telefon").click();
    await dialog.getByLabel("E-Mail").click();
    expect(await dialog.getByTestId("form-error-summary").count()).toBe(0);
    expect((await boxOf(moveIn)).y).toBe(before.y);

    await dialog.getByLabel("Name").fill("Bernd Neu");
    await dialog.getByLabel("Wohneinheit").selectOption({ label: "EG links (62,50 m², 2 Pers.)" });
    await moveIn.fill("2025-01-01");
    await dialog.getByRole("button", { name: "Mieter hinzufügen" }).click();
    await dialog.getByText("an „Anna Alt“ vermietet", { exact: false }).first().waitFor();
    await settle(page);
    await page.screenshot({ path: screenshotPath("data-entry-tenant-overlap") });
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await dialog.waitFor({ state: "detached" });
    const tenants = (await (await page.request.get("/api/tenants")).json()) as
      { tenants?: unknown[] } | unknown[];
    expect(Array.isArray(tenants) ? tenants.length : tenants.tenants?.length).toBe(1);

    // Moving out asks for the date, today by default.
    await page.getByRole("button", { name: "Als ausgezogen markieren" }).first().click();
    const moveOut = page.getByRole("dialog", { name: "Als ausgezogen markieren" });
    const dateField = moveOut.getByLabel("Auszugsdatum");
    expect(await dateField.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await settle(page);
    await page.screenshot({ path: screenshotPath("data-entry-move-out") });
    // Typed as a German user types it, day first: the field shows Tag.Monat.Jahr (browser.ts).
    await typeGermanDate(dateField, "31.12.2024");
    expect(await dateField.inputValue()).toBe("2024-12-31");
    await moveOut.getByRole("button", { name: "Auszug speichern" }).click();
    await moveOut.waitFor({ state: "detached" });
    await page.getByText("31.12.2024").first().waitFor();

    // The day after the move-out the unit is free.
    await page.getByRole("button", { name: "Mieter hinzufügen" }).first().click();
    await dialog.getByLabel("Name").fill("Bernd Neu");
    await dialog.getByLabel("Wohneinheit").selectOption({ label: "EG links (62,50 m², 2 Pers.)" });
    await dialog.getByLabel("Einzugsdatum").fill("2025-01-01");
    await dialog.getByRole("button", { name: "Mieter hinzufügen" }).click();
    await page.getByText("Mieter erfolgreich hinzugefügt!").first().waitFor();
  });

  it("updates a reading of the same meter and date in bulk entry instead of adding a second one", async () => {
    const { page } = await app.signedIn("ablesung");
    const { propertyId, unitId } = await createProperty(page);
    const meter = await (
      await page.request.post("/api/meters", {
        data: { meterNumber: "KW-1", meterType: "Kaltwasser", unitId },
      })
    ).json();
    expect(
      (
        await page.request.post(`/api/meters/${meter.id}/readings`, {
          data: { readingValue: "100", readingDate: "2024-12-31" },
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await page.request.post("/api/billing-periods", {
          data: { propertyId, billingPeriodStart: "2024-01-01", billingPeriodEnd: "2024-12-31" },
        })
      ).status(),
    ).toBe(201);

    await page.goto("/dashboard/quick-meter-readings");
    await expect.poll(() => page.getByLabel("Ablesedatum").inputValue()).toBe("2024-12-31");
    const input = page.getByLabel("Neuer Stand (m³) Zähler KW-1");
    await input.fill("105,5");
    await page.getByRole("button", { name: "Zählerstände speichern" }).click();
    await page.getByText("1 Zählerstand erfolgreich gespeichert!").first().waitFor();
    const readings = (await (
      await page.request.get(`/api/meters/${meter.id}/readings`)
    ).json()) as { readingValue: string; readingDate: string }[];
    expect(readings.map((reading) => [reading.readingValue, reading.readingDate])).toEqual([
      ["105.500", "2024-12-31"],
    ]);
    await settle(page);
    await page.screenshot({ path: screenshotPath("data-entry-bulk-same-date"), fullPage: true });
  });

  it("saves water and sewage at 6,10 EUR/m³ after confirming the price warning", async () => {
    const { page } = await app.signedIn("tarif");
    await createProperty(page);
    await page.goto("/dashboard/rates");
    await page.getByRole("button", { name: "Kaltwasser-Tarif hinzufügen" }).click();
    const dialog = page.getByRole("dialog", { name: "Kaltwasser-Tarif eingeben" });
    await dialog.getByLabel("Tarifname *").fill("Wasser und Abwasser");
    await dialog.getByLabel("Preis pro m³ (€) *").fill("6,10");
    await dialog.getByRole("button", { name: "Tarif speichern" }).click();
    const question = page.getByRole("alertdialog", {
      name: "Ungewöhnlichen Preis trotzdem speichern?",
    });
    await question.getByText("über 200 % des regionalen Durchschnitts", { exact: false }).waitFor();
    await settle(page);
    await page.screenshot({ path: screenshotPath("data-entry-price-warning") });
    await question.getByRole("button", { name: "Ja, Preis ist richtig" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Tarif erfolgreich gespeichert!").first().waitFor();
    const rates = (await (await page.request.get("/api/rates")).json()) as {
      unitPrice: string;
      rateName: string;
    }[];
    expect(rates.map((rate) => [rate.rateName, rate.unitPrice])).toEqual([
      ["Wasser und Abwasser", "6.100000"],
    ]);
  });

  for (const viewport of ["desktop", "mobile"] as const) {
    it(`the wizard's new unit row shows no messages before typing and its add button does not move on blur (${viewport})`, async () => {
      const { page } = await app.signedIn(`assistent-${viewport}`, viewport);
      await page.goto("/dashboard/onboarding");
      await page.getByLabel("Name der Immobilie").fill("Lindenhof");
      await page.getByLabel("Straße").fill("Lindenstraße");
      await page.getByLabel("Hausnummer").fill("5");
      await page.getByLabel("Postleitzahl").fill("33602");
      await page.getByLabel("Stadt").fill("Bielefeld");
      await page.getByLabel("Immobilientyp").selectOption("Mehrfamilienhaus");
      await page.getByRole("button", { name: "Weiter", exact: true }).click();
      const first = page.getByRole("listitem", { name: "Wohneinheit 1" });
      await first.getByLabel("Name der Wohneinheit").waitFor();
      // A failed 'Weiter' shows the first row's messages ...
      await page.getByRole("button", { name: "Weiter", exact: true }).click();
      await expect.poll(() => first.locator("p.text-red-600").count()).toBeGreaterThan(0);
      await first.getByLabel("Name der Wohneinheit").fill("EG links");
      await first.getByLabel("Fläche (m²)").fill("62,5");
      // ... but a row added afterwards shows none before the user typed.
      const add = page.getByRole("button", { name: "Weitere Wohneinheit hinzufügen" });
      await add.click();
      const second = page.getByRole("listitem", { name: "Wohneinheit 2" });
      await second.getByLabel("Name der Wohneinheit").waitFor();
      expect(await second.locator("p.text-red-600").count()).toBe(0);

      // Focus, type, leave: the add button stays where the pointer aims.
      await second.getByLabel("Name der Wohneinheit").focus();
      const before = await boxOf(add);
      await second.getByLabel("Name der Wohneinheit").blur();
      expect(await boxOf(add)).toEqual(before);
      await second.getByLabel("Fläche (m²)").fill("abc");
      await second.getByLabel("Fläche (m²)").blur();
      // Left with input: the message appears, in the space kept for it.
      await second.getByText("Fläche muss eine Zahl sein").waitFor();
      expect(await boxOf(add)).toEqual(before);
      await settle(page);
      await page.screenshot({
        path: screenshotPath(`data-entry-wizard-units-${viewport}`),
        fullPage: true,
      });
    });
  }

  it("keeps the amounts typed while the wizard's first autosave creates the period (a late answer puts back no older state)", async () => {
    const { page } = await app.signedIn("autosave");
    const { propertyId } = await createProperty(page);
    // The saved inputs of the period the first autosave creates arrive late, as on a slow line:
    // the server answers at once with what it holds then, the browser gets it only after the
    // user typed the next amount.
    let releaseCosts!: () => void;
    const isReleased = new Promise<void>((resolve) => (releaseCosts = resolve));
    let lateAnswerArrived!: () => void;
    const hasLateAnswerArrived = new Promise<void>((resolve) => (lateAnswerArrived = resolve));
    await page.route(/\/api\/billing-periods\/[0-9a-f-]{36}\/costs$/, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      await isReleased;
      await route.fulfill({ response });
      lateAnswerArrived();
    });
    await page.goto(`/dashboard/statements/new?property=${propertyId}`);
    await page.getByRole("heading", { name: "Kostenpositionen" }).waitFor();
    await page.getByRole("button", { name: "Quick-Setup" }).click();
    const dialog = page.getByRole("dialog", { name: "Quick-Setup: Vorlage wählen" });
    await dialog.getByRole("button", { name: "Vorlage übernehmen" }).click();
    await dialog.waitFor({ state: "detached" });
    const firstSave = page.waitForResponse(
      (response) => /\/costs$/.test(response.url()) && response.request().method() === "PUT",
    );
    await page
      .getByRole("listitem", { name: /^Grundsteuer/ })
      .getByLabel("Betrag (EUR)")
      .fill("800");
    expect((await firstSave).status()).toBe(200);
    const secondSave = page.waitForResponse(
      (response) => /\/costs$/.test(response.url()) && response.request().method() === "PUT",
    );
    await page
      .getByRole("listitem", { name: /^Versicherung/ })
      .getByLabel("Betrag (EUR)")
      .fill("1.234,56");
    expect((await secondSave).status()).toBe(200);
    releaseCosts();
    // The late answer is in the browser; two frames on, the page has put it in (or not).
    await hasLateAnswerArrived;
    for (let frame = 0; frame < 2; frame += 1)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await page.getByRole("status").getByText("Entwurf gespeichert").waitFor();
    expect(
      await page
        .getByRole("listitem", { name: /^Versicherung/ })
        .getByLabel("Betrag (EUR)")
        .inputValue(),
    ).toBe("1.234,56");
    await page.unrouteAll({ behavior: "wait" });

    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole("listitem", { name: /^Grundsteuer/ })
          .getByLabel("Betrag (EUR)")
          .inputValue(),
      )
      .toBe("800,00");
    expect(
      await page
        .getByRole("listitem", { name: /^Versicherung/ })
        .getByLabel("Betrag (EUR)")
        .inputValue(),
    ).toBe("1.234,56");
  });
});
