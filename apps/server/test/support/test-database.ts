import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { createLogger } from "../../src/lib/logger.ts";

// Warnings of the pool (an idle connection dropped by the server) still show in the test output.
const logger = createLogger("warn");

export type TestDriver = "pglite" | "postgres";

/** The drivers the integration suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DRIVERS: TestDriver[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** A new, empty database on the PostgreSQL server of TEST_DATABASE_URL; `drop` removes it. */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `nk_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(driver: TestDriver): Promise<DatabaseHandle> {
  return (await createSharedTestDatabase(driver, 1))[0]!;
}

/**
 * `count` handles on one fresh database, as several instances would have: separate pools on
 * PostgreSQL; on PGlite (one process only) the same handle. Closing the first drops it.
 */
export async function createSharedTestDatabase(
  driver: TestDriver,
  count: number,
): Promise<DatabaseHandle[]> {
  if (driver === "pglite") {
    const handle = await openDatabase({ kind: "pglite", dataDir: null }, logger);
    await migrateToLatest(handle.db);
    return Array.from({ length: count }, (_, i) =>
      i === 0 ? handle : { ...handle, close: async () => {} },
    );
  }
  const database = await createEmptyPostgresDatabase();
  const handles = await Promise.all(
    Array.from({ length: count }, () =>
      openDatabase({ kind: "postgres", url: database.url }, logger),
    ),
  );
  await migrateToLatest(handles[0]!.db);
  return handles.map((handle, i) => ({
    ...handle,
    async close() {
      await handle.close();
      if (i === 0) {
        await Promise.all(handles.slice(1).map((other) => other.close().catch(() => undefined)));
        await database.drop();
      }
    },
  }));
}
