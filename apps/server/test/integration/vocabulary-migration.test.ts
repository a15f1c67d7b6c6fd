// rename-vocabulary: keep (this test writes rows under the former table and column names on purpose)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { MIGRATIONS } from "../../src/db/migrations/index.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { writeBackupArchive } from "../../src/ops/backup-archive.ts";
import { restoreDataDir } from "../../src/ops/restore-data-dir.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { createEmptyPostgresDatabase, TEST_DRIVERS } from "../support/test-database.ts";
import { unpackJson } from "../../src/db/packed-json.ts";

// Migration 1750 (decision 1750, docs/glossary.md) renames cost_groups, statement_snapshots and
// statements on a database that already holds an account's data: the rows, their keys and the
// rules on them stay, and the API reads them under the new names (and the former API names).

const RENAME = "1750-one-name-for-each-thing";
const BEFORE_RENAME = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((migration) => migration.name === RENAME),
);
/** The rename and every migration written after it, in the order they run. */
const FROM_RENAME = MIGRATIONS.slice(BEFORE_RENAME.length).map((migration) => migration.name);

async function openEmptyDatabase(
  driver: "pglite" | "postgres",
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const logger = createLogger("warn");
  if (driver === "pglite") {
    return {
      handle: await openDatabase({ kind: "pglite", dataDir: null }, logger),
      drop: async () => {},
    };
  }
  const database = await createEmptyPostgresDatabase();
  return {
    handle: await openDatabase({ kind: "postgres", url: database.url }, logger),
    drop: () => database.drop(),
  };
}

