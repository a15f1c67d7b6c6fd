import type pg from "pg";

// Named (prepared) statements for PostgreSQL (issue 32, decision 1830). Kysely hands pg the SQL
// text of every query; unnamed, PostgreSQL parses, analyses and plans it again each time, which
// on the API's short queries took longer than running them (docs/performance.md). Named,
// each connection parses a text once and keeps the statement for the rest of its life; pg then
// sends only Bind/Describe/Execute/Sync for it.
//
// A name stands for one SQL text in this process, whichever connection uses it, so a connection
// never sees one name with two texts. Texts that vary (an `in (…)` list per length, a bulk insert
// per row count) would each become a statement of their own; the number of named texts is capped,
// and texts past the cap run unnamed as before, as do statements without parameters (`begin`,
// `commit`, migrations of several statements: those go by the simple protocol, one message).

/** Named texts per process; PostgreSQL keeps at most this many statements per connection. */
const MAX_NAMED_STATEMENTS = 500;
/** Statements with more parameters than this are bulk writes whose text varies with the rows. */
const MAX_NAMED_PARAMETERS = 100;

type QueryResult = Pick<pg.QueryResult, "rows" | "rowCount" | "command">;

interface PoolClientLike {
  query(config: pg.QueryConfig | string, values?: unknown[]): Promise<QueryResult>;
  release(error?: Error | boolean): void;
}

interface PoolLike {
  connect(): Promise<PoolClientLike>;
  end(): Promise<void>;
}

/** The statement names of one process: a name per SQL text, up to `limit` texts. */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #limit: number;

  constructor(limit = MAX_NAMED_STATEMENTS) {
    this.#limit = limit;
  }

  /** The name for `sql` with `parameterCount` parameters, or undefined: run it unnamed. */
  nameFor(sql: string, parameterCount: number): string | undefined {
    if (parameterCount === 0 || parameterCount > MAX_NAMED_PARAMETERS) return undefined;
    const known = this.#names.get(sql);
    if (known !== undefined || this.#names.size >= this.#limit) return known;
    const name = `nk_${this.#names.size + 1}`;
    this.#names.set(sql, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

/**
 * A pg Pool as Kysely's PostgresDialect uses it (`connect`, then `query(sql, values)` and
 * `release`), whose queries run as named statements.
 */
export function createPreparingPool(pool: PoolLike, names = new StatementNames()): PoolLike {
  return {
    async connect() {
      const client = await pool.connect();
      return {
        query(sql, values) {
          if (typeof sql !== "string") return client.query(sql, values);
          const name = names.nameFor(sql, values?.length ?? 0);
          return name === undefined
            ? client.query(sql, values)
            : client.query({ name, text: sql, values });
        },
        release: (error) => client.release(error),
      };
    },
    end: () => pool.end(),
  };
}
