/**
 * `npm run bench:scale` (issue 32): a generated property of a property manager's size, saved as a
 * statement run through the HTTP API, while `/api/health` and a signed-in read are asked every
 * 25 ms. Prints one JSON object per line and measurement:
 *   {"measure": "...", "units": 500, "database": "pglite", "value": 1234, "unit": "ms", "target": 5000}
 * The property: BENCH_UNITS units (default "500,5000", comma-separated), a tenant change in every
 * fifth unit (so 1.2 tenancies per unit), a prepayment per tenancy, a heat cost allocator, a hot
 * and a cold water meter per unit with readings, 20 cost items of every key, CO2 inputs and
 * § 35a labour costs. On the embedded database (in a fresh folder on disk, as `npm start` opens
 * it; BENCH_PGLITE_MEMORY=1 keeps it in memory) and, with DATABASE_URL, on a fresh database of that
 * PostgreSQL server (BENCH_DATABASES=pglite,postgres to choose). Each save also prints the CPU
 * time of the whole process during it (its database thread and the probes included), and with
 * BENCH_CPU_PROF set its window on the clock of `node --cpu-prof`'s profiles.
 * Then, per BENCH_LETTERS (default "500,1000"; "" skips), a finalized run of exactly that many
 * letters (a property of the same shape) and its letter batch (decision 1084): the time until
 * the joined PDF is done, per letter, the peak memory of the process (its letter threads
 * included) while the batch runs, and /api/health meanwhile. BENCH_UNITS="" skips the saves.
 * It asserts nothing: timings depend on the machine; the load average is printed with every run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { calculateStatement, compactStatementResult } from "@nk/engine";
import { insertProperty } from "../test/support/fixtures.ts";
import { createBillingPeriodViaApi } from "../test/support/metering-fixtures.ts";
import { openDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { createLogger } from "../src/lib/logger.ts";
import { createTestContext, type TestContext } from "../test/support/test-app.ts";
import type { TestDriver } from "../test/support/test-database.ts";

const parseCounts = (text: string) =>
  text
    .split(",")
    .map((part) => Number.parseInt(part.trim(), 10))
    .filter((count) => count > 0);
const UNIT_COUNTS = parseCounts(process.env.BENCH_UNITS ?? "500,5000");
// Issue 32 (decision 1084): "alle Briefe als PDF" of a finalized run of this many letters.
const LETTER_COUNTS = parseCounts(process.env.BENCH_LETTERS ?? "500,1000");
const MEMORY_SAMPLE_MS = 100;
// The embedded database in a folder on disk, as `npm start` opens it; BENCH_PGLITE_MEMORY=1 keeps
// it in memory (the test harness's database, whose growing in-memory files cost time of their own).
const PGLITE_IN_MEMORY = process.env.BENCH_PGLITE_MEMORY === "1";
// With BENCH_CPU_PROF set (and node run with --cpu-prof), each save prints its window on the
// profiles' clock (microseconds of the monotonic clock), so a profile can be cut to the save.
const PRINT_PROFILE_WINDOWS = Boolean(process.env.BENCH_CPU_PROF);
const PROBE_INTERVAL_MS = 25;

const COST_ITEMS = [
  {
    costType: "Heizung",
    amount: "480000.00",
    key: "mixed",
    consumptionShare: 70,
    meter: "heating",
  },
  {
    costType: "Warmwasser",
    amount: "160000.00",
    key: "mixed",
    consumptionShare: 50,
    meter: "warmwater",
  },
  { costType: "Kaltwasser", amount: "120000.00", key: "consumption", meter: "coldwater" },
  { costType: "Abwasser", amount: "90000.00", key: "consumption", meter: "coldwater" },
  { costType: "Müllabfuhr", amount: "70000.00", key: "units" },
  { costType: "Straßenreinigung", amount: "25000.00", key: "area" },
  {
    costType: "Hausmeister",
    amount: "150000.00",
    key: "area",
    laborCosts: "120000.00",
    taxCategory: "householdServices",
  },
  { costType: "Gartenpflege", amount: "40000.00", key: "area", laborCosts: "30000.00" },
  { costType: "Beleuchtung", amount: "18000.00", key: "units" },
  {
    costType: "Aufzug",
    amount: "60000.00",
    key: "units",
    laborCosts: "20000.00",
    taxCategory: "craftsmen",
  },
  { costType: "Versicherung", amount: "110000.00", key: "area" },
  { costType: "Grundsteuer", amount: "130000.00", key: "area" },
  {
    costType: "Schornsteinfeger",
    amount: "9000.00",
    key: "units",
    laborCosts: "6000.00",
    taxCategory: "craftsmen",
  },
  { costType: "Betriebsstrom", amount: "21000.00", key: "area" },
  { costType: "Gebäudereinigung", amount: "52000.00", key: "area", laborCosts: "52000.00" },
  { costType: "Ungezieferbekämpfung", amount: "4000.00", key: "units" },
  { costType: "Gemeinschafts-Antennenanlage", amount: "12000.00", key: "units" },
  { costType: "Einrichtungen für die Wäschepflege", amount: "6000.00", key: "persons" },
  { costType: "Sach- und Haftpflichtversicherung", amount: "30000.00", key: "area" },
  {
    costType: "Sonstige",
    amount: "15000.00",
    key: "persons",
    allocationNote: "Mietvertrag § 4 Abs. 2",
  },
];

interface Line {
  measure: string;
  value: number;
  unit: string;
  target: number | null;
}

function print(database: TestDriver, units: number, line: Line): void {
  console.log(
    JSON.stringify({
      measure: line.measure,
      units,
      database,
      value: line.value,
      unit: line.unit,
      target: line.target,
    }),
  );
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Inserts in batches (the seed is not what is measured). */
async function insertBatched<T>(
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000)
    await insert(rows.slice(start, start + 1000));
}

