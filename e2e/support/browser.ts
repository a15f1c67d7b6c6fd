import fs from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { installPageChecks } from "./page-checks.ts";

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
].filter(Boolean) as string[];

const CHROMIUM_PATH = CANDIDATES.find((p) => fs.existsSync(p));

/**
 * Without a Chromium the end-to-end tests are skipped with a clear line, except under CI=true,
 * where a missing browser fails the run (docs/architecture.md 'Testing').
 */
export const hasBrowser: boolean = (() => {
  if (CHROMIUM_PATH) return true;
  const message =
    "End-to-end-Tests: kein Chromium gefunden (/usr/bin/chromium; Debian-Paket 'chromium' oder CHROMIUM_PATH).";
  if (process.env.CI === "true") throw new Error(`${message} Unter CI=true ist das ein Fehler.`);
  console.warn(`${message} Die End-to-end-Tests werden übersprungen.`);
  return false;
})();

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
    ],
  });
}

/**
 * A fresh browser context (own cookies) with German locale and a laptop (1366 px) or phone
 * (375 px) viewport. Every page it visits is checked with axe-core and for sideways scrolling
 * (page-checks.ts, issue 23).
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: "desktop" | "mobile" = "desktop",
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    viewport: viewport === "desktop" ? { width: 1366, height: 900 } : { width: 375, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  installPageChecks(context, page, baseURL);
  return { context, page };
}
