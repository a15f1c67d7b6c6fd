import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { SERVER_PACKAGE_DIR } from "../lib/server-package-dir.ts";
import {
  reviveDatabaseError,
  type PGliteReply,
  type PGliteRequest,
  type PGliteStartReply,
  type PGliteWorkerData,
  type StatementResult,
} from "./pglite-worker-protocol.ts";

// The main thread's end of the embedded database's thread (decision 1082): each call is one
// message; replies come back in order of the requests.

// Replies distributed over the request kinds (a request without its id).
type RequestBody = PGliteRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, "id">
    : never
  : never;

/** How long a ping of an idle thread may take before the database counts as unreachable. */
const PING_TIMEOUT_MS = 5_000;
/**
 * A thread busy with a statement cannot answer a ping before the statement ends (a large run's
 * snapshot is one statement of many megabytes). While it is working and has answered or been
 * given work within this time, it counts as reachable without being asked.
 */
const BUSY_STATEMENT_LIMIT_MS = 120_000;
// PGlite's own message for a closed database: server-failure.ts maps it to 503.
const CLOSED_MESSAGE = "PGlite is closed";

/** The worker's entry: the server build's dist/pglite-worker.js, or the TypeScript source through tsx. */
function startWorker(data: PGliteWorkerData): Worker {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith(".ts"))
    return new Worker(path.join(SERVER_PACKAGE_DIR, "dist", "pglite-worker.js"), {
      workerData: data,
    });
  return new Worker(path.join(path.dirname(here), "pglite-worker-source.mjs"), {
    workerData: data,
  });
}

/** One embedded PGlite database running on its own thread. */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve(reply: PGliteReply): void; reject(error: Error): void }
  >();
  #nextId = 1;
  #failure: Error | null = null;
  /** When the thread last answered, or was given work while it had none. */
  #activeSince = 0;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: PGliteReply) => {
      this.#activeSince = performance.now();
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      waiting.resolve(reply);
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on("error", (error) =>
      fail(
        new Error(`${CLOSED_MESSAGE}: der Datenbank-Thread ist abgestürzt (${error.message})`, {
          cause: error,
        }),
      ),
    );
    worker.on("exit", (code) =>
      fail(new Error(`${CLOSED_MESSAGE}: der Datenbank-Thread wurde beendet (Code ${code})`)),
    );
  }

  /** Starts the thread and waits until the database is open (or throws why it could not open). */
  static async open(data: PGliteWorkerData): Promise<PGliteThread> {
    const worker = startWorker(data);
    const started = await new Promise<PGliteStartReply>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(new Error(`Der Datenbank-Thread wurde beim Start beendet (Code ${code}).`)),
      );
    });
    if (started.kind === "failed") {
      await worker.terminate();
      throw reviveDatabaseError(started.error);
    }
    return new PGliteThread(worker);
  }

  async #send(body: RequestBody, transfer: ArrayBuffer[] = []): Promise<PGliteReply> {
    if (this.#failure) throw this.#failure;
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#activeSince = performance.now();
    const reply = await new Promise<PGliteReply>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...body, id }, transfer);
    });
    if (!reply.ok) throw reviveDatabaseError(reply.error);
    return reply;
  }

  /** One statement by the extended protocol, with parameters. */
  async query(sql: string, params: readonly unknown[]): Promise<StatementResult> {
    const reply = await this.#send({ kind: "query", sql, params: [...params] });
    return "result" in reply ? reply.result : { rows: [], affectedRows: 0 };
  }

  /** One or more statements by the simple protocol; the last one's result. */
  async exec(sql: string): Promise<StatementResult> {
    const reply = await this.#send({ kind: "exec", sql });
    return "result" in reply ? reply.result : { rows: [], affectedRows: 0 };
  }

  /** A tar archive of the data folder after a checkpoint. */
  async dumpDataDir(): Promise<Uint8Array> {
    const reply = await this.#send({ kind: "dump" });
    if (!("dump" in reply)) throw new Error("Der Datenbank-Thread hat keine Sicherung geliefert.");
    return new Uint8Array(reply.dump);
  }

  /**
   * Whether the thread answers and its database is open. Answered between two statements, so
   * it does not wait for a transaction that holds the connection; a thread in the middle of a
   * statement counts as reachable (it is working, and a crash would have failed it).
   */
  async ping(): Promise<boolean> {
    if (this.#failure) return false;
    if (this.#pending.size > 0 && performance.now() - this.#activeSince < BUSY_STATEMENT_LIMIT_MS)
      return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>(
      (resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)),
    );
    try {
      const reply = await Promise.race([this.#send({ kind: "ping" }), timeout]);
      return reply !== false && "isOpen" in reply && reply.isOpen;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the database (its files are consistent afterwards) and ends the thread. */
  async close(): Promise<void> {
    if (!this.#failure) await this.#send({ kind: "close" });
    this.#failure ??= new Error(`${CLOSED_MESSAGE}.`);
    await this.#worker.terminate();
  }
}
