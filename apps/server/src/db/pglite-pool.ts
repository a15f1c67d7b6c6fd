import type { PGliteThread } from "./pglite-thread.ts";

interface PoolClientLike {
  query(
    sql: string,
    params: readonly unknown[],
  ): Promise<{ rows: unknown[]; rowCount: number; command: string }>;
  release(): void;
}

// The command tag pg reports (Kysely reads `numAffectedRows` only for these).
const WRITE_COMMAND = /^\s*(?:with\b[\s\S]*?\b)?(insert|update|delete|merge)\b/i;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\s*$/i;

/**
 * Makes one embedded PGlite database look like a `pg` Pool to Kysely's PostgresDialect. The
 * database itself runs on its own thread (PGliteThread, decision 1082); this pool decides who
 * may send it statements.
 * PGlite has a single connection, so `connect()` hands it out to one caller at a time: a
 * transaction keeps it until it commits, and nothing else can interleave statements into it.
 * Code inside a transaction must use the transaction object, never the pool (it would wait for
 * itself).
 */
export class PGlitePool {
  #tail: Promise<void> = Promise.resolve();
  #waiting = 0;
  #isHeld = false;
  readonly #db: PGliteThread;

  constructor(db: PGliteThread) {
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
      return await this.#db.dumpDataDir();
    } finally {
      release();
    }
  }

  async connect(): Promise<PoolClientLike> {
    const release = await this.#acquire();
    const db = this.#db;
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
          const last = await db.exec(sql);
          return { rows: last.rows, rowCount: last.affectedRows, command: "" };
        }
        const result = await db.query(sql, params);
        const command = WRITE_COMMAND.exec(sql)?.[1]?.toUpperCase() ?? "SELECT";
        return {
          rows: result.rows,
          rowCount: command === "SELECT" ? result.rows.length : result.affectedRows,
          command,
        };
      },
    };
  }

  /** Whether the database thread answers; does not wait for the connection (GET /api/health). */
  ping(): Promise<boolean> {
    return this.#db.ping();
  }

  async end(): Promise<void> {
    await this.#tail;
    await this.#db.close();
  }
}
