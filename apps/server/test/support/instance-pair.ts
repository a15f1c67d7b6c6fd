import { openDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";
import { createEmptyPostgresDatabase } from "./test-database.ts";

// Two instances of the app on one PostgreSQL database, as a hosted deployment runs them behind a
// load balancer: two processes of the compiled server in production mode, each on its own port
// and data folder, sharing the database and AUTH_SECRET. Needs TEST_DATABASE_URL.

export const INSTANCE_AUTH_SECRET = "zwei-instanzen-test-geheimnis-0123456789";
/** Production needs an https address; requests reach the instances directly over http. */
export const INSTANCE_PUBLIC_URL = "https://nebenkosten.test";

export interface InstancePair {
  a: ServerProcess;
  b: ServerProcess;
  /** The shared database, for assertions on rows. */
  database: DatabaseHandle;
  /** Ends both processes (SIGTERM, SIGKILL after 15 s) and drops the database. */
  stop(): Promise<void>;
}

/** Starts both instances at the same moment on a fresh, empty database (both try to migrate it). */
export async function startInstancePair(): Promise<InstancePair> {
  const target = await createEmptyPostgresDatabase();
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: target.url,
    AUTH_SECRET: INSTANCE_AUTH_SECRET,
    PUBLIC_URL: INSTANCE_PUBLIC_URL,
    DATABASE_POOL_MAX: "5",
  };
  const results = await Promise.allSettled([
    startServerProcess({ env }),
    startServerProcess({ env }),
  ]);
  const started = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    await Promise.all(started.map((s) => s.stop()));
    await target.drop();
    throw failed.reason;
  }
  const [a, b] = started as [ServerProcess, ServerProcess];
  const database = await openDatabase({ kind: "postgres", url: target.url }, createLogger("warn"));
  return {
    a,
    b,
    database,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await database.close();
      await target.drop();
    },
  };
}

export interface InstanceRequest {
  via: ServerProcess;
  method: string;
  path: string;
  body?: unknown;
  cookie?: string;
}

/**
 * Fires several requests at the same moment, each through the instance it names, and returns
 * the responses in the same order. Races between instances are written with it, e.g. two
 * finalizes of one statement:
 *
 *   const [first, second] = await fireAtOnce([
 *     { via: pair.a, method: "POST", path: `/api/statements/${id}/transition`, body: { to: "finalized" }, cookie },
 *     { via: pair.b, method: "POST", path: `/api/statements/${id}/transition`, body: { to: "finalized" }, cookie },
 *   ]);
 *
 * The connections are opened first (a HEAD /api/health on each keeps one alive), so the
 * requests themselves leave together rather than one behind a TCP handshake.
 */
export async function fireAtOnce(requests: InstanceRequest[]): Promise<Response[]> {
  await Promise.all(
    [...new Set(requests.map((r) => r.via))].map((server) =>
      fetch(`${server.baseUrl}/api/health`).then((r) => r.arrayBuffer()),
    ),
  );
  return Promise.all(
    requests.map((r) =>
      fetch(`${r.via.baseUrl}${r.path}`, {
        method: r.method,
        headers: {
          ...(r.body === undefined ? {} : { "content-type": "application/json" }),
          ...(r.cookie ? { cookie: r.cookie } : {}),
        },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      }),
    ),
  );
}

/** One request through one instance (JSON body, optional session cookie). */
export function requestVia(
  via: ServerProcess,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Response> {
  return fireAtOnce([{ via, method, path, ...options }]).then(([response]) => response!);
}
