// What the end-to-end files use (README.md beside this file): the harness first.
export { REPO_ROOT, type AppServer } from "./app-server.ts";
export { readOutbox, waitForMailLink } from "./outbox.ts";
export {
  registerThroughForm,
  signInThroughForm,
  registerThroughApi,
  typeGermanDate,
  uniqueEmail,
  E2E_PASSWORD,
} from "./journeys.ts";
export { screenshotBothWidths, screenshotPath } from "./screenshots.ts";
export { screenBoxOf, doBoxesOverlap, type Box } from "./boxes.ts";
export { checkPage } from "./page-checks.ts";
export { postOk, requestOk, downloadFile } from "./requests.ts";
export { JourneyCounter, estimateSeconds } from "./journey-counter.ts";
export { describeE2e, useApp } from "./harness.ts";
export { readPdfRaw, readPdfText, readPdfLayout } from "./pdf-text.ts";
