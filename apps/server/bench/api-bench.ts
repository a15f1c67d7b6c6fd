// `npm run bench:api`: the API's speed under a realistic mix (issue 32, decision 1083). Starts the
// built server (as `npm start` runs it) on a fresh embedded database in a temporary folder, or,
// with DATABASE_URL, two instances on a fresh database of that PostgreSQL server; seeds 10
// accounts through the API (a property with BENCH_UNITS units, a tenant, a prepayment and a water
// meter with monthly readings per unit); then runs one mixed load: concurrent clients, each
// request from a random account to a random route: six read pages (properties, tenants, meters,
// dashboard, me, one meter's readings), a reading write (about 20 % of requests, each a new
// date and value) and /api/health (about 5 %). Prints per route requests/s and p50/p97.5/p99,
// and the servers' CPU time per request (from /proc). It asserts nothing (timings depend on
// the machine); targets: embedded 20 clients p97.5 < 100 ms per route; PostgreSQL two instances,
// 50 clients, >= 1,000 requests/s with p97.5 < 100 ms.
//   BENCH_SECONDS=20  BENCH_CONNECTIONS (20 embedded, 50 PostgreSQL)  BENCH_ACCOUNTS=10  BENCH_UNITS=20
//   BENCH_CPU_PROF=<folder> (node --cpu-prof)  BENCH_REPO=<checkout> (measure another checkout)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import http from "node:http";
import pg from "pg";

// BENCH_REPO: another checkout (with its node_modules) whose built server is measured, for before/after.
const REPO_ROOT = process.env.BENCH_REPO
  ? path.resolve(process.env.BENCH_REPO)
  : fileURLToPath(new URL("../../../", import.meta.url));
