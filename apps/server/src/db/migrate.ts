import { sql } from "kysely";
import type { Db } from "./database.ts";
import { MIGRATIONS, type Migration } from "./migrations/index.ts";

// Arbitrary constant: several instances starting at once against one PostgreSQL take turns.
const MIGRATION_LOCK_KEY = 7_301_556;

/**
 * Applies the migrations that have not run yet, in one transaction; returns their names.
 * The advisory lock comes first, before even the bookkeeping table is created: two instances
 * starting together would otherwise race on `create table if not exists` (PostgreSQL answers
 * the loser with a duplicate-key error on its catalog). The second instance waits for the lock,
 * then finds every migration applied and runs none.
 */
export async function migrateToLatest(
  db: Db,
  migrations: Migration[] = MIGRATIONS,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`.execute(trx);
    const done = await sql<{ name: string }>`select name from schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.name));
    const ran: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await sql.raw(migration.up).execute(trx);
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
      ran.push(migration.name);
    }
    return ran;
  });
}
