import {
  Conflict,
  type DomainError,
  NotFound,
  ValidationFailed,
} from "../../domain/domain-errors.ts";
import type { LetterRun } from "./letter-document.ts";

// The task a letter thread gets and its answer (letter-render-pool.ts, letter-render-worker.ts),
// and how an error crosses the thread boundary: structured cloning keeps only message and stack,
// so a domain error is sent with its class name and fields and made again on the main thread (the
// HTTP layer maps it).

export interface RenderRequest {
  runs: LetterRun[];
  propertyTotal: string;
}

export interface SerializedError {
  className: string;
  message: string;
  stack: string | undefined;
  /** The own fields of the error (a domain error's code, fields, ...). */
  props: Record<string, unknown>;
}

export type RenderReply =
  /** `renderMs`: the render in the thread, without the wait in the queue (the PDF metric). */
  | { ok: true; bytes: Uint8Array; pageCount: number; renderMs: number }
  | { ok: false; error: SerializedError };

const REVIVABLE: Record<string, { prototype: DomainError }> = {
  NotFound,
  Conflict,
  ValidationFailed,
};

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error))
    return { className: "Error", message: String(error), stack: undefined, props: {} };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    try {
      structuredClone(value);
      props[key] = value;
    } catch {
      // A field that cannot cross a thread (a function, a socket) is left behind.
    }
  }
  return { className: error.constructor.name, message: error.message, stack: error.stack, props };
}

/** The error again, as the class it was when that is a domain error, else a plain Error. */
export function reviveError(serialized: SerializedError): Error {
  const domainClass = REVIVABLE[serialized.className];
  const error: Error = domainClass
    ? (Object.create(domainClass.prototype) as Error)
    : new Error(serialized.message);
  Object.assign(error, serialized.props);
  Object.defineProperty(error, "message", {
    value: serialized.message,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(error, "stack", {
    value: `${serialized.stack ?? serialized.message}\n    (im Brief-Worker-Thread)`,
    writable: true,
    configurable: true,
  });
  return error;
}
