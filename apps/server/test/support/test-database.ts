import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";

export type TestDriver = "pglite" | "postgres";

/** The drivers the integration suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DRIVERS: TestDriver[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(driver: TestDriver): Promise<DatabaseHandle> {
  if (driver === "pglite") {
    const handle = await openDatabase({ kind: "pglite", dataDir: null });
    await migrateToLatest(handle.db);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `nk_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
