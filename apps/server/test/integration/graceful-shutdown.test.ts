import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeDataDir, startServerProcess, type ServerProcess } from "../support/server-process.ts";

// The compiled server as a child process, on the embedded database in its own data folder.

function isRefused(url: string): Promise<boolean> {
  return fetch(url).then(
    () => false,
    () => true,
  );
}

describe("graceful shutdown of the server process", () => {
  const dataDir = makeDataDir("nk-shutdown-");
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("on SIGTERM stops accepting, finishes the request in flight, closes the database, releases the data folder and exits 0", async () => {
    const server = await startServerProcess({ dataDir });
    servers.push(server);
    expect(fs.existsSync(path.join(dataDir, "nebenkosten.lock"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "control.sock"))).toBe(true);

    // A sign-in whose body arrives slowly: the request is in flight when SIGTERM comes.
    const body = JSON.stringify({ email: "niemand@example.de", password: "Falsch123" });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}/api/auth/sign-in/email`,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on("error", reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        void server.stop("SIGTERM");
        // Once the server stops accepting, the rest of the body follows.
        const waitForClosedPort = async () => {
          while (!(await isRefused(`${server.baseUrl}/api/health`)))
            await new Promise((r) => setTimeout(r, 50));
          request.end(body.slice(10));
        };
        waitForClosedPort().catch(reject);
      }, 300);
    });

    const response = await answer;
    expect(response.status).toBe(401);
    expect(JSON.parse(response.text).error.message).toBe(
      "E-Mail-Adresse oder Passwort ist falsch.",
    );
    expect(await server.exited).toBe(0);
    expect(server.readEvents("server.stopped")).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, "nebenkosten.lock"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "control.sock"))).toBe(false);

    // The folder is free: a second start on it succeeds and finds the data.
    const second = await startServerProcess({ dataDir });
    servers.push(second);
    expect(second.readEvents("database.ready")[0]).toMatchObject({ migrationsApplied: [] });
    const health = await fetch(`${second.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    // SIGINT (Ctrl+C) ends it the same way.
    expect(await second.stop("SIGINT")).toBe(0);
    expect(second.readEvents("server.stopped")[0]).toMatchObject({ signal: "SIGINT" });
    expect(fs.existsSync(path.join(dataDir, "nebenkosten.lock"))).toBe(false);
  }, 120_000);

  it("refuses a second process on a data folder that a running server holds, with a German message", async () => {
    const server = await startServerProcess({ dataDir });
    servers.push(server);
    const intruder = await startServerProcess({ dataDir, waitForHealth: false });
    expect(await intruder.exited).toBe(1);
    expect(intruder.readLog()).toContain(
      `Der Datenordner ${dataDir} wird bereits von einem anderen Prozess (PID ${server.pid}) verwendet.`,
    );
    expect(await server.stop()).toBe(0);
  }, 120_000);
});
