import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGlitePool } from "./pglite-pool.ts";
import { createPreparingPool } from "./prepared-statements.ts";
import { PGliteThread } from "./pglite-thread.ts";
import { TYPE_PARSERS } from "./type-parsers.ts";
import type { Logger } from "../lib/logger.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;
type DatabaseDriver = "pglite" | "postgres";

export interface DatabaseHandle {
  driver: DatabaseDriver;
  /** The application's queries: camelCase in TypeScript, snake_case in SQL. */
  db: Db;
  /** better-auth's own view of the same pool, without case conversion (it maps its fields itself). */
  authDb: Kysely<unknown>;
  /** Connections of the pool right now (GET /metrics). */
  readPoolStats(): PoolStats;
  /**
   * The embedded database only: a consistent copy of its data folder as a tar archive, taken
   * while no statement or transaction runs (backups, docs/operations.md). Null for PostgreSQL,
   * which is backed up with its own tools.
   */
  dumpEmbedded: (() => Promise<Uint8Array>) | null;
  /**
   * The embedded database only: whether its thread answers, without waiting for a transaction
   * that holds the single connection (GET /api/health, decision 1082). Null for PostgreSQL.
   */
  pingEmbedded: (() => Promise<boolean>) | null;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type DatabaseTarget =
  { kind: "postgres"; url: string; poolMax?: number } | { kind: "pglite"; dataDir: string | null };

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite (in a folder, or in memory). */
export async function openDatabase(
  target: DatabaseTarget,
  logger: Logger,
): Promise<DatabaseHandle> {
  let pool: { connect(): Promise<unknown>; end(): Promise<void> };
  let readPoolStats: () => PoolStats;
  let dumpEmbedded: DatabaseHandle["dumpEmbedded"] = null;
  let pingEmbedded: DatabaseHandle["pingEmbedded"] = null;
  if (target.kind === "postgres") {
    const pgPool = new pg.Pool({
      connectionString: target.url,
      max: target.poolMax ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          TYPE_PARSERS[oid] ??
          pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection that the server closes (restart, failover, admin command) must not
    // crash the process: the pool drops it and the next query opens a new one.
    pgPool.on("error", (error) => {
      logger.warn("database.idle_connection_lost", { message: error.message });
    });
    // Every query a named statement, parsed and planned once per connection (decision 1830).
    pool = createPreparingPool(pgPool);
    readPoolStats = () => ({
      total: pgPool.totalCount,
      idle: pgPool.idleCount,
      waiting: pgPool.waitingCount,
    });
  } else {
    // PGlite runs on a thread of its own, so its work never blocks the event loop (decision 1082).
    const pglitePool = new PGlitePool(await PGliteThread.open({ dataDir: target.dataDir }));
    pool = pglitePool;
    readPoolStats = () => pglitePool.readStats();
    dumpEmbedded = () => pglitePool.dumpDataDir();
    pingEmbedded = () => pglitePool.ping();
  }
  const dialect = () => new PostgresDialect({ pool: pool as never });
  const db = new Kysely<Database>({ dialect: dialect(), plugins: [new CamelCasePlugin()] });
  const authDb = new Kysely<unknown>({ dialect: dialect() });
  return {
    driver: target.kind,
    db,
    authDb,
    readPoolStats,
    dumpEmbedded,
    pingEmbedded,
    async close() {
      await pool.end();
    },
  };
}