async function seedProperty(
  t: TestContext,
  userId: string,
  cookie: string,
  unitCount: number,
): Promise<string> {
  const property = await insertProperty(t.db, userId, {
    name: `Wohnanlage ${unitCount}`,
    efficiencyClass: "D",
  });
  const now = new Date();
  const units: { id: string }[] = [];
  const unitRows = Array.from({ length: unitCount }, (_, index) => ({
    userId,
    propertyId: property.id,
    name: `WE ${String(index + 1).padStart(5, "0")}`,
    area: `${50 + (index % 40)}.50`,
    persons: 1 + (index % 4),
    hasDecentralizedHotWater: false,
    updatedAt: now,
  }));
  await insertBatched(unitRows, async (batch) =>
    units.push(...(await t.db.insertInto("units").values(batch).returning("id").execute())),
  );
  const tenantBase = {
    userId,
    address: null,
    postalCode: null,
    city: null,
    phone: null,
    email: null,
    contractStartDate: null,
    contractEndDate: null,
    birthDate: null,
    idDocumentNumber: null,
    notes: null,
    updatedAt: now,
  };
  const tenantRows = units.flatMap((unit, index) =>
    index % 5 === 0
      ? [
          {
            ...tenantBase,
            unitId: unit.id,
            name: `Mieter ${index}a`,
            moveInDate: "2019-01-01",
            moveOutDate: "2024-05-31",
            isActive: false,
          },
          {
            ...tenantBase,
            unitId: unit.id,
            name: `Mieter ${index}b`,
            moveInDate: "2024-06-01",
            moveOutDate: null,
            isActive: true,
          },
        ]
      : [
          {
            ...tenantBase,
            unitId: unit.id,
            name: `Mieter ${index}`,
            moveInDate: "2018-03-01",
            moveOutDate: null,
            isActive: true,
          },
        ],
  );
  const tenants: { id: string; moveInDate: string }[] = [];
  await insertBatched(tenantRows, async (batch) =>
    tenants.push(
      ...(await t.db.insertInto("tenants").values(batch).returning(["id", "moveInDate"]).execute()),
    ),
  );
  await insertBatched(
    tenants.map((tenant, index) => ({
      tenantId: tenant.id,
      monthlyAmount: `${150 + (index % 100)}.00`,
      validFrom: tenant.moveInDate,
      validUntil: null,
      updatedAt: now,
    })),
    (batch) => t.db.insertInto("tenantPrepayments").values(batch).execute(),
  );
  const meterRows = units.flatMap((unit, index) =>
    ["Heizkostenverteiler", "Warmwasserzähler", "Kaltwasser"].map((meterType) => ({
      userId,
      unitId: unit.id,
      meterNumber: `${meterType.slice(0, 3)}-${index}`,
      meterType,
      location: null,
      displayName: null,
      propertyId: null,
      updatedAt: now,
    })),
  );
  const meters: { id: string; unitId: string | null; meterType: string }[] = [];
  await insertBatched(meterRows, async (batch) =>
    meters.push(
      ...(await t.db
        .insertInto("meters")
        .values(batch)
        .returning(["id", "unitId", "meterType"])
        .execute()),
    ),
  );
  const periodId = await createBillingPeriodViaApi(
    t,
    cookie,
    property.id,
    "2024-01-01",
    "2024-12-31",
  );
  const changedUnits = new Set(units.filter((_, index) => index % 5 === 0).map((unit) => unit.id));
  const readings = meters.flatMap((meter, index) => {
    const base = {
      userId,
      meterId: meter.id,
      billingPeriodId: null as string | null,
      note: null,
      updatedAt: now,
    };
    const rows: (typeof base & { readingValue: string; readingDate: string })[] = [
      {
        ...base,
        billingPeriodId: periodId,
        readingValue: String(100 + (index % 90)),
        readingDate: "2024-12-31",
      },
    ];
    if (meter.meterType !== "Heizkostenverteiler")
      rows.push({ ...base, readingValue: "10", readingDate: "2023-12-31" });
    // The tenant change's intermediate reading (§ 9b HeizkV).
    if (changedUnits.has(meter.unitId!))
      rows.push({ ...base, readingValue: "50", readingDate: "2024-05-31" });
    return rows;
  });
  await insertBatched(readings, (batch) =>
    t.db.insertInto("meterReadings").values(batch).execute(),
  );
  return periodId;
}

