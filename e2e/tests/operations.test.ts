import { expect, it } from "vitest";
import type { Response } from "playwright-core";
import path from "node:path";
import {
  REPO_ROOT,
  registerThroughApi,
  uniqueEmail,
  describeE2e,
  useApp,
} from "../support/index.ts";

// Issue 18: the service worker and the web app's monitoring, in the built app.

describeE2e("Service Worker und Monitoring", () => {
  const app = useApp();

  it("registers /sw.js after load, serves the built assets from its cache on the next visit and never caches /api", async () => {
    const { page } = await app.open();
    await page.goto("/");
    const scriptUrl = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(scriptUrl).toBe(`${app.baseUrl}/sw.js`);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    await registerThroughApi(page, uniqueEmail("sw"));
    const responses: Response[] = [];
    page.on("response", (response) => responses.push(response));
    await page.goto("/dashboard");
    await expect.poll(() => page.getByText("Erika Mustermann").first().isVisible()).toBe(true);

    const assets = responses.filter((r) => new URL(r.url()).pathname.startsWith("/assets/"));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset.fromServiceWorker(), asset.url()).toBe(true);
    const apiCalls = responses.filter((r) => new URL(r.url()).pathname.startsWith("/api/"));
    expect(apiCalls.map((r) => new URL(r.url()).pathname)).toContain("/api/me");
    for (const call of apiCalls) expect(call.fromServiceWorker(), call.url()).toBe(false);

    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const paths: string[] = [];
      for (const name of names)
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      return { names, paths };
    });
    expect(cached.names).toHaveLength(1);
    expect(cached.names[0]).toMatch(/^nk-static-[0-9a-f]{8}$/);
    expect(cached.paths.some((p) => p.startsWith("/assets/"))).toBe(true);
    expect(cached.paths.filter((p) => p.startsWith("/api/"))).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({
      path: path.join(REPO_ROOT, ".tmp/screenshots/operations-dashboard-1366.png"),
    });
  });

  it("keeps an uncaught error locally, scrubbed, and sends it to the server when the page is left", async () => {
    const { page } = await app.open();
    await page.goto("/");
    // The service worker installs after load (caching every built file) and then claims the page.
    // Left while that was still under way, the page's beacon once never reached the server (a
    // `.ci/run` and 1 of 3 runs under load, never in 20 runs that waited); a user leaves a page
    // long after, so the test leaves a page the worker controls, as the first test does.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("E2E-Testfehler für erika@example.de");
      }, 0);
    });
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("nk.monitoring.errors") ?? ""))
      .toContain("E2E-Testfehler für [E-Mail]");
    expect(await page.evaluate(() => localStorage.getItem("nk.monitoring.errors"))).not.toContain(
      "erika@example.de",
    );

    // Leaving the page flushes the buffer (production build).
    await page.goto("about:blank");
    await expect.poll(() => app.server.readLog()).toContain('"event":"client.error"');
    const line = app.server
      .readLog()
      .split("\n")
      .find((l) => l.includes('"event":"client.error"'))!;
    expect(JSON.parse(line)).toMatchObject({
      level: "warn",
      kind: "error",
      message: "Error: E2E-Testfehler für [E-Mail]",
      path: "/",
      userId: null,
      release: "1.0.0",
    });
  });
});
