import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

export const E2E_PASSWORD = "Sicher123";

let counter = 0;
export function uniqueEmail(prefix = "vermieter"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.de`;
}

/** Registers through the real /register form and waits for the dashboard. */
export async function registerThroughForm(
  page: Page,
  email: string,
  password = E2E_PASSWORD,
  name = { first: "Erika", last: "Mustermann" },
) {
  await page.goto("/register");
  await page.getByLabel("Vorname").fill(name.first);
  await page.getByLabel("Nachname").fill(name.last);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByLabel("Passwort bestätigen").fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Registrieren" }).click();
  await page.waitForURL("**/dashboard**");
}

/** Signs in through the real /login form and waits for the dashboard. */
export async function signInThroughForm(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL("**/dashboard**");
}

/** Registers (and so signs in) through the API within the page's context, faster than the form. */
export async function registerThroughApi(page: Page, email: string, password = E2E_PASSWORD) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: {
      email,
      password,
      firstName: "Erika",
      lastName: "Mustermann",
      passwordConfirmation: password,
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(200);
}

/**
 * Types a date into a date field as a German user does: eight digits, day first ("31.12.2024" is
 * typed 31122024). That lands in the right parts only in the order the field shows with the
 * German interface (browser.ts); in English the day would go into the month.
 */
export async function typeGermanDate(field: Locator, germanDate: string): Promise<void> {
  await field.focus();
  await field.page().keyboard.type(germanDate.replace(/\D/g, ""));
}