/** Asks `path` every 25 ms until `stop` resolves; the latencies in ms and the answers other than 200. */
async function probe(
  t: TestContext,
  path: string,
  cookie: string | undefined,
  stop: Promise<unknown>,
  onBody?: (body: string) => void,
): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  let isDone = false;
  void stop.finally(() => (isDone = true));
  while (!isDone) {
    const started = performance.now();
    const response = await t.request("GET", path, cookie ? { cookie } : {});
    const body = await response.text();
    if (response.status !== 200) failures += 1;
    else onBody?.(body);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
  return { latencies, failures };
}

/** The bench's app: on PostgreSQL a fresh database; embedded, a fresh folder on disk (or memory). */
async function createBenchContext(database: TestDriver): Promise<TestContext> {
  if (database !== "pglite" || PGLITE_IN_MEMORY) return createTestContext(database);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "nk-bench-pglite-"));
  const handle = await openDatabase({ kind: "pglite", dataDir: folder }, createLogger("warn"));
  await migrateToLatest(handle.db);
  const t = await createTestContext(database, {}, { database: handle });
  return {
    ...t,
    async close() {
      await t.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

async function benchOne(database: TestDriver, unitCount: number): Promise<void> {
  const t = await createBenchContext(database);
  try {
    const { cookie, userId } = await t.signUp();
    const plan = await t.request("POST", "/api/subscription/plan", {
      cookie,
      body: { plan: "enterprise" },
    });
    if (plan.status !== 200) throw new Error(`plan: ${plan.status} ${await plan.text()}`);
    const periodId = await seedProperty(t, userId, cookie, unitCount);
    const body = {
      billingPeriodId: periodId,
      costItems: COST_ITEMS,
      co2: { fuel: "gas", consumptionKwh: String(unitCount * 12_000), heatingValue: "upper" },
    };

    // Preview: the answer's size plain and compressed as a browser gets it (decision 1081).
    const previewStarted = performance.now();
    const preview = await t.request("POST", "/api/statements/preview", { cookie, body });
    const previewText = await preview.text();
    const previewMs = performance.now() - previewStarted;
    if (preview.status !== 200)
      throw new Error(`preview: ${preview.status} ${previewText.slice(0, 300)}`);
    print(database, unitCount, {
      measure: "preview-ms",
      value: round(previewMs),
      unit: "ms",
      target: null,
    });
    print(database, unitCount, {
      measure: "preview-answer-bytes",
      value: Buffer.byteLength(previewText),
      unit: "B",
      target: null,
    });
    const brotli = await promisify(zlib.brotliCompress)(Buffer.from(previewText), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    print(database, unitCount, {
      measure: "preview-answer-brotli-bytes",
      value: brotli.length,
      unit: "B",
      target: null,
    });

    // The engine alone on the same input: its result's size and its time in steady state.
    const engineInput = (JSON.parse(previewText) as { engineInput: unknown }).engineInput;
    const engineTimes: number[] = [];
    let resultBytes = 0;
    let storedBytes = 0;
    for (let run = 0; run < 5; run += 1) {
      const started = process.cpuUsage();
      const result = calculateStatement(engineInput);
      const used = process.cpuUsage(started);
      engineTimes.push((used.user + used.system) / 1000);
      resultBytes = Buffer.byteLength(JSON.stringify(result));
      if (result.ok)
        storedBytes = Buffer.byteLength(JSON.stringify(compactStatementResult(result.result)));
    }
    print(database, unitCount, {
      measure: "engine-calculation-cpu-ms",
      value: round(percentile(engineTimes.slice(1), 50)),
      unit: "ms",
      target: null,
    });
    print(database, unitCount, {
      measure: "engine-result-bytes",
      value: resultBytes,
      unit: "B",
      target: null,
    });
    // Contract v1.6 (decision 1730): the result as the server stores it.
    print(database, unitCount, {
      measure: "engine-result-stored-bytes",
      value: storedBytes,
      unit: "B",
      target: null,
    });

    // The save, twice (first save, then a second save that replaces the draft), with the probes.
    for (const [measure, attempt] of [
      ["save-draft-ms", "first"],
      ["save-draft-again-ms", "again"],
    ] as const) {
      let finish!: () => void;
      const stop = new Promise<void>((resolve) => (finish = resolve));
      const health = probe(t, "/api/health", undefined, stop);
      const read = probe(t, "/api/properties", cookie, stop);
      const started = performance.now();
      const startedMicros = monotonicMicros();
      const startedCpu = process.cpuUsage();
      const saved = await t.request("POST", "/api/statements", {
        cookie,
        body: { ...body, finalize: false },
      });
      const savedText = await saved.text();
      const saveMs = performance.now() - started;
      const saveCpu = process.cpuUsage(startedCpu);
      finish();
      if (PRINT_PROFILE_WINDOWS)
        console.log(
          JSON.stringify({
            measure: `${measure}-profile-window`,
            from: startedMicros,
            to: monotonicMicros(),
          }),
        );
      if (saved.status !== 200 && saved.status !== 201)
        throw new Error(`save (${attempt}): ${saved.status} ${savedText.slice(0, 300)}`);
      const [healthProbe, readProbe] = await Promise.all([health, read]);
      const healthTimes = healthProbe.latencies;
      const readTimes = readProbe.latencies;
      print(database, unitCount, {
        measure,
        value: round(saveMs),
        unit: "ms",
        target: unitCount >= 5000 ? (database === "postgres" ? 3000 : 5000) : null,
      });
      // The CPU of the whole process (its database thread and the probes included) during the save.
      print(database, unitCount, {
        measure: `${measure.replace(/-ms$/, "")}-cpu-ms`,
        value: round((saveCpu.user + saveCpu.system) / 1000),
        unit: "ms",
        target: null,
      });
      if (attempt === "first") {
        print(database, unitCount, {
          measure: "health-during-save-p99-ms",
          value: round(percentile(healthTimes, 99)),
          unit: "ms",
          target: 200,
        });
        print(database, unitCount, {
          measure: "health-during-save-max-ms",
          value: round(Math.max(0, ...healthTimes)),
          unit: "ms",
          target: null,
        });
        print(database, unitCount, {
          measure: "health-during-save-not-200",
          value: healthProbe.failures,
          unit: "answers",
          target: 0,
        });
        print(database, unitCount, {
          measure: "signed-in-read-during-save-not-200",
          value: readProbe.failures,
          unit: "answers",
          target: 0,
        });
        print(database, unitCount, {
          measure: "signed-in-read-during-save-p99-ms",
          value: round(percentile(readTimes, 99)),
          unit: "ms",
          target: 200,
        });
      }
    }
    const statements = await t.db
      .selectFrom("tenancyStatements")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    print(database, unitCount, {
      measure: "statements-stored",
      value: Number(statements.count),
      unit: "rows",
      target: null,
    });
  } finally {
    await t.close();
  }
}

/** Units of a property whose run has `letters` tenancies: every fifth unit has two (a tenant change). */
function unitsForLetters(letters: number): number {
  let units = Math.floor(letters / 1.2);
  while (units + Math.ceil(units / 5) < letters) units += 1;
  while (units + Math.ceil(units / 5) > letters) units -= 1;
  return units;
}

/** The highest resident set size seen every 100 ms until `stop` resolves (the process and its threads). */
async function samplePeakRss(stop: Promise<unknown>): Promise<number> {
  // memoryUsage.rss() reads only the resident size (memoryUsage() walks the heap spaces too).
  let peak = process.memoryUsage.rss();
  let isDone = false;
  void stop.finally(() => (isDone = true));
  while (!isDone) {
    peak = Math.max(peak, process.memoryUsage.rss());
    await new Promise((resolve) => setTimeout(resolve, MEMORY_SAMPLE_MS));
  }
  return Math.max(peak, process.memoryUsage.rss());
}

async function benchLetters(database: TestDriver, letterCount: number): Promise<void> {
  const t = await createBenchContext(database);
  try {
    const { cookie, userId } = await t.signUp();
    const plan = await t.request("POST", "/api/subscription/plan", {
      cookie,
      body: { plan: "enterprise" },
    });
    if (plan.status !== 200) throw new Error(`plan: ${plan.status} ${await plan.text()}`);
    const billingData = {
      companyName: "Hausverwaltung Bench GmbH",
      phone: "0521 123456",
      street: "Parkstraße",
      houseNumber: "1",
      postalCode: "33602",
      city: "Bielefeld",
      iban: "DE89 3704 0044 0532 0130 00",
    };
    if ((await t.request("PUT", "/api/billing-data", { cookie, body: billingData })).status !== 200)
      throw new Error("billing data refused");
    const unitCount = unitsForLetters(letterCount);
    const periodId = await seedProperty(t, userId, cookie, unitCount);
    const body = {
      billingPeriodId: periodId,
      costItems: COST_ITEMS,
      co2: { fuel: "gas", consumptionKwh: String(unitCount * 12_000), heatingValue: "upper" },
      finalize: true,
    };
    const saved = await t.request("POST", "/api/statements", { cookie, body });
    const savedText = await saved.text();
    if (saved.status !== 201)
      throw new Error(`finalize: ${saved.status} ${savedText.slice(0, 300)}`);
    const runId = (JSON.parse(savedText) as { id: string }).id;

    const rssBefore = process.memoryUsage.rss();
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    const answer = await t.request("POST", `/api/statements/${runId}/letter-batches`, { cookie });
    const batch = (await answer.json()) as { id: string; total: number };
    if (answer.status !== 202)
      throw new Error(`letter batch: ${answer.status} ${JSON.stringify(batch)}`);
    let finish!: () => void;
    const stop = new Promise<void>((resolve) => (finish = resolve));
    const peak = samplePeakRss(stop);
    const health = probe(t, "/api/health", undefined, stop);
    // When each tenth of the letters was done (the batch's own progress): a time per letter that
    // grows along the run would show here as tenths that take longer and longer.
    const tenths: number[] = [];
    const progress = probe(t, `/api/letter-batches/${batch.id}`, cookie, stop, (body) => {
      const { done, total } = JSON.parse(body) as { done: number; total: number };
      while (total > 0 && tenths.length < 10 && done >= ((tenths.length + 1) * total) / 10)
        tenths.push(performance.now() - started);
    });
    // The test harness's worker does not poll: the job runs here, as an instance's worker runs it.
    await t.runDueJobs();
    const batchMs = performance.now() - started;
    const cpu = process.cpuUsage(startedCpu);
    finish();
    const [peakRss, healthProbe] = await Promise.all([peak, health, progress]);
    const status = (await (
      await t.request("GET", `/api/letter-batches/${batch.id}`, { cookie })
    ).json()) as { status: string; done: number; error: string | null };
    if (status.status !== "done")
      throw new Error(`letter batch ended ${status.status}: ${status.error}`);
    const pdf = await t.request("GET", `/api/letter-batches/${batch.id}/pdf`, { cookie });
    const pdfBytes = (await pdf.arrayBuffer()).byteLength;
    const line = (measure: string, value: number, unit: string, target: number | null) =>
      console.log(
        JSON.stringify({
          measure,
          letters: batch.total,
          units: unitCount,
          database,
          value,
          unit,
          target,
        }),
      );
    line("letter-batch-ms", round(batchMs), "ms", letterCount >= 1000 ? 60_000 : null);
    line("letter-batch-ms-per-letter", round(batchMs / batch.total), "ms", null);
    console.log(
      JSON.stringify({
        measure: "letter-batch-ms-per-letter-by-tenth",
        letters: batch.total,
        database,
        value: tenths.map((at, index) =>
          round((at - (index === 0 ? 0 : tenths[index - 1]!)) / (batch.total / 10)),
        ),
        unit: "ms",
      }),
    );
    line(
      "letter-batch-cpu-ms-main-thread-and-pool",
      round((cpu.user + cpu.system) / 1000),
      "ms",
      null,
    );
    line("rss-before-letter-batch", Math.round(rssBefore / 1024 / 1024), "MiB", null);
    line("letter-batch-peak-rss", Math.round(peakRss / 1024 / 1024), "MiB", 1024);
    line("letter-batch-rss-growth", Math.round((peakRss - rssBefore) / 1024 / 1024), "MiB", null);
    line("letter-batch-pdf-bytes", pdfBytes, "B", null);
    line(
      "health-during-letter-batch-p99-ms",
      round(percentile(healthProbe.latencies, 99)),
      "ms",
      200,
    );
    line(
      "health-during-letter-batch-max-ms",
      round(Math.max(0, ...healthProbe.latencies)),
      "ms",
      null,
    );
  } finally {
    await t.close();
  }
}

async function main(): Promise<void> {
  // The PostgreSQL run uses the server of DATABASE_URL (a fresh database, dropped afterwards).
  if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  const requested = (
    process.env.BENCH_DATABASES ?? (process.env.TEST_DATABASE_URL ? "pglite,postgres" : "pglite")
  ).split(",") as TestDriver[];
  console.log(
    JSON.stringify({
      measure: "machine",
      cores: os.availableParallelism(),
      loadAverage: os.loadavg().map(round),
      node: process.version,
    }),
  );
  for (const database of requested) {
    for (const units of UNIT_COUNTS) await benchOne(database, units);
    for (const letters of LETTER_COUNTS) await benchLetters(database, letters);
  }
  console.log(JSON.stringify({ measure: "machine-after", loadAverage: os.loadavg().map(round) }));
}

await main();
