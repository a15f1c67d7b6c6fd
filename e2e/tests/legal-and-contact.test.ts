import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { readOutbox, screenshotPath, describeE2e, useApp } from "../support/index.ts";

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

describeE2e("Impressum, Datenschutz und Kontaktformular", () => {
  const app = useApp({
    env: {
      OPERATOR_NAME: "Muster Software GmbH",
      OPERATOR_REPRESENTATIVE: "Erika Muster",
      OPERATOR_STREET: "Hauptstraße 1",
      OPERATOR_POSTAL_CODE: "33602",
      OPERATOR_CITY: "Bielefeld",
      OPERATOR_EMAIL: "kontakt@muster-software.de",
      OPERATOR_REGISTER: "Amtsgericht Bielefeld, HRB 12345",
    },
  });
  const bare = useApp();

  it("shows the operator's details from OPERATOR_*, marked noindex, linked from the footer and the auth pages", async () => {
    const { page } = await app.open();
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Rechtliches" })
      .getByRole("link", { name: "Impressum" })
      .click();
    await page.waitForURL("**/impressum");
    await visible(page, "Angaben gemäß § 5 DDG");
    await visible(page, "Muster Software GmbH");
    await visible(page, "Vertreten durch: Erika Muster");
    await visible(page, "Amtsgericht Bielefeld, HRB 12345");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe(
      "noindex,nofollow",
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: screenshotPath("e2e-impressum-1366"), fullPage: true });
    await page.goto("/login");
    await page.getByRole("link", { name: "Datenschutz" }).click();
    await page.waitForURL("**/datenschutz");
    await visible(page, "1. Verantwortlicher");
    await visible(page, "kontakt@muster-software.de");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath("e2e-datenschutz-375"), fullPage: true });
    expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(
      375,
    );
  });

  it("says plainly that the operator's details are missing when none are set", async () => {
    const { page } = await bare.open();
    await page.goto("/impressum");
    await visible(page, "Betreiberangaben fehlen");
    expect(await page.getByText("Angaben gemäß § 5 DDG").count()).toBe(0);
    await page.screenshot({ path: screenshotPath("e2e-impressum-missing-1366"), fullPage: true });
  });

  it("contact form: validation, success message, mail to the operator", async () => {
    const { page } = await app.open();
    await page.goto("/#contact");
    const form = page.getByRole("form", { name: "Kontaktformular" });
    expect(await form.getByLabel("E-Mail").getAttribute("type")).toBe("email");
    await form.getByLabel("Name").fill("J");
    await form.getByLabel("E-Mail").fill("keine-adresse");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await visible(page, "Name muss mindestens 2 Zeichen lang sein");
    await visible(page, "Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    await visible(page, "Nachricht muss mindestens 10 Zeichen lang sein");
    await page.setViewportSize({ width: 375, height: 800 });
    await form.screenshot({ path: screenshotPath("e2e-contact-form-errors-375") });
    await page.setViewportSize({ width: 1366, height: 900 });
    await form.getByLabel("Name").fill("Jana Vermieterin");
    await form.getByLabel("E-Mail").fill("jana@example.de");
    await form.getByLabel("Betreff").selectOption("Enterprise-Anfrage");
    await form.getByLabel("Nachricht").fill("Wir verwalten 120 Einheiten und möchten ein Angebot.");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await visible(
      page,
      "Vielen Dank für Ihre Nachricht! Wir melden uns so schnell wie möglich bei Ihnen.",
    );
    await page.locator("#contact").screenshot({ path: screenshotPath("e2e-contact-success-1366") });
    await expect
      .poll(
        () =>
          readOutbox(app.server.dataDir).some(
            (mail) =>
              mail.includes("Kontaktanfrage") && mail.includes("kontakt@muster-software.de"),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
  });
});
