import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "../../src/db/data-dir-lock.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

describe("the data folder lock", () => {
  it("refuses a second owner while the first is alive, and takes over a stale lock", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-lock-"));
    fs.writeFileSync(path.join(dir, "nebenkosten.lock"), String(process.ppid)); // a live process that is not us
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      /wird bereits von einem anderen Prozess \(PID \d+\) verwendet/,
    );
    fs.writeFileSync(path.join(dir, "nebenkosten.lock"), "999999999"); // no such process
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "nebenkosten.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "nebenkosten.lock"))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });

  it("makes a second server process on the same folder stop with a clear message", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-lock-"));
    const release = acquireDataDirLock(dir); // this test process is the first owner
    const result = spawnSync(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dir, PORT: "0", DATABASE_URL: "", NODE_ENV: "test" },
      encoding: "utf8",
      timeout: 60_000,
    });
    release();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Der Datenordner ${dir} wird bereits von einem anderen Prozess (PID ${process.pid}) verwendet.`,
    );
    expect(fs.existsSync(path.join(dir, "pgdata"))).toBe(false); // it never opened the database
    fs.rmSync(dir, { recursive: true });
  }, 90_000); // starts a Node process with the TypeScript loader: seconds on a busy machine

  it("stops the process naming a bad setting", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: "keine-zahl" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Ungültige Konfiguration");
    expect(result.stderr).toContain("PORT");
  }, 90_000);
});
