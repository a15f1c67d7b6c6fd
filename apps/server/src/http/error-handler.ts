import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { GENERIC_ERROR_MESSAGE } from "@nk/contract";
import type { AppEnv } from "./app-env.ts";
import { DomainError } from "../domain/domain-errors.ts";
import { toErrorAnswer } from "./domain-error-response.ts";
import { classifyServerFailure } from "./server-failure.ts";

/** PostgreSQL's class 22 'data exception' (SQLSTATE 22xxx), on pg and PGlite alike. */
function isDataException(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * A write the database refused because another one came first (SQLSTATE 23503 foreign key,
 * 23505 unique, 40001 serialization, 40P01 deadlock). The services hold their rules under the
 * account's lock (decision 1020), so this is the last line, not the way: still a 409 the user
 * can act on, never a 500.
 */
function isConcurrentWriteRefusal(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "23503" || code === "23505" || code === "40001" || code === "40P01";
}

const CONCURRENT_CHANGE_MESSAGE =
  "Die Daten wurden gerade an anderer Stelle geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.";

/** Known failures keep their status and message; anything else is a bug: logged with an id, the id returned, no stack. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof DomainError) {
    const answer = toErrorAnswer(error);
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
    return c.json(answer.body, answer.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const isTooLarge = error.status === 413;
    return c.json(
      {
        error: {
          code: isTooLarge ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST",
          message: isTooLarge ? "Die Anfrage ist zu groß." : "Ungültige Anfrage.",
        },
      },
      error.status,
    );
  }
  if (error instanceof SyntaxError) {
    return c.json(
      { error: { code: "VALIDATION", message: "Ungültiges JSON im Anfragetext." } },
      400,
    );
  }
  if (isDataException(error)) {
    // A value the database refused (out of range, not storable) is bad input, not a crash; the
    // contract's schemas should have caught it first, so it is logged to be fixed there.
    c.get("logger")?.warn("request.value_refused_by_database", {
      method: c.req.method,
      path: c.req.path,
      message: error.message,
    });
    return c.json(
      {
        error: { code: "VALIDATION", message: "Ein Wert liegt außerhalb des zulässigen Bereichs." },
      },
      400,
    );
  }
  if (isConcurrentWriteRefusal(error)) {
    // Logged to be found: a rule the service should have held itself (the concurrency suite fails on it).
    c.get("logger")?.warn("request.conflict_refused_by_database", {
      method: c.req.method,
      path: c.req.path,
      code: (error as { code?: string }).code,
      message: error.message,
    });
    return c.json(
      { error: { code: "CONCURRENT_CHANGE", message: CONCURRENT_CHANGE_MESSAGE } },
      409,
    );
  }
  const errorId = c.get("requestId") ?? crypto.randomUUID();
  const failure = classifyServerFailure(error, c.req.path);
  c.get("logger")?.error("request.failed", {
    errorId,
    code: failure?.code ?? "INTERNAL",
    message: error.message,
    stack: error.stack,
  });
  if (failure)
    return c.json(
      { error: { code: failure.code, message: failure.message, errorId } },
      failure.status,
    );
  return c.json({ error: { code: "INTERNAL", message: GENERIC_ERROR_MESSAGE, errorId } }, 500);
}
