import { afterAll, afterEach, beforeAll, describe } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { hasBrowser, launchBrowser, openPage } from "./browser.ts";
import { registerThroughApi, uniqueEmail } from "./journeys.ts";

// The one harness of the end-to-end files (issue 31): a file says what it tests, the harness
// starts what every file needs. `describeE2e` skips the file without a Chromium (an error under
// CI=true, browser.ts); `useApp()` starts the file's server and browser before its tests, closes
// every browser context a test left open after that test (context.close runs the page checks,
// page-checks.ts, so their findings fail that test), and stops both after the file.

type Viewport = "desktop" | "mobile";

interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

interface SignedInPage extends OpenedPage {
  /** The new account's e-mail address (password: E2E_PASSWORD). */
  email: string;
}

export interface E2eApp {
  /** The file's server (its data folder holds the outbox: waitForMailLink, readOutbox). */
  readonly server: AppServer;
  readonly baseUrl: string;
  /** A fresh browser context (own cookies, German locale, checked pages) on the file's server. */
  open(viewport?: Viewport): Promise<OpenedPage>;
  /**
   * A fresh browser context signed in as a new account, registered through the API: faster than
   * the form, which auth.test.ts and house-journey.test.ts go through as users do.
   * `emailPrefix` names the account in the server's log.
   */
  signedIn(emailPrefix?: string, viewport?: Viewport): Promise<SignedInPage>;
}

/** `describe` for an end-to-end file: skipped with a notice without Chromium (browser.ts). */
export const describeE2e = describe.skipIf(!hasBrowser);

/**
 * Registers the hooks of a file: its own server (`env` added to the server's environment, e.g.
 * OPERATOR_*; a function is asked in the hook, after the file's earlier beforeAll started a
 * stand-in it names) and one browser, started side by side. Call it in
 * the describe block; call it again for a second server (the browser is shared).
 */
export function useApp(
  options: { env?: Record<string, string> | (() => Record<string, string>) } = {},
): E2eApp {
  let server: AppServer | undefined;
  const opened = new Set<BrowserContext>();

  beforeAll(async () => {
    const env = typeof options.env === "function" ? options.env() : (options.env ?? {});
    [server] = await Promise.all([startAppServer(env), acquireBrowser()]);
  });
  afterEach(async () => {
    const left = [...opened];
    opened.clear();
    // Each is closed even when an earlier one fails its page checks; the first failure is thrown.
    const results = await Promise.allSettled(left.map((context) => context.close()));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failure) throw failure.reason;
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), releaseBrowser()]);
  });

  const started = (): AppServer => {
    if (!server) throw new Error("useApp: der Server läuft erst in den Tests (beforeAll).");
    return server;
  };
  const app: E2eApp = {
    get server() {
      return started();
    },
    get baseUrl() {
      return started().baseUrl;
    },
    async open(viewport: Viewport = "desktop") {
      const result = await openPage(await currentBrowser(), started().baseUrl, viewport);
      opened.add(result.context);
      result.context.on("close", () => opened.delete(result.context));
      return result;
    },
    async signedIn(emailPrefix = "vermieter", viewport: Viewport = "desktop") {
      const result = await app.open(viewport);
      const email = uniqueEmail(emailPrefix);
      await registerThroughApi(result.page, email);
      return { ...result, email };
    },
  };
  return app;
}

// One browser per file, however many servers the file starts.
let browser: Promise<Browser> | null = null;
let users = 0;

async function acquireBrowser(): Promise<void> {
  users += 1;
  browser ??= launchBrowser();
  await browser;
}

async function currentBrowser(): Promise<Browser> {
  if (!browser) throw new Error("useApp: kein Browser gestartet.");
  return browser;
}

async function releaseBrowser(): Promise<void> {
  users -= 1;
  if (users > 0 || !browser) return;
  const closing = browser;
  browser = null;
  await closing.then(
    (launched) => launched.close(),
    () => undefined, // the launch failed: beforeAll reported it
  );
}
