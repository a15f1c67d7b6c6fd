import axe from "axe-core";
import type { BrowserContext, Page, Request } from "playwright-core";

// Every page a journey visits is checked (issue 23): axe-core finds no serious or critical
// accessibility violation, and the page does not scroll sideways (checked at every width; the
// journeys run at 1366 and 375 px). `openPage` installs the checks: each time the page's address
// changes (a link, a redirect, page.goto), the page is checked once it has settled: no request of
// the page in flight, no running animation. The checks run beside the journey; page.goto,
// page.waitForURL and context.close wait for them and fail the test with what was found, so a
// failure names the page. `checkPage(page)` checks the current state at once (an open dialog).

const AXE_SOURCE: string = (axe as unknown as { source: string }).source;
/** Only these count: the issue's bar, and axe's own split of what blocks people from a page. */
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

interface PageProblem {
  url: string;
  kind: "axe" | "overflow";
  text: string;
}

interface PageCheckState {
  problems: PageProblem[];
  checked: Set<string>;
  chain: Promise<void>;
  inFlight: Set<Request>;
  isClosed: boolean;
}

const states = new WeakMap<Page, PageCheckState>();

/** The page's address without its hash, at the page's width: one check per page, query and width. */
function pageKey(page: Page, url: string): string {
  return `${page.viewportSize()?.width ?? 0}:${url.replace(/#.*$/, "")}`;
}

function isOwnRequest(request: Request): boolean {
  return ["document", "fetch", "xhr", "script", "stylesheet", "font"].includes(
    request.resourceType(),
  );
}

/** Resolves once no request of the page is open, checked twice a frame apart (a real signal, not a sleep). */
async function waitForQuietNetwork(
  page: Page,
  state: PageCheckState,
  timeoutMs = 15_000,
): Promise<void> {
  const started = Date.now();
  let quietRounds = 0;
  while (quietRounds < 2) {
    if (state.isClosed || page.isClosed()) return;
    if (Date.now() - started > timeoutMs) return;
    quietRounds = state.inFlight.size === 0 ? quietRounds + 1 : 0;
    await page
      .evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
      .catch(() => undefined);
  }
}

/** Waits for finite animations (a dialog fading in, a toast sliding) to end: colours are final then. */
async function waitForAnimations(page: Page): Promise<void> {
  await page
    .evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    )
    .catch(() => undefined);
}

interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

async function runAxe(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(
    () => typeof (window as unknown as { axe?: unknown }).axe === "object",
  );
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, { resultTypes: ["violations"] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${node.target.join(" ")} ${(node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? "").slice(0, 160)} ${node.html.slice(0, 200)}`,
        ),
    }));
  });
}

/** The page's width beyond the viewport, and the element that reaches furthest. */
async function measureOverflow(
  page: Page,
): Promise<{ scrollWidth: number; viewportWidth: number; widest: string } | null> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= viewportWidth + 1) return null;
    let widest = "";
    let right = viewportWidth;
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 1 && box.width > 0) {
        right = box.right;
        const text = (element.textContent ?? "").trim().slice(0, 40);
        widest = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).split(" ").slice(0, 3).join(".")} „${text}“ (bis ${Math.round(box.right)} px)`;
      }
    }
    return { scrollWidth, viewportWidth, widest };
  });
}

