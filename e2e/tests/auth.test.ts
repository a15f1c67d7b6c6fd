import { expect, it } from "vitest";
import {
  E2E_PASSWORD,
  registerThroughForm,
  screenshotPath,
  signInThroughForm,
  uniqueEmail,
  waitForMailLink,
  describeE2e,
  useApp,
} from "../support/index.ts";

describeE2e("Konto: registrieren, abmelden, anmelden, Passwort zurücksetzen", () => {
  const app = useApp();

  it("registers, reaches the dashboard, signs out, signs in, resets the password through the mailed link and signs in with it", async () => {
    const { page } = await app.open();
    const email = uniqueEmail();

    // A wrong confirmation is caught before anything is sent.
    await page.goto("/register");
    await page.getByLabel("Vorname").fill("Erika");
    await page.getByLabel("Nachname").fill("Mustermann");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel("Passwort bestätigen").fill("Anders123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Registrieren" }).click();
    await expect
      .poll(() => page.getByText("Die Passwörter stimmen nicht überein.").isVisible())
      .toBe(true);

    await registerThroughForm(page, email);
    await expect.poll(() => page.getByText("Erika Mustermann").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Trial").first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/14 Tage/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.screenshot({ path: screenshotPath("e2e-dashboard"), fullPage: true });

    await page.getByRole("button", { name: "Abmelden" }).first().click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.goto("/dashboard");
    await page.waitForURL("**/login**");

    // A wrong password shows the server's German message.
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill("Falsch123");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect
      .poll(() => page.getByText("E-Mail-Adresse oder Passwort ist falsch.").isVisible())
      .toBe(true);

    await signInThroughForm(page, email);
    await page.getByRole("button", { name: "Abmelden" }).first().click();
    await page.waitForURL(`${app.baseUrl}/`);

    await page.goto("/auth/reset-password");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByRole("button", { name: "Link senden" }).click();
    await expect.poll(() => page.getByText("E-Mail gesendet!").isVisible()).toBe(true);

    const link = await waitForMailLink(
      app.server.dataDir,
      email,
      /http:\/\/localhost:\d+\/auth\/new-password\?token=[A-Za-z0-9_-]+/,
    );
    await page.goto(link);
    await page.getByLabel("Neues Passwort", { exact: true }).fill("NeuesPasswort9");
    await page.getByLabel("Passwort bestätigen").fill("NeuesPasswort9");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await page.waitForURL("**/login**");

    // The old password no longer works; the new one does.
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect
      .poll(() => page.getByText("E-Mail-Adresse oder Passwort ist falsch.").isVisible())
      .toBe(true);
    await signInThroughForm(page, email, "NeuesPasswort9");
    await expect.poll(() => page.getByText("Erika Mustermann").first().isVisible()).toBe(true);

    // The used link is dead.
    await page.goto(link);
    await page.getByLabel("Neues Passwort", { exact: true }).fill("NochEins1234");
    await page.getByLabel("Passwort bestätigen").fill("NochEins1234");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect
      .poll(() =>
        page
          .getByText(/ungültig oder abgelaufen/)
          .first()
          .isVisible(),
      )
      .toBe(true);
  });

  it("shows the unconfigured-provider toast, the German 404 page, and guards the dashboard", async () => {
    const { page } = await app.open();
    await page.goto("/dashboard");
    await page.waitForURL("**/login**");
    await page.getByRole("button", { name: /Google/ }).click();
    await expect
      .poll(() =>
        page
          .getByText("Anmeldung mit Google fehlgeschlagen: Anbieter ist nicht konfiguriert.")
          .isVisible(),
      )
      .toBe(true);
    await page.goto("/gibt-es-nicht");
    await expect.poll(() => page.getByText("Seite nicht gefunden").first().isVisible()).toBe(true);
  });

  it("ends a failed social sign-in on the login page with a German message, never on the auth library's English page (issue 26)", async () => {
    const { page } = await app.open();
    await page.goto("/api/auth/callback/google?state=bad&code=x");
    await page.waitForURL("**/login?error=**");
    await expect
      .poll(() =>
        page
          .getByText("Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.")
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByText(/Something went wrong|Ask AI/).count()).toBe(0);
    await page.screenshot({ path: screenshotPath("e2e-social-sign-in-failed") });
  });

  it("works on a phone: the side menu slides in", async () => {
    const { page } = await app.open("mobile");
    await registerThroughForm(page, uniqueEmail("mobil"));
    await page.getByRole("button", { name: /Menü/ }).first().click();
    await expect
      .poll(() => page.getByRole("link", { name: "Übersicht" }).first().isVisible())
      .toBe(true);
    await page.screenshot({ path: screenshotPath("e2e-mobile-menu") });
  });
});
