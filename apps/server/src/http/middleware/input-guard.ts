import type { MiddlewareHandler } from "hono";
import { findTextProblem } from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";

// Every request that reaches a route passed here first (issue 15): whatever a route's schema
// says, no string anywhere in a JSON body, the query or the path carries a control character
// or half a surrogate pair; these crashed PostgreSQL (NUL) or were stored as U+FFFD. Line
// breaks and tabs only in the fields that are multi-line everywhere in the product.

const MULTI_LINE_FIELDS = new Set(["notes", "note", "description", "comment", "message", "stack"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;

export const INVALID_JSON_MESSAGE = "Ungültiges JSON im Anfragetext.";
export const BODY_NOT_OBJECT_MESSAGE = "Der Anfragetext muss ein JSON-Objekt sein.";

/** Field path -> message for every string (or key) in `value` that breaks the text rules. */
export function findTextProblems(value: unknown, path: string[] = [], found: Record<string, string> = {}): Record<string, string> {
  if (typeof value === "string") {
    const last = path[path.length - 1];
    const fieldName = last !== undefined && /^\d+$/.test(last) ? path[path.length - 2] : last;
    const problem = findTextProblem(value, { multiLine: fieldName !== undefined && MULTI_LINE_FIELDS.has(fieldName) });
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

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname; // malformed escapes: no route matches such a path, it answers 404
  }
}

/**
 * `objectBodyPaths`: paths whose JSON body, when there is one, must be an object (better-auth
 * answers 500 to `null`).
 */
export function inputGuard({ objectBodyPaths }: { objectBodyPaths: RegExp }): MiddlewareHandler {
  return async (c, next) => {
    const pathProblem = findTextProblem(decodedPath(new URL(c.req.url).pathname));
    if (pathProblem) throw new ValidationFailed({}, pathProblem);
    const query: Record<string, string[]> = c.req.queries();
    const queryProblems = findTextProblems(query);
    if (Object.keys(queryProblems).length > 0) {
      // A query value is one field: report it by its parameter name.
      const fields = Object.fromEntries(Object.entries(queryProblems).map(([key, message]) => [key.split(".")[0]!, message]));
      throw new ValidationFailed(fields);
    }
    const contentType = c.req.header("content-type") ?? "";
    if (BODY_METHODS.has(c.req.method) && JSON_CONTENT_TYPE.test(contentType)) {
      // A clone: the route (or better-auth) reads the original request body itself.
      const text = await c.req.raw.clone().text();
      if (text.trim() !== "") {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new ValidationFailed({}, INVALID_JSON_MESSAGE);
        }
        if (objectBodyPaths.test(c.req.path) && (body === null || typeof body !== "object" || Array.isArray(body))) {
          throw new ValidationFailed({}, BODY_NOT_OBJECT_MESSAGE);
        }
        const problems = findTextProblems(body);
        if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
      }
    }
    await next();
  };
}
