import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { REPO_ROOT } from "./app-server.ts";

/** Screenshots go to the repository's ignored test output (.tmp/screenshots), never outside it. */
const SCREENSHOT_DIR = path.join(REPO_ROOT, ".tmp", "screenshots");

/** The file for a screenshot named `name` (".png" added); the folder is created on first use. */
export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/**
 * Full-page screenshots `name` at 1366 px and `name-mobile` at 375 px (no horizontal overflow at
 * 375 px: charts follow the new width a frame after the resize, so the check waits for it), then
 * back to 1366 px.
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect
    .poll(() =>
      page.evaluate<number>(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      ),
    )
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: screenshotPath(`${name}-mobile`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}
