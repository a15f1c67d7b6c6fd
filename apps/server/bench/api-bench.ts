// `npm run bench:api`: the API's throughput as a signed-in landlord feels it (issue 19).
// Starts the built server (as `npm start` runs it) on a fresh embedded database in a temporary
// folder, or on a fresh database of the PostgreSQL server named by DATABASE_URL, seeds one
// account through the API (a property with 50 units, a tenant and a prepayment per unit, a
// water meter per unit with two years of monthly readings) and measures each route with 50
// concurrent clients on the loopback for a bounded time. Prints requests/s and latencies; it
// asserts nothing (timings depend on the machine).
//   BENCH_SECONDS=5 (per route)  BENCH_CONNECTIONS=50  BENCH_CPU_PROF=<folder> (node --cpu-prof)
//   BENCH_ROUTES=me,dashboard (only these)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

// BENCH_REPO: another checkout (with its node_modules) whose built server is measured, for before/after.
const REPO_ROOT = process.env.BENCH_REPO ? path.resolve(process.env.BENCH_REPO) : fileURLToPath(new URL("../../../", import.meta.url));
const SECONDS = Number.parseInt(process.env.BENCH_SECONDS ?? "5", 10);
const CONNECTIONS = Number.parseInt(process.env.BENCH_CONNECTIONS ?? "50", 10);
const UNITS = 50;
const ONLY = process.env.BENCH_ROUTES?.split(",").map((name) => name.trim());

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A fresh database on the server of DATABASE_URL (dropped again at the end), or none. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const name = `nk_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function buildServer(): void {
  const result = spawnSync(process.execPath, ["scripts/build.mjs", "server", "--if-changed"], { cwd: REPO_ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("Der Server-Build ist fehlgeschlagen.");
}

async function startServer(dataDir: string, databaseUrl: string) {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const profileDir = process.env.BENCH_CPU_PROF;
  const args = [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : []), "--enable-source-maps", "apps/server/dist/main.js"];
  const log = fs.openSync(path.join(dataDir, "server.log"), "a");
  // On PostgreSQL every instance needs the one AUTH_SECRET (issue 26): the bench's own, unless given.
  const authSecret = process.env.AUTH_SECRET || (databaseUrl ? randomBytes(32).toString("base64url") : "");
  const env = { ...process.env, NODE_ENV: "development", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: "info", DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret };
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ["ignore", log, log] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Der Server wurde beendet:\n${fs.readFileSync(path.join(dataDir, "server.log"), "utf8")}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("Der Server wurde nicht rechtzeitig bereit.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

interface Api {
  call(method: string, route: string, body?: unknown): Promise<Record<string, unknown>>;
  cookie: string;
}

async function signUp(baseUrl: string): Promise<Api> {
  const headers = { "content-type": "application/json", origin: baseUrl };
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: `bench-${Date.now()}@example.de`, password: "Bench-Passwort-2024!", firstName: "Berta", lastName: "Bench", acceptTerms: true }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0]!)
    .join("; ");
  return {
    cookie,
    async call(method, route, body) {
      const answer = await fetch(`${baseUrl}${route}`, { method, headers: { ...headers, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as Record<string, unknown>;
    },
  };
}

/** Runs `work` over `items`, a few at a time (the seed is not what is measured). */
async function inParallel<T>(items: T[], work: (item: T, index: number) => Promise<void>, width = 4): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

function monthlyDates(months: number): string[] {
  const today = new Date();
  const dates: string[] = [];
  for (let back = months; back >= 1; back--) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    dates.push(d.toISOString().slice(0, 10));
  }
  return dates;
}

interface Seeded {
  meterId: string;
  writeMeterId: string;
}

async function seed(api: Api): Promise<Seeded> {
  await api.call("POST", "/api/subscription/plan", { plan: "enterprise" });
  const property = await api.call("POST", "/api/properties", {
    name: "Lindenhof",
    street: "Lindenstraße",
    houseNumber: "5",
    postalCode: "33602",
    city: "Bielefeld",
    state: "Nordrhein-Westfalen",
    country: "Deutschland",
    propertyType: "Mehrfamilienhaus",
  });
  const propertyId = property.id as string;
  const unitIds: string[] = [];
  const meterIds: string[] = [];
  const dates = monthlyDates(24);
  await inParallel(
    Array.from({ length: UNITS }, (_, i) => i),
    async (i) => {
      const unit = await api.call("POST", `/api/properties/${propertyId}/units`, { name: `Wohnung ${i + 1}`, area: `${55 + (i % 30)}.50`, persons: 1 + (i % 4) });
      unitIds[i] = unit.id as string;
      const tenant = await api.call("POST", "/api/tenants", { name: `Mieterin ${i + 1}`, unitId: unit.id, moveInDate: "2022-01-01", moveOutDate: null, email: `mieterin${i + 1}@example.de` });
      await api.call("POST", `/api/tenants/${tenant.id as string}/prepayments`, { monthlyAmount: `${150 + i}.00`, validFrom: "2022-01-01", validUntil: null });
      const meter = await api.call("POST", "/api/meters", { meterNumber: `KW-${1000 + i}`, meterType: "Kaltwasser", unitId: unit.id });
      meterIds[i] = meter.id as string;
      let value = 100 + i;
      for (const date of dates) {
        value += 3 + (i % 5);
        await api.call("POST", `/api/meters/${meter.id as string}/readings`, { readingValue: `${value}.250`, readingDate: date });
      }
    },
  );
  const writeMeter = await api.call("POST", "/api/meters", { meterNumber: "KW-SCHREIBEN", meterType: "Kaltwasser", propertyId });
  return { meterId: meterIds[0]!, writeMeterId: writeMeter.id as string };
}

interface RouteCase {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  signedIn: boolean;
}

function routeCases(seeded: Seeded): RouteCase[] {
  const today = new Date().toISOString().slice(0, 10);
  return [
    { name: "health", path: "/api/health", signedIn: false },
    { name: "get-session", path: "/api/auth/get-session", signedIn: true },
    { name: "properties", path: "/api/properties", signedIn: true },
    { name: "me", path: "/api/me", signedIn: true },
    { name: "dashboard", path: "/api/dashboard", signedIn: true },
    { name: "tenants", path: "/api/tenants", signedIn: true },
    { name: "meters", path: "/api/meters", signedIn: true },
    { name: "readings", path: `/api/meters/${seeded.meterId}/readings`, signedIn: true },
    {
      name: "reading (write)",
      path: `/api/meters/${seeded.writeMeterId}/readings`,
      method: "POST",
      body: JSON.stringify({ readingValue: "5000.000", readingDate: today, confirmDecrease: true }),
      signedIn: true,
    },
  ];
}

interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(baseUrl: string, cookie: string, route: RouteCase): Promise<Measured> {
  const headers: Record<string, string> = { origin: baseUrl };
  if (route.signedIn) headers.cookie = cookie;
  if (route.body) headers["content-type"] = "application/json";
  const result = await autocannon({ url: `${baseUrl}${route.path}`, method: route.method ?? "GET", headers, body: route.body, connections: CONNECTIONS, duration: SECONDS });
  return {
    name: route.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function cpuSeconds(pid: number): number | null {
  // utime + stime of the server process (Linux), in seconds.
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number.parseInt(fields[11]!, 10) + Number.parseInt(fields[12]!, 10)) / 100;
  } catch {
    return null;
  }
}

function printTable(database: string, rows: (Measured & { cpu: string; cpuPerRequest: string })[]): void {
  console.log(`\nAPI-Durchsatz (${database}, ${CONNECTIONS} gleichzeitige Verbindungen, ${SECONDS} s je Route, Last ${os.loadavg().map((v) => v.toFixed(2)).join(" / ")})`);
  console.log("| route | requests/s | p50 ms | p97.5 ms | p99 ms | server CPU s | CPU ms/request | errors | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(`| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p975} | ${row.p99} | ${row.cpu} | ${row.cpuPerRequest} | ${row.errors} | ${row.non2xx} |`);
  }
}

async function main(): Promise<void> {
  buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-api-bench-"));
  const postgres = await createPostgresDatabase();
  const server = await startServer(dataDir, postgres?.url ?? "");
  try {
    const started = Date.now();
    const api = await signUp(server.baseUrl);
    const seeded = await seed(api);
    console.log(`Konto angelegt in ${((Date.now() - started) / 1000).toFixed(1)} s (${UNITS} Einheiten, Mieter, Vorauszahlungen, ${UNITS} Zähler mit je 24 Ablesungen).`);
    const rows: (Measured & { cpu: string; cpuPerRequest: string })[] = [];
    for (const route of routeCases(seeded)) {
      if (ONLY && !ONLY.includes(route.name)) continue;
      const before = cpuSeconds(server.pid);
      const measured = await measure(server.baseUrl, api.cookie, route);
      const after = cpuSeconds(server.pid);
      const cpu = before === null || after === null ? null : after - before;
      const requests = measured.requestsPerSecond * SECONDS;
      // CPU time per answered request: the figure that stays comparable on a busy machine.
      rows.push({ ...measured, cpu: cpu === null ? "–" : cpu.toFixed(1), cpuPerRequest: cpu === null || requests === 0 ? "–" : ((cpu * 1000) / requests).toFixed(2) });
    }
    printTable(postgres ? "PostgreSQL" : "eingebettete Datenbank (PGlite)", rows);
  } finally {
    await server.stop();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