describe.each(TEST_DRIVERS)("migration 1750: one name for each thing (%s)", (driver) => {
  let t: TestContext;
  let dropDatabase: () => Promise<void>;
  let cookie: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { handle, drop } = await openEmptyDatabase(driver);
    dropDatabase = drop;
    expect(FROM_RENAME[0]).toBe(RENAME);
    await migrateToLatest(handle.db, BEFORE_RENAME);
    t = await createTestContext(driver, {}, { database: handle });
    const account = await t.signUp();
    cookie = account.cookie;
    const userId = account.userId;
    const one = async (query: ReturnType<typeof sql<{ id: string }>>) =>
      (await query.execute(t.db)).rows[0]!.id;
    // An account's data written as the code before the rename wrote it.
    ids.property = await one(sql`insert into properties (user_id, name, address, property_type)
      values (${userId}, 'Lindenweg 3', 'Lindenweg 3, 04109 Leipzig', 'Mehrfamilienhaus') returning id`);
    ids.unit = await one(sql`insert into units (user_id, property_id, name, area, persons)
      values (${userId}, ${ids.property}, 'EG links', 62.5, 2) returning id`);
    ids.tenant = await one(sql`insert into tenants (user_id, unit_id, name, move_in_date)
      values (${userId}, ${ids.unit}, 'Jürgen Krüger', '2020-01-01') returning id`);
    ids.period =
      await one(sql`insert into cost_groups (user_id, property_id, name, billing_period_start, billing_period_end)
      values (${userId}, ${ids.property}, 'Abrechnung 01.01.2024 - 31.12.2024', '2024-01-01', '2024-12-31') returning id`);
    ids.meter = await one(sql`insert into meters (user_id, unit_id, meter_number, meter_type)
      values (${userId}, ${ids.unit}, 'KW-1', 'Kaltwasser') returning id`);
    ids.reading =
      await one(sql`insert into meter_readings (user_id, meter_id, cost_group_id, reading_value, reading_date)
      values (${userId}, ${ids.meter}, ${ids.period}, 120.5, '2024-12-31') returning id`);
    ids.run =
      await one(sql`insert into statement_snapshots (user_id, cost_group_id, property_id, engine_version, engine_input, result, consumption, total_costs, calculated_at)
      values (${userId}, ${ids.period}, ${ids.property}, '1.1', '{"costGroupId": "kept"}'::jsonb, '{}'::jsonb, '{}'::jsonb, 1234.56, now()) returning id`);
    ids.statement =
      await one(sql`insert into statements (user_id, cost_group_id, property_id, unit_id, tenant_id, total_costs_share, prepayment_amount, final_balance, snapshot_id)
      values (${userId}, ${ids.period}, ${ids.property}, ${ids.unit}, ${ids.tenant}, 1234.56, 1200, 34.56, ${ids.run}) returning id`);
    ids.batch = await one(sql`insert into letter_batches (user_id, snapshot_id, total)
      values (${userId}, ${ids.run}, 1) returning id`);
    await sql`insert into user_activities (user_id, action, entity_type, entity_id, entity_name, description)
      values (${userId}, 'created', 'cost_group', ${ids.period}, 'Abrechnung 2024', 'Abrechnungszeitraum angelegt: Abrechnung 2024')`.execute(
      t.db,
    );
    expect(await migrateToLatest(t.db)).toEqual(FROM_RENAME);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await dropDatabase?.();
  });

  it("keeps every row under the new table and column names", async () => {
    const period = await t.db
      .selectFrom("billingPeriods")
      .select(["id", "name"])
      .where("id", "=", ids.period!)
      .executeTakeFirstOrThrow();
    expect(period.name).toBe("Abrechnung 01.01.2024 - 31.12.2024");
    // Since migration 1880 a run's documents are in their own row (decision 1880).
    const run = await t.db
      .selectFrom("statementRuns as s")
      .innerJoin("statementRunDocuments as d", "d.id", "s.documentsId")
      .select(["s.billingPeriodId", "s.totalCosts", "d.engineInput"])
      .where("s.id", "=", ids.run!)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ billingPeriodId: ids.period, totalCosts: "1234.56" });
    // Stored JSON is not rewritten: text since decision 1860, read as before.
    expect(await unpackJson(run.engineInput)).toEqual({ costGroupId: "kept" });
    expect(
      await t.db
        .selectFrom("tenancyStatements")
        .select(["id", "billingPeriodId", "statementRunId", "finalBalance"])
        .where("id", "=", ids.statement!)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      id: ids.statement,
      billingPeriodId: ids.period,
      statementRunId: ids.run,
      finalBalance: "34.56",
    });
    expect(
      await t.db
        .selectFrom("letterBatches")
        .select("statementRunId")
        .where("id", "=", ids.batch!)
        .executeTakeFirstOrThrow(),
    ).toEqual({ statementRunId: ids.run });
    expect(
      await t.db
        .selectFrom("meterReadings")
        .select("billingPeriodId")
        .where("id", "=", ids.reading!)
        .executeTakeFirstOrThrow(),
    ).toEqual({ billingPeriodId: ids.period });
  });

  it("leaves no table, column, constraint or index under a former name", async () => {
    const names = async (query: ReturnType<typeof sql<{ name: string }>>) =>
      (await query.execute(t.db)).rows.map((row) => row.name);
    expect(
      await names(sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_name in ('cost_groups', 'statement_snapshots', 'statements')`),
    ).toEqual([]);
    expect(
      await names(sql`select table_name || '.' || column_name as name from information_schema.columns
        where table_schema = current_schema() and column_name ~ '(cost_group|snapshot)'`),
    ).toEqual([]);
    expect(
      await names(sql`select con.conname as name from pg_constraint con
        join pg_namespace n on n.oid = con.connamespace
        where n.nspname = current_schema() and (con.conname ~ '(cost_group|snapshot)' or con.conname ~ '^statements_')`),
    ).toEqual([]);
    expect(
      await names(sql`select indexname as name from pg_indexes where schemaname = current_schema()
        and (indexname ~ '(cost_group|snapshot)' or indexname ~ '^statements_')`),
    ).toEqual([]);
    const tenancyStatementKeys = await names(sql`select con.conname as name from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid where rel.relname = 'tenancy_statements' order by 1`);
    expect(tenancyStatementKeys).toContain("tenancy_statements_pkey");
    // Decision 1890 (migration 1890, after the rename): the run's key checks account, period and property.
    const foreignKeys = await names(sql`select con.conname as name from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid
      where rel.relname = 'tenancy_statements' and con.contype = 'f' order by 1`);
    expect(foreignKeys).toEqual([
      "tenancy_statements_run_fkey",
      "tenancy_statements_tenant_id_fkey",
      "tenancy_statements_unit_id_fkey",
    ]);
  });

  it("answers the migrated data through the API, under the new and the former names", async () => {
    const periods = await readJson(await t.request("GET", "/api/billing-periods", { cookie }));
    expect(periods.map((p: { id: string }) => p.id)).toEqual([ids.period]);
    const readings = await readJson(
      await t.request("GET", `/api/meters/${ids.meter}/readings`, { cookie }),
    );
    expect(readings).toEqual([
      expect.objectContaining({
        id: ids.reading,
        billingPeriodId: ids.period,
        billingPeriodName: "Abrechnung 01.01.2024 - 31.12.2024",
        costGroupId: ids.period,
        costGroupName: "Abrechnung 01.01.2024 - 31.12.2024",
      }),
    ]);
    const runs = await readJson(
      await t.request("GET", `/api/statements?propertyId=${ids.property}`, { cookie }),
    );
    expect(runs.items.map((item: { id: string }) => item.id)).toEqual([ids.run]);
    // The former area name of the activity filter still finds the migrated entry.
    for (const area of ["billing_period", "cost_group"]) {
      const activities = await readJson(
        await t.request("GET", `/api/activities?areas=${area}`, { cookie }),
      );
      expect(
        activities.items.map((item: { entityId: string }) => item.entityId),
        area,
      ).toEqual([ids.period]);
    }
  });

  it("still refuses to delete a billing period with a saved run; nothing changes", async () => {
    const response = await t.request("DELETE", `/api/billing-periods/${ids.period}`, { cookie });
    expect(response.status).toBe(409);
    expect(
      await t.db.selectFrom("billingPeriods").select("id").where("id", "=", ids.period!).execute(),
    ).toHaveLength(1);
  });

  it("takes the bulk readings' period under its former field name; without either a German message", async () => {
    const body = {
      readingDate: "2024-12-31",
      readings: [{ meterId: ids.meter, readingValue: "130.5" }],
      confirmDecrease: true,
    };
    const former = await t.request("POST", "/api/readings/bulk", {
      cookie,
      body: { ...body, costGroupId: ids.period },
    });
    expect(former.status).toBe(200);
    expect(
      await t.db
        .selectFrom("meterReadings")
        .select(["billingPeriodId", "readingValue"])
        .where("meterId", "=", ids.meter!)
        .execute(),
    ).toEqual([{ billingPeriodId: ids.period, readingValue: "130.500" }]);
    const missing = await t.request("POST", "/api/readings/bulk", { cookie, body });
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).error.fields).toMatchObject({
      billingPeriodId: "Bitte wählen Sie eine Abrechnungsperiode aus.",
    });
  });
});

// A backup is a copy of the embedded database's folder (ops/backup-archive.ts): one taken before
// the rename restores as it is and is renamed by migration 1750 at the next start.
describe("a backup taken before migration 1750", () => {
  it("restores, and its rows are found under the new names after the migrations ran", async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-vocabulary-"));
    try {
      const logger = createLogger("warn");
      const oldDir = path.join(workDir, "old");
      fs.mkdirSync(oldDir);
      const old = await openDatabase({ kind: "pglite", dataDir: oldDir }, logger);
      let dump: Uint8Array;
      try {
        await migrateToLatest(old.db, BEFORE_RENAME);
        await sql`insert into users (id, name, email) values ('u-backup', 'Vera Vermieterin', 'vera@example.de')`.execute(
          old.db,
        );
        await sql`insert into properties (id, user_id, name, address, property_type)
          values ('00000000-0000-4000-8000-000000000001', 'u-backup', 'Lindenweg 3', 'Lindenweg 3, 04109 Leipzig', 'Mehrfamilienhaus')`.execute(
          old.db,
        );
        await sql`insert into cost_groups (id, user_id, property_id, name, billing_period_start, billing_period_end)
          values ('00000000-0000-4000-8000-000000000002', 'u-backup', '00000000-0000-4000-8000-000000000001', 'Abrechnung 2024', '2024-01-01', '2024-12-31')`.execute(
          old.db,
        );
        await sql`insert into statement_snapshots (id, user_id, cost_group_id, property_id, engine_version, engine_input, result, consumption, total_costs, calculated_at)
          values ('00000000-0000-4000-8000-000000000003', 'u-backup', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', '1.1', '{}', '{}', '{}', 10, now())`.execute(
          old.db,
        );
        dump = await old.dumpEmbedded!();
      } finally {
        await old.close();
      }
      const file = path.join(workDir, "backup.tar.gz");
      fs.mkdirSync(path.join(workDir, "files"));
      await writeBackupArchive({
        dataDir: path.join(workDir, "files"),
        databaseDump: dump,
        target: file,
      });
      const restoredDir = path.join(workDir, "restored");
      await restoreDataDir({ dataDir: restoredDir, file });
      const restored = await openDatabase({ kind: "pglite", dataDir: restoredDir }, logger);
      try {
        expect(await migrateToLatest(restored.db)).toEqual(FROM_RENAME);
        expect(
          await restored.db
            .selectFrom("statementRuns as r")
            .innerJoin("billingPeriods as p", "p.id", "r.billingPeriodId")
            .select(["r.id", "p.name"])
            .execute(),
        ).toEqual([{ id: "00000000-0000-4000-8000-000000000003", name: "Abrechnung 2024" }]);
      } finally {
        await restored.close();
      }
    } finally {
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  }, 60_000);
});
