import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { createLogger } from "../../src/lib/logger.ts";
import {
  makeDataDir,
  REPO_ROOT,
  startServerProcess,
  type ServerProcess,
} from "../support/server-process.ts";
import { TEST_PASSWORD, toCookieHeader } from "../support/test-app.ts";

// `npm run backup` and `npm run restore` on the embedded database: rows in every table,
// backed up while the app runs, restored into a new folder, all found again.

type Snapshot = Record<string, string[]>;

/** Every row of every table of the folder's database, as sorted JSON texts. The folder must not be in use. */
async function snapshotDatabase(dataDir: string): Promise<Snapshot> {
  const database = await openDatabase({ kind: "pglite", dataDir }, createLogger("warn"));
  try {
    const tables = await sql<{
      tableName: string;
    }>`select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(
      database.db,
    );
    const snapshot: Snapshot = {};
    for (const { tableName } of tables.rows) {
      const rows = await sql<{
        row: string;
      }>`select (t.*)::text as row from ${sql.table(tableName)} t`.execute(database.db);
      snapshot[tableName] = rows.rows.map((r) => r.row).sort();
    }
    return snapshot;
  } finally {
    await database.close();
  }
}

function runCommand(command: "backup" | "restore", file: string, dataDir: string) {
  const result = spawnSync(process.execPath, ["scripts/server-command.mjs", command, file], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("backup and restore of the embedded data folder", () => {
  const original = makeDataDir("nk-backup-src-");
  const restored = path.join(makeDataDir("nk-backup-dst-"), "daten");
  const restoredAgain = makeDataDir("nk-backup-dst2-");
  const backupDir = makeDataDir("nk-backup-files-");
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    for (const dir of [original, path.dirname(restored), restoredAgain, backupDir])
      fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(dataDir: string) {
    const server = await startServerProcess({ dataDir, env: { JOB_POLL_INTERVAL_MS: "200" } });
    servers.push(server);
    return server;
  }

  async function api(
    server: ServerProcess,
    method: string,
    url: string,
    body?: unknown,
    cookie?: string,
  ) {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        "x-forwarded-for": "198.51.100.5",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 400 && !url.includes("sign-in"))
      throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return { response, json: text ? JSON.parse(text) : null };
  }

  it("backs up a running app with rows in every table and restores every row into an empty folder", async () => {
    let server = await start(original);
    const email = "sicherung@example.de";
    const signUp = await api(server, "POST", "/api/auth/sign-up/email", {
      email,
      password: TEST_PASSWORD,
      firstName: "Erika",
      lastName: "Mustermann",
      passwordConfirmation: TEST_PASSWORD,
      acceptTerms: true,
    });
    const cookie = toCookieHeader(signUp.response);
    const property = await api(
      server,
      "POST",
      "/api/properties",
      {
        name: "Haus am Park",
        street: "Parkstraße",
        houseNumber: "12",
        postalCode: "33602",
        city: "Bielefeld",
        state: "Nordrhein-Westfalen",
        country: "Deutschland",
        propertyType: "Mehrfamilienhaus",
      },
      cookie,
    );
    const unit = await api(
      server,
      "POST",
      `/api/properties/${property.json.id}/units`,
      { name: "EG links", area: "62.50", persons: 2 },
      cookie,
    );
    const tenant = await api(
      server,
      "POST",
      "/api/tenants",
      { name: "Olga Ort", unitId: unit.json.id, moveInDate: "2024-01-01" },
      cookie,
    );
    await api(
      server,
      "POST",
      `/api/tenants/${tenant.json.id}/prepayments`,
      { monthlyAmount: "120.00", validFrom: "2024-01-01" },
      cookie,
    );
    await api(
      server,
      "POST",
      `/api/tenants/${tenant.json.id}/occupants`,
      { persons: 3, validFrom: "2024-06-01" },
      cookie,
    );
    const meter = await api(
      server,
      "POST",
      "/api/meters",
      { meterNumber: "KW-1", meterType: "Kaltwasser", unitId: unit.json.id },
      cookie,
    );
    await api(
      server,
      "POST",
      `/api/meters/${meter.json.id}/readings`,
      { readingValue: "12.5", readingDate: "2024-01-01" },
      cookie,
    );
    const earlierPeriod = await api(
      server,
      "POST",
      "/api/billing-periods",
      {
        propertyId: property.json.id,
        billingPeriodStart: "2023-01-01",
        billingPeriodEnd: "2023-12-31",
      },
      cookie,
    );
    await api(
      server,
      "POST",
      "/api/rates",
      {
        utilityType: "electricity",
        rateName: "HT/NT",
        unitPrice: "0.35",
        basePrice: "12.50",
        tariffType: "time_based",
        tiers: [
          { tierName: "HT", tierType: "time_based", unitPrice: "0.38" },
          { tierName: "NT", tierType: "time_based", unitPrice: "0.28" },
        ],
      },
      cookie,
    );
    await api(
      server,
      "PUT",
      "/api/billing-data",
      {
        companyName: "Hausverwaltung Park GmbH",
        phone: "0521 123456",
        street: "Parkstraße",
        houseNumber: "1",
        postalCode: "33602",
        city: "Bielefeld",
        iban: "DE89 3704 0044 0532 0130 00",
      },
      cookie,
    );
    await api(
      server,
      "PUT",
      "/api/notification-settings",
      { emailBilling: false, emailSystem: true, emailMarketing: true },
      cookie,
    );
    await api(server, "POST", "/api/contact", {
      name: "Jana Vermieterin",
      email: "jana@example.de",
      subject: "Enterprise-Anfrage",
      message: "Wir verwalten 120 Einheiten und möchten ein Angebot.",
    });
    // A finalized statement run with its costs, CO2 inputs, a hand-entered consumption and its stored letter.
    const period = await api(
      server,
      "POST",
      "/api/billing-periods",
      {
        propertyId: property.json.id,
        billingPeriodStart: "2024-01-01",
        billingPeriodEnd: "2024-12-31",
      },
      cookie,
    );
    const costItems = [
      { costType: "Grundsteuer", amount: "500.00", key: "area" },
      { costType: "Kaltwasser", amount: "200.00", key: "consumption", meter: "coldwater" },
    ];
    const consumptionOverrides = [
      { unitId: unit.json.id, meter: "coldwater", value: "30", reason: "Zähler defekt" },
    ];
    const run = await api(
      server,
      "POST",
      "/api/statements",
      { billingPeriodId: period.json.id, costItems, consumptionOverrides, finalize: true },
      cookie,
    );
    // Another period's costs are still being entered: a draft with CO2 inputs, a heating cost sheet and the § 6a inputs (issue 24).
    // Warmwasser by the direct key (decision 1403): the tenancy's own amount, stored in its own table.
    await api(
      server,
      "PUT",
      `/api/billing-periods/${earlierPeriod.json.id}/costs`,
      {
        costItems: [
          {
            costType: "Heizung",
            amount: "3000.00",
            key: "mixed",
            consumptionShare: 70,
            meter: "heating",
          },
          {
            costType: "Warmwasser",
            amount: "400.00",
            key: "direct",
            directAmounts: [{ tenancyId: tenant.json.id, amount: "400.00", laborCosts: "12.50" }],
          },
        ],
        co2: { fuel: "gas", consumptionKwh: "30000", heatingValue: "upper" },
        consumptionOverrides,
        heatingCosts: {
          fuel: "gas",
          quantityUnit: "kWh",
          quantity: "30000",
          fuelCost: "2800.00",
          maintenance: "200.00",
        },
        annualInformation: {
          energyMix: [{ carrier: "Erdgas", percent: "100" }],
          meteringDeviceFee: "180.00",
          readingAndBillingFee: "95.50",
        },
      },
      cookie,
    );
    // A bank statement imported into the draft period: its bookings and the remembered payee rules (issue 28).
    const camt = fs.readFileSync(
      new URL("../support/bank-files/camt053-2025.xml", import.meta.url),
    );
    const bankImport = await api(
      server,
      "POST",
      "/api/imports/bank-statements",
      {
        billingPeriodId: earlierPeriod.json.id,
        file: { fileName: "camt053-2025.xml", contentBase64: camt.toString("base64") },
        assignments: [{ row: 1, parts: [{ costType: "Grundsteuer", amount: "1234.56" }] }],
      },
      cookie,
    );
    expect(bankImport.response.status).toBe(200);
    // All letters as one PDF in the background (issue 32, decision 1084): the batch and its file.
    const batch = await api(
      server,
      "POST",
      `/api/statements/${run.json.id}/letter-batches`,
      undefined,
      cookie,
    );
    expect(batch.response.status).toBe(202);
    let batchStatus = batch.json.status as string;
    while (batchStatus === "queued" || batchStatus === "running") {
      await new Promise((r) => setTimeout(r, 200));
      batchStatus = (
        await api(server, "GET", `/api/letter-batches/${batch.json.id}`, undefined, cookie)
      ).json.status;
    }
    expect(batchStatus).toBe("done");
    // Posted: the letter is stored as it went out (decision 1060).
    await api(
      server,
      "POST",
      `/api/tenant-statements/${run.json.statements[0].id}/mark-posted`,
      {},
      cookie,
    );
    const letter = await fetch(
      `${server.baseUrl}/api/tenant-statements/${run.json.statements[0].id}/pdf`,
      { headers: { cookie } },
    );
    expect(letter.status).toBe(200);
    expect((await letter.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(
      (
        await api(server, "POST", "/api/auth/sign-in/email", {
          email: "unbekannt@example.de",
          password: "Falsch123",
        })
      ).response.status,
    ).toBe(401);
    await api(server, "POST", "/api/auth/request-password-reset", { email });
    await api(
      server,
      "POST",
      "/api/monitoring/errors",
      { kind: "error", message: "Testfehler", occurredAt: new Date().toISOString() },
      cookie,
    );
    await api(
      server,
      "POST",
      "/api/monitoring/metrics",
      { name: "page.load", value: 900, unit: "ms", occurredAt: new Date().toISOString() },
      cookie,
    );
    // The team: an open invitation (issue 29).
    expect(
      (
        await api(
          server,
          "POST",
          "/api/team/invitations",
          { email: "kollegin@example.de", role: "editor" },
          cookie,
        )
      ).response.status,
    ).toBe(201);
    // The reset mail is sent by the job worker.
    const outbox = path.join(original, "outbox");
    while (!fs.existsSync(outbox) || fs.readdirSync(outbox).length === 0)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));

    // Written directly while the app is stopped.
    expect(await server.stop()).toBe(0);
    const direct = await openDatabase({ kind: "pglite", dataDir: original }, createLogger("warn"));
    // A Stripe webhook needs the payment provider configured; its idempotency row is written directly.
    await direct.db
      .insertInto("stripeEvents")
      .values({ id: "evt_sicherung", type: "checkout.session.completed" })
      .execute();
    // An API key needs the Enterprise plan (decision 1171); this trial account's key is written directly.
    const userId = signUp.json.user.id as string;
    await direct.db
      .insertInto("apiKeys")
      .values({
        accountId: userId,
        userId,
        name: "Buchhaltung",
        role: "viewer",
        tokenHash: "a".repeat(64),
        tokenPrefix: "nk_abcdef",
        expiresOn: "2030-12-31",
      })
      .execute();
    // A deadline reminder that went out (issue 30); this account has billing mails off, so the daily job sends none.
    await direct.db
      .insertInto("deadlineReminders")
      .values({
        userId,
        billingPeriodId: period.json.id,
        deadline: "2025-12-31",
        daysBefore: 30,
        sentOn: "2025-12-01",
      })
      .execute();
    // The metering company's results need the Enterprise plan too (decision 1404): a remembered flat and one result, written directly.
    await direct.db
      .insertInto("meteringFlatMappings")
      .values({
        userId,
        propertyId: property.json.id,
        firmFlat: "0047112300001",
        managerKey: "PARK-EG-LINKS",
        unitId: unit.json.id,
      })
      .execute();
    // The firm's numbers remembered for the property (decision 1701).
    await direct.db
      .insertInto("meteringFirmNumbers")
      .values({
        userId,
        propertyId: property.json.id,
        customerNumber: "4711",
        propertyNumber: "004711230",
      })
      .execute();
    await direct.db
      .insertInto("meteringResults")
      .values({
        userId,
        billingPeriodId: earlierPeriod.json.id,
        unitId: unit.json.id,
        tenantId: tenant.json.id,
        firmFlat: "0047112300001",
        lastDay: "2023-12-31",
        costTypeCode: "235",
        costType: "Warmwasser",
        costs: "400.00",
        prepayments: "360.00",
        balance: "40.00",
        consumption: "18.400",
        consumptionUnit: "m³",
        readingCode: 11,
        isEstimated: false,
        laborCosts: "12.50",
        taxCategory: "craftsmen",
        fileName: "DTD305_20240314093000.DAT",
      })
      .execute();
    // A monthly consumption information that went out (issue 30, decision 1630), written directly like the reminder.
    await direct.db
      .insertInto("monthlyInformationLetters")
      .values({
        userId,
        propertyId: property.json.id,
        tenantId: tenant.json.id,
        month: "2025-10",
        recipient: "olga@example.de",
        sentAt: new Date("2025-11-03T08:00:00Z"),
      })
      .execute();
    await direct.close();
    const expected = await snapshotDatabase(original);
    const emptyTables = Object.entries(expected)
      .filter(([, rows]) => rows.length === 0)
      .map(([table]) => table);
    expect(emptyTables).toEqual([]);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(23);

    // Backup while the app runs.
    server = await start(original);
    const file = path.join(backupDir, "nebenkosten-sicherung.tar.gz");
    const backup = runCommand("backup", file, original);
    expect(backup.output).toContain(
      `Sicherung von ${original} vom laufenden Server geschrieben: ${file}`,
    );
    expect(backup.status).toBe(0);
    await expect.poll(() => server.readEvents("backup.database_dumped").length).toBe(1);
    // The app kept serving.
    expect((await api(server, "GET", "/api/me", undefined, cookie)).response.status).toBe(200);
    // A second backup to the same file is refused.
    const again = runCommand("backup", file, original);
    expect(again.status).toBe(1);
    expect(again.output).toContain(
      `Die Datei ${file} gibt es schon. Wählen Sie einen neuen Dateinamen.`,
    );
    expect(await server.stop()).toBe(0);

    // Restore into a folder that does not exist yet; a non-empty folder is refused.
    const refused = runCommand("restore", file, original);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(`Der Datenordner ${original} ist nicht leer.`);
    const notABackup = path.join(backupDir, "kein-backup.tar.gz");
    fs.writeFileSync(notABackup, "kein Archiv");
    const wrongFile = runCommand("restore", notABackup, restoredAgain);
    expect(wrongFile.output).toContain(`Die Datei ${notABackup} ist keine Nebenkosten-Sicherung.`);
    expect(fs.readdirSync(restoredAgain)).toEqual([]);

    const restore = runCommand("restore", file, restored);
    expect(restore.output).toContain(`in ${restored} wiederhergestellt`);
    expect(restore.status).toBe(0);
    expect(await snapshotDatabase(restored)).toEqual(expected);
    expect(fs.readdirSync(path.join(restored, "outbox"))).toEqual(fs.readdirSync(outbox));
    expect(fs.readdirSync(path.join(restored, "files"), { recursive: true })).toEqual(
      fs.readdirSync(path.join(original, "files"), { recursive: true }),
    );
    expect(fs.readFileSync(path.join(restored, "auth-secret"), "utf8")).toBe(
      fs.readFileSync(path.join(original, "auth-secret"), "utf8"),
    );

    // The app starts on the restored folder: the old session and the password still work.
    const onRestored = await start(restored);
    expect((await api(onRestored, "GET", "/api/me", undefined, cookie)).json.user.email).toBe(
      email,
    );
    const signIn = await api(onRestored, "POST", "/api/auth/sign-in/email", {
      email,
      password: TEST_PASSWORD,
    });
    expect(signIn.response.status).toBe(200);
    const properties = await api(onRestored, "GET", "/api/properties", undefined, cookie);
    expect(properties.json.map((p: { name: string }) => p.name)).toEqual(["Haus am Park"]);
    const batchPdf = await fetch(`${onRestored.baseUrl}/api/letter-batches/${batch.json.id}/pdf`, {
      headers: { cookie },
    });
    expect(batchPdf.status).toBe(200);
    expect((await batchPdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(await onRestored.stop()).toBe(0);

    // With no app running, the command opens the folder itself.
    const offlineFile = path.join(backupDir, "offline.tar.gz");
    const offline = runCommand("backup", offlineFile, restored);
    expect(offline.output).toContain("bei gestopptem Server geschrieben");
    expect(offline.status).toBe(0);
    fs.rmSync(restoredAgain, { recursive: true, force: true });
    expect(runCommand("restore", offlineFile, restoredAgain).status).toBe(0);
    const afterRestart = await snapshotDatabase(restoredAgain);
    // The restored app's start and sign-in wrote sessions, activities and attempt counters; everything else is equal.
    for (const [table, rows] of Object.entries(expected)) {
      if (["sessions", "user_activities", "rate_limit_buckets"].includes(table))
        expect(afterRestart[table]!.length, table).toBeGreaterThanOrEqual(rows.length);
      else expect(afterRestart[table], table).toEqual(rows);
    }
  }, 360_000);

  it("refuses to back up with DATABASE_URL and points to pg_dump", () => {
    const result = spawnSync(
      process.execPath,
      ["scripts/server-command.mjs", "backup", path.join(backupDir, "pg.tar.gz")],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
          DATA_DIR: restoredAgain,
        },
        encoding: "utf8",
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "Mit DATABASE_URL liegen die Daten auf dem PostgreSQL-Server: sichern Sie ihn mit pg_dump (siehe docs/operations.md).",
    );
  });
});