const SECONDS = Number.parseInt(process.env.BENCH_SECONDS ?? "20", 10);
const ACCOUNTS = Number.parseInt(process.env.BENCH_ACCOUNTS ?? "10", 10);
const UNITS = Number.parseInt(process.env.BENCH_UNITS ?? "20", 10);
const READING_MONTHS = 12;

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
async function createPostgresDatabase(): Promise<{
  url: string;
  name: string;
  drop: () => Promise<void>;
} | null> {
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
    name,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function buildServer(): void {
  const result = spawnSync(process.execPath, ["scripts/build.mjs", "server", "--if-changed"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("Der Server-Build ist fehlgeschlagen.");
}

async function startServer(dataDir: string, databaseUrl: string, authSecret: string) {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const profileDir = process.env.BENCH_CPU_PROF;
  const args = [
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
    "--enable-source-maps",
    "apps/server/dist/main.js",
  ];
  const log = fs.openSync(path.join(dataDir, "server.log"), "a");
  const env = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "info",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: authSecret,
  };
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ["ignore", log, log] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `Der Server wurde beendet:\n${fs.readFileSync(path.join(dataDir, "server.log"), "utf8")}`,
      );
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

async function signUp(baseUrl: string, index: number): Promise<Api> {
  const headers = { "content-type": "application/json", origin: baseUrl };
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      email: `bench-${Date.now()}-${index}@example.de`,
      password: "Bench-Passwort-2024!",
      firstName: "Berta",
      lastName: "Bench",
      acceptTerms: true,
    }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0]!)
    .join("; ");
  return {
    cookie,
    async call(method, route, body) {
      const answer = await fetch(`${baseUrl}${route}`, {
        method,
        headers: { ...headers, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!answer.ok)
        throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as Record<string, unknown>;
    },
  };
}

/** Runs `work` over `items`, a few at a time (the seed is not what is measured). */
async function inParallel<T>(
  items: T[],
  work: (item: T, index: number) => Promise<void>,
  width = 4,
): Promise<void> {
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
  cookie: string;
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
  const dates = monthlyDates(READING_MONTHS);
  await inParallel(
    Array.from({ length: UNITS }, (_, i) => i),
    async (i) => {
      const unit = await api.call("POST", `/api/properties/${propertyId}/units`, {
        name: `Wohnung ${i + 1}`,
        area: `${55 + (i % 30)}.50`,
        persons: 1 + (i % 4),
      });
      unitIds[i] = unit.id as string;
      const tenant = await api.call("POST", "/api/tenants", {
        name: `Mieterin ${i + 1}`,
        unitId: unit.id,
        moveInDate: "2022-01-01",
        moveOutDate: null,
        email: `mieterin${i + 1}@example.de`,
      });
      await api.call("POST", `/api/tenants/${tenant.id as string}/prepayments`, {
        monthlyAmount: `${150 + i}.00`,
        validFrom: "2022-01-01",
        validUntil: null,
      });
      const meter = await api.call("POST", "/api/meters", {
        meterNumber: `KW-${1000 + i}`,
        meterType: "Kaltwasser",
        unitId: unit.id,
      });
      meterIds[i] = meter.id as string;
      let value = 100 + i;
      for (const date of dates) {
        value += 3 + (i % 5);
        await api.call("POST", `/api/meters/${meter.id as string}/readings`, {
          readingValue: `${value}.250`,
          readingDate: date,
        });
      }
    },
  );
  const writeMeter = await api.call("POST", "/api/meters", {
    meterNumber: "KW-SCHREIBEN",
    meterType: "Kaltwasser",
    propertyId,
  });
  return { cookie: api.cookie, meterId: meterIds[0]!, writeMeterId: writeMeter.id as string };
}

interface RouteKind {
  name: string;
  /** Share of all requests. */
  weight: number;
  build(
    account: Seeded,
    write: () => string,
  ): { method: "GET" | "POST"; path: string; body?: string; signedIn: boolean };
}

const READ_SHARE = 0.75 / 6;
const ROUTES: RouteKind[] = [
  {
    name: "health",
    weight: 0.05,
    build: () => ({ method: "GET", path: "/api/health", signedIn: false }),
  },
  {
    name: "properties",
    weight: READ_SHARE,
    build: () => ({ method: "GET", path: "/api/properties", signedIn: true }),
  },
  {
    name: "tenants",
    weight: READ_SHARE,
    build: () => ({ method: "GET", path: "/api/tenants", signedIn: true }),
  },
  {
    name: "meters",
    weight: READ_SHARE,
    build: () => ({ method: "GET", path: "/api/meters", signedIn: true }),
  },
  {
    name: "dashboard",
    weight: READ_SHARE,
    build: () => ({ method: "GET", path: "/api/dashboard", signedIn: true }),
  },
  {
    name: "me",
    weight: READ_SHARE,
    build: () => ({ method: "GET", path: "/api/me", signedIn: true }),
  },
  {
    name: "readings",
    weight: READ_SHARE,
    build: (account) => ({
      method: "GET",
      path: `/api/meters/${account.meterId}/readings`,
      signedIn: true,
    }),
  },
  {
    name: "reading (write)",
    weight: 0.2,
    build: (account, write) => ({
      method: "POST",
      path: `/api/meters/${account.writeMeterId}/readings`,
      body: write(),
      signedIn: true,
    }),
  },
];

/** Each write a new date and a higher value on the account's write meter (one reading per meter and date). */
function createWriteBodies(accounts: number): (account: number) => string {
  const counters = Array.from({ length: accounts }, () => 0);
  const start = Date.UTC(1990, 0, 1);
  return (account) => {
    const step = counters[account]!++;
    const date = new Date(start + step * 86_400_000).toISOString().slice(0, 10);
    return JSON.stringify({ readingValue: `${1000 + step}.000`, readingDate: date });
  };
}

interface RouteStats {
  latencies: number[];
  errors: number;
  non2xx: number;
}

/** One request on a keep-alive agent; resolves with the status. */
function send(
  agent: http.Agent,
  baseUrl: string,
  request: ReturnType<RouteKind["build"]>,
  cookie: string,
): Promise<number> {
  const url = new URL(request.path, baseUrl);
  const headers: Record<string, string> = { origin: baseUrl, "accept-encoding": "br, gzip" };
  if (request.signedIn) headers.cookie = cookie;
  if (request.body) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(request.body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: request.method,
        headers,
      },
      (res) => {
        res.on("data", () => undefined);
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}

function pickRoute(): RouteKind {
  let roll = Math.random();
  for (const route of ROUTES) {
    roll -= route.weight;
    if (roll <= 0) return route;
  }
  return ROUTES[ROUTES.length - 1]!;
}

/** `connections` clients for `seconds`, each sending one request after the other; client i uses instance i mod n. */
async function runMix(
  baseUrls: string[],
  accounts: Seeded[],
  connections: number,
  seconds: number,
): Promise<Map<string, RouteStats>> {
  const stats = new Map(
    ROUTES.map((route) => [route.name, { latencies: [], errors: 0, non2xx: 0 } as RouteStats]),
  );
  const nextWrite = createWriteBodies(accounts.length);
  const agents = baseUrls.map(() => new http.Agent({ keepAlive: true, maxSockets: connections }));
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      const instance = client % baseUrls.length;
      while (performance.now() < deadline) {
        const accountIndex = Math.floor(Math.random() * accounts.length);
        const account = accounts[accountIndex]!;
        const route = pickRoute();
        const entry = stats.get(route.name)!;
        const started = performance.now();
        try {
          const status = await send(
            agents[instance]!,
            baseUrls[instance]!,
            route.build(account, () => nextWrite(accountIndex)),
            account.cookie,
          );
          entry.latencies.push(performance.now() - started);
          if (status < 200 || status >= 300) entry.non2xx += 1;
        } catch {
          entry.errors += 1;
        }
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  return stats;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
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

/**
 * The PostgreSQL server processes (backends) working for the bench database, by process id: the
 * database's share of the CPU, which the servers' figure leaves out. Local servers only.
 */
async function findDatabaseBackends(adminUrl: string, databaseName: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1",
      [databaseName],
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

function printReport(
  database: string,
  instances: number,
  connections: number,
  stats: Map<string, RouteStats>,
  cpu: number | null,
  databaseCpu: number | null,
  loadBefore: number[],
): void {
  const total = [...stats.values()].reduce((sum, entry) => sum + entry.latencies.length, 0);
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(" / ");
  console.log(
    `\nAPI unter gemischter Last (${database}, ${instances} Instanz${instances > 1 ? "en" : ""}, ${connections} gleichzeitige Clients, ${ACCOUNTS} Konten, ${SECONDS} s; Last vorher ${load(loadBefore)}, nachher ${load(os.loadavg())})`,
  );
  console.log("| route | share | requests/s | p50 ms | p97.5 ms | p99 ms | errors | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [name, entry] of stats) {
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    const share = total === 0 ? 0 : (entry.latencies.length / total) * 100;
    console.log(
      `| ${name} | ${share.toFixed(0)} % | ${(entry.latencies.length / SECONDS).toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 97.5).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${entry.errors} | ${entry.non2xx} |`,
    );
  }
  const all = [...stats.values()].flatMap((entry) => entry.latencies).sort((a, b) => a - b);
  console.log(
    `| all | 100 % | ${(total / SECONDS).toFixed(0)} | ${percentile(all, 50).toFixed(1)} | ${percentile(all, 97.5).toFixed(1)} | ${percentile(all, 99).toFixed(1)} | | |`,
  );
  console.log(
    `Server-CPU: ${cpu === null ? "–" : `${cpu.toFixed(1)} s, ${total === 0 ? "–" : ((cpu * 1000) / total).toFixed(2)} ms je Anfrage`} (alle Instanzen)`,
  );
  if (databaseCpu !== null)
    console.log(
      `PostgreSQL-CPU: ${databaseCpu.toFixed(1)} s, ${total === 0 ? "–" : ((databaseCpu * 1000) / total).toFixed(2)} ms je Anfrage (Backends der Bench-Datenbank)`,
    );
}

async function main(): Promise<void> {
  buildServer();
  const postgres = await createPostgresDatabase();
  const instances = postgres ? 2 : 1;
  const connections = Number.parseInt(
    process.env.BENCH_CONNECTIONS ?? (postgres ? "50" : "20"),
    10,
  );
  // On PostgreSQL every instance needs the one AUTH_SECRET (issue 26): the bench's own, unless given.
  const authSecret =
    process.env.AUTH_SECRET || (postgres ? randomBytes(32).toString("base64url") : "");
  const dataDirs = Array.from({ length: instances }, () =>
    fs.mkdtempSync(path.join(os.tmpdir(), "nk-api-bench-")),
  );
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const dataDir of dataDirs)
      servers.push(await startServer(dataDir, postgres?.url ?? "", authSecret));
    const started = Date.now();
    const accounts: Seeded[] = [];
    for (let index = 0; index < ACCOUNTS; index++)
      accounts.push(await seed(await signUp(servers[index % servers.length]!.baseUrl, index)));
    console.log(
      `${ACCOUNTS} Konten angelegt in ${((Date.now() - started) / 1000).toFixed(1)} s (je ${UNITS} Einheiten, Mieter, Vorauszahlungen, Zähler mit je ${READING_MONTHS} Ablesungen).`,
    );
    const loadBefore = os.loadavg();
    const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
    const backendsBefore = postgres
      ? await findDatabaseBackends(process.env.DATABASE_URL!, postgres.name)
      : [];
    const databaseCpuBefore = new Map(backendsBefore.map((pid) => [pid, cpuSeconds(pid) ?? 0]));
    const stats = await runMix(
      servers.map((server) => server.baseUrl),
      accounts,
      connections,
      SECONDS,
    );
    const cpuAfter = servers.map((server) => cpuSeconds(server.pid));
    // Backends opened during the run count from zero; those of before, from their figure then.
    const backendsAfter = postgres
      ? await findDatabaseBackends(process.env.DATABASE_URL!, postgres.name)
      : [];
    const databaseCpu = postgres
      ? backendsAfter.reduce(
          (sum, pid) => sum + (cpuSeconds(pid) ?? 0) - (databaseCpuBefore.get(pid) ?? 0),
          0,
        )
      : null;
    const cpu =
      cpuBefore.some((v) => v === null) || cpuAfter.some((v) => v === null)
        ? null
        : cpuAfter.reduce<number>((sum, v, i) => sum + v! - cpuBefore[i]!, 0);
    printReport(
      postgres ? "PostgreSQL" : "eingebettete Datenbank (PGlite)",
      instances,
      connections,
      stats,
      cpu,
      databaseCpu,
      loadBefore,
    );
  } finally {
    for (const server of servers) await server.stop();
    await postgres?.drop();
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
