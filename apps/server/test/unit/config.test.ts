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
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: muss mit postgres:\/\/ oder postgresql:\/\/ beginnen/,
    );
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ AUTH_SECRET: "kurz" })).toThrow(
      /AUTH_SECRET: muss mindestens 32 Zeichen lang sein/,
    );
  });

  it("reads the operations settings with their defaults and names bad ones", () => {
    expect(parseEnv({})).toMatchObject({
      DATABASE_POOL_MAX: 10,
      JOB_CONCURRENCY: 1,
      JOB_POLL_INTERVAL_MS: 1000,
    });
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "  ", JOB_CONCURRENCY: "0" })).toMatchObject({
      JOB_CONCURRENCY: 0,
    });
    expect(parseEnv({ METRICS_TOKEN: "  " }).METRICS_TOKEN).toBeUndefined();
    expect(() => parseEnv({ METRICS_TOKEN: "kurz" })).toThrow(
      /METRICS_TOKEN: muss mindestens 16 Zeichen lang sein/,
    );
    expect(() => parseEnv({ JOB_CONCURRENCY: "17" })).toThrow(
      /JOB_CONCURRENCY: muss zwischen 0 und 16 liegen/,
    );
    expect(parseEnv({})).toMatchObject({ LETTER_RENDER_WORKERS: 2 });
    expect(() => parseEnv({ LETTER_RENDER_WORKERS: "17" })).toThrow(
      /LETTER_RENDER_WORKERS: muss zwischen 0 und 16 liegen/,
    );
    expect(() => parseEnv({ JOB_POLL_INTERVAL_MS: "10" })).toThrow(
      /JOB_POLL_INTERVAL_MS: muss mindestens 100 sein/,
    );
    expect(() => parseEnv({ DATABASE_POOL_MAX: "viele" })).toThrow(
      /DATABASE_POOL_MAX: muss eine Zahl sein/,
    );
    expect(() => parseEnv({ DATABASE_POOL_MAX: "0" })).toThrow(
      /DATABASE_POOL_MAX: muss mindestens 1 sein/,
    );
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
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /PUBLIC_URL: ist in Produktion erforderlich/,
    );
    const ok = parseEnv({
      NODE_ENV: "production",
      PUBLIC_URL: "https://nebenkosten.example",
      AUTH_SECRET: "x".repeat(40),
    });
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

  it("refuses to start on a PostgreSQL database without AUTH_SECRET, in every mode, and names it (issue 26)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-config-"));
    for (const NODE_ENV of ["development", "test", "production"]) {
      const env = {
        NODE_ENV,
        DATA_DIR: dir,
        DATABASE_URL: "postgres://postgres@127.0.0.1:5432/nebenkosten",
        PUBLIC_URL: "https://nebenkosten.example",
      };
      expect(() => loadConfig(env), NODE_ENV).toThrow(ConfigError);
      // Production names it for production already; the other modes for the shared database.
      expect(() => loadConfig(env), NODE_ENV).toThrow(
        NODE_ENV === "production"
          ? /AUTH_SECRET: ist in Produktion erforderlich/
          : /AUTH_SECRET: ist erforderlich, wenn DATABASE_URL gesetzt ist/,
      );
      expect(loadConfig({ ...env, AUTH_SECRET: "s".repeat(40) }).authSecret).toBe("s".repeat(40));
    }
    // No secret of its own was generated for the shared database.
    expect(fs.existsSync(path.join(dir, "auth-secret"))).toBe(false);
    // The embedded database in development still generates one.
    expect(loadConfig({ DATA_DIR: dir }).authSecret.length).toBeGreaterThanOrEqual(32);
    fs.rmSync(dir, { recursive: true });
  });

  it("activates a social provider only with both id and secret", () => {
    expect(
      loadConfig({ DATA_DIR: os.tmpdir(), AUTH_SECRET: "s".repeat(32), GOOGLE_CLIENT_ID: "id" })
        .socialProviders,
    ).toEqual({});
    expect(
      loadConfig({
        DATA_DIR: os.tmpdir(),
        AUTH_SECRET: "s".repeat(32),
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "sec",
      }).socialProviders,
    ).toEqual({
      google: { clientId: "id", clientSecret: "sec" },
    });
  });
});

describe("letter pool size", () => {
  it("is LETTER_RENDER_WORKERS, never more than the cores available, 0 allowed", () => {
    const base = { NODE_ENV: "test", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig({ ...base }).letterRenderWorkers).toBe(
      Math.min(2, os.availableParallelism()),
    );
    expect(loadConfig({ ...base, LETTER_RENDER_WORKERS: "16" }).letterRenderWorkers).toBe(
      Math.min(16, os.availableParallelism()),
    );
    expect(loadConfig({ ...base, LETTER_RENDER_WORKERS: "0" }).letterRenderWorkers).toBe(0);
  });
});
