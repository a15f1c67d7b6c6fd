import fs from "node:fs";
import path from "node:path";
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

/**
 * Chromium on Linux takes its interface language, and with it the format a date field shows
 * ("05.03.2024", not "03/05/2024"), from LANGUAGE/LANG, not from the context's locale; it needs
 * its German translations (Debian's `chromium-l10n`, locales/de.pak beside the binary) for that.
 * Without them the dates show in English: a notice, under CI=true an error, as without Chromium.
 */
function checkGermanUi(executablePath: string): void {
  const libDir = path.join(path.dirname(fs.realpathSync(executablePath)), "locales");
  const debianDir = "/usr/lib/chromium/locales";
  const found = [libDir, debianDir].some((dir) => fs.existsSync(path.join(dir, "de.pak")));
  if (found) return;
  const message =
    "End-to-end-Tests: Chromium ohne deutsche Sprachdateien (locales/de.pak, Debian-Paket 'chromium-l10n'): Datumsfelder zeigen englische Formate.";
  if (process.env.CI === "true") throw new Error(`${message} Unter CI=true ist das ein Fehler.`);
  console.warn(message);
}

/** What a German user's browser sends (Chromium's own default for German). */
const GERMAN_ACCEPT_LANGUAGE = "de-DE,de;q=0.9";

export async function launchBrowser(): Promise<Browser> {
  if (CHROMIUM_PATH) checkGermanUi(CHROMIUM_PATH);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    env: { ...process.env, LANGUAGE: "de", LANG: "de_DE.UTF-8" },
    args: [
      "--headless",
      "--lang=de-DE",
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
 * A fresh browser context (own cookies) as a German user's browser (locale de-DE, Berlin time,
 * Accept-Language German; the interface language is set at launch) and a laptop (1366 px) or phone
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
    extraHTTPHeaders: { "Accept-Language": GERMAN_ACCEPT_LANGUAGE },
    viewport: viewport === "desktop" ? { width: 1366, height: 900 } : { width: 375, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  installPageChecks(context, page, baseURL);
  return { context, page };
}
