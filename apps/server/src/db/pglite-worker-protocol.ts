// The messages between the server's main thread and the thread that runs the embedded database
// (decision 1082). A database error crosses the thread as its message and own fields (SQLSTATE
// `code`, `severity`, `detail`, `constraint`, ...), so the error handler maps it as before.

export interface PGliteWorkerData {
  /** PGlite's folder, or null for an in-memory database (tests). */
  dataDir: string | null;
}

export type PGliteRequest =
  | { id: number; kind: "query"; sql: string; params: unknown[] }
  | { id: number; kind: "exec"; sql: string }
  | { id: number; kind: "dump" }
  | { id: number; kind: "ping" }
  | { id: number; kind: "close" };

export interface StatementResult {
  rows: unknown[];
  affectedRows: number;
}

export interface SerializedDatabaseError {
  message: string;
  stack: string | undefined;
  fields: Record<string, unknown>;
}

export type PGliteReply =
  | { id: number; ok: true; result: StatementResult }
  | { id: number; ok: true; dump: ArrayBuffer }
  | { id: number; ok: true; isOpen: boolean }
  | { id: number; ok: true; closed: true }
  | { id: number; ok: false; error: SerializedDatabaseError };

/** The first message of the thread: the database is open, or why it is not. */
export type PGliteStartReply =
  { kind: "ready" } | { kind: "failed"; error: SerializedDatabaseError };

export function serializeDatabaseError(error: unknown): SerializedDatabaseError {
  if (!(error instanceof Error)) return { message: String(error), stack: undefined, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // Only plain values cross the thread (a DatabaseError's fields are strings and numbers).
    if (value === null || ["string", "number", "boolean"].includes(typeof value))
      fields[key] = value;
  }
  return { message: error.message, stack: error.stack, fields };
}

/** The error again on the calling thread, with its fields, its stack noting where it ran. */
export function reviveDatabaseError(serialized: SerializedDatabaseError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.stack = `${serialized.stack ?? serialized.message}\n    (im Datenbank-Thread)`;
  return error;
}
