import { parentPort, workerData } from "node:worker_threads";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { TYPE_PARSERS } from "./type-parsers.ts";
import {
  serializeDatabaseError,
  type PGliteReply,
  type PGliteRequest,
  type PGliteStartReply,
  type PGliteWorkerData,
} from "./pglite-worker-protocol.ts";

// The embedded database's own thread (decision 1082): PGlite runs every statement here, so the
// WebAssembly work of a large save no longer blocks the event loop that answers requests. The
// main thread's PGlitePool decides who holds the single connection; this thread only runs what
// it is sent, one message after the other.

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs only as a worker thread");
const { dataDir } = workerData as PGliteWorkerData;

async function open(): Promise<PGlite> {
  // The same result mapping as PostgreSQL through pg (type-parsers.ts).
  const parsers = Object.fromEntries(
    Object.entries(TYPE_PARSERS).map(([oid, parse]) => [oid, (value: string) => parse(value)]),
  );
  return PGlite.create(dataDir ? { dataDir: path.join(dataDir, "pgdata"), parsers } : { parsers });
}

async function answer(db: PGlite, request: PGliteRequest): Promise<PGliteReply> {
  switch (request.kind) {
    case "query": {
      const result = await db.query(request.sql, request.params);
      return {
        id: request.id,
        ok: true,
        result: { rows: result.rows, affectedRows: result.affectedRows ?? 0 },
      };
    }
    case "exec": {
      // Several statements (migrations, begin/commit): the simple protocol runs them all.
      const results = await db.exec(request.sql);
      const last = results.at(-1);
      return {
        id: request.id,
        ok: true,
        result: { rows: last?.rows ?? [], affectedRows: last?.affectedRows ?? 0 },
      };
    }
    case "dump": {
      // After a CHECKPOINT the files hold every committed change (backups, decision 0703).
      await db.exec("checkpoint");
      const archive = await db.dumpDataDir("none");
      return { id: request.id, ok: true, dump: await archive.arrayBuffer() };
    }
    case "ping":
      return { id: request.id, ok: true, isOpen: !db.closed };
    case "close":
      await db.close();
      return { id: request.id, ok: true, closed: true };
  }
}

try {
  const db = await open();
  port.on("message", (request: PGliteRequest) => {
    answer(db, request).then(
      (reply) => port.postMessage(reply, "dump" in reply ? [reply.dump] : []),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          error: serializeDatabaseError(error),
        } satisfies PGliteReply),
    );
  });
  port.postMessage({ kind: "ready" } satisfies PGliteStartReply);
} catch (error) {
  port.postMessage({
    kind: "failed",
    error: serializeDatabaseError(error),
  } satisfies PGliteStartReply);
}
