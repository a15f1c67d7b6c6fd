import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { createPreparingPool, StatementNames } from "../../src/db/prepared-statements.ts";
import { createEmptyPostgresDatabase, createTestDatabase } from "../support/test-database.ts";

// Decision 1830: on PostgreSQL every query with parameters runs as a named statement, parsed
// and planned once per connection; the number of named texts is capped.

describe("statement names", () => {
  it("names one text once, leaves statements without or with very many parameters unnamed, and stops at the cap", () => {
    const names = new StatementNames(2);
    const first = names.nameFor("select * from units where id = $1", 1);
    expect(first).toMatch(/^nk_\d+$/);
    expect(names.nameFor("select * from units where id = $1", 1)).toBe(first);
    expect(names.nameFor("begin", 0)).toBeUndefined();
    const bulk = `insert into readings values ${Array.from({ length: 101 }, (_, i) => `($${i + 1})`).join(", ")}`;
    expect(names.nameFor(bulk, 101)).toBeUndefined();
    const second = names.nameFor("select * from units where id in ($1, $2)", 2);
    expect(second).toMatch(/^nk_\d+$/);
    expect(second).not.toBe(first);
    // Past the cap: new texts run unnamed, the named ones keep their names.
    expect(names.nameFor("select * from units where id in ($1, $2, $3)", 3)).toBeUndefined();
    expect(names.nameFor("select * from units where id = $1", 1)).toBe(first);
    expect(names.size).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("named statements on PostgreSQL", () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
    database = await createEmptyPostgresDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
    await handle?.close();
  });

  it("runs the app's queries as named statements, prepared once on their connection", async () => {
    const prepared = await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) {
        const rows = await trx
          .selectFrom("accountMembers")
          .select("accountId")
          .where("userId", "=", `user-${i}`)
          .execute();
        expect(rows).toEqual([]);
      }
      // Without parameters: unnamed, so it does not list itself.
      return sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(trx);
    });
    const members = prepared.rows.filter((row) => row.statement.includes('"account_members"'));
    expect(members).toHaveLength(1);
    expect(members[0]!.name).toMatch(/^nk_\d+$/);
  });

  it("keeps at most the cap of statements per connection, answers every query, and survives failing ones", async () => {
    const preparing = createPreparingPool(pool, new StatementNames(4));
    const client = await preparing.connect();
    try {
      // A named statement that fails when it runs, and one that does not parse: each fails
      // alone, and the connection answers the next query.
      await expect(client.query("select 10 / $1::int as quotient", [0])).rejects.toThrow(
        /division by zero/,
      );
      expect((await client.query("select 10 / $1::int as quotient", [5])).rows).toEqual([
        { quotient: 2 },
      ]);
      await expect(client.query("selec $1::int", [1])).rejects.toThrow(/syntax error/);
      await expect(client.query("selec $1::int", [1])).rejects.toThrow(/syntax error/);
      // Texts that vary with the number of values: named up to the cap, unnamed after it.
      for (let count = 1; count <= 4; count++) {
        const values = Array.from({ length: count }, (_, i) => i + 1);
        const placeholders = values.map((_, i) => `$${i + 1}::int`).join(" + ");
        const result = await client.query(`select ${placeholders} as total`, values);
        expect(result.rows).toEqual([{ total: (count * (count + 1)) / 2 }]);
      }
      const listed = await client.query(
        "select statement from pg_prepared_statements order by prepare_time",
      );
      expect(listed.rows.map((row: { statement: string }) => row.statement)).toEqual([
        "select 10 / $1::int as quotient",
        "select $1::int as total",
        "select $1::int + $2::int as total",
      ]);
    } finally {
      client.release();
    }
  });
});
