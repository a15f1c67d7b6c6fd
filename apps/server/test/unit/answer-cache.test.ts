import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/http/app-env.ts";
import { answerCache } from "../../src/http/middleware/answer-cache.ts";

// The answer cache on its own (decision 0992): a stand-in generation and clock, a handler that
// counts how often it really ran.
function buildApp(options: { ttlMs?: number; maxEntryBytes?: number; moveGenerationInHandler?: boolean } = {}) {
  let generation = 0;
  let clock = 1_000;
  let runs = 0;
  const cache = answerCache({ readGeneration: () => generation, ttlMs: options.ttlMs ?? 5_000, maxEntryBytes: options.maxEntryBytes, now: () => clock });
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("session", { id: c.req.header("x-session") ?? "s1" } as AppEnv["Variables"]["session"]);
    await cache(c, next);
  });
  app.get("/list", (c) => {
    runs += 1;
    if (options.moveGenerationInHandler) generation += 1;
    return c.json({ run: runs });
  });
  app.get("/missing", (c) => {
    runs += 1;
    return c.json({ error: "nicht gefunden" }, 404);
  });
  app.get("/download", (c) => {
    runs += 1;
    c.header("Content-Disposition", 'attachment; filename="x.json"');
    return c.json({ run: runs });
  });
  app.get("/cookie", (c) => {
    runs += 1;
    c.header("Set-Cookie", "a=b");
    return c.json({ run: runs });
  });
  app.get("/large", (c) => {
    runs += 1;
    return c.json({ run: runs, text: "x".repeat(2_000) });
  });
  app.post("/list", (c) => {
    runs += 1;
    return c.json({ run: runs });
  });
  const get = async (path: string, session = "s1") => {
    const response = await app.request(path, { headers: { "x-session": session } });
    return { status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as { run: number } };
  };
  return {
    app,
    get,
    get runs() {
      return runs;
    },
    moveGeneration: () => (generation += 1),
    advanceClock: (ms: number) => (clock += ms),
  };
}

describe("answer cache", () => {
  it("gives the same answer again while the generation stands, without running the route", async () => {
    const t = buildApp();
    expect((await t.get("/list")).body.run).toBe(1);
    const again = await t.get("/list");
    expect(again).toEqual({ status: 200, type: "application/json", body: { run: 1 } });
    expect(t.runs).toBe(1);
  });

  it("computes anew after any change of data (the generation moved)", async () => {
    const t = buildApp();
    await t.get("/list");
    t.moveGeneration();
    expect((await t.get("/list")).body.run).toBe(2);
    expect((await t.get("/list")).body.run).toBe(2);
  });

  it("keeps an answer at most ttlMs from when its computation began", async () => {
    const t = buildApp({ ttlMs: 5_000 });
    await t.get("/list");
    t.advanceClock(4_999);
    expect((await t.get("/list")).body.run).toBe(1);
    t.advanceClock(1);
    expect((await t.get("/list")).body.run).toBe(2);
  });

  it("never gives one session's answer to another session", async () => {
    const t = buildApp();
    await t.get("/list", "s1");
    expect((await t.get("/list", "s2")).body.run).toBe(2);
    expect((await t.get("/list", "s1")).body.run).toBe(1);
  });

  it("keeps nothing computed while data changed", async () => {
    const t = buildApp({ moveGenerationInHandler: true });
    await t.get("/list");
    expect((await t.get("/list")).body.run).toBe(2);
  });

  it("keeps no error, no download, no cookie, no answer above the size limit and no write", async () => {
    const t = buildApp({ maxEntryBytes: 1_000 });
    for (const path of ["/missing", "/download", "/cookie", "/large"]) {
      await t.get(path);
      await t.get(path);
    }
    expect(t.runs).toBe(8);
    await t.app.request("/list", { method: "POST" });
    await t.app.request("/list", { method: "POST" });
    expect(t.runs).toBe(10);
  });

  it("is off with ttlMs 0", async () => {
    const t = buildApp({ ttlMs: 0 });
    await t.get("/list");
    expect((await t.get("/list")).body.run).toBe(2);
  });
});
