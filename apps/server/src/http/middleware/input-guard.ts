import type { Context, MiddlewareHandler } from "hono";
import { findTextProblem, type ErrorBody } from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";

// Every request that reaches a route passed here first (issues 15 and 26): whatever a route's
// schema says, no string anywhere in a body, the query or the path carries a control character
// or half a surrogate pair; these crashed PostgreSQL (NUL) or were stored as U+FFFD. Line
// breaks and tabs only in the fields that are multi-line everywhere in the product.
//
// The guard reads every body, whatever its Content-Type claims (decision 1022): a body is
// checked as JSON (application/json, application/*+json) or, on the paths that take a form
// (the social sign-in's form post), as a form; any other body is refused with 415, so no route,
// better-auth's included, ever parses a body the guard did not check. The size is bounded
// before (the body limit), the nesting before the JSON is parsed or walked.

const MULTI_LINE_FIELDS = new Set(["notes", "note", "description", "comment", "message", "stack"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/;
const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
/** Deeper than any body of the API (the statement save nests 4 levels, a Stripe event about 8). */
const MAX_JSON_DEPTH = 32;

const INVALID_JSON_MESSAGE = "Ungültiges JSON im Anfragetext.";
const BODY_NOT_OBJECT_MESSAGE = "Der Anfragetext muss ein JSON-Objekt sein.";
const TOO_DEEP_MESSAGE = `Der Anfragetext ist zu tief verschachtelt (höchstens ${MAX_JSON_DEPTH} Ebenen).`;
const NOT_UTF8_MESSAGE = "Der Anfragetext ist kein gültiger UTF-8-Text.";
export const UNSUPPORTED_CONTENT_TYPE_MESSAGE =
  "Der Anfragetext muss JSON sein (Inhaltstyp „application/json“).";

/** Field path -> message for every string (or key) in `value` that breaks the text rules. */
function findTextProblems(
  value: unknown,
  path: string[] = [],
  found: Record<string, string> = {},
): Record<string, string> {
  if (typeof value === "string") {
    const last = path[path.length - 1];
    const fieldName = last !== undefined && /^\d+$/.test(last) ? path[path.length - 2] : last;
    const problem = findTextProblem(value, {
      multiLine: fieldName !== undefined && MULTI_LINE_FIELDS.has(fieldName),
    });
    if (problem) found[path.join(".") || "_"] ??= problem;
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findTextProblems(item, [...path, String(index)], found));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = findTextProblem(key);
      if (keyProblem) found[[...path, "_"].join(".")] ??= keyProblem;
      else findTextProblems(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * Whether the JSON text nests arrays and objects deeper than `max`, read in one pass without
 * parsing (a 4 KB body of 2,000 brackets overflowed the stack of the walk above: issue 26).
 */
function isNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === 0x5c) escaped = true;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname; // malformed escapes: no route matches such a path, it answers 404
  }
}

/** `application/json; charset=utf-8` -> `application/json`. */
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ValidationFailed({}, NOT_UTF8_MESSAGE);
  }
}

function checkJsonBody(text: string, mustBeObject: boolean): void {
  if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) throw new ValidationFailed({}, TOO_DEEP_MESSAGE);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ValidationFailed({}, INVALID_JSON_MESSAGE);
  }
  if (mustBeObject && (body === null || typeof body !== "object" || Array.isArray(body))) {
    throw new ValidationFailed({}, BODY_NOT_OBJECT_MESSAGE);
  }
  const problems = findTextProblems(body);
  if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
}

function checkFormBody(text: string): void {
  const fields: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) (fields[key] ??= []).push(value);
  const problems = findTextProblems(fields);
  if (Object.keys(problems).length > 0) {
    throw new ValidationFailed(
      Object.fromEntries(
        Object.entries(problems).map(([key, message]) => [key.split(".")[0]!, message]),
      ),
    );
  }
}

function unsupportedContentType(c: Context): Response {
  const body: ErrorBody = {
    error: { code: "UNSUPPORTED_MEDIA_TYPE", message: UNSUPPORTED_CONTENT_TYPE_MESSAGE },
  };
  return c.json(body, 415);
}

/**
 * `objectBodyPaths`: paths whose JSON body, when there is one, must be an object (better-auth
 * answers 500 to `null`). `formBodyPaths`: paths that also take a form (better-auth's social
 * callback, where Apple posts its answer).
 */
export function inputGuard({
  objectBodyPaths,
  formBodyPaths,
}: {
  objectBodyPaths: RegExp;
  formBodyPaths: RegExp;
}): MiddlewareHandler {
  return async (c, next) => {
    const pathProblem = findTextProblem(decodedPath(new URL(c.req.url).pathname));
    if (pathProblem) throw new ValidationFailed({}, pathProblem);
    const query: Record<string, string[]> = c.req.queries();
    const queryProblems = findTextProblems(query);
    if (Object.keys(queryProblems).length > 0) {
      // A query value is one field: report it by its parameter name.
      const fields = Object.fromEntries(
        Object.entries(queryProblems).map(([key, message]) => [key.split(".")[0]!, message]),
      );
      throw new ValidationFailed(fields);
    }
    if (BODY_METHODS.has(c.req.method) && c.req.raw.body) {
      // A clone: the route (or better-auth) reads the original request body itself. Its size
      // is already bounded by the body limit in front of this guard.
      const bytes = new Uint8Array(await c.req.raw.clone().arrayBuffer());
      if (bytes.length > 0) {
        const mediaType = mediaTypeOf(c.req.header("content-type"));
        const isJson = JSON_MEDIA_TYPE.test(mediaType);
        if (!isJson && !(mediaType === FORM_MEDIA_TYPE && formBodyPaths.test(c.req.path)))
          return unsupportedContentType(c);
        const text = decodeUtf8(bytes);
        if (text.trim() !== "") {
          if (isJson) checkJsonBody(text, objectBodyPaths.test(c.req.path));
          else checkFormBody(text);
        }
      }
    }
    await next();
  };
}
