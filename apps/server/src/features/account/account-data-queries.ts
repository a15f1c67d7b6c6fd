import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

// Export and deletion of an account's data. The tables are read from the database's own
// catalogue, so a table added later by a migration is exported and checked without a change here.

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Never exported: secrets (password hashes, session tokens, reset tokens) and technical logs. */
const NOT_EXPORTED = new Set([
  "sessions",
  "accounts",
  "verifications",
  "auth_attempts",
  "jobs",
  "rate_limit_buckets",
  "client_errors",
  "client_metrics",
  "schema_migrations",
  "contact_requests",
]);

function quoted(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`unexpected identifier ${name}`);
  return `"${name}"`;
}

interface ForeignKey {
  childTable: string;
  childColumn: string;
  parentTable: string;
}

async function listTablesWithUserId(db: Db): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`.execute(db);
  return result.rows.map(
    (r) =>
      (r as unknown as Record<string, string>).table_name ??
      (r as unknown as Record<string, string>).tableName!,
  );
}

async function listForeignKeys(db: Db): Promise<ForeignKey[]> {
  const result = await sql<Record<string, string>>`
    select child.relname as child_table, a.attname as child_column, parent.relname as parent_table
    from pg_constraint con
    join pg_class child on child.oid = con.conrelid
    join pg_class parent on parent.oid = con.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    where con.contype = 'f' and n.nspname = current_schema() and array_length(con.conkey, 1) = 1`.execute(
    db,
  );
  return result.rows.map((r) => ({
    childTable: r.child_table ?? r.childTable!,
    childColumn: r.child_column ?? r.childColumn!,
    parentTable: r.parent_table ?? r.parentTable!,
  }));
}

/**
 * Every row of the account, by table: tables with a user_id column by it, tables without one
 * through their foreign key to an exported row (tenant prepayments through the tenant, ...).
 */
export async function readAccountTables(
  db: Db,
  userId: string,
): Promise<Record<string, Record<string, unknown>[]>> {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const table of await listTablesWithUserId(db)) {
    if (NOT_EXPORTED.has(table)) continue;
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.raw(quoted(table))} where user_id = ${userId}`.execute(db);
    tables[table] = rows.rows;
  }
  const foreignKeys = await listForeignKeys(db);
  // Children of exported tables, level by level (a rate's tiers, a statement's lines, ...).
  for (let depth = 0; depth < 4; depth += 1) {
    let added = false;
    for (const fk of foreignKeys) {
      if (tables[fk.childTable] || NOT_EXPORTED.has(fk.childTable) || !tables[fk.parentTable])
        continue;
      if (fk.parentTable === "users") continue;
      const parentIds = tables[fk.parentTable]!.map((row) => row.id).filter(
        (id): id is string => typeof id === "string",
      );
      if (parentIds.length === 0) {
        tables[fk.childTable] = [];
      } else {
        const rows = await sql<
          Record<string, unknown>
        >`select * from ${sql.raw(quoted(fk.childTable))} where ${sql.raw(quoted(fk.childColumn))}::text in (${sql.join(parentIds)})`.execute(
          db,
        );
        tables[fk.childTable] = rows.rows;
      }
      added = true;
    }
    if (!added) break;
  }
  return tables;
}

/**
 * Deletes the account and everything that names it. Statements go first (they keep their
 * property with ON DELETE RESTRICT); the user row then cascades to every table that references
 * it; what refers to the account without a foreign key (queued mails, reset tokens, limit
 * counters (sign-in attempts among them), contact requests of its address) is removed by its e-mail or id.
 */
export async function deleteAccountRows(
  db: Db,
  user: { id: string; email: string },
): Promise<void> {
  await db.deleteFrom("tenancyStatements").where("userId", "=", user.id).execute();
  // Runs before their periods: a period's runs do not go with it by cascade (migration 1150).
  await db.deleteFrom("statementRuns").where("userId", "=", user.id).execute();
  await db.deleteFrom("billingPeriods").where("userId", "=", user.id).execute();
  await db.deleteFrom("users").where("id", "=", user.id).execute();
  await sql`delete from verifications where value = ${user.id} or identifier = ${user.email} or value like ${`%${user.id}%`}`.execute(
    db,
  );
  await db.deleteFrom("contactRequests").where("email", "=", user.email).execute();
  await sql`delete from jobs where payload::text like ${`%${user.id}%`} or lower(payload::text) like ${`%${user.email.toLowerCase()}%`}`.execute(
    db,
  );
  await sql`delete from rate_limit_buckets where key like ${`%${user.id}%`} or lower(key) like ${`%${user.email.toLowerCase()}%`}`.execute(
    db,
  );
}
