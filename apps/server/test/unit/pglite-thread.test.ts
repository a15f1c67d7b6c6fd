import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlitePool } from "../../src/db/pglite-pool.ts";
import { PGliteThread } from "../../src/db/pglite-thread.ts";

// Decision 1082: the embedded database on its own thread, behind the same single-connection pool.
// Opening PGlite (WebAssembly, and tsx inside the thread) takes seconds, on a loaded machine a
// minute: the generous hook and test limits are for starting, nothing here is timed.
const START_LIMIT_MS = 180_000;

describe("PGlite on its own thread", () => {
  let thread: PGliteThread;
  let pool: PGlitePool;
  beforeAll(async () => {
    thread = await PGliteThread.open({ dataDir: null });
    pool = new PGlitePool(thread);
  }, START_LIMIT_MS);
  afterAll(async () => pool?.end(), START_LIMIT_MS);

  it("answers statements with the type parsers applied and errors with their SQLSTATE fields", async () => {
    const client = await pool.connect();
    try {
      const result = await client.query(
        "select $1::numeric as amount, '2024-02-29'::date as day, 3::int8 as count",
        ["1234.50"],
      );
      expect(result.rows).toEqual([{ amount: "1234.50", day: "2024-02-29", count: 3 }]);
      expect(result.command).toBe("SELECT");
      await client.query("create table probe (id int primary key)", []);
      const inserted = await client.query("insert into probe values (1), (2)", []);
      expect(inserted).toMatchObject({ rowCount: 2, command: "INSERT" });
      const duplicate = await client
        .query("insert into probe values (1)", [])
        .catch((error: unknown) => error);
      expect(duplicate).toBeInstanceOf(Error);
      expect(duplicate).toMatchObject({
        code: "23505",
        severity: "ERROR",
        constraint: "probe_pkey",
      });
    } finally {
      client.release();
    }
  });

  it("keeps a transaction's statements together: a second caller waits for the connection", async () => {
    const first = await pool.connect();
    await first.query("begin", []);
    await first.query("insert into probe values (10)", []);
    let secondSaw: unknown = null;
    const second = pool.connect().then(async (client) => {
      secondSaw = (await client.query("select count(*)::int as n from probe where id = 10", []))
        .rows;
      client.release();
    });
    expect(pool.readStats()).toEqual({ total: 1, idle: 0, waiting: 1 });
    // The health ping is answered while the transaction holds the connection.
    expect(await pool.ping()).toBe(true);
    await first.query("rollback", []);
    first.release();
    await second;
    expect(secondSaw).toEqual([{ n: 0 }]);
  });

  it(
    "reports a closed database as unreachable",
    async () => {
      const other = await PGliteThread.open({ dataDir: null });
      expect(await other.ping()).toBe(true);
      await other.close();
      expect(await other.ping()).toBe(false);
      await expect(other.query("select 1", [])).rejects.toThrow(/PGlite is closed/);
    },
    START_LIMIT_MS,
  );
});
