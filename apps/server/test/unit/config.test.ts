import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "../../src/config/env.ts";
import { loadConfig } from "../../src/config/load-config.ts";

describe("start-up configuration", () => {
  it("uses the defaults for a newcomer: port 3000, ./data, embedded database", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", NODE_ENV: "development" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names a bad setting", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: muss mit postgres:\/\/ oder postgresql:\/\/ beginnen/);
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ AUTH_SECRET: "kurz" })).toThrow(/AUTH_SECRET: muss mindestens 32 Zeichen lang sein/);
  });

  it("reads the operations settings with their defaults and names bad ones", () => {
    expect(parseEnv({})).toMatchObject({ DATABASE_POOL_MAX: 10, JOB_CONCURRENCY: 1, JOB_POLL_INTERVAL_MS: 1000 });
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "  ", JOB_CONCURRENCY: "0" })).toMatchObject({ JOB_CONCURRENCY: 0 });
    expect(parseEnv({ METRICS_TOKEN: "  " }).METRICS_TOKEN).toBeUndefined();
    expect(() => parseEnv({ METRICS_TOKEN: "kurz" })).toThrow(/METRICS_TOKEN: muss mindestens 16 Zeichen lang sein/);
    expect(() => parseEnv({ JOB_CONCURRENCY: "17" })).toThrow(/JOB_CONCURRENCY: muss zwischen 0 und 16 liegen/);
    expect(parseEnv({})).toMatchObject({ LETTER_RENDER_WORKERS: 2 });
    expect(() => parseEnv({ LETTER_RENDER_WORKERS: "17" })).toThrow(/LETTER_RENDER_WORKERS: muss zwischen 0 und 16 liegen/);
    expect(() => parseEnv({ JOB_POLL_INTERVAL_MS: "10" })).toThrow(/JOB_POLL_INTERVAL_MS: muss mindestens 100 sein/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: "viele" })).toThrow(/DATABASE_POOL_MAX: muss eine Zahl sein/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX: muss mindestens 1 sein/);
  });

  it("requires https and a secret in production", () => {
    const error = (() => {
      try {
        parseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://nebenkosten.example" });
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    })();
    expect(error).toContain("PUBLIC_URL: muss in Produktion https:// verwenden");
    expect(error).toContain("AUTH_SECRET: ist in Produktion erforderlich");
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/PUBLIC_URL: ist in Produktion erforderlich/);
    const ok = parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://nebenkosten.example", AUTH_SECRET: "x".repeat(40) });
    expect(ok.PUBLIC_URL).toBe("https://nebenkosten.example");
  });

  it("generates a development secret once and keeps it in DATA_DIR", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-config-"));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first.authSecret);
    fs.rmSync(dir, { recursive: true });
  });

  it("activates a social provider only with both id and secret", () => {
    expect(loadConfig({ DATA_DIR: os.tmpdir(), AUTH_SECRET: "s".repeat(32), GOOGLE_CLIENT_ID: "id" }).socialProviders).toEqual({});
    expect(loadConfig({ DATA_DIR: os.tmpdir(), AUTH_SECRET: "s".repeat(32), GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "sec" }).socialProviders).toEqual({
      google: { clientId: "id", clientSecret: "sec" },
    });
  });
});

describe("letter pool size", () => {
  it("is LETTER_RENDER_WORKERS, never more than the cores available, 0 allowed", () => {
    const base = { NODE_ENV: "test", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig({ ...base }).letterRenderWorkers).toBe(Math.min(2, os.availableParallelism()));
    expect(loadConfig({ ...base, LETTER_RENDER_WORKERS: "16" }).letterRenderWorkers).toBe(Math.min(16, os.availableParallelism()));
    expect(loadConfig({ ...base, LETTER_RENDER_WORKERS: "0" }).letterRenderWorkers).toBe(0);
  });
});
