import { SERVER_FAILURES } from "@nk/contract";

// Failures that are no bug of the request but of a service behind it: the database, the PDF
// renderer. They are still logged with an error id; their code lets the error screen show its
// own help (issue 23) instead of 'Unerwarteter Fehler'.

export interface ServerFailure {
  code: string;
  message: string;
  status: 500 | 503;
}

/** SQLSTATE classes of a connection or server that cannot answer: 08 connection, 53 resources, 57 operator, 58 system. */
const UNREACHABLE_SQLSTATE = /^(08|53|57|58)[0-9A-Z]{3}$/;
const UNREACHABLE_SOCKET = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
/** Errors of the drivers without a code: a closed pool or connection, PGlite after close. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed|Client has encountered a connection error/i;

function readCode(error: Error): string | null {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : null;
}

/** The database failure an error is, or null: a SQLSTATE error of pg or PGlite, or a lost connection. */
function classifyDatabaseFailure(error: Error): ServerFailure | null {
  const code = readCode(error);
  const isUnreachable =
    (code !== null && (UNREACHABLE_SQLSTATE.test(code) || UNREACHABLE_SOCKET.has(code))) ||
    UNREACHABLE_MESSAGE.test(error.message);
  if (isUnreachable) return { ...SERVER_FAILURES.database, status: 503 };
  // Any other SQLSTATE (a driver's DatabaseError carries severity and code) is the database's refusal.
  const isSqlState = code !== null && /^[0-9A-Z]{5}$/.test(code) && "severity" in error;
  return isSqlState ? { ...SERVER_FAILURES.database, status: 500 } : null;
}

/** What an unexpected error becomes: a database or PDF failure by its kind or its route, else null (a bug). */
export function classifyServerFailure(error: Error, path: string): ServerFailure | null {
  const database = classifyDatabaseFailure(error);
  if (database) return database;
  // The PDF routes (letters, all letters, the overview, the wizard's preview PDFs).
  if (/\/(pdf|overview-pdf)$/.test(path)) return { ...SERVER_FAILURES.pdf, status: 500 };
  return null;
}
