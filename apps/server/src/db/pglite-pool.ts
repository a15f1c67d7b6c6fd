import type { PGlite } from "@electric-sql/pglite";

interface PoolClientLike {
  query(sql: string, params: readonly unknown[]): Promise<{ rows: unknown[]; rowCount: number; command: string }>;
  release(): void;
}

const WRITE_COMMAND = /^\s*(?:with\b[\s\S]*?\b)?(insert|update|delete|merge)\b/i;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\s*$/i;
// Statements that cannot change data. Anything else (DDL, a function call, several statements)
// counts as a change: the write generation may move too often, never too rarely.
const NON_CHANGING_COMMAND = /^\s*(select|begin|start\s+transaction|commit|end|rollback|savepoint|release|show)\b/i;

/**
 * Makes one embedded PGlite database look like a `pg` Pool to Kysely's PostgresDialect.
 * PGlite has a single connection, so `connect()` hands it out to one caller at a time: a
 * transaction keeps it until it commits, and nothing else can interleave statements into it.
 * Code inside a transaction must use the transaction object, never the pool (it would wait for
 * itself).
 */
export class PGlitePool {
  #tail: Promise<void> = Promise.resolve();
  #waiting = 0;
  #isHeld = false;
  #writeGeneration = 0;
  readonly #db: PGlite;

  constructor(db: PGlite) {
    this.#db = db;
  }

  /** Waits for the single connection and holds it until `release` is called. */
  async #acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    this.#waiting += 1;
    await previous;
    this.#waiting -= 1;
    this.#isHeld = true;
    return () => {
      this.#isHeld = false;
      release();
    };
  }

  /**
   * Moves whenever a statement may have changed data (decision 0992). The single connection
   * means that no query runs between a change and this count moving, so an answer computed
   * while the count stood still reflects one committed state, and stays true until it moves.
   */
  readWriteGeneration(): number {
    return this.#writeGeneration;
  }

  #noteStatement(sql: string, affectedRows: number): void {
    const write = WRITE_COMMAND.exec(sql);
    if (write) {
      // A data-changing CTE may report no affected rows: only a plain statement may skip.
      if (affectedRows > 0 || /^\s*with\b/i.test(sql)) this.#writeGeneration += 1;
      return;
    }
    if (!NON_CHANGING_COMMAND.test(sql) || /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(sql) || /\bnextval\s*\(/i.test(sql)) this.#writeGeneration += 1;
  }

  readStats(): { total: number; idle: number; waiting: number } {
    return { total: 1, idle: this.#isHeld ? 0 : 1, waiting: this.#waiting };
  }

  /**
   * A consistent copy of the data folder (a tar archive): taken holding the connection, so no
   * transaction is open, after a CHECKPOINT, so the files hold every committed change.
   */
  async dumpDataDir(): Promise<Uint8Array> {
    const release = await this.#acquire();
    try {
      await this.#db.exec("checkpoint");
      const archive = await this.#db.dumpDataDir("none");
      return new Uint8Array(await archive.arrayBuffer());
    } finally {
      release();
    }
  }

  async connect(): Promise<PoolClientLike> {
    const release = await this.#acquire();
    const db = this.#db;
    const noteStatement = (sql: string, affectedRows: number) => this.#noteStatement(sql, affectedRows);
    const noteScript = () => (this.#writeGeneration += 1);
    return {
      release,
      async query(sql, params) {
        if (params.length === 0 && TRANSACTION_CONTROL.test(sql)) {
          // begin/commit/rollback by the simple protocol: one message instead of five (issue 19).
          await db.exec(sql);
          return { rows: [], rowCount: 0, command: "" };
        }
        if (params.length === 0 && sql.includes(";")) {
          // Several statements (migrations): the simple protocol runs them all.
          const results = await db.exec(sql).finally(noteScript);
          const last = results.at(-1);
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0, command: "" };
        }
        let result;
        try {
          result = await db.query(sql, params as unknown[]);
        } catch (error) {
          noteStatement(sql, 1);
          throw error;
        }
        noteStatement(sql, result.affectedRows ?? 0);
        const command = WRITE_COMMAND.exec(sql)?.[1]?.toUpperCase() ?? "SELECT";
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length, command };
      },
    };
  }

  async end(): Promise<void> {
    await this.#tail;
    await this.#db.close();
  }
}
