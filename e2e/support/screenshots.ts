import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./app-server.ts";

/** Screenshots go to the repository's ignored test output (.tmp/screenshots), never outside it. */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, ".tmp", "screenshots");

/** The file for a screenshot named `name` (".png" added); the folder is created on first use. */
export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}
