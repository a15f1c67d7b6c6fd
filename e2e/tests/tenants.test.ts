import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshotPath, describeE2e, useApp } from "../support/index.ts";

/** A property with two units through the wizard's API (the properties screens are another feature's). */
async function createPropertyWithUnits(page: Page) {
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
      units: [
        { name: "EG links", area: "62.5", persons: 2 },
        { name: "OG rechts", area: "70", persons: 1 },
      ],
    },
  });
  expect(response.status()).toBeLessThan(300);
}

async function readSummary(page: Page) {
  const value = async (testId: string) =>
    (await page.getByTestId(testId).locator("p").nth(1).textContent())?.trim();
  return {
    active: await value("summary-active"),
    former: await value("summary-former"),
    occupied: await value("summary-occupied"),
  };
}

describeE2e("Mieter und Vorauszahlungen", () => {
  const app = useApp();

  it("adds a tenant after fixing the form, adds prepayments, sees the overlap refused, moves the tenant out", async () => {
    const { page } = await app.signedIn("mieter");
    await createPropertyWithUnits(page);

    await page.goto("/dashboard/tenants");
    await expect
      .poll(() => page.getByRole("heading", { name: "Mieter verwalten" }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText("Keine Mieter gefunden").isVisible()).toBe(true);
    expect(await readSummary(page)).toEqual({ active: "0", former: "0", occupied: "0" });
    await page.screenshot({ path: screenshotPath("e2e-tenants-empty"), fullPage: true });

    // The add form: a field error after touch, the summary box, the add button only when valid.
    await page.getByRole("button", { name: "Mieter hinzufügen" }).first().click();
    const dialog = page.getByRole("dialog");
    const addButton = dialog.getByRole("button", { name: "Mieter hinzufügen" });
    expect(await addButton.isDisabled()).toBe(true);
    await dialog.getByLabel("Name").fill("M");
    await dialog.getByLabel("Telefon").fill("12345");
    await dialog.getByLabel("Einzugsdatum").click();
    await expect
      .poll(() => dialog.getByText("Name muss mindestens 2 Zeichen lang sein").first().isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        dialog
          .getByText("Ungültige Telefonnummer. Verwenden Sie Format: +49... oder 0...")
          .first()
          .isVisible(),
      )
      .toBe(true);
    // The summary box waits for a submit attempt, so it moves nothing while the user goes from field to field (decision 0984).
    expect(await dialog.getByText("Bitte korrigieren Sie folgende Fehler:").isVisible()).toBe(
      false,
    );
    // Enter on an invalid form: the warning toast and the summary.
    await dialog.getByLabel("Name").press("Enter");
    await expect
      .poll(() => page.getByText("Bitte korrigieren Sie die Eingabefehler.").first().isVisible())
      .toBe(true);
    await expect
      .poll(() => dialog.getByText("Bitte korrigieren Sie folgende Fehler:").isVisible())
      .toBe(true);
    await page.screenshot({ path: screenshotPath("e2e-tenant-form-errors"), fullPage: true });

    await dialog.getByLabel("Name").fill("Max Mieter");
    await dialog.getByLabel("Telefon").fill("0521 123456");
    await dialog.getByLabel("Wohneinheit").selectOption({ label: "EG links (62,50 m², 2 Pers.)" });
    await dialog.getByLabel("Einzugsdatum").fill("2024-01-01");
    await dialog.getByLabel("Erweiterte Felder anzeigen").check();
    await dialog.getByLabel("Postleitzahl").fill("1234");
    await dialog.getByLabel("Ort").click();
    await expect
      .poll(() =>
        dialog.getByText("Postleitzahl muss 5 Ziffern haben (z.B. 12345)").first().isVisible(),
      )
      .toBe(true);
    expect(await addButton.isDisabled()).toBe(true);
    await dialog.getByLabel("Postleitzahl").fill("33602");
    await dialog.getByLabel("Ort").fill("Bielefeld");
    await expect
      .poll(() => dialog.getByText("Bitte korrigieren Sie folgende Fehler:").isVisible())
      .toBe(false);
    await expect.poll(() => addButton.isEnabled()).toBe(true);
    await addButton.click();
    await expect
      .poll(() => page.getByText("Mieter erfolgreich hinzugefügt!").first().isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole("cell", { name: /^Max Mieter/ }).isVisible()).toBe(true);
    await expect.poll(() => readSummary(page)).toEqual({ active: "1", former: "0", occupied: "1" });
    // The draft was removed after the save: a new form starts empty.
    expect(
      await page.evaluate(
        "Object.keys(localStorage).filter((key) => key.includes('tenant-draft'))",
      ),
    ).toEqual([]);

    // Prepayments: two periods, then an overlapping one is refused.
    await page.getByRole("button", { name: "Vorauszahlungen" }).first().click();
    const panel = page.getByRole("dialog");
    await expect
      .poll(() => panel.getByText("Keine Vorauszahlungen hinterlegt").isVisible())
      .toBe(true);
    await panel.getByLabel("Monatlicher Betrag (EUR)").fill("0");
    await panel.getByRole("button", { name: "Vorauszahlung hinzufügen" }).click();
    await expect
      .poll(() => panel.getByText("Vorauszahlungsbetrag muss größer als 0 sein").isVisible())
      .toBe(true);

    await panel.getByLabel("Monatlicher Betrag (EUR)").fill("150");
    await panel.getByLabel("Gültig ab").fill("2024-01-01");
    await panel.getByLabel("Gültig bis").fill("2024-12-31");
    await panel.getByRole("button", { name: "Vorauszahlung hinzufügen" }).click();
    await expect
      .poll(() => panel.getByRole("cell", { name: "150,00 EUR/Monat" }).isVisible())
      .toBe(true);
    await expect.poll(() => panel.getByLabel("Monatlicher Betrag (EUR)").inputValue()).toBe("");

    await panel.getByLabel("Monatlicher Betrag (EUR)").fill("165,5");
    await panel.getByLabel("Gültig ab").fill("2025-01-01");
    await panel.getByRole("button", { name: "Vorauszahlung hinzufügen" }).click();
    await expect
      .poll(() => panel.getByRole("cell", { name: "165,50 EUR/Monat" }).isVisible())
      .toBe(true);
    await expect.poll(() => panel.getByRole("cell", { name: "unbegrenzt" }).isVisible()).toBe(true);
    await expect.poll(() => panel.getByLabel("Monatlicher Betrag (EUR)").inputValue()).toBe("");

    await panel.getByLabel("Monatlicher Betrag (EUR)").fill("170");
    await panel.getByLabel("Gültig ab").fill("2024-06-01");
    await panel.getByRole("button", { name: "Vorauszahlung hinzufügen" }).click();
    await expect
      .poll(() => panel.getByTestId("prepayment-errors").textContent())
      .toContain("Vorauszahlung überschneidet sich mit bestehenden Zeiträumen");
    await page.screenshot({ path: screenshotPath("e2e-prepayments"), fullPage: true });
    // The server refuses it too (the check is not only in the browser).
    const tenants = await (await page.request.get("/api/tenants")).json();
    const refused = await page.request.post(`/api/tenants/${tenants[0].id}/prepayments`, {
      data: { monthlyAmount: "170", validFrom: "2024-06-01" },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.message).toBe(
      "Vorauszahlung überschneidet sich mit bestehenden Zeiträumen",
    );
    // Deleting deactivates after the question.
    await panel.getByRole("button", { name: "Vorauszahlung löschen" }).first().click();
    await expect
      .poll(() => page.getByText("Möchten Sie diese Vorauszahlung wirklich löschen?").isVisible())
      .toBe(true);
    await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
    await expect
      .poll(() => page.getByRole("dialog").getByRole("cell", { name: "Inaktiv" }).isVisible())
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // Occupants over time in the edit dialog: 3 persons from July on.
    await page.getByRole("button", { name: "Bearbeiten" }).first().click();
    const edit = page.getByRole("dialog");
    await expect.poll(() => edit.getByText("2 Personen").isVisible()).toBe(true);
    await edit.getByLabel("Neue Personenzahl").fill("3");
    await edit.getByLabel("Gültig ab").fill("2024-07-01");
    await edit.getByRole("button", { name: "Personenzahl ändern" }).click();
    await expect.poll(() => edit.getByText("3 Personen").isVisible()).toBe(true);
    await expect.poll(() => edit.getByText("ab 01.01.2024 bis 30.06.2024").isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath("e2e-tenant-edit"), fullPage: true });
    await edit.getByRole("button", { name: "Abbrechen" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // Move out: the status and the summary cards change.
    await page.getByRole("button", { name: "Als ausgezogen markieren" }).first().click();
    // The move-out date is asked for, today by default (decision 0985).
    await page.getByRole("dialog").getByRole("button", { name: "Auszug speichern" }).click();
    await expect
      .poll(() => page.getByText("Mieter-Status auf inaktiv geändert").first().isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole("cell", { name: "Ausgezogen" }).isVisible()).toBe(true);
    await expect.poll(() => readSummary(page)).toEqual({ active: "0", former: "1", occupied: "0" });
    await page.screenshot({ path: screenshotPath("e2e-tenants-desktop"), fullPage: true });

    // The same list as cards on a phone.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.getByTestId("tenant-card").first().isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath("e2e-tenants-mobile"), fullPage: true });
  });

  it("shows the add form on a phone", async () => {
    const { page } = await app.signedIn("telefon", "mobile");
    await createPropertyWithUnits(page);
    await page.goto("/dashboard/tenants");
    await page.getByRole("button", { name: "Mieter hinzufügen" }).first().click();
    await page.getByRole("dialog").getByLabel("Erweiterte Felder anzeigen").check();
    await expect
      .poll(() => page.getByRole("dialog").getByLabel("Ausweisnummer").isVisible())
      .toBe(true);
    await page.screenshot({ path: screenshotPath("e2e-tenant-form-mobile") });
  });

  it("keeps the draft of an unsaved form and shows 'Limit erreicht' at the plan limit", async () => {
    const { page } = await app.signedIn("limit");
    await createPropertyWithUnits(page);
    await page.goto("/dashboard/tenants");

    await page.getByRole("button", { name: "Mieter hinzufügen" }).first().click();
    await page.getByRole("dialog").getByLabel("Name").fill("Entwurf Erika");
    await page.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();
    await page.getByRole("button", { name: "Mieter hinzufügen" }).first().click();
    await expect
      .poll(() => page.getByRole("dialog").getByLabel("Name").inputValue())
      .toBe("Entwurf Erika");
    await expect
      .poll(() =>
        page.getByText("Ein nicht gespeicherter Entwurf wurde wiederhergestellt.").isVisible(),
      )
      .toBe(true);
    await page.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();

    // The trial allows 3 active tenants.
    // One unit each: a unit is let to one tenancy at a time (decision 0980).
    const properties = await (await page.request.get("/api/properties")).json();
    const third = await page.request.post(`/api/properties/${properties[0].id}/units`, {
      data: { name: "DG", area: "40", persons: 1 },
    });
    expect(third.status()).toBe(201);
    const unitIds = [
      ...properties[0].units.map((unit: { id: string }) => unit.id),
      (await third.json()).id,
    ];
    for (const [index, name] of ["Eins", "Zwei", "Drei"].entries()) {
      const response = await page.request.post("/api/tenants", {
        data: { name: `Mieter ${name}`, unitId: unitIds[index], moveInDate: "2024-01-01" },
      });
      expect(response.status()).toBe(201);
    }
    await page.reload();
    await expect.poll(() => page.getByText("Limit erreicht").first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText("Sie haben das Limit von 3 Mietern erreicht.").first().isVisible())
      .toBe(true);
    expect(await page.getByRole("button", { name: "Mieter hinzufügen" }).count()).toBe(0);
    await expect
      .poll(() => page.getByRole("button", { name: "Upgrade" }).first().isVisible())
      .toBe(true);
    await page.screenshot({ path: screenshotPath("e2e-tenants-limit"), fullPage: true });

    // Deleting asks first.
    await page.getByRole("button", { name: "Löschen" }).first().click();
    await expect
      .poll(() =>
        page.getByText("Sind Sie sicher, dass Sie diesen Mieter löschen möchten?").isVisible(),
      )
      .toBe(true);
    await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
    await expect
      .poll(() => page.getByText("Mieter erfolgreich gelöscht!").first().isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole("button", { name: "Mieter hinzufügen" }).count())
      .toBe(1);
  });
});
