import { afterEach, describe, expect, it, vi } from "vitest";
import { createMonitor, type SendBatch } from "../src/lib/monitoring/monitor";
import type { KeyValueStorage } from "../src/lib/monitoring/report-store";
import { registerServiceWorker } from "../src/lib/register-service-worker";

function createMemoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const AT = new Date("2026-03-01T10:00:00.000Z");

function setUp(
  options: { isProduction?: boolean; send?: SendBatch; storage?: KeyValueStorage | null } = {},
) {
  const sent: { url: string; body: unknown }[] = [];
  const send: SendBatch =
    options.send ??
    (async (url, body) => {
      sent.push({ url, body });
      return true;
    });
  const storage = options.storage === undefined ? createMemoryStorage() : options.storage;
  const monitor = createMonitor({
    storage,
    isProduction: options.isProduction ?? true,
    send,
    readPath: () => "/dashboard/tenants/6f1c2a7e-0b7c-4a4e-9d43-0f8d2b1e9a11?tab=1",
    now: () => AT,
  });
  return { monitor, sent, storage };
}

afterEach(() => vi.restoreAllMocks());

describe("web monitoring", () => {
  it("keeps uncaught errors scrubbed of personal data, with the page's route pattern", () => {
    const { monitor, storage } = setUp();
    monitor.reportError(
      "error",
      new TypeError("Laden von /api/tenants?email=a@b.de für erika@example.de fehlgeschlagen"),
    );
    monitor.reportError("unhandledrejection", "abgelehnt");
    const [first, second] = monitor.readStoredErrors();
    expect(first).toMatchObject({
      kind: "error",
      message: "TypeError: Laden von /api/tenants für [E-Mail] fehlgeschlagen",
      path: "/dashboard/tenants/:id",
      release: "1.0.0",
      occurredAt: "2026-03-01T10:00:00.000Z",
    });
    expect(second).toMatchObject({ kind: "unhandledrejection", message: "abgelehnt" });
    expect(
      JSON.parse(
        (storage as ReturnType<typeof createMemoryStorage>).data.get("nk.monitoring.errors")!,
      ),
    ).toHaveLength(2);
  });

  it("keeps only the last 50 errors and the last 100 metrics", () => {
    const { monitor } = setUp();
    for (let i = 0; i < 60; i++) monitor.reportError("error", `Fehler ${i}`);
    for (let i = 0; i < 120; i++) monitor.recordMetric("page.load", i, "ms");
    expect(monitor.readStoredErrors()).toHaveLength(50);
    expect(monitor.readStoredErrors()[0]!.message).toBe("Fehler 10");
    expect(monitor.readStoredMetrics()).toHaveLength(100);
    expect(monitor.readStoredMetrics()[0]!.value).toBe(20);
  });

  it("logs operations over 1,000 ms as a warning and keeps them as metrics", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { monitor } = setUp();
    monitor.recordDuration("api.slow", 1000, "/api/me");
    expect(warn).not.toHaveBeenCalled();
    monitor.recordDuration(
      "api.slow",
      1234.5,
      "/api/properties/6f1c2a7e-0b7c-4a4e-9d43-0f8d2b1e9a11",
    );
    expect(warn).toHaveBeenCalledWith(
      "Langsamer Vorgang: api.slow dauerte 1235 ms",
      "/api/properties/:id",
    );
    expect(monitor.readStoredMetrics().map((m) => [m.name, m.value, m.path])).toEqual([
      ["api.slow", 1000, "/api/me"],
      ["api.slow", 1234.5, "/api/properties/:id"],
    ]);
  });

  it("sends unsent reports in batches in production, once", async () => {
    const { monitor, sent } = setUp();
    monitor.reportError("error", "A");
    monitor.recordMetric("page.load", 900, "ms");
    await monitor.flush();
    expect(sent.map((s) => s.url)).toEqual([
      "/api/monitoring/errors/batch",
      "/api/monitoring/metrics/batch",
    ]);
    expect(sent[0]!.body).toMatchObject({ errors: [{ kind: "error", message: "A" }] });
    expect(sent[1]!.body).toMatchObject({ metrics: [{ name: "page.load", value: 900 }] });
    await monitor.flush();
    expect(sent).toHaveLength(2);
  });

  it("keeps reports for the next flush when sending fails", async () => {
    let isOnline = false;
    const sent: unknown[] = [];
    const { monitor } = setUp({
      send: async (_url, body) => {
        if (!isOnline) throw new Error("offline");
        sent.push(body);
        return true;
      },
    });
    monitor.reportError("error", "A");
    await monitor.flush();
    expect(sent).toEqual([]);
    isOnline = true;
    await monitor.flush();
    expect(sent).toHaveLength(1);
  });

  it("sends on unload even while a periodic flush hangs, both batches at once, as unloading", async () => {
    const calls: { url: string; isUnloading: boolean }[] = [];
    const { monitor } = setUp({
      send: (url, _body, { isUnloading }) => {
        calls.push({ url, isUnloading });
        // The periodic flush never answers (the page is about to go away).
        return isUnloading ? Promise.resolve(true) : new Promise<boolean>(() => {});
      },
    });
    monitor.reportError("error", "A");
    monitor.recordMetric("page.load", 900, "ms");
    void monitor.flush();
    await monitor.flush({ isUnloading: true });
    expect(calls).toEqual([
      { url: "/api/monitoring/errors/batch", isUnloading: false },
      { url: "/api/monitoring/errors/batch", isUnloading: true },
      { url: "/api/monitoring/metrics/batch", isUnloading: true },
    ]);
  });

  it("keeps each distinct error once per page load, however often it is thrown", () => {
    const { monitor } = setUp();
    const crash = () => {
      try {
        (undefined as unknown as () => void)();
      } catch (error) {
        return error;
      }
    };
    const error = crash();
    for (let i = 0; i < 50; i++) {
      monitor.reportError("react", error);
      monitor.reportError("error", error);
    }
    monitor.reportError("error", crash());
    monitor.reportError("error", new TypeError("anderer Fehler"));
    expect(monitor.readStoredErrors().map((e) => [e.kind, e.message])).toEqual([
      ["react", `TypeError: ${(error as Error).message}`],
      ["error", "TypeError: anderer Fehler"],
    ]);
  });

  it("sends nothing outside production", async () => {
    const { monitor, sent } = setUp({ isProduction: false });
    monitor.reportError("error", "A");
    await monitor.flush();
    expect(sent).toEqual([]);
    expect(monitor.readStoredErrors()).toHaveLength(1);
  });

  it("only warns when the local storage fails, and keeps the reports in memory", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const { monitor } = setUp({ storage: broken });
    monitor.reportError("error", "A");
    expect(warn).toHaveBeenCalledWith(
      "Monitoring: lokale Speicherung fehlgeschlagen",
      expect.any(Error),
    );
    monitor.reportError("error", "B");
    expect(monitor.readStoredErrors().map((e) => e.message)).toEqual(["A", "B"]);
  });
});

describe("service worker registration", () => {
  it("registers /sw.js and only logs a failed registration", async () => {
    vi.stubGlobal("document", { readyState: "complete" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failure = new Error("SecurityError");
    const register = vi.fn(() => Promise.reject(failure));
    expect(() =>
      registerServiceWorker({ register } as unknown as ServiceWorkerContainer),
    ).not.toThrow();
    expect(register).toHaveBeenCalledWith("/sw.js");
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalledWith("Service Worker konnte nicht registriert werden", failure);
    vi.unstubAllGlobals();
  });
});
