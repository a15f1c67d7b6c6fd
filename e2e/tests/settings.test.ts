import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { E2E_PASSWORD, screenshotPath, describeE2e, useApp } from "../support/index.ts";

/** Screenshots of the current page at 1366 and 375 px, and no horizontal scrolling on the phone. */
async function shootBothWidths(page: Page, name: string) {
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate("window.scrollTo(0, 0)");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: screenshotPath(`${name}-1366`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: screenshotPath(`${name}-375`), fullPage: true });
  expect(
    Number(await page.evaluate("document.documentElement.scrollWidth")),
    name,
  ).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1366, height: 900 });
}

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

describeE2e("Einstellungen", () => {
  const app = useApp();

  it("profile: changes the names, shows the read-only e-mail, changes the password", async () => {
    const { page, email } = await app.signedIn("profil");
    await page.goto("/dashboard/settings");
    await expect
      .poll(() => page.getByRole("tab", { name: "Profil" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await page.getByLabel("E-Mail").inputValue()).toBe(email);
    expect(await page.getByLabel("E-Mail").getAttribute("readonly")).not.toBeNull();
    await visible(page, "E-Mail-Adresse kann nicht geändert werden");

    await page.getByLabel("Vorname").fill("");
    await page.getByRole("button", { name: "Profil speichern" }).click();
    await visible(page, "Vor- und Nachname sind erforderlich");
    await page.getByLabel("Vorname").fill("Jana");
    await page.getByLabel("Firma (optional)").fill("Beispiel Hausverwaltung GmbH");
    await page.getByRole("button", { name: "Profil speichern" }).click();
    await visible(page, "Profil erfolgreich aktualisiert");
    await expect
      .poll(() => page.getByTestId("user-display-name").textContent())
      .toBe("Jana Mustermann");

    await page.getByLabel("Aktuelles Passwort").fill("Falsch123");
    await page.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
    await page.getByLabel("Neues Passwort bestätigen").fill("kurz");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await visible(
      page,
      "Das Passwort muss mindestens 8 Zeichen lang sein und Groß- und Kleinbuchstaben sowie Ziffern enthalten.",
    );
    await page.getByLabel("Neues Passwort", { exact: true }).fill("Neues123Pw");
    await page.getByLabel("Neues Passwort bestätigen").fill("Neues123Pw");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await visible(page, "Das aktuelle Passwort ist falsch.");
    await page.getByLabel("Aktuelles Passwort").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await visible(page, "Passwort erfolgreich geändert. Andere Sitzungen wurden abgemeldet.");
    await shootBothWidths(page, "e2e-settings-profile");
    // Still signed in with the new session; the new password signs in.
    await page.reload();
    await expect
      .poll(() => page.getByTestId("user-display-name").textContent())
      .toBe("Jana Mustermann");
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: "Neues123Pw" },
    });
    expect(signIn.status()).toBe(200);
  });

  it("Abonnement: ?tab=billing preselects; usage bars; upgrade, cancel and reactivate with their texts", async () => {
    const { page } = await app.signedIn("abo");
    // Three units fill the trial: bars at 100 % (red) and the upgrade prompt.
    const onboarding = await page.request.post("/api/onboarding", {
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
          { name: "EG", area: "60", persons: 1 },
          { name: "1. OG", area: "60", persons: 1 },
          { name: "2. OG", area: "60", persons: 1 },
        ],
      },
    });
    expect(onboarding.status()).toBeLessThan(300);

    await page.goto("/dashboard/settings?tab=billing");
    await expect
      .poll(() => page.getByRole("tab", { name: "Abonnement" }).getAttribute("aria-selected"))
      .toBe("true");
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toBe("Testphase");
    await visible(page, "Kostenlos");
    await visible(page, "Testphase aktiv");
    expect(
      await page.getByRole("progressbar", { name: "Wohneinheiten" }).getAttribute("data-tone"),
    ).toBe("red");
    expect(
      await page.getByRole("progressbar", { name: "Wohneinheiten" }).getAttribute("aria-valuenow"),
    ).toBe("100");
    expect(
      await page.getByRole("progressbar", { name: "Aktive Mieter" }).getAttribute("data-tone"),
    ).toBe("green");
    await visible(page, "Zeit für ein Upgrade?");
    // Three plans, Professional marked popular, four features each; no trial, no Enterprise+ card.
    await expect
      .poll(() =>
        page.getByRole("list", { name: "Verfügbare Pläne" }).locator(":scope > li").count(),
      )
      .toBe(3);
    expect(await page.getByTestId("plan-professional").getByText("BELIEBT").isVisible()).toBe(true);
    expect(await page.getByTestId("plan-starter").locator("ul li").count()).toBe(4);
    expect(await page.getByTestId("plan-enterprise_plus").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Abonnement kündigen" }).count()).toBe(0);
    await shootBothWidths(page, "e2e-settings-billing-trial");

    await page.getByRole("button", { name: "Professional wählen" }).click();
    await visible(
      page,
      /Möchten Sie zum Plan Professional \(49 € \/ Monat zzgl\. USt\.\) wechseln\?/,
    );
    await page.getByRole("alertdialog").getByRole("button", { name: "Plan wechseln" }).click();
    await visible(page, "Plan erfolgreich auf Professional aktualisiert");
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toBe("Professional");
    await expect
      .poll(() =>
        page.getByRole("progressbar", { name: "Wohneinheiten" }).getAttribute("aria-valuenow"),
      )
      .toBe("20");
    await expect
      .poll(() => page.getByRole("banner").getByText("Pro", { exact: true }).isVisible())
      .toBe(true);
    expect(await page.getByText("Zeit für ein Upgrade?").count()).toBe(0);

    await page.getByRole("button", { name: "Abonnement kündigen" }).click();
    await visible(page, /^Möchten Sie Ihr Abonnement wirklich kündigen\?/);
    await page.getByRole("alertdialog").getByRole("button", { name: "Kündigen" }).click();
    await visible(page, "Abonnement wird am Ende der Laufzeit beendet");
    await expect
      .poll(() => page.getByTestId("subscription-status").textContent())
      .toBe("Gekündigt zum Ende der Laufzeit");
    await shootBothWidths(page, "e2e-settings-billing-cancelled");
    await page.getByRole("button", { name: "Abonnement reaktivieren" }).click();
    await visible(page, "Abonnement erfolgreich reaktiviert");
    await expect.poll(() => page.getByTestId("subscription-status").textContent()).toBe("Aktiv");
  });

  it("Abrechnungsdaten: required fields, IBAN checksum, saved and shown again", async () => {
    const { page } = await app.signedIn("abrechnungsdaten");
    await page.goto("/dashboard/settings?tab=billing-data");
    await expect
      .poll(() => page.getByRole("tab", { name: "Abrechnungsdaten" }).getAttribute("aria-selected"))
      .toBe("true");
    await visible(page, "Noch nicht hinterlegt");
    await visible(
      page,
      "Diese Daten werden für Ihre Nebenkostenabrechnungen verwendet und erscheinen als Absender auf allen PDFs.",
    );
    // Decision 1100: the sender's name comes prefilled from the profile.
    await expect.poll(() => page.getByLabel("Vorname").inputValue()).toBe("Erika");
    expect(await page.getByLabel("Nachname").inputValue()).toBe("Mustermann");
    await page.getByLabel("Vorname").fill("");
    await page.getByLabel("Nachname").fill("");
    await page.getByRole("button", { name: "Abrechnungsdaten speichern" }).click();
    await visible(page, "Firma oder Vor- und Nachname ist erforderlich");
    await visible(page, "Telefon ist erforderlich");
    await visible(page, "IBAN ist erforderlich");
    await page.getByLabel("Firma").fill("Muster Hausverwaltung GmbH");
    await page.getByLabel("Telefon *").fill("0521 123456");
    await page.getByLabel("Straße *").fill("Hauptstraße");
    await page.getByLabel("Hausnummer *").fill("1a");
    await page.getByLabel("Postleitzahl *").fill("33602");
    await page.getByLabel("Ort *").fill("Bielefeld");
    await page.getByLabel("IBAN *").fill("DE89 3704 0044 0532 0130 01");
    await page.getByRole("button", { name: "Abrechnungsdaten speichern" }).click();
    await visible(
      page,
      "Ungültige IBAN: Die Prüfsumme stimmt nicht. Bitte prüfen Sie die Eingabe.",
    );
    await page.getByLabel("IBAN *").fill("DE89 3704 0044 0532 0130 00");
    await page.getByLabel("BIC").fill("COBADEFFXXX");
    await page.getByRole("button", { name: "Abrechnungsdaten speichern" }).click();
    await visible(page, "Abrechnungsdaten gespeichert");
    await visible(page, "Vollständig");
    await shootBothWidths(page, "e2e-settings-billing-data");
    await page.reload();
    await expect
      .poll(() => page.getByLabel("IBAN *").inputValue())
      .toBe("DE89 3704 0044 0532 0130 00");
    expect(await page.getByLabel("Firma").inputValue()).toBe("Muster Hausverwaltung GmbH");
  });

  it("notifications: defaults, saved on the server, kept after a reload", async () => {
    const { page } = await app.signedIn("benachrichtigung");
    await page.goto("/dashboard/settings?tab=notifications");
    await expect.poll(() => page.getByLabel("Abrechnungs-E-Mails").isChecked()).toBe(true);
    expect(await page.getByLabel("System-E-Mails").isChecked()).toBe(true);
    expect(await page.getByLabel("Marketing-E-Mails").isChecked()).toBe(false);
    expect(await page.getByRole("button", { name: "Einstellungen speichern" }).isDisabled()).toBe(
      true,
    );
    await page.getByLabel("Marketing-E-Mails").check();
    await page.getByLabel("Abrechnungs-E-Mails").uncheck();
    await page.getByRole("button", { name: "Einstellungen speichern" }).click();
    await visible(page, "Benachrichtigungen gespeichert");
    await shootBothWidths(page, "e2e-settings-notifications");
    await page.reload();
    await expect.poll(() => page.getByLabel("Marketing-E-Mails").isChecked()).toBe(true);
    expect(await page.getByLabel("Abrechnungs-E-Mails").isChecked()).toBe(false);
    // On a phone the preselected tab is scrolled into view in the sideways-scrolling tab row.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/dashboard/settings?tab=danger");
    await expect
      .poll(async () => {
        const box = await page.getByRole("tab", { name: "Konto" }).boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    await page.screenshot({ path: screenshotPath("e2e-settings-tab-in-view-375") });
  });

  it("danger: exports the data, deletes the account after typing LÖSCHEN, ends signed out on '/'", async () => {
    const { page, email } = await app.signedIn("loeschen");
    await page.goto("/dashboard/settings?tab=danger");

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Daten exportieren (JSON)" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^nebenkosten-export-\d{4}-\d{2}-\d{2}\.json$/);
    await shootBothWidths(page, "e2e-settings-danger");

    await page.getByRole("button", { name: "Konto löschen" }).click();
    const dialog = page.getByRole("dialog");
    const confirm = dialog.getByRole("button", { name: "Konto löschen" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Geben Sie LÖSCHEN ein, um zu bestätigen").fill("löschen");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Geben Sie LÖSCHEN ein, um zu bestätigen").fill("LÖSCHEN");
    await page.screenshot({
      path: screenshotPath("e2e-settings-delete-dialog-1366"),
      fullPage: true,
    });
    await confirm.click();
    await page.waitForURL((url) => url.pathname === "/");
    await visible(page, "Ihr Konto und alle Daten wurden gelöscht.");
    await page.goto("/dashboard");
    await page.waitForURL("**/login");
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: E2E_PASSWORD },
    });
    expect(signIn.status()).toBe(401);
  });

  it("side menu carries every entry; sign-out lands on '/'", async () => {
    const { page } = await app.signedIn("menue");
    await page.goto("/dashboard/help");
    const menuLinks = page.locator("#dashboard-sidebar nav a");
    await expect.poll(() => menuLinks.count()).toBe(14);
    const labels = await menuLinks.allTextContents();
    expect(labels.map((l) => l.trim())).toEqual([
      "Übersicht",
      "Immobilien",
      "Einrichtungsassistent",
      "Neue Abrechnung",
      "Abrechnungen",
      "Fristen",
      "Importe",
      "Zähler",
      "Verbrauchsinformation",
      "Mieter",
      "Aktivitätsverlauf",
      "Versorgertarife",
      "Einstellungen",
      "Hilfe",
    ]);
    for (const section of [
      "Überblick",
      "Stammdaten",
      "Versorgertarife",
      "Zählerstände",
      "Abrechnung",
      "Rechtliches",
    ]) {
      expect(
        await page.getByRole("heading", { name: section, exact: true }).isVisible(),
        section,
      ).toBe(true);
    }
    await visible(page, "ab 52");
    await visible(page, "Upgrade erforderlich");
    await shootBothWidths(page, "e2e-help");
    await page.getByRole("button", { name: "Abmelden" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});