async function checkNow(page: Page, state: PageCheckState, label: string): Promise<void> {
  if (state.isClosed || page.isClosed()) return;
  await waitForQuietNetwork(page, state);
  await waitForAnimations(page);
  const url = `${label}${page.url()}`;
  try {
    let findings = (await runAxe(page)).filter((violation) =>
      BLOCKING_IMPACTS.has(violation.impact),
    );
    if (findings.length > 0) {
      // Confirmed once more after any transition that started since (a button enabled by an
      // answer that arrived during the check fades from its disabled colour): what remains is real.
      await waitForAnimations(page);
      const again = new Set(
        (await runAxe(page)).map((violation) => `${violation.id} ${violation.targets.join("|")}`),
      );
      findings = findings.filter((violation) =>
        again.has(`${violation.id} ${violation.targets.join("|")}`),
      );
    }
    for (const violation of findings) {
      state.problems.push({
        url,
        kind: "axe",
        text: `${violation.impact} ${violation.id}: ${violation.help} – ${violation.targets.join(" | ")}`,
      });
    }
    const overflow = await measureOverflow(page);
    if (overflow) {
      state.problems.push({
        url,
        kind: "overflow",
        text: `scrollt seitlich: ${overflow.scrollWidth} px bei ${overflow.viewportWidth} px Breite; am weitesten: ${overflow.widest}`,
      });
    }
  } catch (error) {
    // The page left while it was checked (a full navigation): the next page is checked instead.
    const message = error instanceof Error ? error.message : String(error);
    if (
      !/Execution context was destroyed|Target page, context or browser has been closed|navigation/i.test(
        message,
      )
    )
      throw error;
  }
}

/** Queues a check of the page as it is once settled; checks run one after another. */
function queueCheck(page: Page, state: PageCheckState, label = ""): Promise<void> {
  state.chain = state.chain
    .then(() => checkNow(page, state, label))
    .catch((error: unknown) => {
      state.problems.push({
        url: page.url(),
        kind: "axe",
        text: `Prüfung fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`,
      });
    });
  return state.chain;
}

function throwIfProblems(state: PageCheckState): void {
  if (state.problems.length === 0) return;
  const problems = state.problems.splice(0);
  throw new Error(
    `Seitenprüfung (axe-core, Breite) fehlgeschlagen:\n${problems.map((p) => `- ${p.url}\n  ${p.text}`).join("\n")}`,
  );
}

/** Waits for the queued checks and fails with what they found. */
async function expectCheckedPages(page: Page): Promise<void> {
  const state = states.get(page);
  if (!state) return;
  await state.chain;
  throwIfProblems(state);
}

/** Checks the page's current state now (e.g. with a dialog open) and fails with what was found. */
export async function checkPage(page: Page, label = ""): Promise<void> {
  const state = states.get(page);
  if (!state) throw new Error("checkPage: the page was not opened with openPage");
  await queueCheck(page, state, label ? `${label}: ` : "");
  throwIfProblems(state);
}

/** Installs the checks on a page of openPage (see the top of this file); pages of other origins (a payment provider's stand-in) are not ours to check. */
export function installPageChecks(context: BrowserContext, page: Page, baseURL: string): void {
  const origin = new URL(baseURL).origin;
  const isOwnPage = (url: string) => url.startsWith("http") && new URL(url).origin === origin;
  const state: PageCheckState = {
    problems: [],
    checked: new Set(),
    chain: Promise.resolve(),
    inFlight: new Set(),
    isClosed: false,
  };
  states.set(page, state);
  page.on("request", (request) => {
    if (isOwnRequest(request)) state.inFlight.add(request);
  });
  const done = (request: Request) => state.inFlight.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    if (!isOwnPage(frame.url())) return;
    const key = pageKey(page, frame.url());
    if (state.checked.has(key)) return;
    state.checked.add(key);
    void queueCheck(page, state);
  });

  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    await expectCheckedPages(page);
    const response = await goto(...args);
    await expectCheckedPages(page);
    return response;
  };
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (...args: Parameters<Page["waitForURL"]>) => {
    await waitForURL(...args);
    await expectCheckedPages(page);
  };
  // A new width is a new page to check (the journeys look at 1366 and 375 px).
  const setViewportSize = page.setViewportSize.bind(page);
  page.setViewportSize = async (...args: Parameters<Page["setViewportSize"]>) => {
    await setViewportSize(...args);
    const key = pageKey(page, page.url());
    if (!isOwnPage(page.url()) || state.checked.has(key)) return;
    state.checked.add(key);
    await queueCheck(page, state, `${args[0].width} px: `);
    throwIfProblems(state);
  };
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext["close"]>) => {
    let failure: unknown = null;
    try {
      await expectCheckedPages(page);
    } catch (error) {
      failure = error;
    }
    state.isClosed = true;
    await close(...args);
    if (failure) throw failure;
  };
}
