export { startAppServer, findFreePort, REPO_ROOT, type AppServer } from "./app-server.ts";
export { hasBrowser, launchBrowser, openPage, CHROMIUM_PATH } from "./browser.ts";
export { readOutbox, waitForMailLink, decodeQuotedPrintable } from "./outbox.ts";
export {
  registerThroughForm,
  signInThroughForm,
  registerThroughApi,
  uniqueEmail,
  E2E_PASSWORD,
} from "./journeys.ts";
export { screenshotBothWidths, screenshotPath, SCREENSHOT_DIR } from "./screenshots.ts";
export { screenBoxOf, doBoxesOverlap, type Box } from "./boxes.ts";
export { checkPage, expectCheckedPages, type PageProblem } from "./page-checks.ts";
export { postOk, requestOk, downloadFile } from "./requests.ts";
export {
  JourneyCounter,
  estimateSeconds,
  KEYSTROKE_MODEL,
  type JourneyCounts,
} from "./journey-counter.ts";
