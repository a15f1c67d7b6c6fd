import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlitePool } from "../../src/db/pglite-pool.ts";

// The embedded database's write generation (decision 0992): it must move on every statement that
// may change data, and stand still on reads, so that the answer cache can trust it.
describe("PGlitePool write generation", () => {
  let pglite: PGlite;
  let pool: PGlitePool;

  const run = async (sql: string, params: unknown[] = []) => {
    const client = await pool.connect();
    try {
      return await client.query(sql, params);
    } finally {
      client.release();
    }
  };
  const movesOn = async (sql: string, params: unknown[] = []) => {
    const before = pool.readWriteGeneration();
    await run(sql, params).catch(() => undefined);
    return pool.readWriteGeneration() !== before;
  };

  beforeAll(async () => {
    pglite = await PGlite.create();
    pool = new PGlitePool(pglite);
    await run("create table items (id int primary key, name text); insert into items values (1, 'a');");
    // Starting PGlite (a WebAssembly Postgres) took over the default 10 s on a loaded two-core machine.
  }, 60_000);
  afterAll(async () => pool.end());

  it("stands still on reads and transaction control", async () => {
    expect(await movesOn("select * from items where id = $1", [1])).toBe(false);
    expect(await movesOn("begin")).toBe(false);
    expect(await movesOn("commit")).toBe(false);
    expect(await movesOn("show server_version")).toBe(false);
  });

  it("moves on a change of rows, but not on an update that matched none", async () => {
    expect(await movesOn("insert into items values ($1, $2)", [2, "b"])).toBe(true);
    expect(await movesOn("update items set name = $1 where id = $2", ["c", 2])).toBe(true);
    expect(await movesOn("update items set name = $1 where id = $2", ["c", 99])).toBe(false);
    expect(await movesOn("delete from items where id = $1", [2])).toBe(true);
  });

  it("moves on anything it cannot prove harmless: DDL, several statements, CTEs, locks, sequences, failures", async () => {
    expect(await movesOn("alter table items add column note text")).toBe(true);
    expect(await movesOn("select 1; select 2;")).toBe(true);
    expect(await movesOn("with gone as (delete from items where id = $1 returning id) select count(*) from gone", [99])).toBe(true);
    expect(await movesOn("select * from items where id = $1 for update", [1])).toBe(true);
    expect(await movesOn("select nextval($1)", ["nope"])).toBe(true);
    expect(await movesOn("insert into items values ($1, $2)", [1, "duplicate"])).toBe(true);
  });
});
